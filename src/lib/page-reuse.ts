/**
 * Note pages a build takes from the site it replaces instead of rendering them again. `npm run
 * build` makes the plan before Astro starts (src/node/page-reuse.ts): for each note whose page and
 * twin are in the published site and were built by the same code, the key they were built with.
 * The note route then renders only the notes whose key changed, the twins integration writes only
 * their twins, and links the other notes' pages and twins from the published site into the new
 * one. A global, because the route runs in Astro's own copy of the modules.
 */
const holder = Symbol.for('canimcp.pageReuse');

export interface ReusePlan {
  /** The published site, whose pages and twins are taken. */
  site: string;
  /** The last build's key of each note whose page and twin can be taken from the published site. */
  previous: ReadonlyMap<string, string>;
  /** This build's key of every note the route saw. */
  keys: Map<string, string>;
  /** The notes whose page and twin are taken from the published site. */
  reused: Set<string>;
}

type Holder = Record<typeof holder, ReusePlan | undefined>;

/** Sets the plan of this build (undefined: render every page). */
export const setReusePlan = (plan: ReusePlan | undefined): void => {
  (globalThis as unknown as Holder)[holder] = plan;
};

/** The plan of this build; undefined in `npm run dev` and a plain `astro build`. */
export const reusePlan = (): ReusePlan | undefined => (globalThis as unknown as Holder)[holder];

/** Whether this build takes a note's page from the published site; notes the key of the page either way. */
export const reusesPage = (id: string, pageKey: string): boolean => {
  const plan = reusePlan();
  if (plan === undefined) return false;
  plan.keys.set(id, pageKey);
  const reused = plan.previous.get(id) === pageKey;
  if (reused) plan.reused.add(id);
  else plan.reused.delete(id);
  return reused;
};
