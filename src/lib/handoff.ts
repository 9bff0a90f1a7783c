import type { Prepared } from '../node/prepare.ts';
import { sharedSlot } from './shared-slot.ts';

/**
 * `npm run build` validates and prepares the content before Astro starts, in the same process; the
 * content loader then takes that instead of reading, checking and rendering every file a second
 * time. It crosses in the shared slot (shared-slot.ts): the loader is Vite's copy of its modules.
 */
export interface Handoff {
  dir: string;
  origin: string;
  prepared: Promise<Prepared>;
}

/** Keeps content being prepared for the loader of the build that follows. */
export const handOver = (dir: string, origin: string, prepared: Promise<Prepared>): void => {
  sharedSlot().handoff = { dir, origin, prepared };
};

/** Takes content prepared for this folder and site, once; later reads (dev) go to disk. */
export const takeOver = (dir: string, origin: string): Promise<Prepared> | undefined => {
  const slot = sharedSlot();
  const handoff = slot.handoff;
  if (handoff === undefined || handoff.dir !== dir || handoff.origin !== origin) return undefined;
  slot.handoff = undefined;
  return handoff.prepared;
};
