/**
 * Writes one capture file (FORMAT.md "A capture"): the header, then each event as it happens, `seq`
 * without gaps and `t` never going back. Every HTTP event passes the redaction rules of
 * src/schema/capture.ts before it is written, and each line is written synchronously, so a probe
 * killed by its client leaves every event it saw on disk. The file never grows past its limit: the
 * event that would pass it is replaced by one `error` lifecycle event, and nothing follows.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { redactHeaders, redactTarget, type CaptureHeader, type CaptureSide, type LifecycleEvent } from '../schema/capture.ts';

/** Pairs of `[name, value]`, as HTTP sent them. */
export type HeaderList = readonly (readonly [string, string])[];

/** An event before the recorder numbers and times it. */
type Unnumbered =
  | { from: CaptureSide; kind: 'message'; raw: string }
  | { from: 'client'; kind: 'http'; method: string; target: string; headers: HeaderList; body: string }
  | { from: 'probe'; kind: 'http'; status: number; headers: HeaderList; body: string }
  | { from: CaptureSide; kind: 'lifecycle'; event: LifecycleEvent; detail?: string };

/** Room kept for the last event, the one that says the capture is full. */
const FULL_EVENT_ROOM = 512;

/** A capture file being written. */
export class CaptureRecorder {
  /** The file's absolute path. */
  readonly file: string;
  readonly #fd: number;
  readonly #start = performance.now();
  readonly #maxBytes: number;
  #seq = 0;
  #lastT = 0;
  #bytes = 0;
  #full = false;
  #closed = false;
  /** Called once when the capture reaches its size limit, so the side can stop listening. */
  onFull: (() => void) | undefined;

  /** Creates the file (never over an existing one) and writes its header. */
  constructor(file: string, header: CaptureHeader, maxBytes: number) {
    this.file = path.resolve(file);
    this.#maxBytes = maxBytes;
    mkdirSync(path.dirname(this.file), { recursive: true });
    this.#fd = openSync(this.file, 'wx');
    this.#write(`${JSON.stringify(header)}\n`);
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

  /** Something that happened to the connection. */
  lifecycle(event: LifecycleEvent, detail?: string, from: CaptureSide = 'probe'): void {
    this.#record(detail === undefined ? { from, kind: 'lifecycle', event } : { from, kind: 'lifecycle', event, detail });
  }

  /** Closes the file; later events are dropped. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    closeSync(this.#fd);
  }

  #record(event: Unnumbered): void {
    if (this.#full || this.#closed) return;
    const t = Math.max(this.#lastT, Math.round(performance.now() - this.#start));
    const line = `${JSON.stringify({ seq: this.#seq + 1, t, ...event })}\n`;
    const size = Buffer.byteLength(line);
    if (this.#bytes + size > this.#maxBytes - FULL_EVENT_ROOM) {
      this.#full = true;
      const detail = `capture limit of ${this.#maxBytes} bytes reached: this ${size}-byte event and everything after it not recorded`;
      this.#seq += 1;
      this.#write(`${JSON.stringify({ seq: this.#seq, t, from: 'probe', kind: 'lifecycle', event: 'error', detail })}\n`);
      this.onFull?.();
      return;
    }
    this.#seq += 1;
    this.#lastT = t;
    this.#write(line);
  }

  #write(line: string): void {
    const bytes = Buffer.from(line);
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(this.#fd, bytes, offset);
    this.#bytes += bytes.length;
  }
}
