/**
 * Writes one capture file (FORMAT.md "A capture"): the header, then each event as it happens, `seq`
 * without gaps and `t` never going back. Every HTTP event passes the redaction rules of
 * src/schema/capture.ts before it is written, and each line is written synchronously, so a probe
 * killed by its client leaves every event it saw on disk. The file never grows past its limit: the
 * event that would pass it is replaced by one `error` lifecycle event, and nothing follows.
 */
import { closeSync, writeSync } from 'node:fs';
import { clientInfoOf, type ClientInfo } from '../lib/evidence/capture-facts.ts';
import type { ModelRecord } from '../lib/evidence/merge.ts';
import {
  redactHeaders,
  redactTarget,
  type CaptureEvent,
  type CaptureHeader,
  type CaptureSide,
  type LifecycleEvent,
} from '../schema/capture.ts';

/** Pairs of `[name, value]`, as HTTP sent them. */
export type HeaderList = readonly (readonly [string, string])[];

/** An event before the recorder numbers and times it. */
type Unnumbered =
  | { from: CaptureSide; kind: 'message'; raw: string }
  | { from: 'client'; kind: 'http'; method: string; target: string; headers: HeaderList; body: string }
  | { from: 'probe'; kind: 'http'; status: number; headers: HeaderList; body: string }
  | { from: CaptureSide; kind: 'lifecycle'; event: LifecycleEvent; detail?: string }
  | { from: 'client'; kind: 'model'; method: string; target: string; headers: HeaderList; body: string }
  | { from: 'probe'; kind: 'model'; status: number; headers: HeaderList; body: string };

/** One exchange with the stand-in model as it records it (src/probe/model/server.ts), its body already elided: a ModelRecord without its time. */
export type ModelExchange = Omit<ModelRecord, 'at'>;

/** Room kept for the last event, the one that says the capture is full. */
const FULL_EVENT_ROOM = 512;

/** Events held while the header waits for the client to say who it is; past this, it is written without. */
const MAX_PENDING_EVENTS = 64;

/** Room kept for a header written after its events. */
const HEADER_ROOM = 1024;

/**
 * The header, or how to make it from the first clientInfo the client sends (where the run was not
 * told who the client is). Until then events are held in memory, and no file exists.
 */
export type HeaderSource = CaptureHeader | { fromClientInfo: (info: ClientInfo | undefined) => CaptureHeader };

/** Opens a new capture file for a header: its descriptor and absolute path. */
export type OpenCapture = (header: CaptureHeader) => { fd: number; file: string };

/** A capture file being written. */
export class CaptureRecorder {
  #fd: number | undefined;
  #file: string | undefined;
  readonly #open: OpenCapture;
  readonly #source: HeaderSource;
  readonly #start: number;
  readonly #maxBytes: number;
  #pending: string[] | undefined;
  #seq = 0;
  #lastT = 0;
  #bytes = 0;
  #full = false;
  #closed = false;
  /** Called once when the capture reaches its size limit, so the side can stop listening. */
  onFull: (() => void) | undefined;

  /**
   * Starts a capture: with a header, its file is created now; with `fromClientInfo`, once the client
   * says who it is. `epoch` (milliseconds since 1970) is the instant `t` counts from, where a runner
   * merges this capture with events another process recorded; else `t` counts from now.
   */
  constructor(open: OpenCapture, source: HeaderSource, maxBytes: number, epoch?: number) {
    // performance.now() never goes back; timeOrigin ties it to the wall clock the other process reads.
    this.#start = epoch === undefined ? performance.now() : epoch - performance.timeOrigin;
    this.#open = open;
    this.#source = source;
    this.#maxBytes = maxBytes;
    if ('fromClientInfo' in source) {
      this.#pending = [];
      // The header is written last of all: keep room for it under the limit from the start.
      this.#bytes = HEADER_ROOM;
    } else this.#begin(source);
  }

  /** The file's absolute path; undefined while the header waits for the client. */
  get file(): string | undefined {
    return this.#file;
  }

  /** Whether the capture has reached its size limit and records nothing more. */
  get full(): boolean {
    return this.#full;
  }

  /** A stdio line as sent, without its newline. */
  message(from: CaptureSide, raw: string): void {
    this.#record({ from, kind: 'message', raw });
  }

  /** An HTTP request as the client sent it; secrets in its target and headers redacted. */
  request(method: string, target: string, headers: HeaderList, body: string): void {
    this.#record({ from: 'client', kind: 'http', method, target: redactTarget(target), headers: redactHeaders(headers), body });
  }

  /** An HTTP response as the probe sent it; secrets in its headers redacted. */
  response(status: number, headers: HeaderList, body: string): void {
    this.#record({ from: 'probe', kind: 'http', status, headers: redactHeaders(headers), body });
  }

  /** An exchange with the stand-in model (FORMAT.md, `model` events): a request from the client, or the model's answer. */
  model(exchange: ModelExchange): void {
    const headers = redactHeaders(exchange.headers);
    if (exchange.from === 'client') {
      this.#record({
        from: 'client',
        kind: 'model',
        method: exchange.method ?? 'POST',
        target: redactTarget(exchange.target ?? '/'),
        headers,
        body: exchange.body,
      });
    } else this.#record({ from: 'probe', kind: 'model', status: exchange.status ?? 200, headers, body: exchange.body });
  }

  /** Something that happened to the connection. */
  lifecycle(event: LifecycleEvent, detail?: string, from: CaptureSide = 'probe'): void {
    this.#record(detail === undefined ? { from, kind: 'lifecycle', event } : { from, kind: 'lifecycle', event, detail });
  }

  /** Writes what is held (with the header it has by now) and closes the file; later events are dropped. */
  close(): void {
    if (this.#closed) return;
    this.#identify(undefined);
    this.#closed = true;
    if (this.#fd !== undefined) closeSync(this.#fd);
  }

  #begin(header: CaptureHeader): void {
    const { fd, file } = this.#open(header);
    this.#fd = fd;
    this.#file = file;
    const line = `${JSON.stringify(header)}\n`;
    if (this.#pending === undefined && !('fromClientInfo' in this.#source)) this.#bytes += Buffer.byteLength(line);
    this.#write(line);
  }

  /** Writes the header from what the client said of itself, then every event held until now. */
  #identify(info: ClientInfo | undefined): void {
    const pending = this.#pending;
    if (pending === undefined || !('fromClientInfo' in this.#source)) return;
    this.#pending = undefined;
    this.#begin(this.#source.fromClientInfo(info));
    for (const line of pending) this.#write(line);
  }

  #record(event: Unnumbered): void {
    if (this.#full || this.#closed) return;
    const t = Math.max(this.#lastT, 0, Math.round(performance.now() - this.#start));
    const numbered = { seq: this.#seq + 1, t, ...event };
    const line = `${JSON.stringify(numbered)}\n`;
    const size = Buffer.byteLength(line);
    if (this.#bytes + size > this.#maxBytes - FULL_EVENT_ROOM) {
      this.#full = true;
      const detail = `capture limit of ${this.#maxBytes} bytes reached: this ${size}-byte event and everything after it not recorded`;
      this.#seq += 1;
      this.#emit(`${JSON.stringify({ seq: this.#seq, t, from: 'probe', kind: 'lifecycle', event: 'error', detail })}\n`);
      this.#identify(undefined);
      this.onFull?.();
      return;
    }
    this.#seq += 1;
    this.#lastT = t;
    this.#emit(line);
    if (this.#pending === undefined) return;
    const info = event.from === 'client' ? clientInfoOf({ events: [numbered as CaptureEvent] }) : undefined;
    if (info !== undefined || this.#pending.length >= MAX_PENDING_EVENTS) this.#identify(info);
  }

  #emit(line: string): void {
    this.#bytes += Buffer.byteLength(line);
    if (this.#pending === undefined) this.#write(line);
    else this.#pending.push(line);
  }

  #write(line: string): void {
    const bytes = Buffer.from(line);
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(this.#fd ?? -1, bytes, offset);
  }
}
