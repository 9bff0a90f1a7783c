/**
 * Generated captures for the bench's captures axis (`--captures 1000,10000`): files of the shape the
 * probe writes (FORMAT.md "A capture"), for the clients of a generated corpus, so the build carries
 * the lab's output at scale. Two generators written apart, so a target met on one is not a property
 * of one generator's habits:
 *
 * - `bench` (this file): clients by a Zipf law (the busiest hundreds of captures, the quietest a
 *   few), each with a run of versions captured under every persona, stdio and HTTP handshakes
 *   built as objects and serialised, and, with `sessions`, scenario runs with `model` events whose
 *   long strings are elided as `{"elided":n,"sha256":…}` with `kept` pieces;
 * - `independent` (bench/captures-independent.ts): another seed, clients drawn evenly, other
 *   personas and transports in other proportions, lines written from templates.
 *
 * Both are pure functions of their options: the same options give the same bytes.
 */
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRandom, zipf, type Random } from './prng.ts';

/** Which generator: the bench's own, or the one written independently of it. */
export const CAPTURE_GENERATORS = ['bench', 'independent'] as const;
/** One of CAPTURE_GENERATORS. */
export type CaptureGenerator = (typeof CAPTURE_GENERATORS)[number];

export interface CaptureOptions {
  /** How many capture files. */
  count: number;
  /** The ids of the corpus's clients (files in `clients/`). */
  clients: readonly string[];
  seed?: number;
  /**
   * Scenario runs with `model` events and the header's `scenario` and `model` (FORMAT.md), beside
   * handshakes. Off where the capture schema does not accept them yet.
   */
  sessions?: boolean;
}

/** One generated file: its id (the file name without `.jsonl`) and its text. */
export interface GeneratedCapture {
  id: string;
  client: string;
  text: string;
}

const PERSONAS = ['observe', 'legacy:2024-11-05', 'legacy:2025-03-26', 'legacy:2025-06-18', 'legacy:2025-11-25', 'modern-only'];
const SCENARIOS = ['tool-results', 'elicitation', 'sampling', 'roots', 'progress', 'resource-links'];
const MODEL_APIS = [
  ['anthropic-messages', '/v1/messages'],
  ['openai-chat', '/v1/chat/completions'],
  ['openai-responses', '/v1/responses'],
  ['gemini', '/v1beta/models/gemini-pro:generateContent'],
] as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** `2026-12-01T20:30:43Z` and its id form `20261201-203043`, `seconds` after a fixed start. */
const instant = (seconds: number) => {
  const date = new Date(Date.parse('2026-09-01T00:00:00Z') + seconds * 1000);
  const iso = `${date.toISOString().slice(0, 19)}Z`;
  return { iso, slug: `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}` };
};

/** Writes events as lines with `seq` and `t`, the header first. */
const lines = (header: Record<string, unknown>, events: Record<string, unknown>[], random: Random) => {
  let t = random.int(1, 8);
  const out = [JSON.stringify(header)];
  events.forEach((event, index) => {
    out.push(JSON.stringify({ seq: index + 1, t, ...event }));
    t += random.int(0, 40) + (random.chance(0.05) ? random.int(200, 1500) : 0);
  });
  return `${out.join('\n')}\n`;
};

const capabilities = (random: Random) => {
  const caps: Record<string, unknown> = {};
  if (random.chance(0.7)) caps['roots'] = { listChanged: random.chance(0.5) };
  if (random.chance(0.4)) caps['sampling'] = {};
  if (random.chance(0.35)) caps['elicitation'] = random.chance(0.5) ? {} : { form: {}, url: {} };
  if (random.chance(0.1)) caps['experimental'] = { [`x-${random.int(1, 9)}`]: {} };
  return caps;
};

const tools = (random: Random) =>
  Array.from({ length: random.int(1, 6) }, (_, index) => ({
    name: `probe_tool_${index}`,
    description: `Returns what the probe was asked, as scenario step ${index} of this run.`,
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string', description: 'Any text.' }, count: { type: 'integer', minimum: 0 } },
      required: ['text'],
    },
  }));

/** A long string the client wrote itself (its system prompt), elided per FORMAT.md. */
const elided = (random: Random, keep?: string) => {
  const length = random.int(2_000, 40_000);
  return {
    elided: length,
    sha256: sha256(`${length}.${random.next()}`),
    ...(keep === undefined ? {} : { kept: [{ at: random.int(0, length - 200), text: keep }] }),
  };
};

interface Connection {
  request: (id: number | undefined, method: string, params?: unknown) => Record<string, unknown>[];
  answer: (id: number, result: unknown) => Record<string, unknown>[];
}

/** One JSON-RPC exchange's events over stdio lines. */
const stdio = (): Connection => ({
  request: (id, method, params) => [
    {
      from: 'client',
      kind: 'message',
      raw: JSON.stringify({ jsonrpc: '2.0', ...(id === undefined ? {} : { id }), method, ...(params ? { params } : {}) }),
    },
  ],
  answer: (id, result) => [{ from: 'probe', kind: 'message', raw: JSON.stringify({ jsonrpc: '2.0', id, result }) }],
});

/** The same over Streamable HTTP, with the headers clients send and the probe's session id. */
const http = (random: Random, userAgent: string): Connection => {
  const session = sha256(String(random.next())).slice(0, 32);
  let version: string | undefined;
  return {
    request: (id, method, params) => {
      const body = JSON.stringify({ jsonrpc: '2.0', ...(id === undefined ? {} : { id }), method, ...(params ? { params } : {}) });
      const headers: [string, string][] = [
        ['Accept', 'application/json, text/event-stream'],
        ['Content-Type', 'application/json'],
        ['User-Agent', userAgent],
        ...(version ? ([['mcp-protocol-version', version]] as [string, string][]) : []),
        ...(method === 'initialize' ? [] : ([['mcp-session-id', session]] as [string, string][])),
        ['Host', '127.0.0.1:45023'],
        ['Content-Length', String(body.length)],
      ];
      const events: Record<string, unknown>[] = [{ from: 'client', kind: 'http', method: 'POST', target: '/mcp', headers, body }];
      if (id === undefined)
        events.push({ from: 'probe', kind: 'http', status: 202, headers: [['Content-Length', '0']], body: '' });
      return events;
    },
    answer: (id, result) => {
      if (typeof result === 'object' && result !== null && 'protocolVersion' in result) version = String(result.protocolVersion);
      const body = JSON.stringify({ jsonrpc: '2.0', id, result });
      const sse = random.chance(0.4);
      return [
        {
          from: 'probe',
          kind: 'http',
          status: 200,
          headers: [
            ['Content-Type', sse ? 'text/event-stream' : 'application/json'],
            ['Mcp-Session-Id', session],
            ['Date', 'Tue, 01 Dec 2026 20:30:44 GMT'],
          ],
          body: sse ? `event: message\ndata: ${body}\n\n` : body,
        },
      ];
    },
  };
};

/** Writes `count` captures for `clients` into `dir/captures` (emptied first); returns their ids. */
export const benchCaptures = (options: CaptureOptions): GeneratedCapture[] => {
  const random = createRandom(options.seed ?? 31_000 + options.count);
  const clientRank = zipf(random, options.clients.length, 0.8);
  const out: GeneratedCapture[] = [];
  const used = new Set<string>();
  // Versions a client has been captured at, oldest first: a new capture is mostly of its newest.
  const versions = new Map<string, number>();
  for (let index = 0; index < options.count; index++) {
    const client = options.clients[clientRank()] as string;
    const last = (versions.get(client) ?? random.int(0, 40)) + (random.chance(0.25) ? 1 : 0);
    versions.set(client, last);
    const version = `${random.chance(0.3) ? 0 : 1}.${Math.floor(last / 10)}.${last % 10}`;
    const session = options.sessions === true && random.chance(0.45);
    const persona = session ? 'observe' : random.pick(PERSONAS);
    const transport = random.chance(0.3) ? 'http' : 'stdio';
    let when = instant(index * 37 + random.int(0, 30));
    let id = `${client}-${version.replaceAll('.', '-')}-${persona.replace(':', '-')}-${transport}-${when.slug}`;
    while (used.has(id)) {
      when = instant(index * 37 + random.int(31, 36_000));
      id = `${client}-${version.replaceAll('.', '-')}-${persona.replace(':', '-')}-${transport}-${when.slug}`;
    }
    used.add(id);
    const scenario = session ? random.pick(SCENARIOS) : undefined;
    const model = session ? random.pick(MODEL_APIS) : undefined;
    const header = {
      capture: 1,
      client,
      version,
      package: `@bench/${client}`,
      command: `${client} mcp list`,
      path: random.pick(['cli', 'cli', 'ide', 'desktop', 'sdk'] as const),
      transport,
      persona,
      capturedAt: when.iso,
      probe: '0.1.0',
      // The header's `scenario` waits for the schema (helper probe's); `model` is in it.
      ...(scenario ? { model: model?.[0] } : {}),
    };
    const wire = transport === 'http' ? http(random, `${client}/${version}`) : stdio();
    const offered = persona.startsWith('legacy:') ? persona.slice(7) : '2025-11-25';
    const events: Record<string, unknown>[] = [
      {
        from: 'probe',
        kind: 'lifecycle',
        event: 'start',
        detail: transport === 'http' ? 'http http://127.0.0.1:45023/mcp' : 'stdio',
      },
      ...wire.request(0, 'initialize', {
        protocolVersion: random.pick(['2025-06-18', '2025-11-25', '2025-03-26']),
        capabilities: capabilities(random),
        clientInfo: { name: client, version },
      }),
      ...wire.answer(0, {
        protocolVersion: offered,
        capabilities: { tools: { listChanged: true }, ...(random.chance(0.5) ? { prompts: {}, resources: {} } : {}) },
        serverInfo: { name: 'canimcp-probe', version: '0.1.0' },
        ...(scenario ? { instructions: `Scenario ${scenario}: call the tools in order.` } : {}),
      }),
      ...wire.request(undefined, 'notifications/initialized'),
    ];
    let id2 = 1;
    const offeredTools = tools(random);
    for (const method of ['tools/list', 'prompts/list', 'resources/list']) {
      if (method !== 'tools/list' && !random.chance(0.5)) continue;
      events.push(...wire.request(id2, method));
      events.push(
        ...wire.answer(id2, method === 'tools/list' ? { tools: offeredTools } : { [method.split('/')[0] as string]: [] }),
      );
      id2 += 1;
    }
    if (scenario && model) {
      // A session: the client asks the stand-in model, which calls the server's tools in turn.
      for (let turn = 0; turn < random.int(1, 4); turn++) {
        const request = {
          model: 'stand-in',
          system: [elided(random, `Scenario ${scenario}: call the tools in order.`)],
          tools: offeredTools.map((tool) => ({
            name: `mcp__probe__${tool.name}`,
            description: tool.description,
            input_schema: tool.inputSchema,
          })),
          messages: [{ role: 'user', content: [{ type: 'text', text: elided(random) }] }],
          max_tokens: 32_000,
        };
        events.push({
          from: 'client',
          kind: 'model',
          method: 'POST',
          target: model[1],
          headers: [
            ['content-type', 'application/json'],
            ['x-api-key', '<redacted>'],
          ],
          body: JSON.stringify(request),
        });
        const tool = random.pick(offeredTools);
        events.push({
          from: 'probe',
          kind: 'model',
          status: 200,
          headers: [['content-type', 'application/json']],
          body: JSON.stringify({
            content: [{ type: 'tool_use', id: `call_${turn}`, name: `mcp__probe__${tool.name}`, input: { text: 'x' } }],
          }),
        });
        events.push(...wire.request(id2, 'tools/call', { name: tool.name, arguments: { text: 'x' } }));
        events.push(
          ...wire.answer(id2, { content: [{ type: 'text', text: `step ${turn} done` }], structuredContent: { step: turn } }),
        );
        id2 += 1;
      }
    }
    events.push(
      random.chance(0.08)
        ? { from: 'probe', kind: 'lifecycle', event: 'timeout', detail: `stopped after ${random.int(30, 120)} s` }
        : { from: 'probe', kind: 'lifecycle', event: 'closed' },
    );
    out.push({ id, client, text: lines(header, events, random) });
  }
  return out;
};

/** Writes generated captures into `<contentDir>/captures` (emptied first). */
export const writeCaptures = async (contentDir: string, captures: readonly GeneratedCapture[]): Promise<void> => {
  const dir = path.join(contentDir, 'captures');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const capture of captures) await writeFile(path.join(dir, `${capture.id}.jsonl`), capture.text);
};
