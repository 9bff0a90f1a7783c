/**
 * The probe's stdio face: reads the client's raw lines from standard input, records each exactly as
 * sent, lets the persona answer and writes the answer back as one line. Nothing but protocol goes to
 * standard output. It stops when input ends, at a limit, or at the run's time limit, and records why.
 */
import type { Readable, Writable } from 'node:stream';
import { readIncoming } from '../lib/mcp/jsonrpc.ts';
import type { Limits } from '../lib/lab/limits.ts';
import type { Persona } from '../lib/lab/personas/index.ts';
import { LabSession, type Channel } from '../lib/lab/session.ts';
import type { Scenario } from '../lib/scenarios/scenario.ts';
import { decodeLine, LineSplitter, type Line } from './lines.ts';
import type { CaptureRecorder } from './recorder.ts';

/** Why a stdio run ended. */
export type StdioEnd = 'closed' | 'timeout' | 'limit' | 'full' | 'signal';

/** What a stdio run needs: who answers, where it records, and the streams to the client. */
export interface StdioOptions {
  persona: Persona;
  recorder: CaptureRecorder;
  limits: Limits;
  input: Readable;
  output: Writable;
  /** The scenario the probe plays: the handshake alone, or one played after it. */
  scenario: Scenario;
}

/** A running stdio capture: `done` settles when it ends; `stop` ends it from outside (a signal). */
export interface StdioRun {
  done: Promise<StdioEnd>;
  stop: (reason: string) => void;
}

/** Serves one client over stdio until its input ends or a limit is reached. */
export const serveStdio = ({ persona, recorder, limits, input, output, scenario }: StdioOptions): StdioRun => {
  const splitter = new LineSplitter(limits.maxMessageBytes);
  const session = new LabSession(persona, scenario, recorder, limits);
  let messages = 0;
  let ended = false;
  let settle: (end: StdioEnd) => void = () => undefined;
  const done = new Promise<StdioEnd>((resolve) => (settle = resolve));

  const finish = (end: StdioEnd) => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    input.off('data', onData);
    input.off('end', onEnd);
    input.off('error', onError);
    session.close();
    recorder.close();
    // Nothing more is read: a client that never closes its end no longer holds the probe open.
    input.pause();
    settle(end);
  };

  const send = (text: string) => {
    recorder.message('probe', text);
    output.write(`${text}\n`);
  };
  /** Over stdio the server may write at any time (2025-11-25/basic/transports.mdx:20-45). */
  const channel: Channel = {
    send: (message) => {
      if (ended) return false;
      send(JSON.stringify(message));
      return true;
    },
  };

  const handle = (line: Line) => {
    if (ended) return;
    if (line.kind === 'oversize') {
      recorder.lifecycle(
        'error',
        `a line of ${line.length} bytes, over the ${limits.maxMessageBytes}-byte limit: not recorded and not answered`,
      );
      return;
    }
    messages += 1;
    if (messages > limits.maxMessages) {
      recorder.lifecycle('error', `more than ${limits.maxMessages} messages: the probe stops listening`);
      finish('limit');
      return;
    }
    const { text, valid } = decodeLine(line.bytes);
    recorder.message('client', text);
    if (!valid) recorder.lifecycle('error', 'the line above was not valid UTF-8: recorded with U+FFFD for each invalid byte');
    // A blank line carries no message; answering it would put noise on the client's input.
    if (text.trim() === '') return;
    const incoming = readIncoming(text);
    const reply = session.receive(incoming, { transport: 'stdio' });
    if (reply.defer !== undefined) {
      void session.call(reply.defer.request, reply.defer.modern, channel).then((end) => {
        if (end.reply !== undefined) channel.send(end.reply);
      });
      return;
    }
    if (reply.reply !== undefined) send(JSON.stringify(reply.reply));
    if (session.plays && incoming.kind === 'notification' && incoming.method === 'notifications/initialized') {
      void session.opened(channel);
    }
  };

  const onData = (chunk: Buffer | string) => {
    for (const line of splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)) handle(line);
  };
  const onEnd = () => {
    for (const line of splitter.end()) handle(line);
    if (ended) return;
    recorder.lifecycle('closed', 'the client closed standard input');
    finish('closed');
  };
  const onError = (error: Error) => {
    recorder.lifecycle('error', `standard input failed: ${error.message}`);
    finish('closed');
  };

  recorder.onFull = () => finish('full');
  output.on('error', (error: Error) => {
    if (!ended) recorder.lifecycle('error', `standard output failed: ${error.message}`);
  });
  const timer = setTimeout(() => {
    recorder.lifecycle('timeout', `still connected after ${limits.maxRunMs} ms: the probe stops`);
    finish('timeout');
  }, limits.maxRunMs);
  timer.unref();

  recorder.lifecycle('start', 'stdio');
  input.on('data', onData);
  input.on('end', onEnd);
  input.on('error', onError);

  return {
    done,
    stop: (reason: string) => {
      if (ended) return;
      recorder.lifecycle('closed', reason);
      finish('signal');
    },
  };
};
