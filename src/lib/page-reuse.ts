/**
 * Pages a build takes from the site it replaces instead of rendering them again. `npm run build`
 * makes the plan before Astro starts (src/node/page-reuse.ts): for each file of the published site
 * that the same code built, the key it was built with. Each route then renders only the pages whose
 * key changed, the twins integration writes only the changed notes' twins, and the other files are
 * linked from the published site into the new one. A note's page and twin are keyed by the note's
 * page key; every other page by the site key (src/data/site.ts), which a note's body does not move.
 * A global, because the routes run in Astro's own copy of the modules.
 */
const holder = Symbol.for('canimcp.pageReuse');

export interface ReusePlan {
  /** The published site, whose files are taken. */
  site: string;
  /** The last build's key of each file (relative to the site) that can be taken from the published site. */
  previous: ReadonlyMap<string, string>;
  /** This build's key of every file the routes saw. */
  keys: Map<string, string>;
  /** The files taken from the published site. */
  reused: Set<string>;
}

type Holder = Record<typeof holder, ReusePlan | undefined>;

/** Sets the plan of this build (undefined: render every page). */
export const setReusePlan = (plan: ReusePlan | undefined): void => {
  (globalThis as unknown as Holder)[holder] = plan;
};

/** The plan of this build; undefined in `npm run dev` and a plain `astro build`. */
export const reusePlan = (): ReusePlan | undefined => (globalThis as unknown as Holder)[holder];

/**
 * The file the build writes for a URL path (`format: 'file'`): `/clients/x` → `clients/x.html`;
 * `/clients/x.md` as it is (ids have no dots).
 */
export const outputFile = (urlPath: string): string => {
  const file = urlPath.replace(/^\/+/, '');
  return /\.[a-z]+$/.test(file.slice(file.lastIndexOf('/') + 1)) ? file : `${file}.html`;
};

/**
 * The file a route writes for one item: Astro's route pattern (`/clients/[id]/feed.xml`) with the
 * item's params filled in, as `outputFile` names it.
 */
export const routeFile = (routePattern: string, params: Readonly<Record<string, string>>): string =>
  outputFile(
    routePattern.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`page reuse: the route ${routePattern} has no value for its param ${name}`);
      return value;
    }),
  );

/**
 * Whether this build takes a page's files (all or none) from the published site; notes their key
 * either way.
 */
export const reusesFiles = (files: readonly string[], key: string): boolean => {
  const plan = reusePlan();
  if (plan === undefined) return false;
  for (const file of files) plan.keys.set(file, key);
  const reused = files.every((file) => plan.previous.get(file) === key);
  for (const file of files) {
    if (reused) plan.reused.add(file);
    else plan.reused.delete(file);
  }
  return reused;
};
