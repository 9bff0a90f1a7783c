/**
 * Which captures speak for a cell, and what each shows: the observations a cell's version runs are
 * derived from (version-runs.ts). A verdict's evidence is its notes; the captures those notes cite
 * of the verdict's own client are its observations, each judged for the cell by the same decisions
 * the probe's `draft` makes (src/lib/scenarios/handshake.ts).
 */
import type { Verdict, VerdictState } from '../../schema/index.ts';
import { faceOf, isHealthCheck } from '../evidence/capture-face.ts';
import type { Capture } from '../evidence/capture.ts';
import { declaredCapabilityKeys, heldWhileObserved, revisionOutcome } from '../scenarios/handshake.ts';
import { messagesFrom } from '../mcp/messages.ts';
import { isRecord } from '../mcp/json.ts';
import { isAnswer } from '../scenarios/answers.ts';
import { judgeCapture } from '../scenarios/index.ts';
import type { FacedObservation, Observation } from './version-runs.ts';

/** The client capabilities a client declares in `initialize` (or `_meta`): the cells a capture can judge. */
export const declarableCapabilities = ['roots', 'sampling', 'elicitation', 'tasks'] as const;

/** The requests a server sends a client under each declarable capability. */
const capabilityRequests: Record<string, string> = {
  roots: 'roots/list',
  sampling: 'sampling/createMessage',
  elicitation: 'elicitation/create',
};

/** The extension that carries tasks from 2026-07-28 on (SEP-2663). */
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/**
 * The face a cell speaks for, from the captures that decide it: the face with the most of them, and
 * on a tie a session's over a health check's, stdio over HTTP. Captures of other faces are left out,
 * never mixed in: a health check (`mcp list`, `mcp-test-client`) is a separate client, or at least a
 * separate code path, whose declarations are not the session's, and the reverse holds too. Where a
 * client's health check is the face its verdicts were made on (Claude Code's `mcp list` sends the
 * session's handshake), the runs say so by naming the face.
 */
export const cellFace = (captures: readonly Pick<Capture, 'header' | 'events'>[]): string | undefined => {
  const scores = new Map<string, number>();
  for (const capture of captures) {
    const face = faceOf(capture);
    const tie = (isHealthCheck(capture) ? 0 : 2) + (capture.header.transport === 'stdio' ? 1 : 0);
    scores.set(face, (scores.get(face) ?? tie) + 4);
  }
  let best: string | undefined;
  let bestScore = -1;
  for (const [face, score] of scores) if (score > bestScore) [best, bestScore] = [face, score];
  return best;
};

/** What a client's answers to the capability's requests show: answered, refused, or never asked. */
const handling = (capture: Pick<Capture, 'header' | 'events'>, capability: string): 'answered' | 'refused' | 'unasked' => {
  const method = capabilityRequests[capability];
  if (method === undefined) return 'unasked';
  const asked = new Map(
    messagesFrom(capture, 'probe')
      .filter(({ message }) => message['method'] === method)
      .map(({ message, seq }) => [message['id'], seq] as const),
  );
  if (asked.size === 0) return 'unasked';
  const answers = messagesFrom(capture, 'client').filter(({ message }) => !('method' in message) && asked.has(message['id']));
  // A request the client refused by itself (a sampling result that is no completion, an elicitation
  // declined or cancelled with nobody asked) was not handled.
  const handled = ({ message, seq }: (typeof answers)[number]) =>
    isRecord(message['result']) && isAnswer(capture, method, message['result'], asked.get(message['id']) ?? seq, seq);
  return answers.some(handled) ? 'answered' : 'refused';
};

/** Whether a capture declares a capability; tasks also as the 2026-07-28 extension that replaced it. */
const declares = (capture: Pick<Capture, 'events'>, capability: string): boolean => {
  const keys = declaredCapabilityKeys(capture);
  return keys.has(capability) || (capability === 'tasks' && keys.has(`extensions/${TASKS_EXTENSION}`));
};

/**
 * One capture judged for one cell, or undefined where it decides nothing. A revision: the persona
 * offered that revision only and the client held a session (yes) or stopped (no); an observing
 * capture decides only a session held at the version the client opened with (heldWhileObserved),
 * never a no, since the client chose; a held session agrees with a `partial`
 * verdict, whose gaps a handshake cannot show. A declarable capability: not declared is
 * `no`; declared and the server's request answered is `yes`, refused or left unanswered `partial`;
 * declared and never asked cannot tell `yes` from `partial`, so it agrees with the verdict's state
 * (a `no` verdict it contradicts: `partial`, declared but not shown to be handled).
 */
export const judgeCell = (
  capture: Pick<Capture, 'header' | 'events'>,
  cell: { axis: 'revision' | 'capability'; column: string; state: VerdictState },
): VerdictState | undefined => {
  if (cell.axis === 'revision') {
    const observed = heldWhileObserved(capture);
    const { outcome } =
      observed === undefined ? revisionOutcome(capture) : { outcome: { revision: observed, state: 'yes' as const } };
    if (outcome?.revision !== cell.column) return undefined;
    // A held session agrees with a partial verdict: its gaps are the caveat's, which a handshake cannot show.
    return outcome.state === 'yes' && cell.state === 'partial' ? 'partial' : outcome.state;
  }
  if (!(declarableCapabilities as readonly string[]).includes(cell.column)) return undefined;
  if (!capture.events.some((event) => event.from === 'client' && event.kind !== 'lifecycle')) return undefined;
  if (!declares(capture, cell.column)) return 'no';
  const handled = handling(capture, cell.column);
  if (handled === 'answered') return 'yes';
  if (handled === 'refused') return 'partial';
  return cell.state === 'no' ? 'partial' : cell.state;
};

/** Each capture's facts, judged once per capture object: check judges every client file's cells from the same captures. */
const judged = new WeakMap<Pick<Capture, 'header' | 'events'>, ReturnType<typeof judgeCapture>>();

/** The facts a capture's judges give (`judgeCapture`), remembered for the capture object. */
export const capturedFacts = (capture: Pick<Capture, 'header' | 'events'>): ReturnType<typeof judgeCapture> => {
  const known = judged.get(capture);
  if (known !== undefined) return known;
  const facts = judgeCapture(capture);
  judged.set(capture, facts);
  return facts;
};

/** What a cell's observations are derived from: its verdict, its client, and the captures of each note. */
export interface CellEvidence {
  client: string;
  verdict: Pick<Verdict, 'revision' | 'capability' | 'state'> & { notes: readonly string[] };
  /** Per note id, the captures it cites (any client's: only the verdict's client's count). */
  capturesOf: (note: string) => readonly Capture[];
  /**
   * Captures the notes do not cite that are judged too where they are of the cell's face (which the
   * cited ones decide): `npm run check` passes every capture of the client, so a `since` that an
   * uncited older capture contradicts is refused as well.
   */
  others?: readonly Capture[];
}

/**
 * A cell's face and its observations: every capture its notes cite of its client, of the cell's face,
 * that decides it, and every other capture of the client in that face (`others`). The captures of
 * the client's other faces of the same kind (sessions, or health checks) that decide the cell are
 * its `otherFaces`: the runs are split where one of them shows another state (version-runs.ts).
 */
export const cellEvidence = ({
  client,
  verdict,
  capturesOf,
  others = [],
}: CellEvidence): { face?: string; observations: Observation[]; otherFaces: FacedObservation[] } => {
  const axis = verdict.revision !== undefined ? 'revision' : 'capability';
  const column = verdict.revision ?? verdict.capability;
  if (column === undefined) return { observations: [], otherFaces: [] };
  const cited = new Map<string, Capture>();
  for (const note of verdict.notes) {
    for (const capture of capturesOf(note)) if (capture.header.client === client) cited.set(capture.id, capture);
  }
  const cell = { axis, column, state: verdict.state } as const;
  const judged = [...cited.values()].flatMap((capture) => {
    const state = judgeCell(capture, cell);
    return state === undefined ? [] : [{ capture, state }];
  });
  const face = cellFace(judged.map((item) => item.capture));
  const kinds = new Set(judged.map((item) => isHealthCheck(item.capture)));
  const extra = others.flatMap((capture) => {
    if (capture.header.client !== client || cited.has(capture.id)) return [];
    if (faceOf(capture) !== face && !kinds.has(isHealthCheck(capture))) return [];
    const state = judgeCell(capture, cell);
    return state === undefined ? [] : [{ capture, state }];
  });
  const observation = (item: { capture: Capture; state: VerdictState }): Observation => ({
    version: item.capture.header.version,
    state: item.state,
    capture: item.capture.id,
  });
  const all = [...judged, ...extra];
  const observations = all.filter((item) => faceOf(item.capture) === face).map(observation);
  const otherFaces = all
    .filter((item) => faceOf(item.capture) !== face)
    .map((item) => ({ ...observation(item), face: faceLabel(faceOf(item.capture)) }));
  return face === undefined ? { observations, otherFaces } : { face: faceLabel(face), observations, otherFaces };
};

/** A cell's observations (see cellEvidence), for callers that need only the captures' judgements. */
export const cellObservations = (evidence: CellEvidence): Observation[] => cellEvidence(evidence).observations;

/**
 * A face in words: `claude mcp list (cli, stdio)`, with the task a quoted argument gives it left
 * out (`codex exec --json … (cli, stdio)`): two scenarios' prompts are not what tells faces apart.
 */
export const faceLabel = (face: string): string => {
  const [path = '', transport = '', ...command] = face.split(' · ');
  const run = command
    .join(' · ')
    .replace(/'(?:[^'\\]|'\\'')*'|"(?:[^"\\]|\\.)*"/g, '…')
    .trim();
  return run === '' ? `${path}, ${transport}` : `${run} (${path}, ${transport})`;
};

/** What a feature cell's observations are derived from: its client, its feature, and the captures of each note. */
export interface FeatureEvidence {
  client: string;
  feature: string;
  notes: readonly string[];
  /** Per note id, the captures it cites (any client's: only the verdict's client's count). */
  capturesOf: (note: string) => readonly Capture[];
  /** Captures the notes do not cite, judged too where they are of a face a cited capture decides in. */
  others?: readonly Capture[];
}

/**
 * A feature cell's observations: each capture its notes cite of its client whose judge decides the
 * feature (`judgeCapture`, as the build's feature cells read them), and each other capture of the
 * client in a face one of those decides in, so an older uncited capture that already shows the
 * behaviour contradicts a later `since` as it does for a revision.
 */
export const featureObservations = ({ client, feature, notes, capturesOf, others = [] }: FeatureEvidence): Observation[] => {
  const decided = (capture: Capture): Observation[] =>
    capturedFacts(capture).flatMap((fact) =>
      fact.feature === feature && fact.state !== 'not-observed'
        ? [{ version: capture.header.version, state: fact.state, capture: capture.id }]
        : [],
    );
  const cited = new Map<string, Capture>();
  for (const note of notes) {
    for (const capture of capturesOf(note)) if (capture.header.client === client) cited.set(capture.id, capture);
  }
  const judged = [...cited.values()].flatMap((capture) => decided(capture).map((observation) => ({ capture, observation })));
  const faces = new Set(judged.map((item) => faceOf(item.capture)));
  const extra = others.flatMap((capture) =>
    capture.header.client !== client || cited.has(capture.id) || !faces.has(faceOf(capture)) ? [] : decided(capture),
  );
  return [...judged.map((item) => item.observation), ...extra];
};
