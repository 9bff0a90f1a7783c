/**
 * Every capture file checked, with what earlier checks found kept by file name and SHA-256 of the
 * bytes. A capture's rules (capture-rules.ts, `checkCapture`) read only its name, its bytes and
 * whether the client its header names exists, so a file of the same name and bytes that passed
 * them once passes them again while that client exists, under the same code: its lines are then
 * only parsed, not judged again (at 10,000 captures the rules cost about 1 ms a capture, as much as
 * the rest of reading and validating). Which code the checks were made with is the caller's to
 * record (src/node/capture-check-cache.ts keys them on the code version). Pure.
 */
import { checkCapture, type CaptureFile } from './capture-rules.ts';
import type { Capture } from '../evidence/capture.ts';
import type { CaptureEvent as Event, CaptureHeader as Header } from '../../schema/capture.ts';
import type { Problem } from './problems.ts';

/** A capture file that passed every rule: the SHA-256 of its bytes and the client its header names. */
export interface CaptureCheck {
  sha256: string;
  client: string;
}

/** Earlier checks that passed, by capture id (the file name without `.jsonl`). */
export type CaptureChecks = ReadonlyMap<string, CaptureCheck>;

/** What checking every capture gave. */
export interface CheckedCaptures {
  /** The valid captures, by id, in the files' order. */
  captures: Map<string, Capture>;
  problems: Problem[];
  /** The checks that passed, to keep for the next check: exactly the valid captures'. */
  checks: Map<string, CaptureCheck>;
  /** How many captures were taken from `kept` rather than judged again. */
  kept: number;
}

/**
 * A capture that passed its rules, read again without them: the header line, then each event
 * line, parsed. For a valid file this is what `checkCapture` gives (its schemas add, drop and
 * convert nothing in a valid line).
 */
export const readCheckedCapture = (file: CaptureFile): Capture => {
  const lines = file.text.split('\n');
  lines.pop();
  const [first = '', ...rest] = lines;
  return {
    id: file.id,
    file: file.file,
    sha256: file.sha256,
    header: JSON.parse(first) as Header,
    events: rest.map((line) => JSON.parse(line) as Event),
  };
};

/**
 * Checks every capture file against the clients that exist, taking from `kept` the files whose
 * name and SHA-256 passed before and whose client still exists; every other file is judged in full.
 */
export const checkCaptures = (
  files: readonly CaptureFile[],
  clients: ReadonlySet<string>,
  kept: CaptureChecks = new Map(),
): CheckedCaptures => {
  const result: CheckedCaptures = { captures: new Map(), problems: [], checks: new Map(), kept: 0 };
  for (const file of files) {
    const before = kept.get(file.id);
    if (before !== undefined && before.sha256 === file.sha256 && clients.has(before.client)) {
      result.captures.set(file.id, readCheckedCapture(file));
      result.checks.set(file.id, before);
      result.kept += 1;
      continue;
    }
    const { capture, problems } = checkCapture(file, clients);
    result.problems.push(...problems);
    if (capture === undefined) continue;
    result.captures.set(file.id, capture);
    result.checks.set(file.id, { sha256: file.sha256, client: capture.header.client });
  }
  return result;
};

/** Whether two sets of checks are the same: a cache holding `before` need not be written again. */
export const sameChecks = (before: CaptureChecks, after: CaptureChecks): boolean =>
  before.size === after.size &&
  [...after].every(([id, check]) => {
    const old = before.get(id);
    return old !== undefined && old.sha256 === check.sha256 && old.client === check.client;
  });
