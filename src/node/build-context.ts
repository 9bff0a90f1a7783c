/**
 * The build context: what one part of a build hands another in the same process. `npm run build`
 * sets its run before Astro starts (pipeline.ts): the prepared content for the content loader,
 * the page plan for the route helpers, the twins and the kept files. The content loader publishes
 * what it loaded (bodies, twins, records, captures) for the pages and the integrations.
 *
 * This module is kept external to Vite (the `shared-context` integration,
 * src/integrations/shared-context.ts) and imported everywhere as `canimcp/build-context`, so Node
 * loads it once: the CLI, the integrations, the content loader and the built pages, which Astro
 * loads as separate copies of the other modules, all read this one instance.
 */
import type { Body, Publication } from '../lib/outputs/bodies.ts';
import type { CollectionName } from '../schema/index.ts';
import type { PagePlan } from './page-reuse.ts';
import type { Prepared } from './prepare.ts';

/** What `npm run build`'s page build sets before Astro starts. */
export interface PipelineRun {
  /** The content folder and the origin the content was prepared for. */
  dir: string;
  origin: string;
  /** The content, validated and rendered; the content loader takes it instead of reading the folder. */
  prepared: Promise<Prepared>;
  /** Which files this build takes from the published site, from the prepared content and the last manifest. */
  plan: Promise<PagePlan>;
  /** The parent process indexes the search records; the `pagefind` integration leaves them alone. */
  indexInParent: boolean;
}

interface Published extends Publication {
  bodies: Map<string, Body>;
}

let run: PipelineRun | undefined;
let taken = false;
let published: Published | undefined;

const bodyKey = (collection: CollectionName, id: string) => `${collection}/${id}`;

/** The pipeline's: this process's build is `npm run build`'s, as `next` describes it. */
export const startRun = (next: PipelineRun): void => {
  run = next;
  taken = false;
};

/** The run `npm run build` started; undefined in `npm run dev` and a bare `astro build`. */
export const pipelineRun = (): PipelineRun | undefined => run;

/** The content the pipeline prepared for this folder and origin, once; later reads (dev) go to disk. */
export const takePrepared = (dir: string, origin: string): Promise<Prepared> | undefined => {
  if (run === undefined || taken || run.dir !== dir || run.origin !== origin) return undefined;
  taken = true;
  return run.prepared;
};

/** The content loader's: the bodies, records and twins of the content just loaded, replacing the last ones. */
export const publish = (entries: Iterable<[CollectionName, string, Body]>, publication: Publication): void => {
  const bodies = new Map<string, Body>();
  for (const [collection, id, body] of entries) bodies.set(bodyKey(collection, id), body);
  const { records, noteTwin, noteIds, history, captureFiles, validCaptures, releases } = publication;
  published = { bodies, records, noteTwin, noteIds, history, captureFiles, validCaptures, releases };
};

/** What the content loader published last; undefined before it ran. */
export const publication = (): Publication | undefined => published;

/** An entry's body, where the content loader published one. */
export const bodyOf = (collection: CollectionName, id: string): Body | undefined =>
  published?.bodies.get(bodyKey(collection, id));
