/**
 * The campaign's pure core (`npm run probe -- campaign`): which releases of a client are newer than
 * its newest captured version, the runs each release gets (the handshake, then every scenario its
 * kit can play), the state that lets an interrupted campaign resume, the verdict changes a capture
 * proposes against the published verdicts, and the report and pull request body in Markdown.
 */
import type { Capture } from '../evidence/capture.ts';
import { isRelease } from '../evidence/releases.ts';
import { compareVersions } from '../evidence/versions.ts';
import { judgeCapture } from '../scenarios/index.ts';
import { proposalsOf } from './draft.ts';

const byVersion = (a: string, b: string): number => compareVersions(a, b) ?? (a < b ? -1 : a > b ? 1 : 0);

/** The newest of a client's captured versions; undefined where none was captured. */
export const newestCaptured = (versions: Iterable<string>): string | undefined => [...versions].sort(byVersion).at(-1);

/**
 * The releases newer than the newest captured version, oldest first; the newest `limit` of them where
 * a limit is given. A client never captured has no "newer": its newest release alone is run.
 */
export const newerReleases = (published: readonly string[], captured: string | undefined, limit?: number): string[] => {
  const releases = [...new Set(published)].filter(isRelease).sort(byVersion);
  const newer = captured === undefined ? releases.slice(-1) : releases.filter((version) => byVersion(version, captured) > 0);
  return limit === undefined ? newer : newer.slice(Math.max(0, newer.length - limit));
};

/** One run of the campaign: a client version, and the scenario it plays (none: the handshake alone). */
export interface CampaignRun {
  client: string;
  version: string;
  scenario?: string;
}

/** A run's key in the state file: `codex@0.172.0#tool-results`, `#handshake` for the handshake alone. */
export const runKey = (run: CampaignRun): string => `${run.client}@${run.version}#${run.scenario ?? 'handshake'}`;

/** Every run of one release: the handshake first, then each scenario, in the lab's order. */
export const releaseRuns = (client: string, version: string, scenarios: readonly string[]): CampaignRun[] => [
  { client, version },
  ...scenarios.map((scenario) => ({ client, version, scenario })),
];

/** What became of one run: the captures it wrote, or why it wrote none; and how long it took. */
export interface RunOutcome {
  status: 'done' | 'failed';
  captures: string[];
  seconds: number;
  reason?: string;
}

/** What the campaign has done so far, written after every run so that it resumes where it stopped. */
export interface CampaignState {
  started: string;
  runs: Record<string, RunOutcome>;
  /** Per client, why it was not run at all (no kit, blocked, a registry it cannot install from, unreachable). */
  skipped: Record<string, string>;
  /** Per client, the seconds its runs took, installs included. */
  seconds: Record<string, number>;
}

/** A fresh state. */
export const emptyState = (started: string): CampaignState => ({ started, runs: {}, skipped: {}, seconds: {} });

/** Reads a state file's text; an Error naming the file and the field where it is not one. */
export const parseState = (text: string, file: string): CampaignState => {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`${file}: not JSON: delete it to start the campaign afresh`);
  }
  const record = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!record(data)) throw new Error(`${file}: expected an object`);
  const state = data as Record<string, unknown>;
  for (const field of ['runs', 'skipped', 'seconds'] as const)
    if (!record(state[field])) throw new Error(`${file}: ${field}: expected an object`);
  if (typeof state['started'] !== 'string') throw new Error(`${file}: started: expected a time`);
  return data as CampaignState;
};

/** A cell a capture speaks to: a revision or a feature of its client, and the state the capture shows. */
export interface CapturedCell {
  client: string;
  axis: 'revision' | 'feature';
  column: string;
  state: string;
  capture: string;
  version: string;
  /** The judge's or the persona's reason, in words. */
  because: string;
}

/** The cells a capture decides, as `draft` proposes them: its persona's revision verdict and its judged features. */
export const capturedCells = (capture: Capture): CapturedCell[] => {
  const { client, version } = capture.header;
  const base = { client, version, capture: capture.id };
  return [
    ...proposalsOf(capture).proposals.map((item): CapturedCell => ({
      ...base,
      axis: 'revision',
      column: item.revision,
      state: item.state,
      because: item.because,
    })),
    ...judgeCapture(capture)
      .filter((fact) => fact.state !== 'not-observed')
      .map((fact): CapturedCell => ({ ...base, axis: 'feature', column: fact.feature, state: fact.state, because: fact.detail })),
  ];
};

/** A published verdict as the client file writes it. */
export interface PublishedVerdict {
  axis: 'revision' | 'feature';
  column: string;
  state: string;
  version?: string | undefined;
}

/** A verdict change a capture proposes: a cell it speaks to whose published verdict says otherwise, or none. */
export interface ProposedChange extends CapturedCell {
  published?: { state: string; version?: string | undefined };
}

/**
 * The cells where the captures show another state than the published verdict, or a state where none
 * is published; one per cell, from the newest version's capture (the others agree, or are older).
 */
export const proposedChanges = (cells: readonly CapturedCell[], published: readonly PublishedVerdict[]): ProposedChange[] => {
  const newest = new Map<string, CapturedCell>();
  for (const cell of cells) {
    const key = `${cell.client}\0${cell.axis}\0${cell.column}`;
    const known = newest.get(key);
    if (known === undefined || byVersion(cell.version, known.version) > 0) newest.set(key, cell);
  }
  return [...newest.values()]
    .flatMap((cell): ProposedChange[] => {
      const verdict = published.find((item) => item.axis === cell.axis && item.column === cell.column);
      if (verdict !== undefined && verdict.state === cell.state) return [];
      return [verdict === undefined ? cell : { ...cell, published: { state: verdict.state, version: verdict.version } }];
    })
    .sort((a, b) => `${a.client} ${a.axis} ${a.column}`.localeCompare(`${b.client} ${b.axis} ${b.column}`));
};

const code = (text: string) => `\`${text.replaceAll('`', 'ˋ')}\``;
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The proposed changes as a Markdown table naming each cell, or a line saying there are none. */
export const changesMarkdown = (changes: readonly ProposedChange[]): string =>
  changes.length === 0
    ? 'No capture shows a state other than the published verdicts.'
    : [
        '| Cell | Published | Captured | Capture | Why |',
        '|---|---|---|---|---|',
        ...changes.map(
          (change) =>
            `| ${code(change.client)} × ${change.axis} ${code(change.column)} | ${change.published === undefined ? 'none' : `${change.published.state}${change.published.version === undefined ? '' : ` (${change.published.version})`}`} | ${change.state} (${change.version}) | ${code(change.capture)} | ${cell(change.because)} |`,
        ),
      ].join('\n');

/** One client's part of the report: the versions it ran, its runs' outcomes and its time. */
export interface ClientSummary {
  client: string;
  /** The newest version captured before the campaign, where any was. */
  newestCaptured?: string;
  versions: string[];
  skipped?: string;
}

/** The report of a campaign run, in Markdown: per client what ran, how long, what it wrote and what it could not run and why. */
export const campaignReport = (state: CampaignState, clients: readonly ClientSummary[]): string => {
  const lines = [`# Campaign of ${state.started}`, ''];
  lines.push(
    '| Client | Newest captured before | Versions run | Runs | Captures | Failed | Time |',
    '|---|---|---|---|---|---|---|',
  );
  for (const summary of clients) {
    const runs = Object.entries(state.runs).filter(([key]) => key.startsWith(`${summary.client}@`));
    const failed = runs.filter(([, outcome]) => outcome.status === 'failed').length;
    const captures = runs.reduce((sum, [, outcome]) => sum + outcome.captures.length, 0);
    const seconds = state.seconds[summary.client];
    lines.push(
      `| ${summary.client} | ${summary.newestCaptured ?? 'none'} | ${summary.skipped !== undefined ? `not run: ${cell(summary.skipped)}` : summary.versions.length === 0 ? 'none newer' : summary.versions.join(', ')} | ${runs.length} | ${captures} | ${failed} | ${seconds === undefined ? '—' : `${Math.round(seconds)} s`} |`,
    );
  }
  const failures = Object.entries(state.runs).filter(([, outcome]) => outcome.status === 'failed');
  if (failures.length > 0) {
    lines.push('', '## Runs that wrote no capture', '');
    for (const [key, outcome] of failures) lines.push(`- ${code(key)}: ${cell(outcome.reason ?? 'no capture written')}`);
  }
  return `${lines.join('\n')}\n`;
};

/** The pull request body: what the campaign ran, the changes its captures propose, and the verdicts a person changed. */
export const pullRequestBody = (report: string, changes: readonly ProposedChange[], verdictDiff?: string): string =>
  [
    report.trim(),
    '',
    '## Verdict changes the captures propose',
    '',
    'Each row is a cell where a new capture shows another state than the published verdict (or where none is published). Read the capture before accepting one: the wire wins over a judge.',
    '',
    changesMarkdown(changes),
    ...(verdictDiff === undefined ? [] : ['', '## Verdicts changed on this branch', '', verdictDiff.trim()]),
    '',
  ].join('\n');
