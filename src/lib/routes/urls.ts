/**
 * Every URL the site builds, made from the table of outputs (outputs.ts): the fixed pages and files
 * (`routes`), and builders for the pages made per entry. Pages, feeds, llms.txt, the sitemap and the
 * link checker all read from here, so a link that check accepts is a link the build writes. What
 * the browser's scripts import is tree-shaken to the rows they name: the derived lists are pure.
 */
import type { CollectionName } from '../../schema/index.ts';
import {
  capture,
  client,
  clientBadge,
  clientCaptures,
  clientChanges,
  clientFeed,
  clientLlms,
  clientVersions,
  feature,
  featureBadge,
  forms,
  note,
  outputs,
  capability,
  revision,
  revisionLlms,
  schemas,
  searchIndex,
  type FormName,
  type Output,
  type OutputName,
} from './outputs.ts';

/** Which form of a page: the HTML page for readers, or the `.md` twin for agents. */
export type Form = 'html' | 'twin';

/** A fixed page or file: its path, its label where it is in the main navigation, and whether it is HTML. */
export interface Route {
  path: string;
  /** The main navigation's label; pages without one are not in the navigation. */
  nav?: string | undefined;
  /** An HTML page (listed in the sitemap) rather than a file. */
  html: boolean;
  /** The page's `.md` twin, where it has one. */
  twin?: string | undefined;
}

/** A pattern with each `<name>` filled in from `params`. */
export const fillPattern = (pattern: string, params: Readonly<Record<string, string>> = {}): string =>
  pattern.replace(/<([a-z]+)>/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`the output ${pattern} needs its <${name}>`);
    return value;
  });

/** The URL of one form of an output: the page is the pattern, a twin adds `.md` (the home page's is `/index.md`), … */
export const formUrl = (output: Pick<Output, 'pattern'>, form: FormName, params?: Readonly<Record<string, string>>): string => {
  const url = fillPattern(output.pattern, params);
  return form === 'twin' && url === '/' ? '/index.md' : `${url}${forms[form].suffix}`;
};

type Fixed<K extends OutputName> = (typeof outputs)[K]['pattern'] extends `${string}<${string}` ? never : K;
/** The outputs at one URL each that are the site's own documents (no host file, asset or index). */
type RouteName = {
  [K in OutputName]: (typeof outputs)[K]['forms'][number] extends 'host' | 'asset' | 'index' | 'pack' ? never : Fixed<K>;
}[OutputName];
type RouteOf<R extends Output> = {
  path: string;
  html: boolean;
  nav?: string | undefined;
} & ('twin' extends R['forms'][number] ? { twin: string } : { twin?: undefined });

const isRoute = (output: Output): boolean =>
  !output.pattern.includes('<') && output.forms.every((form) => !['host', 'asset', 'index', 'pack'].includes(form));

const fixedRoutes = () =>
  Object.fromEntries(
    Object.entries(outputs as Record<string, Output>)
      .filter(([, output]) => isRoute(output))
      .map(([name, output]) => [
        name,
        {
          path: output.pattern,
          html: output.forms.includes('page'),
          ...(output.nav === undefined ? {} : { nav: output.nav }),
          ...(output.forms.includes('twin') ? { twin: formUrl(output, 'twin') } : {}),
        },
      ]),
  ) as unknown as { [K in RouteName]: RouteOf<(typeof outputs)[K]> };

/** The fixed pages and files, by their output's name, in the table's order (outputs.ts). */
export const routes = /* @__PURE__ */ fixedRoutes();

const routeList = (): readonly Route[] => Object.values(routes);

/** Where Pagefind's bundle is served from: the build writes it there and the search scripts load it from there. */
export const searchBundlePath = /* @__PURE__ */ searchIndex.pattern.replace(/\/<file>$/, '');

/** The main navigation, in order. */
export const navRoutes = /* @__PURE__ */ routeList().flatMap((route) =>
  route.nav === undefined ? [] : [{ path: route.path, label: route.nav }],
);

/** The fixed HTML pages the sitemap lists. */
export const htmlRoutePaths = /* @__PURE__ */ Object.values(outputs as Record<string, Output>)
  .filter((output) => isRoute(output) && output.sitemap === true && output.forms.includes('page'))
  .map((output) => output.pattern);

/** Every fixed path and twin a note may link, for the link checker: the 404 page is none. */
export const staticPaths: readonly string[] = /* @__PURE__ */ Object.values(outputs as Record<string, Output>)
  .filter((output) => isRoute(output) && (output.sitemap === true || !output.forms.includes('page')))
  .flatMap((output) => output.forms.map((form) => formUrl(output, form)));

/** A feature's path under /features: its dotted id with every `.` as `/` (FORMAT.md). */
export const featurePath = (id: string): string => id.replaceAll('.', '/');

/** The output of each collection's entries. */
const entryOutputs = { research: note, clients: client, revisions: revision, capabilities: capability, features: feature };

/** Where an entry lives. One place, both forms; HTML URLs never carry a trailing slash. */
export const entryUrl = (collection: CollectionName, id: string, form: Form): string =>
  formUrl(
    entryOutputs[collection],
    form === 'html' ? 'page' : 'twin',
    collection === 'features' ? { path: featurePath(id) } : { id },
  );

/** Shorthands for the collections. */
export const noteUrl = (id: string, form: Form = 'html') => entryUrl('research', id, form);
export const clientUrl = (id: string, form: Form = 'html') => entryUrl('clients', id, form);
export const revisionUrl = (id: string, form: Form = 'html') => entryUrl('revisions', id, form);
export const capabilityUrl = (id: string, form: Form = 'html') => entryUrl('capabilities', id, form);
/** A feature's page or twin; apart from `entryUrl`, so a script that links features bundles that row alone. */
export const featureUrl = (id: string, form: Form = 'html') =>
  formUrl(feature, form === 'html' ? 'page' : 'twin', { path: featurePath(id) });

/** A capture's page, its twin, or the capture file itself (`file`), byte for byte. */
export const captureUrl = (id: string, form: Form | 'file' = 'html'): string =>
  formUrl(capture, form === 'html' ? 'page' : form, { id });

/** A JSON Schema the site serves, by name (`note`, `matrix-export`, …). */
export const schemaUrl = (name: string): string => formUrl(schemas, 'schema', { name });

/** A JSON export under `/data/`: where it is, the name of its JSON Schema, and what it holds. */
export interface DataExport {
  path: string;
  schema: string;
  what: string;
}

/** The JSON exports' outputs: a JSON output with a schema. */
type DataExportName = {
  [K in OutputName]: (typeof outputs)[K]['forms'][number] extends 'json'
    ? (typeof outputs)[K] extends { schema: string }
      ? K
      : never
    : never;
}[OutputName];

/** Every JSON export, each with its schema, from the table: /matrix lists them, so each is linked and its schema known. */
export const dataExports = /* @__PURE__ */ Object.values(outputs as Record<string, Output>).flatMap((output) =>
  output.forms.includes('json') && output.schema !== undefined
    ? [{ path: output.pattern, schema: output.schema, what: output.description }]
    : [],
) as readonly (DataExport & { schema: (typeof outputs)[DataExportName]['schema'] })[];

/**
 * The collections, checked against the schema's by type alone: this module runs in the browser, and
 * importing the schema's list would bring zod, whose start-up probe for eval breaks the pages' CSP.
 */
const entryFolders: Record<CollectionName, true> = {
  research: true,
  clients: true,
  revisions: true,
  capabilities: true,
  features: true,
};
const isCollection = (name: string | undefined): name is CollectionName =>
  name !== undefined && Object.hasOwn(entryFolders, name);

/** The entry a path is the page or twin of (the inverse of `entryUrl`), with its id as written in the path. */
export const entryOfPath = (path: string): { collection: CollectionName; id: string; form: Form } | undefined => {
  const feature = /^\/features\/(.+?)(\.md)?$/.exec(path);
  if (feature?.[1] !== undefined)
    return { collection: 'features', id: feature[1].replaceAll('/', '.'), form: feature[2] ? 'twin' : 'html' };
  const match = /^\/([a-z]+)\/([^/]+?)(\.md)?$/.exec(path);
  const collection = match?.[1];
  if (match?.[2] === undefined || !isCollection(collection)) return undefined;
  return { collection, id: match[2], form: match[3] ? 'twin' : 'html' };
};

/** The capture a path is the page, twin or file of (the inverse of `captureUrl`), with its id as written. */
export const captureOfPath = (path: string): { id: string; form: Form | 'file' } | undefined => {
  const prefix = `${routes.captures.path}/`;
  if (!path.startsWith(prefix)) return undefined;
  const match = /^([^/]+?)(\.md|\.jsonl)?$/.exec(path.slice(prefix.length));
  if (match?.[1] === undefined) return undefined;
  return { id: match[1], form: match[2] === '.md' ? 'twin' : match[2] === '.jsonl' ? 'file' : 'html' };
};

/** A client's capture list (`/clients/<id>/captures`, paged as `…/captures/page/<n>`), or its twin. */
export const clientCapturesUrl = (id: string, form: Form = 'html'): string =>
  formUrl(clientCaptures, form === 'html' ? 'page' : 'twin', { id });

/** A client's versions page (`/clients/<id>/versions`: every captured version one a row, and the identities observed), or its twin. */
export const clientVersionsUrl = (id: string, form: Form = 'html'): string =>
  formUrl(clientVersions, form === 'html' ? 'page' : 'twin', { id });

/** Collections whose entries have a scoped llms.txt and (clients only) an Atom feed of their own. */
type Scoped = 'clients' | 'revisions';

/** The llms.txt for one client's or revision's notes, or the whole site's. */
export const llmsUrl = (scope?: { collection: Scoped; id: string }): string =>
  scope === undefined
    ? routes.llms.path
    : formUrl(scope.collection === 'clients' ? clientLlms : revisionLlms, 'text', { id: scope.id });

/** A client's Atom feed, or the whole site's. */
export const feedUrl = (clientId?: string): string =>
  clientId === undefined ? routes.feed.path : formUrl(clientFeed, 'feed', { id: clientId });

/** A notes feed's own title, for the feed and for the pages that link it (client by name, else the site's). */
export const feedTitle = (clientName?: string): string =>
  clientName === undefined ? 'canimcp: MCP client research notes' : `canimcp: ${clientName}`;

/** A verdict-changes feed's own title, for the feed and for the pages that link it. */
export const changesTitle = (clientName?: string): string =>
  clientName === undefined ? 'canimcp: verdict changes' : `canimcp: ${clientName} verdict changes`;

/** The Atom feed of one client's verdict changes, or of every client's. */
export const changesUrl = (clientId?: string): string =>
  clientId === undefined ? routes.changes.path : formUrl(clientChanges, 'feed', { id: clientId });

/** An output's pattern as a regular expression over URL paths, each `<name>` a named group. */
export const patternRegExp = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .split(/(<[a-z]+>)/)
      .map((part) => {
        const name = /^<([a-z]+)>$/.exec(part)?.[1];
        if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
        // A feature's path and a file below a folder take slashes; anything else is one segment.
        return name === 'path' || name === 'file' ? `(?<${name}>.+?)` : `(?<${name}>[^/]+)`;
      })
      .join('')}$`,
  );

/** The per-entry files that are no page or twin: a client's or revision's llms.txt, a client's feeds. */
const scopedFiles = /* @__PURE__ */ [clientLlms, revisionLlms, clientFeed, clientChanges].map((output) =>
  patternRegExp(output.pattern),
);

/** Whether a path is one of the per-entry files that `llmsUrl`, `feedUrl` and `changesUrl` build. */
export const isScopedFilePath = (path: string): boolean => scopedFiles.some((pattern) => pattern.test(path));

/** A README badge: a feature's status, or one client's state of it. */
export const badgeUrl = (featureId: string, clientId?: string): string =>
  clientId === undefined
    ? formUrl(featureBadge, 'badge', { path: featurePath(featureId) })
    : formUrl(clientBadge, 'badge', { path: featurePath(featureId), client: clientId });

/** Absolute URL on the site's origin. */
export const absoluteUrl = (origin: string, path: string): string => `${origin.replace(/\/+$/, '')}${path}`;

/** A note's canonical URL, as FORMAT.md derives it. */
export const canonicalNoteUrl = (origin: string, id: string): string => absoluteUrl(origin, noteUrl(id));

/** The site's origin as configured (`SITE_URL`, read by src/node/environment.ts), without a trailing slash. */
export const originOf = (configured: string | undefined): string => (configured ?? 'https://canimcp.io').replace(/\/+$/, '');
