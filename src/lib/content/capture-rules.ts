/**
 * The rules of a capture file (FORMAT.md "A capture") and of the notes that cite one. Pure: the
 * files' bytes are read and hashed in src/node/captures.ts; here they are judged.
 */
import type { Capture } from '../evidence/capture.ts';
import { elisionProblems } from '../evidence/elide-model.ts';
import { CaptureEvent, CaptureHeader, redactedValue, unredactedValues } from '../../schema/capture.ts';
import type { CaptureHeader as Header, CaptureEvent as Event } from '../../schema/capture.ts';
import { parseAuthored } from '../../schema/errors.ts';
import { Slug } from '../../schema/fields.ts';
import type { InvalidUtf8 } from './encoding.ts';
import { isRecord } from '../mcp/json.ts';
import type { Report } from './file-rules.ts';
import { expandUnions, fieldsAt, issuePath } from './issues.ts';
import type { Problem } from './problems.ts';
import { didYouMean } from './suggest.ts';

/** One capture file as read from disk, before any rule has looked at it. */
export interface CaptureFile {
  /** The file name without `.jsonl`. */
  id: string;
  /** The file, relative to the working directory, as problems name it. */
  file: string;
  /** The file's text, decoded as UTF-8. */
  text: string;
  /** The SHA-256 of the file's bytes, 64 lowercase hex digits: what a capture source pins. */
  sha256: string;
  /** Where the file stops being UTF-8, if it does. */
  invalidUtf8?: InvalidUtf8 | undefined;
}

/** A capture file with its bytes, for `/captures/<id>.jsonl`, served byte for byte. */
export interface CaptureBytes extends CaptureFile {
  bytes: Uint8Array<ArrayBuffer>;
}

/** What notes need to know of each capture file, valid or not: its hash and the client it names. */
export type CaptureIndex = ReadonlyMap<string, { sha256: string; client?: string }>;

/** The column of a field's key in a JSON line (1 where it cannot be found), so an editor lands on it. */
const columnOf = (line: string, path: readonly PropertyKey[]): number => {
  const key = path.find((segment) => typeof segment === 'string');
  if (key === undefined) return 1;
  const at = line.indexOf(`${JSON.stringify(key)}:`);
  return at < 0 ? 1 : at + 1;
};

/** The column JSON.parse names in its message ("at position 12", "(line 1 column 13)"). */
const jsonErrorColumn = (message: string): number => {
  const column = /column (\d+)/.exec(message);
  if (column) return Number(column[1]);
  const position = /position (\d+)/.exec(message);
  return position ? Number(position[1]) + 1 : 1;
};


/**
 * Checks one capture file: UTF-8, every line ending in a newline and holding one JSON object, the
 * header first, each event valid for its kind, `seq` 1, 2, 3, … without gaps, `t` never going back,
 * no secret left unredacted, and a client that exists. Every problem at `path:line:col: field: message`.
 */
export const checkCapture = (file: CaptureFile, clients: ReadonlySet<string>): { capture?: Capture; problems: Problem[] } => {
  const problems: Problem[] = [];
  const at = (line: number, column: number, field: string | undefined, message: string) =>
    problems.push({ file: file.file, line, column, ...(field === undefined ? {} : { field }), message });

  const name = Slug.safeParse(file.id).error?.issues[0];
  if (name !== undefined) at(1, 1, 'file name', name.message);
  if (file.invalidUtf8 !== undefined) {
    const { line, column, byte } = file.invalidUtf8;
    at(line, column, undefined, `not valid UTF-8: byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} cannot stand here`);
    return { problems };
  }
  if (file.text === '') {
    at(1, 1, undefined, 'empty capture: expected a header line, then one event per line');
    return { problems };
  }
  const lines = file.text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  else at(lines.length, (lines.at(-1)?.length ?? 0) + 1, undefined, 'the last line must end in a newline');

  let header: Header | undefined;
  const events: Event[] = [];
  let expectedSeq = 1;
  let lastT: number | undefined;
  lines.forEach((text, index) => {
    const line = index + 1;
    if (text.trim() === '') {
      at(line, 1, undefined, 'empty line: expected one JSON object per line');
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      at(line, jsonErrorColumn(message), undefined, `not valid JSON: ${message}`);
      // The broken line was an event: the next one keeps counting after it.
      if (line > 1) expectedSeq += 1;
      return;
    }
    if (line === 1 && !(isRecord(value) && 'capture' in value)) {
      at(1, 1, 'capture', 'the first line must be the header ({"capture":1,"client":…}), not an event');
    }
    const isHeader = line === 1 && isRecord(value) && 'capture' in value;
    const schema = isHeader ? CaptureHeader : CaptureEvent;
    const result = parseAuthored(schema, value);
    if (!result.success) {
      for (const issue of expandUnions(result.error.issues)) {
        if (issue.code === 'unrecognized_keys') {
          const allowed = isHeader ? fieldsAt(CaptureHeader, []) : undefined;
          for (const key of issue.keys) {
            at(
              line,
              columnOf(text, [key]),
              issuePath([...issue.path, key]),
              `unknown field${allowed ? `${didYouMean(key, allowed)}; allowed fields are ${allowed.join(', ')}` : ''}`,
            );
          }
        } else at(line, columnOf(text, issue.path), issue.path.length ? issuePath(issue.path) : undefined, issue.message);
      }
    }
    if (isHeader) {
      const client = isRecord(value) ? value['client'] : undefined;
      if (typeof client === 'string' && !clients.has(client) && Slug.safeParse(client).success) {
        at(1, columnOf(text, ['client']), 'client', `unknown client ${JSON.stringify(client)}${didYouMean(client, clients)}`);
      }
      if (result.success) header = result.data as Header;
      return;
    }
    // Order is checked on what the line says even where another field is wrong, so one run reports both.
    const seq = isRecord(value) ? value['seq'] : undefined;
    if (typeof seq === 'number' && Number.isInteger(seq)) {
      // At the line's start: the problem is the line's place in the order.
      if (seq !== expectedSeq) at(line, 1, 'seq', `expected ${expectedSeq}, got ${seq}`);
      expectedSeq = seq + 1;
    } else expectedSeq += 1;
    const t = isRecord(value) ? value['t'] : undefined;
    if (typeof t === 'number') {
      if (lastT !== undefined && t < lastT) {
        at(line, columnOf(text, ['t']), 't', `expected ${lastT} or more (events are in time order), got ${t}`);
      }
      lastT = Math.max(t, lastT ?? t);
    }
    if (!result.success) return;
    const event = result.data as Event;
    for (const leak of unredactedValues(event)) {
      const what =
        leak.field === 'target' ? `the query parameter ${JSON.stringify(leak.name)}` : `the header ${JSON.stringify(leak.name)}`;
      at(
        line,
        columnOf(text, [leak.field === 'target' ? 'target' : 'headers']),
        leak.field,
        `${what} must be redacted: its value must be "${redactedValue}"`,
      );
    }
    if (event.kind === 'model' && event.from === 'client') {
      for (const problem of elisionProblems(event.body)) at(line, columnOf(text, ['body']), 'body', problem);
    }
    events.push(event);
  });
  if (problems.length > 0 || header === undefined) return { problems };
  return { capture: { id: file.id, file: file.file, sha256: file.sha256, header, events }, problems };
};

/** The client a capture's header names, read without judging the rest of the file. */
const headerClient = (text: string): string | undefined => {
  const first = text.slice(0, text.indexOf('\n') < 0 ? undefined : text.indexOf('\n'));
  try {
    const value: unknown = JSON.parse(first);
    return isRecord(value) && typeof value['client'] === 'string' ? value['client'] : undefined;
  } catch {
    return undefined;
  }
};

/** Every capture file's hash and client, for the notes that cite them. */
export const captureIndex = (files: readonly CaptureFile[]): CaptureIndex =>
  new Map(
    files.map((file) => {
      const client = headerClient(file.text);
      return [file.id, { sha256: file.sha256, ...(client === undefined ? {} : { client }) }];
    }),
  );

/**
 * A note's capture sources against the captures: each names a capture that exists, pins its bytes'
 * SHA-256, and is of a client the note names.
 */
export const captureSourceProblems = (data: Record<string, unknown>, captures: CaptureIndex, report: Report): void => {
  const sources = data['sources'];
  if (!Array.isArray(sources)) return;
  const clients = Array.isArray(data['clients']) ? data['clients'].filter((item) => typeof item === 'string') : [];
  sources.forEach((source: unknown, index) => {
    if (!isRecord(source) || typeof source['capture'] !== 'string') return;
    const id = source['capture'];
    const capture = captures.get(id);
    if (capture === undefined) {
      report(['sources', index, 'capture'], `unknown capture ${JSON.stringify(id)}${didYouMean(id, captures.keys())}`);
      return;
    }
    const pinned = source['sha256'];
    if (typeof pinned === 'string' && /^[0-9a-fA-F]{64}$/.test(pinned) && pinned.toLowerCase() !== capture.sha256) {
      report(
        ['sources', index, 'sha256'],
        `does not match the capture file captures/${id}.jsonl, whose SHA-256 is ${capture.sha256}: evidence must not change under a note`,
      );
    }
    if (capture.client !== undefined && !clients.includes(capture.client)) {
      report(
        ['sources', index, 'capture'],
        `the capture is of the client ${JSON.stringify(capture.client)}, which is not among the note's clients (${clients.join(', ')})`,
      );
    }
  });
};
