/**
 * The elision of a `model` event's body (FORMAT.md "A capture": model events). A request to the
 * stand-in model carries the client's own system prompt and built-in tools, which are its vendor's
 * text and not ours to publish, around what came from the MCP server, which is the evidence. So
 * every string of more than 200 characters is replaced by its length and SHA-256, unless it is the
 * server's own text (or the server's text with a short wrapping of the client's); where an elided
 * string embeds pieces of the server's text (instructions inside a system prompt), each piece is
 * kept with its offset. Structure (keys, roles, block types, numbers) is kept as it was.
 */
import { isRecord } from '../mcp/json.ts';
import { sha256Hex } from './sha256.ts';

/** Strings up to this length are kept whoever wrote them. */
export const longString = 200;
/** A server string shorter than this is not looked for inside a long string: a tool name or `text` would match everywhere. */
const minPiece = 20;
/** A long server string truncated by the client still counts as the server's where its first this many characters match. */
const prefixPiece = 64;

/** What an elided string becomes. */
export interface Elided {
  elided: number;
  sha256: string;
  kept?: { at: number; text: string }[];
}

/** Whether a JSON value is an elision marker. */
export const isElided = (value: unknown): value is Elided =>
  isRecord(value) && typeof value['elided'] === 'number' && typeof value['sha256'] === 'string';

/** One stretch of a string that is the server's text. */
interface Piece {
  at: number;
  end: number;
}

/** Every form a server string may take inside a client's text: as sent, and JSON-escaped (a result inside a JSON string). */
const needlesOf = (serverStrings: readonly string[]): string[] => {
  const needles = new Set<string>();
  for (const text of serverStrings) {
    if (text.length < minPiece) continue;
    needles.add(text);
    const escaped = JSON.stringify(text).slice(1, -1);
    if (escaped !== text) needles.add(escaped);
  }
  // Longest first, so that a long piece is found before the shorter ones inside it.
  return [...needles].sort((a, b) => b.length - a.length);
};

/** The stretches of `text` that are server text: whole needles, or a truncated long needle's first characters and on. */
const piecesIn = (text: string, needles: readonly string[]): Piece[] => {
  const found: Piece[] = [];
  const covered = (at: number) => found.some((piece) => at >= piece.at && at < piece.end);
  for (const needle of needles) {
    const head = needle.slice(0, prefixPiece);
    let from = 0;
    for (;;) {
      const at = text.indexOf(head, from);
      if (at < 0) break;
      let length = head.length;
      while (length < needle.length && at + length < text.length && text[at + length] === needle[length]) length += 1;
      if (!covered(at)) found.push({ at, end: at + length });
      from = at + Math.max(1, length);
    }
  }
  found.sort((a, b) => a.at - b.at);
  // Overlapping finds merge into one piece.
  const merged: Piece[] = [];
  for (const piece of found) {
    const last = merged.at(-1);
    if (last !== undefined && piece.at <= last.end) last.end = Math.max(last.end, piece.end);
    else merged.push({ ...piece });
  }
  return merged;
};

/** Characters of `text` outside the pieces. */
const uncovered = (text: string, pieces: readonly Piece[]) =>
  text.length - pieces.reduce((sum, piece) => sum + piece.end - piece.at, 0);

/** A long string that is a JSON document (a tool result the client serialised): its value, where it parses. */
const jsonInside = (text: string): unknown => {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** The elision of a body against the server's strings, made once and applied to every request of a run. */
export interface ModelBodyElider {
  /** The body with every long string that is not the server's elided; the text as it came where nothing is. */
  (body: string): string;
}

/**
 * An elider for one run: `serverStrings` are every string the MCP server sends (instructions, tool
 * names, descriptions, schema text, results), which are kept wherever they appear.
 */
export const modelBodyElider = (serverStrings: readonly string[]): ModelBodyElider => {
  const exact = new Set(serverStrings);
  const needles = needlesOf(serverStrings);

  /** Whether a long string may stand as it is: the server's own, its text with a short wrapping, or JSON made of such strings. */
  const keepable = (text: string, depth: number): boolean => {
    if (text.length <= longString || exact.has(text)) return true;
    if (uncovered(text, piecesIn(text, needles)) <= longString) return true;
    const inner = jsonInside(text);
    return inner !== undefined && depth < 4 && everyString(inner, (value) => keepable(value, depth + 1));
  };

  const elideString = (text: string): string | Elided => {
    if (keepable(text, 0)) return text;
    const kept = piecesIn(text, needles).map((piece) => ({ at: piece.at, text: text.slice(piece.at, piece.end) }));
    return { elided: text.length, sha256: sha256Hex(text), ...(kept.length === 0 ? {} : { kept }) };
  };

  /** A key is structure, but a key can be any string: a long one that is not the server's is replaced by a mark. */
  const elideKey = (key: string): string =>
    keepable(key, 0) ? key : `[${key.length} characters elided, sha256 ${sha256Hex(key)}]`;

  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return elideString(value);
    if (Array.isArray(value)) return value.map(walk);
    if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [elideKey(key), walk(item)]));
    return value;
  };

  return (body) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body) as unknown;
    } catch {
      // Not JSON: the body is one string, kept or elided whole.
      const result = elideString(body);
      return typeof result === 'string' ? result : JSON.stringify(result);
    }
    if (everyString(parsed, (text) => keepable(text, 0), true)) return body;
    return JSON.stringify(walk(parsed));
  };
};

/** Whether `test` holds for every string in a JSON value (and every key, where `keys`). */
const everyString = (value: unknown, test: (text: string) => boolean, keys = false): boolean => {
  if (typeof value === 'string') return test(value);
  if (Array.isArray(value)) return value.every((item) => everyString(item, test, keys));
  if (isRecord(value)) {
    return Object.entries(value).every(([key, item]) => (!keys || test(key)) && everyString(item, test, keys));
  }
  return true;
};

/** One body elided against the server's strings (FORMAT.md "A capture"); see `modelBodyElider` for a run's many bodies. */
export const elideModelBody = (body: string, serverStrings: readonly string[]): string => modelBodyElider(serverStrings)(body);

/** Where a JSON value sits, as `system[1].text`. */
const pathText = (path: readonly (string | number)[]) =>
  path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('');

/**
 * What is wrong with the elision marks in a recorded model request body, one message each (check's
 * rule for `model` events): a mark must give the elided string's length (over 200), its SHA-256 as
 * 64 hex digits, and each kept piece's offset and text, inside the string it was cut from.
 */
export const elisionProblems = (body: string): string[] => {
  let value: unknown;
  try {
    value = JSON.parse(body) as unknown;
  } catch {
    return [];
  }
  const problems: string[] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...path, index]));
    if (!isRecord(node)) return;
    if ('elided' in node && 'sha256' in node) {
      const where = path.length === 0 ? 'the body' : pathText(path);
      const length = node['elided'];
      if (typeof length !== 'number' || !Number.isInteger(length) || length <= longString) {
        problems.push(`${where}: elided: expected the elided string's length, a whole number over ${longString}`);
      }
      if (typeof node['sha256'] !== 'string' || !/^[0-9a-f]{64}$/.test(node['sha256'])) {
        problems.push(`${where}: sha256: expected 64 lowercase hex digits`);
      }
      const kept = node['kept'];
      if (kept !== undefined) {
        const pieces = Array.isArray(kept) ? (kept as unknown[]) : [];
        const bad =
          !Array.isArray(kept) ||
          pieces.some(
            (piece) =>
              !isRecord(piece) ||
              typeof piece['text'] !== 'string' ||
              typeof piece['at'] !== 'number' ||
              !Number.isInteger(piece['at']) ||
              piece['at'] < 0 ||
              (typeof length === 'number' && piece['at'] + piece['text'].length > length),
          );
        if (bad) problems.push(`${where}: kept: expected a list of { at, text } pieces inside the elided string`);
      }
      return;
    }
    for (const [key, item] of Object.entries(node)) walk(item, [...path, key]);
  };
  walk(value, []);
  return problems;
};
