import type { Prepared } from '../node/prepare.ts';

/**
 * `npm run build` validates and prepares the content before Astro starts, in the same process; the
 * content loader then takes that instead of reading, checking and rendering every file a second time.
 */
const key = Symbol.for('canimcp.preparedContent');

interface Handoff {
  dir: string;
  origin: string;
  prepared: Promise<Prepared>;
}

type Holder = Record<typeof key, Handoff | undefined>;

/** Keeps content being prepared for the loader of the build that follows. */
export const handOver = (dir: string, origin: string, prepared: Promise<Prepared>): void => {
  (globalThis as unknown as Holder)[key] = { dir, origin, prepared };
};

/** Takes content prepared for this folder and site, once; later reads (dev) go to disk. */
export const takeOver = (dir: string, origin: string): Promise<Prepared> | undefined => {
  const holder = globalThis as unknown as Holder;
  const handoff = holder[key];
  if (handoff === undefined || handoff.dir !== dir || handoff.origin !== origin) return undefined;
  holder[key] = undefined;
  return handoff.prepared;
};
