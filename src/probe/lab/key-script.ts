/**
 * Runs a kit's key script (src/probe/kits/kit.ts, `KeyStep`) against a client in a terminal: keys
 * and text in order, each wait polling the screen or the lab's state twice a second, never a fixed
 * sleep alone, within its own seconds and the face's time limit. Every screen read is passed on, so
 * the runner can find an authorization URL the client printed.
 */
import type { KeyStep } from '../kits/kit.ts';
import type { Terminal } from './terminal.ts';

/** What the lab can tell a script while it waits. */
export interface LabState {
  /** Sign-ins (authorization code grants) that issued a token so far. */
  signIns: () => number;
  /** Tool calls the probe answered with a result so far. */
  answeredCalls: () => number;
}

/** How a script ended: all its steps done, or the step it stopped at and why. */
export type ScriptEnd = { done: true } | { done: false; step: number; why: string };

const POLL_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many times a pattern matches a text. */
const matches = (pattern: RegExp, text: string) =>
  [...text.matchAll(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`))].length;

/** Runs the steps until the last is done, a wait times out, or `deadline` (ms since 1970) passes. */
export const runKeyScript = async (
  terminal: Terminal,
  steps: readonly KeyStep[],
  lab: LabState,
  deadline: number,
  onScreen: (screen: string) => void,
): Promise<ScriptEnd> => {
  const start = { signIns: lab.signIns(), calls: lab.answeredCalls() };
  for (const [index, step] of steps.entries()) {
    if ('keys' in step) terminal.keys(step.keys);
    else if ('text' in step) terminal.type(step.text);
    else if ('pause' in step) await sleep(step.pause);
    else {
      const until = Math.min(deadline, Date.now() + step.seconds * 1000);
      let answered = 0;
      for (;;) {
        const screen = terminal.screen();
        onScreen(screen);
        const reached =
          'wait' in step
            ? step.wait.test(screen)
            : step.until === 'signed-in'
              ? lab.signIns() > start.signIns
              : step.until === 'called'
                ? lab.answeredCalls() > start.calls
                : terminal.exitCode(screen) !== undefined;
        if (reached) break;
        if (terminal.exitCode(screen) !== undefined && !('until' in step && step.until === 'exit'))
          return { done: false, step: index, why: `the client exited while the script waited (step ${index + 1})` };
        if ('until' in step && step.answer !== undefined) {
          const seen = matches(step.answer.when, screen);
          if (seen > answered) {
            answered = seen;
            terminal.keys(step.answer.keys);
          }
        }
        if (Date.now() >= until) {
          const what =
            'wait' in step ? `the screen to show ${JSON.stringify(step.wait.source)}` : `the client to be ${step.until}`;
          return { done: false, step: index, why: `waited ${step.seconds} s for ${what} (step ${index + 1}) in vain` };
        }
        await sleep(POLL_MS);
      }
    }
  }
  return { done: true };
};
