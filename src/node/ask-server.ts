/**
 * Asks a running MCP server what the server check needs, over stdio, the way a client would:
 * `initialize`, `notifications/initialized`, then every page of `tools/list` (and `prompts/list`,
 * `resources/list` where the server offers them). The server is a program of the author's own,
 * started with their command; it gets a time limit, and is stopped when the answers are in.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { isRecord } from '../lib/mcp/json.ts';
import { CLIENT_NOTIFICATION, CLIENT_REQUEST } from '../lib/mcp/methods.ts';
import { LEGACY_REVISIONS } from '../lib/mcp/protocol.ts';

/** The answers, in the shape the server check reads (`{ initialize, tools, prompts?, resources? }`). */
export type ServerAnswers = Record<string, unknown>;

/** The newest revision whose handshake every server on the legacy path understands. */
const PROTOCOL_VERSION = LEGACY_REVISIONS[0];
/** More pages than any real list has: a server whose cursor never ends is stopped here. */
const MAX_PAGES = 50;

/** Starts `command args…`, asks it, and stops it; rejects with a readable reason on a failure or after `timeoutMs`. */
export const askServer = (command: string, args: readonly string[], timeoutMs = 20_000): Promise<ServerAnswers> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { stdio: ['pipe', 'pipe', 'ignore'] });
    const waiting = new Map<number, (message: Record<string, unknown>) => void>();
    let nextId = 0;
    let done = false;
    const finish = (error: Error | undefined, answers?: ServerAnswers) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.stdin.end();
      child.kill('SIGTERM');
      if (error === undefined) resolve(answers ?? {});
      else reject(error);
    };
    const timer = setTimeout(() => finish(new Error(`the server did not answer within ${timeoutMs / 1000} s`)), timeoutMs);
    child.on('error', (error) => finish(new Error(`could not start ${command}: ${error.message}`)));
    child.on('exit', (code) => finish(new Error(`the server exited (${code ?? 'signal'}) before it answered`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        return; // A server's stray log line on stdout is not a message.
      }
      if (isRecord(message) && typeof message['id'] === 'number' && ('result' in message || 'error' in message))
        waiting.get(message['id'])?.(message);
    });
    const send = (message: Record<string, unknown>) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    const request = (method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> =>
      new Promise((answer, fail) => {
        const id = nextId++;
        waiting.set(id, (message) => {
          waiting.delete(id);
          if (isRecord(message['result'])) answer(message['result']);
          else fail(new Error(`${method} failed: ${JSON.stringify(message['error'] ?? message)}`));
        });
        send({ id, method, params });
      });
    const list = async (method: string, key: string): Promise<Record<string, unknown>> => {
      const items: unknown[] = [];
      let cursor: unknown;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const result = await request(method, cursor === undefined ? {} : { cursor });
        if (Array.isArray(result[key])) items.push(...(result[key] as unknown[]));
        cursor = result['nextCursor'];
        if (typeof cursor !== 'string') break;
      }
      return { [key]: items };
    };
    const ask = async () => {
      const initialize = await request(CLIENT_REQUEST.initialize, {
        protocolVersion: PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'canimcp-check-server', version: '1.0.0' },
      });
      send({ method: CLIENT_NOTIFICATION.initialized });
      const capabilities = isRecord(initialize['capabilities']) ? initialize['capabilities'] : {};
      const answers: ServerAnswers = { initialize };
      if (isRecord(capabilities['tools'])) answers['tools'] = await list(CLIENT_REQUEST.toolsList, 'tools');
      if (isRecord(capabilities['prompts'])) answers['prompts'] = await list(CLIENT_REQUEST.promptsList, 'prompts');
      if (isRecord(capabilities['resources'])) answers['resources'] = await list(CLIENT_REQUEST.resourcesList, 'resources');
      return answers;
    };
    ask().then(
      (answers) => finish(undefined, answers),
      (error: unknown) => finish(error instanceof Error ? error : new Error(String(error))),
    );
  });
