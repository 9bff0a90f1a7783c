import type { LoadResult } from '../node/content.ts';
import type { RenderMany } from '../node/render-cache.ts';

/**
 * The build validates the content before Astro starts, in the same process; the content loader then
 * takes that result instead of reading and checking every file a second time.
 */
const key = Symbol.for('canimcp.validatedContent');

interface Handoff {
  dir: string;
  origin: string;
  result: LoadResult;
  /** Renders bodies on every core; the loader calls it only for entries that changed. */
  render?: RenderMany;
}

type Holder = Record<typeof key, Handoff | undefined>;

/** Keeps a validation result for the loader of the build that follows. */
export const handOver = (dir: string, origin: string, result: LoadResult, render?: Handoff['render']): void => {
  (globalThis as unknown as Holder)[key] = { dir, origin, result, ...(render ? { render } : {}) };
};

/** Takes a result handed over for this folder and site, once; later reads (dev) go to disk. */
export const takeOver = (dir: string, origin: string): Omit<Handoff, 'dir' | 'origin'> | undefined => {
  const holder = globalThis as unknown as Holder;
  const handoff = holder[key];
  if (handoff === undefined || handoff.dir !== dir || handoff.origin !== origin) return undefined;
  holder[key] = undefined;
  return handoff;
};
