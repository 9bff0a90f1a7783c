/**
 * Verdict history, read semantically: the content folder replayed commit by commit (oldest first),
 * each client's verdicts read with the project's own frontmatter reader and schema, and every change
 * of a cell's state, version or evidence kept with its commit. Pure: src/node/verdict-history.ts
 * reads git and hands the files of each commit in.
 */
import { ClientFrontmatter } from '../../schema/client.ts';
import { parseAuthored } from '../../schema/errors.ts';
import { Verdict } from '../../schema/verdict.ts';
import { captureIndex } from '../content/capture-rules.ts';
import { asRecord } from '../content/entries.ts';
import { parseFile } from '../content/frontmatter.ts';
import type { CellState } from '../../schema/index.ts';
import type { Axis, Evidence } from '../cells/matrix.ts';

/** What the history tracks of a cell; a cell without a verdict is `unknown` and has neither. */
export interface CellSnapshot {
  state: CellState;
  version?: string;
  evidence?: Evidence;
}

/** A commit as the history names it. */
export interface CommitInfo {
  /** The full commit id. */
  commit: string;
  /** The committer date, ISO 8601 UTC (`2026-12-01T19:34:18Z`). */
  date: string;
  /** The commit's subject line. */
  subject: string;
}

/** One change of one cell, made by one commit. */
export interface CellChange extends CommitInfo {
  client: string;
  axis: HistoryAxis;
  /** The revision, capability or feature id. */
  column: string;
  from: CellSnapshot;
  to: CellSnapshot;
}

/** A change of a revision's or a capability's cell: what the matrices' pages, feeds and history export follow. */
export type MatrixChange = CellChange & { axis: Axis };

/** A file of the content folder as one commit left it: `clients/x.md`, `research/y.md`, `captures/z.jsonl`. */
export interface FileVersion {
  /** The path inside the content folder, with `/`. */
  path: string;
  /** The file's text; undefined where the commit deleted it. */
  text: string | undefined;
}

/** A commit and the content files it changed. */
export interface CommitFiles extends CommitInfo {
  files: readonly FileVersion[];
}

/** A client file of some commit that could not be read as the schema says, and what was kept instead. */
export interface SkippedFile {
  commit: string;
  file: string;
  reason: string;
}

/** A verdict as the history needs it. */
interface CellVerdict {
  state: CellState;
  version?: string;
  notes: readonly string[];
}

/** The content at one commit, as far as verdicts and their evidence go. */
export interface ContentState {
  /** Per client id, its verdicts by cell key (`revision:2025-11-25`, `capability:tools`). */
  clients: Map<string, Map<string, CellVerdict>>;
  /** Per note id, the ids of the captures it cites. */
  noteCaptures: Map<string, string[]>;
  /** Per capture id, the client its header names. */
  captureClients: Map<string, string | undefined>;
}

/** An empty content folder: every cell unknown. */
export const emptyState = (): ContentState => ({ clients: new Map(), noteCaptures: new Map(), captureClients: new Map() });

/** What a history cell is about: the matrices' axes, and features. */
export type HistoryAxis = Axis | 'feature';

const cellKey = (axis: HistoryAxis, column: string) => `${axis}:${column}`;

const splitKey = (key: string): { axis: HistoryAxis; column: string } => {
  const at = key.indexOf(':');
  return { axis: key.slice(0, at) as HistoryAxis, column: key.slice(at + 1) };
};

/** What a content path names: its folder and its id; undefined for files the history does not read. */
export const contentPath = (path: string): { folder: 'clients' | 'research' | 'captures'; id: string } | undefined => {
  const match = /^(clients|research)\/([^/]+)\.md$|^(captures)\/([^/]+)\.jsonl$/.exec(path);
  if (match === null) return undefined;
  const folder = (match[1] ?? match[3]) as 'clients' | 'research' | 'captures';
  return { folder, id: (match[2] ?? match[4]) as string };
};

const cellOf = (item: Record<string, unknown>): string | undefined => {
  if (typeof item['revision'] === 'string') return cellKey('revision', item['revision']);
  if (typeof item['capability'] === 'string') return cellKey('capability', item['capability']);
  if (typeof item['feature'] === 'string') return cellKey('feature', item['feature']);
  return undefined;
};

const toCellVerdict = (verdict: Verdict): CellVerdict => ({
  state: verdict.state,
  ...(verdict.version === undefined ? {} : { version: verdict.version }),
  notes: verdict.notes,
});

/**
 * A client file's verdicts by cell, read with the client schema. Where the file as a whole does not
 * pass today's schema (a field since renamed, a verdict since made stricter), each verdict is read on
 * its own; a verdict that still fails keeps the cell as it was (`previous`), and `unreadable` says why.
 */
export const readVerdicts = (
  text: string,
  previous: ReadonlyMap<string, CellVerdict> = new Map(),
): { verdicts: Map<string, CellVerdict>; unreadable?: string } => {
  const parsed = parseFile(text);
  if (parsed === undefined) return { verdicts: new Map(previous), unreadable: 'no frontmatter' };
  const firstSyntaxError = parsed.syntaxErrors[0];
  if (firstSyntaxError !== undefined) {
    return { verdicts: new Map(previous), unreadable: `invalid YAML frontmatter: ${firstSyntaxError.message}` };
  }
  const whole = parseAuthored(ClientFrontmatter, parsed.data);
  const verdicts = new Map<string, CellVerdict>();
  if (whole.success) {
    for (const verdict of whole.data.support ?? []) {
      const key =
        verdict.revision !== undefined
          ? cellKey('revision', verdict.revision)
          : verdict.feature !== undefined
            ? cellKey('feature', verdict.feature)
            : cellKey('capability', verdict.capability ?? '');
      verdicts.set(key, toCellVerdict(verdict));
    }
    return { verdicts };
  }
  const support = asRecord(parsed.data)?.['support'];
  if (support === undefined) return { verdicts };
  if (!Array.isArray(support)) return { verdicts: new Map(previous), unreadable: 'support: expected a list of verdicts' };
  const failed: string[] = [];
  for (const [index, value] of support.entries()) {
    const item = asRecord(value);
    const key = item === undefined ? undefined : cellOf(item);
    if (key === undefined) {
      failed.push(`support[${index}]: expected revision, capability or feature`);
      continue;
    }
    // One verdict per cell: the first wins, as the schema says.
    if (verdicts.has(key)) continue;
    const verdict = parseAuthored(Verdict, value);
    if (verdict.success) {
      verdicts.set(key, toCellVerdict(verdict.data));
      continue;
    }
    failed.push(`support[${index}]: ${verdict.error.issues[0]?.message ?? 'not a valid verdict'}`);
    const kept = previous.get(key);
    if (kept !== undefined) verdicts.set(key, kept);
  }
  return { verdicts, ...(failed.length === 0 ? {} : { unreadable: failed.join('; ') }) };
};

/** The ids of the captures a note cites (its capture sources), however the rest of it reads. */
export const citedCaptures = (text: string): string[] => {
  const sources = asRecord(parseFile(text)?.data)?.['sources'];
  if (!Array.isArray(sources)) return [];
  return sources.flatMap((source: unknown) => {
    const capture = asRecord(source)?.['capture'];
    return typeof capture === 'string' ? [capture] : [];
  });
};

/**
 * The content state after one commit's files, and the client files that could not be read. The
 * state passed in is not changed.
 */
export const applyFiles = (
  state: ContentState,
  files: readonly FileVersion[],
  commit = '',
): { state: ContentState; skipped: SkippedFile[] } => {
  const next: ContentState = {
    clients: new Map(state.clients),
    noteCaptures: new Map(state.noteCaptures),
    captureClients: new Map(state.captureClients),
  };
  const skipped: SkippedFile[] = [];
  for (const file of files) {
    const named = contentPath(file.path);
    if (named === undefined) continue;
    if (named.folder === 'clients') {
      if (file.text === undefined) {
        next.clients.delete(named.id);
        continue;
      }
      const { verdicts, unreadable } = readVerdicts(file.text, state.clients.get(named.id));
      next.clients.set(named.id, verdicts);
      if (unreadable !== undefined) skipped.push({ commit, file: file.path, reason: unreadable });
    } else if (named.folder === 'research') {
      if (file.text === undefined) next.noteCaptures.delete(named.id);
      else next.noteCaptures.set(named.id, citedCaptures(file.text));
    } else if (file.text === undefined) {
      next.captureClients.delete(named.id);
    } else {
      const client = captureIndex([{ id: named.id, file: file.path, text: file.text, sha256: '' }]).get(named.id)?.client;
      next.captureClients.set(named.id, client);
    }
  }
  return { state: next, skipped };
};

/**
 * Every cell with a verdict in a content state, by `client\0axis:column`. Evidence as
 * `/data/matrix.json` computes it: `observed` where a cited note cites a capture of that client.
 */
const cellsOf = (state: ContentState): Map<string, CellSnapshot> => {
  const cells = new Map<string, CellSnapshot>();
  for (const [client, verdicts] of state.clients) {
    for (const [key, verdict] of verdicts) {
      const observed = verdict.notes.some((note) =>
        (state.noteCaptures.get(note) ?? []).some((capture) => state.captureClients.get(capture) === client),
      );
      const evidence: Evidence = observed ? 'observed' : 'read';
      cells.set(`${client}\0${key}`, {
        state: verdict.state,
        ...(verdict.version === undefined ? {} : { version: verdict.version }),
        evidence,
      });
    }
  }
  return cells;
};

const unknown: CellSnapshot = { state: 'unknown' };

const sameSnapshot = (a: CellSnapshot, b: CellSnapshot) =>
  a.state === b.state && a.version === b.version && a.evidence === b.evidence;

/**
 * The cells whose state, version or evidence differ between two content states, in client then
 * revision-before-capability then column order. A cell added counts (unknown → …), and one removed
 * (… → unknown).
 */
export const diffStates = (
  before: ContentState,
  after: ContentState,
): { client: string; axis: HistoryAxis; column: string; from: CellSnapshot; to: CellSnapshot }[] => {
  const old = cellsOf(before);
  const now = cellsOf(after);
  const keys = [...new Set([...old.keys(), ...now.keys()])].sort();
  return keys.flatMap((key) => {
    const from = old.get(key) ?? unknown;
    const to = now.get(key) ?? unknown;
    if (sameSnapshot(from, to)) return [];
    const [client, cell] = key.split('\0') as [string, string];
    return [{ client, ...splitKey(cell), from, to }];
  });
};

/**
 * The whole history of a sequence of commits, oldest first in; newest first out. Feature cells come
 * apart (`featureChanges`): the matrices' pages, feeds and `/data/history.json` follow revisions and
 * capabilities, and the feature status feed replays features.
 */
export const verdictHistory = (
  commits: readonly CommitFiles[],
): { changes: MatrixChange[]; featureChanges: CellChange[]; skipped: SkippedFile[] } => {
  let state = emptyState();
  const changes: CellChange[] = [];
  const skipped: SkippedFile[] = [];
  for (const { files, ...info } of commits) {
    const applied = applyFiles(state, files, info.commit);
    skipped.push(...applied.skipped);
    for (const change of diffStates(state, applied.state)) changes.push({ ...change, ...info });
    state = applied.state;
  }
  changes.reverse();
  return {
    changes: changes.filter((change): change is MatrixChange => change.axis !== 'feature'),
    featureChanges: changes.filter((change) => change.axis === 'feature'),
    skipped: skipped.reverse(),
  };
};

const side = (cell: CellSnapshot, shown: { version: boolean; evidence: boolean }): string => {
  if (cell.state === 'unknown') return 'unknown';
  const parts: string[] = [cell.state];
  if (shown.version) parts.push(cell.version ?? 'no version');
  if (shown.evidence && cell.evidence !== undefined) parts.push(cell.evidence);
  return parts.join(', ');
};

/**
 * A change in one line: `partial → yes, 0.169.0, observed`. The new side says everything it has;
 * the old side only its state and what differs from the new (all it had, where the cell was removed).
 */
export const describeChange = (change: Pick<CellChange, 'from' | 'to'>): string => {
  const { from, to } = change;
  const after = side(to, { version: to.version !== undefined, evidence: true });
  // A removed cell says all it was; otherwise the old side names only what differs from the new.
  const removed = to.state === 'unknown';
  const before = side(from, {
    version: removed ? from.version !== undefined : from.version !== to.version,
    evidence: removed || from.evidence !== to.evidence,
  });
  return `${before} → ${after}`;
};

/** A change with its cell: `codex · elicitation: partial → yes, 0.169.0, observed`. */
export const formatChange = (change: Pick<CellChange, 'client' | 'column' | 'from' | 'to'>): string =>
  `${change.client} · ${change.column}: ${describeChange(change)}`;

/** The id an element of a client page gives a cell's history, so feeds can link to it. */
export const historyAnchor = (axis: HistoryAxis, column: string): string => `history-${axis}-${column}`;

/** Why the history is not published, where it is not. */
export type HistoryUnavailable = { available: false; reason: string };

/** The history the site publishes, or why it publishes none. */
export type VerdictHistory =
  | {
      available: true;
      head: string;
      commits: number;
      changes: MatrixChange[];
      featureChanges: CellChange[];
      skipped: SkippedFile[];
    }
  | HistoryUnavailable;

/** `/data/history.json`: a cell as `revision` or `capability`, like `/data/matrix.json`. */
export const exportHistory = (history: VerdictHistory) => {
  if (!history.available) return { available: false, reason: history.reason, changes: [] };
  return {
    available: true,
    head: history.head,
    commits: history.commits,
    changes: history.changes.map((change) => ({
      client: change.client,
      ...(change.axis === 'revision' ? { revision: change.column } : { capability: change.column }),
      from: change.from,
      to: change.to,
      text: formatChange(change),
      commit: change.commit,
      date: change.date,
      subject: change.subject,
    })),
    skipped: history.skipped,
  };
};

/** One client's changes, newest first; grouped by cell in the order the cells first changed. */
export const clientHistory = (
  history: VerdictHistory,
  client: string,
): { axis: Axis; column: string; changes: MatrixChange[] }[] => {
  if (!history.available) return [];
  const cells = new Map<string, { axis: Axis; column: string; changes: MatrixChange[] }>();
  for (const change of history.changes) {
    if (change.client !== client) continue;
    const key = cellKey(change.axis, change.column);
    const cell = cells.get(key) ?? { axis: change.axis, column: change.column, changes: [] };
    cell.changes.push(change);
    cells.set(key, cell);
  }
  return [...cells.values()];
};
