/**
 * Starts one capture: opens its file in the output folder under a fresh id, then serves the client
 * over stdio or HTTP until it ends. A client that starts the probe twice in the same second gets two
 * files, told apart by a serial number.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CaptureTransport } from '../schema/capture.ts';
import type { ServeOptions } from './flags.ts';
import { captureHeader, captureId } from './header.ts';
import { serveHttp, type HttpRun } from './http-side.ts';
import { personaText } from './personas.ts';
import { CaptureRecorder } from './recorder.ts';
import { serveStdio, type StdioRun } from './stdio-side.ts';

/** A new capture file for this run, its header written. */
export const openCapture = (options: ServeOptions, transport: CaptureTransport, now = new Date()): CaptureRecorder => {
  const header = captureHeader(options.label, transport, personaText(options.persona), now);
  for (let serial = 1; ; serial += 1) {
    const file = path.join(options.out, `${captureId(header, serial)}.jsonl`);
    if (existsSync(file)) continue;
    try {
      return new CaptureRecorder(file, header, options.limits.maxCaptureBytes);
    } catch (error) {
      // Another probe of the same run took the name between the check and the open: try the next.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
  }
};

/** Serves the client on this process's standard streams. */
export const startStdio = (options: ServeOptions): { run: StdioRun; file: string } => {
  const recorder = openCapture(options, 'stdio');
  const run = serveStdio({
    persona: options.persona,
    recorder,
    limits: options.limits,
    input: process.stdin,
    output: process.stdout,
  });
  return { run, file: recorder.file };
};

/** Serves the client over Streamable HTTP on loopback. */
export const startHttp = async (options: ServeOptions): Promise<{ run: HttpRun; file: string }> => {
  const recorder = openCapture(options, 'http');
  const run = await serveHttp({
    persona: options.persona,
    recorder,
    limits: options.limits,
    port: options.port,
    replyAs: options.replyAs,
  });
  return { run, file: recorder.file };
};
