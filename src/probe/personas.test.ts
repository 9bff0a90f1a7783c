/**
 * What each persona answers, message by message, against the rules of the specification at
 * SPEC_COMMIT that src/lib/lab/personas/ cites; and the SDK client's view of each persona.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, test, vi } from 'vitest';
import { messagesOf } from '../lib/mcp/messages.ts';
import { startHttp } from './capture-run.ts';
import { readServeOptions } from './flags.ts';
import { readIncoming } from '../lib/mcp/jsonrpc.ts';
import { launchConfig } from './launch.ts';
import { answer, parsePersona, type AnswerContext } from '../lib/lab/personas/index.ts';
import { readCapture } from './read-capture.ts';

const stdio: AnswerContext = { transport: 'stdio' };
const meta = (version: string) => ({ _meta: { 'io.modelcontextprotocol/protocolVersion': version } });
const request = (method: string, params: Record<string, unknown> = {}, id: number | string = 1) =>
  readIncoming(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
const initialize = (version: string) =>
  request('initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } });
const http = (headers: [string, string][], negotiated?: string): AnswerContext => ({ transport: 'http', headers, negotiated });

describe('persona names', () => {
  test('observe, modern-only and legacy:<legacy revision> are personas; anything else is refused with the list', () => {
    expect(parsePersona('legacy:2025-06-18')).toEqual({ kind: 'legacy', revision: '2025-06-18' });
    expect(() => parsePersona('legacy:2026-07-28')).toThrow(/expected a legacy revision, one of 2025-11-25/);
    expect(() => parsePersona('observer')).toThrow(/expected one of observe, legacy:<revision>, modern-only/);
  });
});

describe('observe (dual-era)', () => {
  const persona = parsePersona('observe');
  test('server/discover at 2026-07-28 gets a DiscoverResult listing both eras, with resultType and serverInfo', () => {
    const { reply, status } = answer(persona, request('server/discover', meta('2026-07-28')), stdio);
    expect(status).toBe(200);
    expect(reply).toMatchObject({
      id: 1,
      result: {
        resultType: 'complete',
        supportedVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'canimcp-probe' } },
      },
    });
  });
  test('initialize echoes a legacy version it supports, answers its latest for one it does not, and opens a session', () => {
    expect(answer(persona, initialize('2025-03-26'), stdio)).toMatchObject({
      reply: { result: { protocolVersion: '2025-03-26' } },
      opens: '2025-03-26',
    });
    expect(answer(persona, initialize('2026-07-28'), stdio).reply).toMatchObject({ result: { protocolVersion: '2025-11-25' } });
    // initialize selects legacy semantics even where it also carries a modern _meta version.
    const withMeta = request('initialize', {
      ...meta('2026-07-28'),
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect(answer(persona, withMeta, stdio)).toMatchObject({
      reply: { result: { protocolVersion: '2025-06-18' } },
      opens: '2025-06-18',
    });
  });
  test('a modern request at an unknown version gets -32022 with supported and requested, 400 on HTTP', () => {
    const result = answer(persona, request('tools/list', meta('1900-01-01')), http([['MCP-Protocol-Version', '1900-01-01']]));
    expect(result.status).toBe(400);
    expect(result.reply).toMatchObject({
      error: {
        code: -32022,
        data: { requested: '1900-01-01', supported: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] },
      },
    });
  });
  test('an MCP-Protocol-Version header that differs from _meta is a -32020 HeaderMismatch with 400', () => {
    const result = answer(persona, request('tools/list', meta('2026-07-28')), http([['MCP-Protocol-Version', '2025-11-25']]));
    expect(result).toMatchObject({ status: 400, reply: { error: { code: -32020 } } });
  });
  test('modern tools/list, tools/call and ping are served with resultType; an unknown modern method is -32601 with 404', () => {
    expect(answer(persona, request('tools/list', meta('2026-07-28')), stdio).reply).toMatchObject({
      result: { resultType: 'complete', tools: [{ name: 'echo' }] },
    });
    expect(
      answer(persona, request('tools/call', { ...meta('2026-07-28'), name: 'echo', arguments: { text: 'hi' } }), stdio).reply,
    ).toMatchObject({ result: { content: [{ type: 'text', text: 'hi' }] } });
    expect(answer(persona, request('ping', meta('2026-07-28')), stdio).reply).toMatchObject({
      result: { resultType: 'complete' },
    });
    expect(
      answer(persona, request('nothing/here', meta('2026-07-28')), http([['MCP-Protocol-Version', '2026-07-28']])),
    ).toMatchObject({ status: 404, reply: { error: { code: -32601 } } });
  });
  test('notifications and responses get no reply (202 on HTTP); a line that is not JSON gets -32700', () => {
    expect(answer(persona, readIncoming('{"jsonrpc":"2.0","method":"notifications/initialized"}'), stdio)).toEqual({
      status: 202,
    });
    expect(answer(persona, readIncoming('{"jsonrpc":"2.0","id":4,"result":{}}'), stdio)).toEqual({ status: 202 });
    expect(answer(persona, readIncoming('{oops'), stdio).reply).toMatchObject({ id: null, error: { code: -32700 } });
    expect(answer(persona, readIncoming('[{"jsonrpc":"2.0","id":1,"method":"ping"}]'), stdio).reply).toMatchObject({
      error: { code: -32600 },
    });
  });
});

describe('legacy:<revision>', () => {
  const persona = parsePersona('legacy:2025-06-18');
  test('server/discover is refused as a legacy server does: -32601 on stdio, 400 without a session on HTTP', () => {
    expect(answer(persona, request('server/discover', meta('2026-07-28')), stdio)).toMatchObject({
      status: 200,
      reply: { error: { code: -32601 } },
    });
    const onHttp = answer(persona, request('server/discover', meta('2026-07-28')), http([]));
    expect(onHttp.status).toBe(400);
    // Not a modern error: a dual-era client must fall back to initialize.
    expect(onHttp.reply).toMatchObject({ error: { code: -32000 } });
  });
  test('initialize is answered with that revision only, whatever the client offers', () => {
    for (const offered of ['2025-11-25', '2025-06-18', '2024-11-05', '2026-07-28']) {
      expect(answer(persona, initialize(offered), stdio)).toMatchObject({
        reply: { result: { protocolVersion: '2025-06-18' } },
        opens: '2025-06-18',
      });
    }
  });
  test('after initialize: tools/list and ping; over HTTP a different MCP-Protocol-Version is refused with 400', () => {
    expect(
      answer(persona, request('tools/list'), http([['MCP-Protocol-Version', '2025-06-18']], '2025-06-18')).reply,
    ).toMatchObject({ result: { tools: [{ name: 'echo' }] } });
    expect(answer(persona, request('ping'), stdio).reply).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(answer(persona, request('tools/list'), http([['MCP-Protocol-Version', '2025-11-25']], '2025-06-18')).status).toBe(400);
  });
});

describe('modern-only', () => {
  const persona = parsePersona('modern-only');
  test('initialize is refused with -32022 naming 2026-07-28 and the version requested, 400 on HTTP', () => {
    const result = answer(persona, initialize('2025-11-25'), http([]));
    expect(result).toMatchObject({
      status: 400,
      reply: {
        id: 1,
        error: {
          code: -32022,
          message: 'Unsupported protocol version',
          data: { supported: ['2026-07-28'], requested: '2025-11-25' },
        },
      },
    });
    expect(result.opens).toBeUndefined();
  });
  test('server/discover lists 2026-07-28 only; a request without a _meta version is refused with -32022', () => {
    expect(answer(persona, request('server/discover', meta('2026-07-28')), stdio).reply).toMatchObject({
      result: { supportedVersions: ['2026-07-28'] },
    });
    expect(answer(persona, request('tools/list'), stdio).reply).toMatchObject({
      error: { code: -32022, data: { requested: '' } },
    });
  });
  test('on HTTP, missing or mismatched MCP-Protocol-Version, Mcp-Method or Mcp-Name is a -32020 HeaderMismatch', () => {
    const call = request('tools/call', { ...meta('2026-07-28'), name: 'echo', arguments: {} });
    const ok: [string, string][] = [
      ['MCP-Protocol-Version', '2026-07-28'],
      ['Mcp-Method', 'tools/call'],
      ['Mcp-Name', 'echo'],
    ];
    expect(answer(persona, call, http(ok)).status).toBe(200);
    expect(answer(persona, call, http([['Mcp-Name', '=?base64?ZWNobw==?='], ...ok.slice(0, 2)])).status).toBe(200);
    for (const headers of [ok.slice(1), [ok[0], ok[2]], ok.slice(0, 2), [...ok.slice(0, 2), ['Mcp-Name', 'other']]] as [
      string,
      string,
    ][][]) {
      expect(answer(persona, call, http(headers))).toMatchObject({ status: 400, reply: { error: { code: -32020 } } });
    }
  });
});

describe('what the SDK client sees', () => {
  const run = (persona: string) => {
    const out = mkdtempSync(path.join(tmpdir(), 'probe-persona-'));
    const args = [
      '--persona',
      persona,
      '--out',
      out,
      '--client',
      'typescript-sdk',
      '--client-version',
      '1.32.2',
      '--path',
      'sdk',
    ];
    return { out, options: readServeOptions(args, process.cwd()) };
  };
  const capture = (out: string) => {
    const [file] = readdirSync(out);
    const read = readCapture(path.join(out, file ?? ''), new Set(['typescript-sdk']));
    expect(read.problems).toEqual([]);
    return read.capture;
  };
  /** The capture in `out` once the probe has ended it: a stdio probe ends a moment after its client. */
  const ended = (out: string) =>
    vi.waitFor(
      () => {
        const read = capture(out);
        const last = read?.events.at(-1);
        if (last?.kind !== 'lifecycle' || last.event === 'start') throw new Error('the probe has not ended the capture yet');
        return read;
      },
      { timeout: 10_000, interval: 50 },
    );

  test('legacy:2025-06-18 over stdio: the client offers 2025-11-25, accepts 2025-06-18 and lists the tool', async () => {
    const { out, options } = run('legacy:2025-06-18');
    const config = launchConfig(options);
    const client = new Client({ name: 'persona-test', version: '1' });
    await client.connect(new StdioClientTransport({ command: config.command, args: config.args, stderr: 'pipe' }));
    expect((await client.listTools()).tools).toHaveLength(1);
    await client.close();
    const probeSaid = (await ended(out))?.events.filter((event) => event.from === 'probe').flatMap((event) => messagesOf(event));
    expect(probeSaid?.[0]).toMatchObject({ result: { protocolVersion: '2025-06-18' } });
  });

  test('modern-only over HTTP: the client fails to connect, after a 400 carrying -32022 with supported [2026-07-28]', async () => {
    const { out, options } = run('modern-only');
    const { run: served } = await startHttp(options);
    const client = new Client({ name: 'persona-test', version: '1' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(served.url)))).rejects.toThrow();
    served.stop('the test ended');
    await served.done;
    const events = capture(out)?.events ?? [];
    const response = events.find((event) => event.kind === 'http' && event.from === 'probe');
    expect(response).toMatchObject({ status: 400 });
    expect(response === undefined ? [] : messagesOf(response)).toEqual([
      {
        jsonrpc: '2.0',
        id: 0,
        error: {
          code: -32022,
          message: 'Unsupported protocol version',
          data: { supported: ['2026-07-28'], requested: '2025-11-25' },
        },
      },
    ]);
  });
});
