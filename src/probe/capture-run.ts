/**
 * Starts one capture: opens its file in the output folder under a fresh id, then serves the client
 * over stdio or HTTP until it ends. A client that starts the probe twice in the same second gets two
 * files, told apart by a serial number. Where the run was not told who the client is, the file is
 * named and opened once the client's clientInfo says it.
 */
import { existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import type { CaptureHeader, CaptureTransport } from '../schema/capture.ts';
import { contentDir } from '../node/paths.ts';
import type { ServeOptions } from './flags.ts';
import { captureHeader, captureId, labelFrom } from './header.ts';
import { serveHttp, type HttpRun } from './http-side.ts';
import { personaText } from '../lib/lab/personas/index.ts';
import { knownClients } from './read-capture.ts';
import { CaptureRecorder } from './recorder.ts';
import { headerScenario } from '../lib/scenarios/index.ts';
import { serveStdio, type StdioRun } from './stdio-side.ts';

/** Opens a new file for a header in `out`: never over an existing one. */
const openIn = (out: string) => (header: CaptureHeader) => {
  mkdirSync(out, { recursive: true });
  for (let serial = 1; ; serial += 1) {
    const file = path.resolve(out, `${captureId(header, serial)}.jsonl`);
    if (existsSync(file)) continue;
    try {
      return { fd: openSync(file, 'wx'), file };
    } catch (error) {
      // Another probe of the same run took the name between the check and the open: try the next.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
  }
};

/** A new capture for this run: its header written now, or once the client's clientInfo completes it. */
export const openCapture = (options: ServeOptions, transport: CaptureTransport, now = new Date()): CaptureRecorder => {
  const persona = personaText(options.persona);
  const { label } = options;
  const scenario = headerScenario(options.scenario);
  // Validate the flags before any client connects, whatever the header waits for.
  captureHeader(labelFrom(label, undefined, []), transport, persona, now, scenario);
  if (label.client !== undefined && label.version !== undefined) {
    return new CaptureRecorder(
      openIn(options.out),
      captureHeader(label, transport, persona, now, scenario),
      options.limits.maxCaptureBytes,
      options.epoch,
    );
  }
  const known = knownClients(contentDir());
  return new CaptureRecorder(
    openIn(options.out),
    { fromClientInfo: (info) => captureHeader(labelFrom(label, info, known), transport, persona, now, scenario) },
    options.limits.maxCaptureBytes,
    options.epoch,
  );
};

/** Serves the client on this process's standard streams. */
export const startStdio = (options: ServeOptions): { run: StdioRun; recorder: CaptureRecorder } => {
  const recorder = openCapture(options, 'stdio');
  const run = serveStdio({
    persona: options.persona,
    recorder,
    limits: options.limits,
    input: process.stdin,
    output: process.stdout,
    scenario: options.scenario,
  });
  return { run, recorder };
};

/** Serves the client over Streamable HTTP on loopback. */
export const startHttp = async (options: ServeOptions): Promise<{ run: HttpRun; recorder: CaptureRecorder }> => {
  const recorder = openCapture(options, 'http');
  const run = await serveHttp({
    persona: options.persona,
    recorder,
    limits: options.limits,
    port: options.port,
    replyAs: options.replyAs,
    scenario: options.scenario,
  });
  return { run, recorder };
};
