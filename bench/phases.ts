/**
 * Reads the build's log as it streamed: Astro prints each phase's start and end, and the Pagefind
 * integration logs when it is done; the arrival time of each line splits the build into phases.
 */
import type { LogLine } from './measure.ts';

export interface Phases {
  /** Node start, `npm run build`'s own validation, Astro's config and server start. */
  startupAndValidationMs: number;
  /** Astro content sync: the loader (read, validate again, git dates, render Markdown, store). */
  contentSyncMs: number;
  /** Type generation and build info. */
  typesAndSetupMs: number;
  /** Vite bundling the pages. */
  bundleMs: number;
  /** Generating every static route (HTML pages, twins, feeds). */
  pagesMs: number;
  /** Pagefind indexing (astro:build:done). */
  pagefindMs: number;
  /** From Pagefind's end to exit: swapping the staging folder into place. */
  finishMs: number;
  pagefindPages: number | undefined;
  /** What Astro itself reports for route generation. */
  astroReportedPagesMs: number | undefined;
}

export const stripAnsi = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

export const phasesOf = (lines: LogLine[], wallMs: number): Phases | undefined => {
  const clean = lines.map((line) => ({ at: line.at, text: stripAnsi(line.text) }));
  const find = (pattern: RegExp, after = 0) => clean.findIndex((line, index) => index >= after && pattern.test(line.text));
  const syncing = find(/\[content\] Syncing content/);
  const synced = find(/\[content\] Synced content/, syncing);
  const entrypoints = find(/Building static entrypoints/, synced);
  const routes = find(/generating static routes/, entrypoints);
  const routesDone = find(/^(?!.*\[build\]).*✓ Completed in/, routes);
  const indexed = find(/pagefind: indexed \d+/, routesDone);
  if ([syncing, synced, entrypoints, routes, routesDone, indexed].some((index) => index < 0)) return undefined;
  const at = (index: number) => clean[index]?.at ?? 0;
  const reported = /Completed in ([\d.]+)(ms|s)/.exec(clean[routesDone]?.text ?? '');
  return {
    startupAndValidationMs: at(syncing),
    contentSyncMs: at(synced) - at(syncing),
    typesAndSetupMs: at(entrypoints) - at(synced),
    bundleMs: at(routes) - at(entrypoints),
    pagesMs: at(routesDone) - at(routes),
    pagefindMs: at(indexed) - at(routesDone),
    finishMs: wallMs - at(indexed),
    pagefindPages: Number(/indexed (\d+)/.exec(clean[indexed]?.text ?? '')?.[1]),
    astroReportedPagesMs: reported ? Number(reported[1]) * (reported[2] === 's' ? 1000 : 1) : undefined,
  };
};

/** The build's log without the per-route lines, each line with its arrival time (s). */
export const buildLog = (lines: LogLine[]) =>
  lines
    .map((line) => ({ at: line.at, text: stripAnsi(line.text) }))
    .filter((line) => line.text.trim() !== '' && !/[├└]─/.test(line.text))
    .map((line) => `${(line.at / 1000).toFixed(2).padStart(7)} ${line.text}`);
