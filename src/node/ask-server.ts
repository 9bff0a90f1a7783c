/**
 * Asks a running MCP server what the server check needs, over stdio, the way a client would:
 * `initialize` (declaring roots, sampling and elicitation, so a server that lists some tools only to
 * clients that can serve them lists them all), `notifications/initialized`, every page of
 * `tools/list` (and `prompts/list`, `resources/list` where the server offers them), then a call of
 * each tool that is safe to call: marked read-only and needing no argument. The server is a program
 * of the author's own, started with their command; it gets a time limit, its standard error is kept
 * to explain a failure, and it is stopped when the answers are in.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { isRecord } from '../lib/mcp/json.ts';
import { CLIENT_NOTIFICATION, CLIENT_REQUEST } from '../lib/mcp/methods.ts';
import { LEGACY_REVISIONS } from '../lib/mcp/protocol.ts';

/** The answers, in the shape the server check reads (`{ initialize, tools, prompts?, resources?, results? }`). */
export type ServerAnswers = Record<string, unknown>;

/** What was asked and what could not be: the tools called, and why others were not. */
export interface AskReport {
  answers: ServerAnswers;
  /** The tools called, by name. */
  called: string[];
  /** Tools not called because calling them is not known to be safe. */
  skipped: string[];
}

/** How long, and how much, the check waits. */
export interface AskLimits {
  /** For the whole exchange, listing included. */
  timeoutMs: number;
  /** For one tool call. */
  callMs: number;
  /** Tools called at most. */
  maxCalls: number;
}

/** The limits the command uses. */
export const defaultAskLimits: AskLimits = { timeoutMs: 60_000, callMs: 10_000, maxCalls: 20 };

/** The newest revision whose handshake every server on the legacy path understands. */
const PROTOCOL_VERSION = LEGACY_REVISIONS[0];
/** More pages than any real list has: a server whose cursor never ends is stopped here. */
const MAX_PAGES = 50;
/** The end of the server's standard error kept to explain a failure. */
const STDERR_KEPT = 4000;

/** Whether a listed tool may be called without asking anyone: read-only by its own annotation, with no required argument, and no task required. */
export const safeToCall = (tool: unknown): boolean => {
  if (!isRecord(tool)) return false;
  const annotations = isRecord(tool['annotations']) ? tool['annotations'] : {};
  const schema = isRecord(tool['inputSchema']) ? tool['inputSchema'] : {};
  const execution = isRecord(tool['execution']) ? tool['execution'] : {};
  const required = Array.isArray(schema['required']) ? schema['required'] : [];
  return annotations['readOnlyHint'] === true && required.length === 0 && execution['taskSupport'] !== 'required';
};

/** Starts `command args…`, asks it, and stops it; rejects with a readable reason (and the server's standard error) on a failure. */
export const askServer = (command: string, args: readonly string[], limits: AskLimits = defaultAskLimits): Promise<AskReport> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const waiting = new Map<number, (message: Record<string, unknown>) => void>();
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    let nextId = 0;
    let done = false;
    const withStderr = (reason: string) =>
      stderr.trim() === '' ? reason : `${reason}\nthe server's standard error (its end):\n${stderr.trimEnd()}`;
    const finish = (error: Error | undefined, report?: AskReport) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.stdin.end();
      child.kill('SIGTERM');
      if (error === undefined && report !== undefined) resolve(report);
      else reject(new Error(withStderr(error?.message ?? 'the server gave no answers')));
    };
    const timer = setTimeout(
      () => finish(new Error(`the server did not answer within ${limits.timeoutMs / 1000} s`)),
      limits.timeoutMs,
    );
    child.on('error', (error) => finish(new Error(`could not start ${command}: ${error.message}`)));
    // Its standard error may still be arriving when it exits: read it to the end first.
    child.on('close', (code, signal) =>
      finish(new Error(`the server exited (${code ?? signal ?? 'unknown'}) before it answered`)),
    );
    child.stdin.on('error', () => undefined);
    const send = (message: Record<string, unknown>) => {
      if (!child.stdin.destroyed) child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    };
    createInterface({ input: child.stdout }).on('line', (line) => {
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        return; // A server's stray log line on stdout is not a message.
      }
      if (!isRecord(message)) return;
      if (typeof message['method'] === 'string' && 'id' in message) {
        // A request of the server's own: roots are none; anything else the check does not do.
        send(
          message['method'] === 'roots/list'
            ? { id: message['id'], result: { roots: [] } }
            : { id: message['id'], error: { code: -32601, message: 'the server check answers no requests' } },
        );
        return;
      }
      if (typeof message['id'] === 'number' && ('result' in message || 'error' in message)) waiting.get(message['id'])?.(message);
    });
    const request = (method: string, params: Record<string, unknown>, ms?: number): Promise<Record<string, unknown>> =>
      new Promise((answer, fail) => {
        const id = nextId++;
        const slow =
          ms === undefined
            ? undefined
            : setTimeout(() => {
                waiting.delete(id);
                fail(new Error(`${method} took longer than ${ms / 1000} s`));
              }, ms);
        waiting.set(id, (message) => {
          clearTimeout(slow);
          waiting.delete(id);
          if (isRecord(message['result'])) answer(message['result']);
          else fail(new Error(`${method} failed: ${JSON.stringify(message['error'] ?? message)}`));
        });
        send({ id, method, params });
      });
    /** Every page of a list: one result where there was one page, else the pages in order. */
    const list = async (method: string, key: string): Promise<unknown> => {
      const pages: Record<string, unknown>[] = [];
      let cursor: unknown;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const result = await request(method, cursor === undefined ? {} : { cursor });
        pages.push({
          [key]: Array.isArray(result[key]) ? result[key] : [],
          ...(typeof result['nextCursor'] === 'string' ? { nextCursor: result['nextCursor'] } : {}),
        });
        cursor = result['nextCursor'];
        if (typeof cursor !== 'string') break;
      }
      return pages.length === 1 ? { [key]: pages[0]?.[key] ?? [] } : pages;
    };
    const ask = async (): Promise<AskReport> => {
      const initialize = await request(CLIENT_REQUEST.initialize, {
        protocolVersion: PROTOCOL_VERSION,
        capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } },
        clientInfo: { name: 'canimcp-check-server', version: '1.0.0' },
      });
      send({ method: CLIENT_NOTIFICATION.initialized });
      const capabilities = isRecord(initialize['capabilities']) ? initialize['capabilities'] : {};
      const answers: ServerAnswers = { initialize };
      if (isRecord(capabilities['tools'])) answers['tools'] = await list(CLIENT_REQUEST.toolsList, 'tools');
      if (isRecord(capabilities['prompts'])) answers['prompts'] = await list(CLIENT_REQUEST.promptsList, 'prompts');
      if (isRecord(capabilities['resources'])) answers['resources'] = await list(CLIENT_REQUEST.resourcesList, 'resources');
      const listed = answers['tools'];
      const tools = (Array.isArray(listed) ? listed : [listed]).flatMap((page) =>
        isRecord(page) && Array.isArray(page['tools']) ? (page['tools'] as unknown[]) : [],
      );
      const safe = tools.filter(safeToCall).slice(0, limits.maxCalls);
      const results: Record<string, unknown> = {};
      for (const tool of safe) {
        const name = isRecord(tool) ? String(tool['name']) : '';
        try {
          results[name] = await request(CLIENT_REQUEST.toolsCall, { name, arguments: {} }, limits.callMs);
        } catch {
          // A call that failed or took too long has no result to check: it is left out.
        }
      }
      if (Object.keys(results).length > 0) answers['results'] = results;
      return {
        answers,
        called: Object.keys(results),
        skipped: tools.filter((tool) => !safe.includes(tool)).flatMap((tool) => (isRecord(tool) ? [String(tool['name'])] : [])),
      };
    };
    ask().then(
      (report) => finish(undefined, report),
      (error: unknown) => finish(error instanceof Error ? error : new Error(String(error))),
    );
  });
