/**
 * The official TypeScript SDK's client, two versions whose default protocol versions differ
 * (1.32.2: 2025-11-25; 1.23.0: 2025-06-18), connects to the probe over stdio (the probe launched as
 * `config` says) and over Streamable HTTP (JSON and SSE replies). The capture must show exactly what
 * the test's client declared, and pass the capture rules `npm run check` applies.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client as ClientNow } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioNow } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpNow } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientOld } from 'mcp-sdk-1.23/client/index.js';
import { StdioClientTransport as StdioOld } from 'mcp-sdk-1.23/client/stdio.js';
import { StreamableHTTPClientTransport as HttpOld } from 'mcp-sdk-1.23/client/streamableHttp.js';
import { describe, expect, test, vi } from 'vitest';
import { messagesOf } from '../lib/mcp/messages.ts';
import type { Capture } from '../lib/evidence/capture.ts';
import { readServeOptions } from './flags.ts';
import { startHttp } from './capture-run.ts';
import { launchConfig } from './launch.ts';
import { readCapture } from './read-capture.ts';

const declared = {
  info: { name: 'canimcp-sdk-test', version: '3.1.4', title: 'A <b>test</b> client' },
  capabilities: { roots: { listChanged: true }, sampling: {}, experimental: { 'canimcp/probe-test': { depth: 2 } } },
};

const flags = (out: string, persona = 'observe') => [
  '--persona',
  persona,
  '--out',
  out,
  '--client',
  'typescript-sdk',
  '--client-version',
  '1.0.0',
  '--path',
  'sdk',
  '--time-limit',
  '30',
];

/** What a test does with a connected client, whichever SDK version made it. */
interface Session {
  server: () => string | undefined;
  toolNames: () => Promise<string[]>;
  ping: () => Promise<unknown>;
  close: () => Promise<void>;
}

interface AnyClient {
  getServerVersion: () => { name: string } | undefined;
  listTools: () => Promise<{ tools: { name: string }[] }>;
  ping: () => Promise<unknown>;
  close: () => Promise<void>;
}

const session = (client: AnyClient): Session => ({
  server: () => client.getServerVersion()?.name,
  toolNames: async () => (await client.listTools()).tools.map((tool) => tool.name),
  ping: () => client.ping(),
  close: () => client.close(),
});

const sdks = [
  {
    sdk: '1.32.2',
    offers: '2025-11-25',
    stdio: async (command: string, args: string[]) => {
      const client = new ClientNow(declared.info, { capabilities: declared.capabilities });
      await client.connect(new StdioNow({ command, args, stderr: 'pipe' }));
      return session(client);
    },
    http: async (url: string) => {
      const client = new ClientNow(declared.info, { capabilities: declared.capabilities });
      // exactOptionalPropertyTypes reads the SDK's own optional fields more strictly than the SDK does.
      await client.connect(new HttpNow(new URL(url)));
      return session(client);
    },
  },
  {
    sdk: '1.23.0',
    offers: '2025-06-18',
    stdio: async (command: string, args: string[]) => {
      const client = new ClientOld(declared.info, { capabilities: declared.capabilities });
      await client.connect(new StdioOld({ command, args, stderr: 'pipe' }));
      return session(client);
    },
    http: async (url: string) => {
      const client = new ClientOld(declared.info, { capabilities: declared.capabilities });
      await client.connect(new HttpOld(new URL(url)) as unknown as Parameters<typeof client.connect>[0]);
      return session(client);
    },
  },
];

/** The one capture in a folder, checked with the test's client id known. */
const onlyCapture = (dir: string): Capture => {
  const files = readdirSync(dir).filter((name) => name.endsWith('.jsonl'));
  expect(files).toHaveLength(1);
  const { capture, problems } = readCapture(path.join(dir, files[0] ?? ''), new Set(['typescript-sdk']));
  expect(problems).toEqual([]);
  if (capture === undefined) throw new Error('no capture');
  return capture;
};

const clientMessages = (capture: Capture) =>
  capture.events.filter((event) => event.from === 'client').flatMap((event) => messagesOf(event));

const initializeOf = (capture: Capture) => clientMessages(capture).find((message) => message['method'] === 'initialize');

/** Waits until the probe has written its last event (a stdio probe ends a moment after its client); fails if it never does. */
const settled = (dir: string, kinds: readonly string[], client = 'typescript-sdk') =>
  vi.waitFor(
    () => {
      const files = readdirSync(dir).filter((name) => name.endsWith('.jsonl'));
      expect(files).toHaveLength(1);
      const { capture } = readCapture(path.join(dir, files[0] ?? ''), new Set([client]));
      const last = capture?.events.at(-1);
      expect(last?.kind === 'lifecycle' && kinds.includes(last.event), `the capture ends with one of ${kinds.join(', ')}`).toBe(
        true,
      );
    },
    { timeout: 5_000, interval: 50 },
  );

describe.each(sdks)('SDK client $sdk', ({ stdio, http, offers }) => {
  test('over stdio, launched by the config the probe prints: the capture shows what the client declared', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'probe-sdk-'));
    const config = launchConfig(readServeOptions(flags(out), process.cwd()));
    expect(path.isAbsolute(config.command) && config.args.every((arg, i) => i !== 0 || path.isAbsolute(arg))).toBe(true);
    const client = await stdio(config.command, config.args);
    expect(client.server()).toBe('canimcp-probe');
    expect(await client.toolNames()).toEqual(['echo']);
    await client.ping();
    await client.close();
    await settled(out, ['closed']);

    const capture = onlyCapture(out);
    expect(capture.header).toMatchObject({ client: 'typescript-sdk', transport: 'stdio', persona: 'observe', path: 'sdk' });
    const init = initializeOf(capture);
    expect(init?.['params']).toEqual({
      protocolVersion: offers,
      capabilities: declared.capabilities,
      clientInfo: declared.info,
    });
    const methods = clientMessages(capture).map((message) => message['method']);
    expect(methods).toEqual(['initialize', 'notifications/initialized', 'tools/list', 'ping']);
    // The probe echoed the version offered: the client saw a session at exactly that version.
    const reply = capture.events
      .filter((event) => event.from === 'probe')
      .flatMap((event) => messagesOf(event))
      .find((message) => message['id'] === init?.['id']);
    expect(reply?.['result']).toMatchObject({ protocolVersion: offers });
    expect(capture.events.at(-1)).toMatchObject({ kind: 'lifecycle', event: 'closed' });
  });

  test.each(['json', 'sse'] as const)(
    'over Streamable HTTP with %s replies: requests, headers and bodies as sent',
    async (reply) => {
      const out = mkdtempSync(path.join(tmpdir(), 'probe-sdk-'));
      const { run } = await startHttp(readServeOptions([...flags(out), '--reply', reply], process.cwd()));
      const client = await http(run.url);
      expect(await client.toolNames()).toEqual(['echo']);
      await client.ping();
      await client.close();
      run.stop('the test ended');
      await run.done;

      const capture = onlyCapture(out);
      expect(capture.header.transport).toBe('http');
      expect(initializeOf(capture)?.['params']).toEqual({
        protocolVersion: offers,
        capabilities: declared.capabilities,
        clientInfo: declared.info,
      });
      const requests = capture.events.filter((event) => event.kind === 'http' && event.from === 'client');
      // After initialize, every request carries the negotiated version and the session the probe minted.
      const later = requests.slice(1).filter((event) => 'method' in event && event.method === 'POST');
      expect(later.length).toBeGreaterThanOrEqual(3);
      for (const event of later) {
        const names = event.kind === 'http' ? event.headers.map(([name]) => name.toLowerCase()) : [];
        expect(names).toContain('mcp-session-id');
        expect(event.kind === 'http' && event.headers.find(([name]) => name.toLowerCase() === 'mcp-protocol-version')?.[1]).toBe(
          offers,
        );
      }
      const responses = capture.events.filter((event) => event.kind === 'http' && event.from === 'probe');
      const types = responses.flatMap((event) =>
        event.kind === 'http' ? event.headers.filter(([name]) => name === 'Content-Type').map(([, value]) => value) : [],
      );
      expect(types).toContain(reply === 'sse' ? 'text/event-stream' : 'application/json');
    },
  );
});

describe('a probe not told who the client is', () => {
  test('names the capture from the first clientInfo: the client whose clientInfoName it is, and the version sent', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'probe-sdk-'));
    const config = launchConfig(readServeOptions(['--out', out], process.cwd()));
    expect(config.args).not.toContain('--client');
    const client = new ClientNow({ name: 'codex-mcp-client', version: '0.0.9' }, { capabilities: {} });
    await client.connect(new StdioNow({ command: config.command, args: config.args, stderr: 'pipe' }));
    await client.close();
    await settled(out, ['closed'], 'codex');
    const [file] = readdirSync(out);
    expect(file).toMatch(/^codex-0-0-9-observe-stdio-\d{8}-\d{6}\.jsonl$/);
    const { capture, problems } = readCapture(path.join(out, file ?? ''), new Set(['codex']));
    expect(problems).toEqual([]);
    expect(capture?.header).toMatchObject({ client: 'codex', version: '0.0.9', path: 'cli' });
    expect(capture?.events[0]).toMatchObject({ seq: 1, kind: 'lifecycle', event: 'start' });
  });

  test('keeps the name of a client nobody knows, so check names it as an unknown client', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'probe-sdk-'));
    const { run } = await startHttp(readServeOptions(['--out', out], process.cwd()));
    const client = new ClientNow({ name: 'Brand New Client', version: '1.0' }, { capabilities: {} });
    await client.connect(new HttpNow(new URL(run.url)));
    await client.close();
    run.stop('the test ended');
    await run.done;
    const [file] = readdirSync(out);
    const { problems } = readCapture(path.join(out, file ?? ''), new Set(['codex']));
    expect(problems.map((problem) => `${problem.field}: ${problem.message}`)).toEqual([
      'client: unknown client "brand-new-client"',
    ]);
  });
});
