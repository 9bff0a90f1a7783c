/**
 * The captures axis's second generator, written apart from bench/captures.ts so a target is not met
 * only by that generator's habits: its own seed, clients drawn evenly (each about count ÷ clients
 * captures), half the handshakes over HTTP, personas weighted towards the legacy ones, longer
 * sessions with more `model` events, ids of another form, and lines written from templates rather
 * than serialised objects. Pure: the same options give the same files.
 */
import { createHash } from 'node:crypto';
import { createRandom } from './prng.ts';
import type { CaptureOptions, GeneratedCapture } from './captures.ts';

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
const q = (text: string) => JSON.stringify(text);

/** Captures from the independent generator (same options as `benchCaptures`). */
export const independentCaptures = (options: CaptureOptions): GeneratedCapture[] => {
  const random = createRandom(options.seed ?? 7_777_031 + options.count * 3);
  const result: GeneratedCapture[] = [];
  const perClient = new Map<string, number>();
  const start = Date.parse('2026-06-15T08:00:00Z');
  for (let n = 0; n < options.count; n++) {
    const client = options.clients[random.int(0, options.clients.length - 1)] as string;
    const k = (perClient.get(client) ?? 0) + 1;
    perClient.set(client, k);
    const major = random.int(0, 3);
    const version = `${major}.${random.int(0, 60)}.${random.int(0, 12)}${random.chance(0.1) ? `-beta.${random.int(1, 5)}` : ''}`;
    const legacy = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'][random.int(0, 3)] as string;
    const roll = random.next();
    const persona = roll < 0.55 ? `legacy:${legacy}` : roll < 0.8 ? 'observe' : roll < 0.95 ? 'modern-only' : 'slow-initialize';
    const http = random.chance(0.5);
    const session = options.sessions === true && random.chance(0.3);
    const capturedAt = `${new Date(start + n * 61_000 + random.int(0, 59) * 1000).toISOString().slice(0, 19)}Z`;
    const id = `${client}-run-${String(k).padStart(4, '0')}-${http ? 'h' : 's'}${hash(`${n}.${client}`).slice(0, 6)}`;
    const api = ['anthropic-messages', 'openai-chat', 'openai-responses', 'gemini'][random.int(0, 3)] as string;
    const head = `{"capture":1,"client":${q(client)},"version":${q(version)},"path":${q(random.chance(0.6) ? 'cli' : 'ide')},"transport":${q(http ? 'http' : 'stdio')},"persona":${q(persona)},"capturedAt":${q(capturedAt)},"probe":"0.2.${random.int(0, 4)}"${session ? `,"model":${q(api)}` : ''}}`;

    const body: string[] = [];
    let seq = 0;
    let t = 0;
    const line = (from: string, rest: string) => {
      seq += 1;
      t += random.int(1, 25);
      body.push(`{"seq":${seq},"t":${t},"from":"${from}",${rest}}`);
    };
    const sid = hash(capturedAt).slice(0, 36);
    const send = (from: 'client' | 'probe', rpc: string) => {
      if (!http) return line(from, `"kind":"message","raw":${q(rpc)}`);
      if (from === 'client')
        return line(
          from,
          `"kind":"http","method":"POST","target":"/mcp","headers":[["content-type","application/json"],["accept","application/json, text/event-stream"],["mcp-session-id",${q(sid)}]],"body":${q(rpc)}`,
        );
      return line(
        from,
        `"kind":"http","status":200,"headers":[["content-type","application/json"],["mcp-session-id",${q(sid)}]],"body":${q(rpc)}`,
      );
    };

    line('probe', `"kind":"lifecycle","event":"start"`);
    send(
      'client',
      `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{${random.chance(0.5) ? '"roots":{}' : ''}},"clientInfo":{"name":${q(client)},"version":${q(version)}}}}`,
    );
    send(
      'probe',
      `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"${persona.startsWith('legacy:') ? legacy : '2025-11-25'}","capabilities":{"tools":{},"logging":{}},"serverInfo":{"name":"canimcp-probe","version":"0.2.0"}}}`,
    );
    send('client', '{"jsonrpc":"2.0","method":"notifications/initialized"}');
    const toolCount = random.int(2, 12);
    const toolList = Array.from(
      { length: toolCount },
      (_, i) =>
        `{"name":"t${i}","description":"Tool ${i} of the probe.","inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}}`,
    ).join(',');
    send('client', '{"jsonrpc":"2.0","id":2,"method":"tools/list"}');
    send('probe', `{"jsonrpc":"2.0","id":2,"result":{"tools":[${toolList}]}}`);
    if (random.chance(0.3)) {
      send('client', '{"jsonrpc":"2.0","id":3,"method":"ping"}');
      send('probe', '{"jsonrpc":"2.0","id":3,"result":{}}');
    }
    if (session) {
      const turns = random.int(2, 8);
      for (let turn = 0; turn < turns; turn++) {
        const big = random.int(5_000, 80_000);
        const request = `{"model":"x","instructions":{"elided":${big},"sha256":"${hash(`${id}.${turn}`)}","kept":[{"at":${random.int(0, 4000)},"text":"Tool ${turn} of the probe."}]},"input":[{"role":"user","content":{"elided":${random.int(201, 3000)},"sha256":"${hash(`${id}.u${turn}`)}"}}],"tools":[${toolList}]}`;
        line(
          'client',
          `"kind":"model","method":"POST","target":"/v1/responses","headers":[["authorization","<redacted>"]],"body":${q(request)}`,
        );
        line(
          'probe',
          `"kind":"model","status":200,"headers":[],"body":${q(`{"output":[{"type":"function_call","name":"t${turn % toolCount}","arguments":"{}"}]}`)}`,
        );
        send(
          'client',
          `{"jsonrpc":"2.0","id":${10 + turn},"method":"tools/call","params":{"name":"t${turn % toolCount}","arguments":{}}}`,
        );
        send('probe', `{"jsonrpc":"2.0","id":${10 + turn},"result":{"content":[{"type":"text","text":"ok ${turn}"}]}}`);
      }
    }
    line('probe', `"kind":"lifecycle","event":"closed"`);
    result.push({ id, client, text: `${head}\n${body.join('\n')}\n` });
  }
  return result;
};
