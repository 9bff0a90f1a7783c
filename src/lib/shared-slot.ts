/**
 * The one value that crosses between the module instances of one build process. Astro loads the
 * content loader through Vite and the pages from built chunks, each a copy of the modules separate
 * from the one `npm run build` imported; what one copy computes reaches another only through
 * `globalThis`. Every such value is a field of this slot, read and written through the modules
 * that own it: the prepared content (handoff.ts), the loader's publication (bodies.ts) and the
 * reuse plan (page-reuse.ts).
 */
import type { Published } from './bodies.ts';
import type { Handoff } from './handoff.ts';
import type { ReusePlan } from './page-reuse.ts';

/** What the instances of one process share; a field is undefined until its owner sets it. */
export interface SharedSlot {
  /** Content `npm run build` prepared before Astro, for the content loader to take once. */
  handoff?: Handoff | undefined;
  /** The bodies, twins, records and captures the content loader published, for pages and integrations. */
  published?: Published | undefined;
  /** Which files this build takes from the published site; undefined in dev and a bare `astro build`. */
  plan?: ReusePlan | undefined;
}

const slot = Symbol.for('canimcp.shared');
type Holder = Record<typeof slot, SharedSlot | undefined>;

/** This process's shared slot, made on first use. */
export const sharedSlot = (): SharedSlot => ((globalThis as unknown as Holder)[slot] ??= {});
