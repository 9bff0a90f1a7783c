/**
 * One capture from the events of several processes. Over stdio the client starts the probe itself,
 * so the probe's events and the stand-in model's come from different processes: each records
 * absolute times (the probe counts `t` from the runner's epoch, the model records `at`), and the
 * runner merges them here into one file, in time order, `seq` renumbered, ending with a lifecycle
 * event: the runner's `timeout` where it stopped the client at its time limit (FORMAT.md). Pure.
 */
import { isRecord } from '../mcp/json.ts';
import { redactHeaders, redactTarget } from '../../schema/capture.ts';

/** A stand-in model exchange as its `record` callback reports it: bodies already elided. */
export interface ModelRecord {
  from: 'client' | 'probe';
  target?: string;
  method?: string;
  status?: number;
  headers: readonly (readonly [string, string])[];
  body: string;
  /** Date.now() when it happened. */
  at: number;
}

/** How the run ended, as the runner saw it. */
export interface RunEnd {
  /** Milliseconds from the epoch to the end of the client. */
  elapsedMs: number;
  /** Set where the runner stopped the client at its time limit (seconds). */
  timedOutAfter?: number | undefined;
  /** The client's exit code, where it exited by itself. */
  exitCode?: number | null | undefined;
}

/** What the runner adds to the header. */
export interface MergeInfo {
  scenario?: string | undefined;
  /** The model API the stand-in answered in. */
  modelApi?: string | undefined;
  /** The instant (ms since 1970) every `t` counts from. */
  epoch: number;
  end: RunEnd;
}

type Line = Record<string, unknown>;

const ENDS = new Set(['closed', 'timeout', 'error']);

/** The lines of a capture file the probe wrote: its header and its events (unparseable lines dropped). */
export const parseCaptureText = (text: string): { header: Line; events: Line[] } | undefined => {
  const lines = text.split('\n').filter((line) => line !== '');
  const parsed = lines.flatMap((line) => {
    try {
      const value: unknown = JSON.parse(line);
      return isRecord(value) ? [value] : [];
    } catch {
      return [];
    }
  });
  const [header, ...events] = parsed;
  return header === undefined ? undefined : { header, events };
};

const timeOf = (event: Line) => (typeof event['t'] === 'number' ? event['t'] : 0);

/** A model record as a capture event (before numbering), secrets in its headers and target redacted. */
const modelEvent = (record: ModelRecord, epoch: number): Line => ({
  t: Math.max(0, Math.round(record.at - epoch)),
  from: record.from,
  kind: 'model',
  ...(record.method === undefined ? {} : { method: record.method }),
  ...(record.target === undefined ? {} : { target: redactTarget(record.target) }),
  ...(record.status === undefined ? {} : { status: record.status }),
  headers: redactHeaders(record.headers),
  body: record.body,
});

/**
 * Which of several captures the model's events belong to: the one whose time span holds most of
 * them (the session, not a health check beside it); the later one on a tie; the last where none
 * holds any (a client that asks its model before it starts its servers); -1 where there are no events.
 */
export const modelOwner = (spans: readonly { first: number; last: number }[], times: readonly number[]): number => {
  let best = -1;
  let most = 0;
  spans.forEach((span, index) => {
    const held = times.filter((time) => time >= span.first && time <= span.last).length;
    if (held > 0 && held >= most) {
      best = index;
      most = held;
    }
  });
  return best === -1 && times.length > 0 ? spans.length - 1 : best;
};

/** The runner's closing event: `timeout` where it stopped the client, else `closed` where nothing closed the capture. */
const closing = (events: readonly Line[], end: RunEnd): Line | undefined => {
  if (end.timedOutAfter !== undefined)
    return {
      from: 'probe',
      kind: 'lifecycle',
      event: 'timeout',
      detail: `the runner stopped the client at its time limit of ${end.timedOutAfter} s, ${end.elapsedMs} ms after the run began`,
    };
  const last = events.at(-1);
  if (last?.['kind'] === 'lifecycle' && ENDS.has(String(last['event']))) return undefined;
  return {
    from: 'probe',
    kind: 'lifecycle',
    event: 'closed',
    detail: `the client exited${end.exitCode === undefined || end.exitCode === null ? '' : ` with code ${end.exitCode}`}, ${end.elapsedMs} ms after the run began`,
  };
};

/** The final capture text: the probe's header with the runner's fields, its events and the model's in time order. */
export const mergeCapture = (probe: { header: Line; events: Line[] }, model: readonly ModelRecord[], info: MergeInfo): string => {
  const fromModel = model.map((record) => modelEvent(record, info.epoch)).sort((a, b) => timeOf(a) - timeOf(b));
  const merged: Line[] = [];
  let next = 0;
  for (const event of probe.events) {
    while (next < fromModel.length && timeOf(fromModel[next] ?? {}) < timeOf(event)) merged.push(fromModel[next++] ?? {});
    merged.push(event);
  }
  merged.push(...fromModel.slice(next));
  const last = closing(merged, info.end);
  if (last !== undefined) merged.push({ t: Math.max(timeOf(merged.at(-1) ?? {}), info.end.elapsedMs), ...last });
  let t = 0;
  const numbered = merged.map((event, index) => {
    const rest = Object.fromEntries(Object.entries(event).filter(([key]) => key !== 'seq' && key !== 't'));
    const time = event['t'];
    t = Math.max(t, typeof time === 'number' ? time : 0);
    return { seq: index + 1, t, ...rest };
  });
  const header = {
    ...probe.header,
    ...(info.scenario === undefined ? {} : { scenario: info.scenario }),
    ...(info.modelApi === undefined || fromModel.length === 0 ? {} : { model: info.modelApi }),
  };
  return [header, ...numbered].map((line) => `${JSON.stringify(line)}\n`).join('');
};
