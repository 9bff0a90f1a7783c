/**
 * A capture made readable: one row per event (who sent what, when; JSON pretty-printed; HTTP
 * headers as pairs), a summary for lists, and its `.md` twin. Everything a client sent stays text:
 * pages print it through Astro's escaping, and the twin puts it in code spans and fenced blocks.
 */
import type { CaptureEvent } from '../../schema/capture.ts';
import { isElided } from '../evidence/elide-model.ts';
import type { Capture } from '../evidence/capture.ts';
import { faceKind, type FaceKind } from '../evidence/capture-face.ts';
import { clientInfoOf, infoText, offeredVersions, userAgentOf, type ClientInfo } from '../evidence/capture-facts.ts';
import { isRecord, parseJson } from '../mcp/json.ts';
import { isSseBody, jsonValuesOf } from '../mcp/messages.ts';
import { linkText } from '../markdown/md-escape.ts';
import { captureUrl, clientUrl, noteUrl } from '../routes/urls.ts';

/** What a list of captures shows of one. */
export interface CaptureSummary {
  id: string;
  client: string;
  version: string;
  path: string;
  transport: string;
  persona: string;
  capturedAt: string;
  /** Every protocol version the client offered, in order. */
  offered: string[];
  clientInfo?: ClientInfo;
  userAgent?: string;
  /** A session, a health check, or the lab's own SDK script (whose clientInfo is no client's). */
  face: FaceKind;
  /** What was run to make the client connect, as the header says. */
  command?: string;
}

/** The summary of one capture. */
export const captureSummary = (capture: Capture): CaptureSummary => {
  const { header } = capture;
  const clientInfo = clientInfoOf(capture);
  const userAgent = userAgentOf(capture);
  return {
    id: capture.id,
    client: header.client,
    version: header.version,
    path: header.path,
    transport: header.transport,
    persona: header.persona,
    capturedAt: header.capturedAt,
    offered: offeredVersions(capture),
    ...(clientInfo === undefined ? {} : { clientInfo }),
    ...(userAgent === undefined ? {} : { userAgent }),
    face: faceKind(capture),
    ...(header.command === undefined ? {} : { command: header.command }),
  };
};

/** One event as the exchange shows it. */
export interface ExchangeRow {
  seq: number;
  t: number;
  from: 'client' | 'probe';
  /** `initialize`, `result of 0`, `POST /mcp`, `HTTP 200`, `closed`, … */
  label: string;
  /** The message or body: JSON pretty-printed where it is JSON, else the text as sent. */
  body?: string;
  /** Whether `body` is pretty-printed JSON. */
  json: boolean;
  headers?: [string, string][];
  /** A lifecycle event's detail. */
  detail?: string;
  /** How many characters of `body` the page leaves out (`fitBodies`); the capture file has them all. */
  cut?: number;
}

/** What one JSON-RPC message is, in a few words: its method, or the id it answers. */
const messageLabel = (value: unknown): string | undefined => {
  if (Array.isArray(value)) return `batch of ${value.length}`;
  if (!isRecord(value)) return undefined;
  const id = value['id'];
  const idText = typeof id === 'string' || typeof id === 'number' || id === null ? JSON.stringify(id) : undefined;
  if (typeof value['method'] === 'string') return idText === undefined ? value['method'] : `${value['method']} (id ${idText})`;
  if ('result' in value) return `result for id ${idText ?? '?'}`;
  if ('error' in value) return `error for id ${idText ?? '?'}`;
  return undefined;
};

/** A body as the exchange shows it: pretty JSON where it parses, else as sent. */
const shownBody = (text: string): { body?: string; json: boolean; parsed: unknown } => {
  if (text === '') return { json: false, parsed: undefined };
  const parsed = parseJson(text);
  return parsed === undefined
    ? { body: text, json: false, parsed }
    : { body: JSON.stringify(parsed, null, 2), json: true, parsed };
};

/** How an elided string reads: its length, and each piece of the server's text kept inside it, with where it stood. */
export const elidedText = (marker: { elided: number; kept?: readonly { at: number; text: string }[] }): string => {
  const pieces = (marker.kept ?? []).map((piece) => `\n[kept from the server, at ${piece.at}:] ${piece.text}`).join('');
  return `[${marker.elided} characters elided]${pieces}`;
};

/** A model request's body with every elision mark (FORMAT.md) replaced by its reading; other values as they were. */
const readableModelBody = (value: unknown): unknown => {
  if (isElided(value)) return elidedText(value);
  if (Array.isArray(value)) return value.map(readableModelBody);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, readableModelBody(item)]));
  return value;
};

/** A `model` event as a row: what the client sent the stand-in model (its vendor's text elided), or the answer it got. */
const modelRow = (
  event: Extract<CaptureEvent, { kind: 'model' }>,
  base: Pick<ExchangeRow, 'seq' | 't' | 'from'>,
): ExchangeRow => {
  const parsed = event.body === '' ? undefined : parseJson(event.body);
  const body =
    parsed === undefined
      ? event.body === ''
        ? {}
        : { body: event.body, json: false }
      : { body: JSON.stringify(readableModelBody(parsed), null, 2), json: true };
  const start = 'method' in event ? `model request · ${event.method} ${event.target}` : `model answer · HTTP ${event.status}`;
  return { ...base, label: start, json: false, headers: event.headers, ...body };
};

/** How a browser hand-off reads: the way the authorization URL reached the lab's browser. */
const handoffWords: Record<string, string> = {
  'browser-env': 'through the BROWSER variable',
  opener: "through the system's opener",
  printed: "printed in the client's output",
};

/** An `auth` event as a row: an exchange of the sign-in, or the hand-off of its URL to the lab's browser. */
const authRow = (event: Extract<CaptureEvent, { kind: 'auth' }>, base: Pick<ExchangeRow, 'seq' | 't' | 'from'>): ExchangeRow => {
  const { body, json } = shownBody(event.body);
  const label =
    'via' in event && event.via !== undefined
      ? `sign-in · browser hand-off ${handoffWords[event.via] ?? event.via}`
      : 'method' in event
        ? `sign-in · ${event.method} ${event.target}`
        : `sign-in · HTTP ${event.status}`;
  return { ...base, label, json, headers: event.headers, ...(body === undefined ? {} : { body }) };
};

/** One event as a row of the exchange. */
const exchangeRow = (event: CaptureEvent): ExchangeRow => {
  const base = { seq: event.seq, t: event.t, from: event.from };
  if (event.kind === 'model') return modelRow(event, base);
  if (event.kind === 'auth') return authRow(event, base);
  if (event.kind === 'lifecycle') {
    return { ...base, label: event.event, json: false, ...(event.detail === undefined ? {} : { detail: event.detail }) };
  }
  if (event.kind === 'message') {
    const { body, json, parsed } = shownBody(event.raw);
    const label = messageLabel(parsed) ?? (json ? 'JSON' : 'not JSON');
    return { ...base, label, json, ...(body === undefined ? {} : { body }) };
  }
  // An SSE body stays as sent (its framing is part of what the wire shows); its label names each
  // message its events carry, read by the same reader as every other view of a capture.
  const sse = isSseBody(event);
  const { body, json, parsed } = sse
    ? { body: event.body === '' ? undefined : event.body, json: false, parsed: undefined }
    : shownBody(event.body);
  const labels = (sse ? jsonValuesOf(event) : [parsed]).map(messageLabel).filter((label) => label !== undefined);
  const message = labels.length === 0 ? undefined : sse ? `SSE: ${labels.join(', ')}` : labels.join(', ');
  const start = 'method' in event ? `${event.method} ${event.target}` : `HTTP ${event.status}`;
  return {
    ...base,
    label: message === undefined ? start : `${start} · ${message}`,
    json,
    headers: event.headers,
    ...(body === undefined ? {} : { body }),
  };
};

/** Every event of a capture as a row, in order. */
export const exchangeRows = (capture: Capture): ExchangeRow[] => capture.events.map(exchangeRow);

/** HTTP headers as the wire writes them: one `name: value` line each, in the order sent. */
export const headerLines = (headers: readonly (readonly [string, string])[]): string =>
  headers.map(([name, value]) => `${name}: ${value}`).join('\n');

/**
 * How many characters of headers and bodies a capture's page shows in all: a session's model
 * requests repeat the whole conversation, and every HTTP event carries a dozen headers.
 */
export const PAGE_TEXT_BUDGET = 50_000;

/** How much of an HTML page a capture's page shows: it is a sign-in page, not a protocol message. */
export const HTML_PAGE_HEAD = 200;

/** Whether a row's headers say its body is an HTML page. */
const isHtmlPage = (row: ExchangeRow): boolean =>
  (row.headers ?? []).some(
    ([name, value]) => name.toLowerCase() === 'content-type' && value.toLowerCase().startsWith('text/html'),
  );

/** A row whose body is cut to `keep` characters, adding to what was already cut. */
const cutBody = (row: ExchangeRow, keep: number): ExchangeRow =>
  row.body === undefined || row.body.length <= keep
    ? row
    : { ...row, body: row.body.slice(0, keep), cut: (row.cut ?? 0) + row.body.length - keep };

/**
 * Rows that fit the page's budget. Headers are evidence (a challenge, a session id, a token's
 * presence) and stay whole; an HTML page keeps only its head; bodies share what the headers leave:
 * short ones stay whole and the long ones share the rest evenly (the largest share that fits), each
 * cut one saying how much it leaves out. The twin and the capture file keep every byte.
 */
export const fitBodies = (rows: readonly ExchangeRow[], budget = PAGE_TEXT_BUDGET): ExchangeRow[] => {
  const headed = rows.map((row) => (isHtmlPage(row) ? cutBody(row, HTML_PAGE_HEAD) : row));
  const headerChars = headed.reduce((sum, row) => sum + (row.headers === undefined ? 0 : headerLines(row.headers).length), 0);
  const lengths = headed.map((row) => row.body?.length ?? 0).sort((a, b) => a - b);
  let left = Math.max(0, budget - headerChars);
  if (lengths.reduce((sum, length) => sum + length, 0) <= left) return headed;
  let cap = 0;
  for (const [index, length] of lengths.entries()) {
    const sharing = lengths.length - index;
    if (length * sharing > left) {
      cap = Math.floor(left / sharing);
      break;
    }
    left -= length;
  }
  return headed.map((row) => cutBody(row, cap));
};

/** Text as a Markdown code span that no backtick, newline or markup inside can break out of. */
export const codeSpan = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ');
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || flat.startsWith(' ') ? ' ' : '';
  return flat === '' ? '(empty)' : `${fence}${pad}${flat}${pad}${fence}`;
};

/** Text as a fenced code block that nothing inside can close. */
export const codeBlock = (text: string, info = ''): string => {
  const longest = Math.max(0, ...[...text.matchAll(/`{3,}/g)].map((run) => run[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${text.replace(/\n$/, '')}\n${fence}`;
};

/** Who sent an event, and to whom. */
export const direction = (from: 'client' | 'probe'): string => (from === 'client' ? 'client → probe' : 'probe → client');

/** A capture's `.md` twin: the header as a list, then every event in order, client text in code. */
export const captureTwin = (
  capture: Capture,
  context: { clientName: string; citedBy: readonly { id: string; title: string }[] },
): string => {
  const { header } = capture;
  const summary = captureSummary(capture);
  const info = summary.clientInfo;
  const facts = [
    `- Client: [${linkText(context.clientName)}](${clientUrl(header.client, 'twin')}), version ${codeSpan(header.version)}`,
    ...(header.package === undefined ? [] : [`- Package: ${codeSpan(header.package)}`]),
    ...(header.command === undefined ? [] : [`- Command: ${codeSpan(header.command)}`]),
    `- Path: ${header.path} · Transport: ${header.transport} · Persona: ${codeSpan(header.persona)}`,
    `- Captured at: ${header.capturedAt} · Probe: ${codeSpan(header.probe)}`,
    ...(header.model === undefined ? [] : [`- Model API (the stand-in model's): ${header.model}`]),
    ...(header.face === undefined ? [] : [`- Face: ${header.face}`]),
    `- Versions offered: ${summary.offered.length === 0 ? 'none' : summary.offered.map(codeSpan).join(', ')}`,
    ...(info === undefined
      ? []
      : [
          `- clientInfo: ${['name', 'title', 'version']
            .flatMap((field) => {
              const value = infoText(info, field);
              return value === undefined ? [] : [`${field} ${codeSpan(value)}`];
            })
            .join(', ')}`,
        ]),
    ...(summary.userAgent === undefined ? [] : [`- User-Agent: ${codeSpan(summary.userAgent)}`]),
    `- The file: [${capture.id}.jsonl](${captureUrl(capture.id, 'file')}), sha256 \`${capture.sha256}\``,
  ];
  const events = exchangeRows(capture).map((row) => {
    const parts = [`### ${row.seq} · +${row.t} ms · ${direction(row.from)} · ${codeSpan(row.label)}`];
    if (row.detail !== undefined) parts.push(codeBlock(row.detail));
    if (row.headers !== undefined && row.headers.length > 0) {
      parts.push(codeBlock(headerLines(row.headers), 'http'));
    }
    if (row.body !== undefined) parts.push(codeBlock(row.body, row.json ? 'json' : ''));
    return parts.join('\n\n');
  });
  const blocks = [
    `# Capture ${capture.id}`,
    `What ${linkText(context.clientName)} sent to the canimcp probe, and what the probe answered, as recorded on the wire. Everything in code below was written by the client or the probe, as sent.`,
    facts.join('\n'),
  ];
  if (context.citedBy.length > 0) {
    blocks.push(
      `## Cited by\n\n${context.citedBy.map((note) => `- [${linkText(note.title)}](${noteUrl(note.id, 'twin')})`).join('\n')}`,
    );
  }
  blocks.push(`## Exchange\n\n${events.join('\n\n')}`);
  return `${blocks.join('\n\n')}\n`;
};
