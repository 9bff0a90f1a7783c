/**
 * Every output the build writes, one row each: its URL pattern, its forms (page, twin, JSON, feed,
 * badge, …), what its key is made of, its schema, its content type, whether the sitemap and
 * /llms.txt list it, and what it is. The URL builders (urls.ts), the page keys
 * (src/node/page-keys.ts), the sitemap (src/data/outputs.ts), `_headers` (../outputs/headers.ts) and
 * the JSON Schemas (../outputs/jsonschema.ts) read it; `npm run outputs` prints it as FORMAT.md's
 * table and ARCHITECTURE.md's list is generated from it; a site test requires every file a build
 * writes to match a row, and every row with an instance to match a file.
 *
 * Each row is its own constant, so a browser script that reads one (urls.ts's `featureUrl`) bundles
 * that row alone, not the table. Imports nothing: urls.ts, which the browser loads, reads it.
 */

/** What a file of an output is: its form says what its URL adds to the pattern and how it is served. */
export interface FormSpec {
  /** What the contract calls it. */
  label: string;
  /** What the form's URL adds to the pattern (`.md` for a twin); the page itself is the pattern. */
  suffix: string;
  /** The content type it is served with, or how that is decided. */
  type: string;
  /** The headers `_headers` sets on it, and on which URLs: every file of its extension, or the row's. */
  headers?: { at: 'extension' | 'row'; set: readonly (readonly [string, string])[] };
}

/** What twins are served as: plain static hosts guess `.md` as something else, or not at all. */
export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

/** What capture files (`/captures/<id>.jsonl`) are served as: text, never sniffed into anything a browser runs. */
export const CAPTURE_FILE_TYPE = 'text/plain; charset=utf-8';

/** The forms of output, by name. */
export const forms = {
  page: { label: 'page', suffix: '', type: 'text/html; charset=utf-8' },
  twin: {
    label: 'twin',
    suffix: '.md',
    type: MARKDOWN_TYPE,
    headers: { at: 'extension', set: [['Content-Type', MARKDOWN_TYPE]] },
  },
  file: {
    label: 'capture file',
    suffix: '.jsonl',
    type: CAPTURE_FILE_TYPE,
    headers: {
      at: 'row',
      set: [
        ['Content-Type', CAPTURE_FILE_TYPE],
        ['X-Content-Type-Options', 'nosniff'],
      ],
    },
  },
  json: { label: 'JSON', suffix: '', type: 'application/json; charset=utf-8' },
  schema: { label: 'JSON Schema', suffix: '', type: 'application/json; charset=utf-8' },
  feed: { label: 'Atom feed', suffix: '', type: 'application/xml; charset=utf-8' },
  xml: { label: 'XML', suffix: '', type: 'application/xml; charset=utf-8' },
  text: { label: 'text', suffix: '', type: 'text/plain; charset=utf-8' },
  badge: { label: 'SVG badge', suffix: '', type: 'image/svg+xml' },
  asset: { label: 'asset', suffix: '', type: 'by extension' },
  index: { label: 'search index', suffix: '', type: 'by extension' },
  pack: { label: 'capture pack', suffix: '', type: 'application/octet-stream' },
  host: { label: 'host configuration', suffix: '', type: 'not served' },
} as const satisfies Record<string, FormSpec>;

/** A form of output. */
export type FormName = keyof typeof forms;

/** The content types of the files whose type is their extension's (`by extension` above): scripts, styles, Pagefind's, images. */
export const assetTypes: Readonly<Record<string, string>> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/**
 * What a key can be made of: `site` (every entry's frontmatter and dates, the other collections'
 * files, origin, date, problems), `captures` (every capture file's id and hash), `history` (the
 * verdict history), `note` (a note's digest: its own file, `last-updated`, origin and drift marks)
 * and `capture` (one capture file's hash and heading). src/node/page-keys.ts makes them.
 */
export type KeyPart = 'site' | 'captures' | 'history' | 'note' | 'capture';

/** The entries a pattern's `<id>` (or a feature's `<path>`) names: a collection's, or the captures. */
export type EntryKind = 'research' | 'clients' | 'revisions' | 'capabilities' | 'features' | 'captures';

/** The hosts a build writes for (`DEPLOY_HOST`). */
export type Host = 'netlify' | 'cloudflare';

/** One output. */
export interface Output {
  /**
   * Its URL, `<…>` for what varies: `<id>` an entry's id, `<path>` a feature's id with `/` for `.`
   * (slashes inside), `<client>` a client's id, `<n>` a page number, `<name>` a schema's name,
   * `<file>` any file below (slashes inside).
   */
  pattern: string;
  /** Its forms, the first the one the pattern names. */
  forms: readonly FormName[];
  /** The entries its `<id>` or `<path>` names, where it has one. */
  entry?: EntryKind;
  /** What its files' key is made of (a file whose key is unchanged is taken from the published site); none: built every time. */
  keys?: readonly KeyPart[];
  /** The twin's key, where it is not `keys` (a note's twin shows its own file alone). */
  twinKeys?: readonly KeyPart[];
  /** The JSON Schema (`/schema/<name>.json`) its JSON, or its twin's frontmatter, follows. */
  schema?: string;
  /** The sitemap lists its page. */
  sitemap?: true;
  /** /llms.txt links its twin. */
  llms?: true;
  /** The main navigation's label, where it is in it. */
  nav?: string;
  /** The hosts whose build writes it as a file; every host where not said. */
  hosts?: readonly Host[];
  /** The source files that write it. */
  madeBy: readonly string[];
  /** What it is, as the contract says it. */
  description: string;
}

// Each row, in the order the contract lists them (the navigation follows the same order).

/** `/`. */
export const home = {
  pattern: '/',
  forms: ['page', 'twin'],
  sitemap: true,
  madeBy: ['src/pages/index.astro', 'src/pages/index.md.ts'],
  description: 'home: what the site is, search, latest notes, clients, revisions; its twin lists the same as llms.txt does',
} as const satisfies Output;

/** `/research`. */
export const research = {
  pattern: '/research',
  forms: ['page', 'twin'],
  sitemap: true,
  llms: true,
  nav: 'Research',
  madeBy: ['src/pages/research/index.astro', 'src/pages/research.md.ts'],
  description:
    'every note, 50 a page, filterable by kind, client, revision, capability, feature and status; its twin lists every note',
} as const satisfies Output;

/** `/research/page/<n>`. */
export const researchPage = {
  pattern: '/research/page/<n>',
  forms: ['page'],
  keys: ['site'],
  sitemap: true,
  madeBy: ['src/pages/research/page/[page].astro'],
  description: 'the notes list from its second page on (no twin: /research.md lists every note)',
} as const satisfies Output;

/** `/research/<id>`. */
export const note = {
  pattern: '/research/<id>',
  forms: ['page', 'twin'],
  entry: 'research',
  keys: ['site', 'note'],
  twinKeys: ['note'],
  schema: 'note',
  sitemap: true,
  llms: true,
  madeBy: ['src/pages/research/[id].astro', 'src/integrations/twins.ts'],
  description: 'a note\'s HTML page; its `.md` twin (FORMAT.md, "A note\'s `.md` twin")',
} as const satisfies Output;

/** `/clients`. */
export const clients = {
  pattern: '/clients',
  forms: ['page', 'twin'],
  sitemap: true,
  nav: 'Clients',
  madeBy: ['src/pages/clients/index.astro', 'src/pages/clients.md.ts'],
  description: 'every client, with its notes and verdicts counted',
} as const satisfies Output;

/** `/clients/<id>`. */
export const client = {
  pattern: '/clients/<id>',
  forms: ['page', 'twin'],
  entry: 'clients',
  keys: ['site', 'captures', 'history'],
  schema: 'client',
  sitemap: true,
  llms: true,
  madeBy: ['src/pages/clients/[id].astro', 'src/pages/clients/[id].md.ts'],
  description:
    'a client: its verdicts with how each is known, its versions summed up (consecutive versions that showed the same in one row, 12 rows at most), every note about it; its twin the same in Markdown',
} as const satisfies Output;

/** `/clients/<id>/versions`. */
export const clientVersions = {
  pattern: '/clients/<id>/versions',
  forms: ['page', 'twin'],
  entry: 'clients',
  keys: ['site', 'captures', 'history'],
  sitemap: true,
  madeBy: ['src/pages/clients/[id]/versions.astro', 'src/pages/clients/[id]/versions.md.ts'],
  description:
    "a client's captured versions, one row each with its release date and what its captures showed, and every identity it was seen under (clients with captures only)",
} as const satisfies Output;

/** `/clients/<id>/captures`. */
export const clientCaptures = {
  pattern: '/clients/<id>/captures',
  forms: ['page', 'twin'],
  entry: 'clients',
  keys: ['site', 'captures', 'history'],
  sitemap: true,
  madeBy: ['src/pages/clients/[id]/captures.astro', 'src/pages/clients/[id]/captures.md.ts'],
  description: "a client's captures, 100 a page, newest version first; its twin lists them all (clients with captures only)",
} as const satisfies Output;

/** `/clients/<id>/captures/page/<n>`. */
export const clientCapturesPage = {
  pattern: '/clients/<id>/captures/page/<n>',
  forms: ['page'],
  entry: 'clients',
  keys: ['site', 'captures', 'history'],
  sitemap: true,
  madeBy: ['src/pages/clients/[id]/captures/page/[page].astro'],
  description: "a client's captures from the second page on (no twin: the first page's twin lists them all)",
} as const satisfies Output;

/** `/clients/<id>/feed.xml`. */
export const clientFeed = {
  pattern: '/clients/<id>/feed.xml',
  forms: ['feed'],
  entry: 'clients',
  keys: ['site', 'captures', 'history'],
  madeBy: ['src/pages/clients/[id]/feed.xml.ts'],
  description: "a client's notes as Atom, newest `last-updated` first",
} as const satisfies Output;

/** `/clients/<id>/changes.xml`. */
export const clientChanges = {
  pattern: '/clients/<id>/changes.xml',
  forms: ['feed'],
  entry: 'clients',
  keys: ['site', 'captures', 'history'],
  madeBy: ['src/pages/clients/[id]/changes.xml.ts'],
  description: "a client's verdict changes as Atom, read from git",
} as const satisfies Output;

/** `/clients/<id>/llms.txt`. */
export const clientLlms = {
  pattern: '/clients/<id>/llms.txt',
  forms: ['text'],
  entry: 'clients',
  keys: ['site', 'captures', 'history'],
  madeBy: ['src/pages/clients/[id]/llms.txt.ts'],
  description: "a client's llms.txt: its twin, its notes', and its versions' and captures' twins, as absolute URLs",
} as const satisfies Output;

/** `/revisions`. */
export const revisions = {
  pattern: '/revisions',
  forms: ['page', 'twin'],
  sitemap: true,
  nav: 'Revisions',
  madeBy: ['src/pages/revisions/index.astro', 'src/pages/revisions.md.ts'],
  description: 'every specification revision, newest first',
} as const satisfies Output;

/** `/revisions/<id>`. */
export const revision = {
  pattern: '/revisions/<id>',
  forms: ['page', 'twin'],
  entry: 'revisions',
  keys: ['site', 'captures'],
  schema: 'revision',
  sitemap: true,
  llms: true,
  madeBy: ['src/pages/revisions/[id].astro', 'src/pages/revisions/[id].md.ts'],
  description: 'a revision: which clients support it and which are unknown, and every note about it; its twin',
} as const satisfies Output;

/** `/revisions/<id>/llms.txt`. */
export const revisionLlms = {
  pattern: '/revisions/<id>/llms.txt',
  forms: ['text'],
  entry: 'revisions',
  keys: ['site', 'captures'],
  madeBy: ['src/pages/revisions/[id]/llms.txt.ts'],
  description: "a revision's llms.txt: its twin and its notes' twins, as absolute URLs",
} as const satisfies Output;

/** `/capabilities`. */
export const capabilities = {
  pattern: '/capabilities',
  forms: ['page', 'twin'],
  sitemap: true,
  nav: 'Capabilities',
  madeBy: ['src/pages/capabilities/index.astro', 'src/pages/capabilities.md.ts'],
  description: "the protocol's capability areas",
} as const satisfies Output;

/** `/capabilities/<id>`. */
export const capability = {
  pattern: '/capabilities/<id>',
  forms: ['page', 'twin'],
  entry: 'capabilities',
  keys: ['site', 'captures'],
  schema: 'capability',
  sitemap: true,
  llms: true,
  madeBy: ['src/pages/capabilities/[id].astro', 'src/pages/capabilities/[id].md.ts'],
  description: 'a capability: which clients support it, its features, and every note about it; its twin',
} as const satisfies Output;

/** `/features`. */
export const features = {
  pattern: '/features',
  forms: ['page', 'twin'],
  sitemap: true,
  llms: true,
  nav: 'Features',
  madeBy: ['src/pages/features/index.astro', 'src/pages/features.md.ts'],
  description: 'every feature, grouped by capability, with its status',
} as const satisfies Output;

/** `/features/<path>`. */
export const feature = {
  pattern: '/features/<path>',
  forms: ['page', 'twin'],
  entry: 'features',
  keys: ['site', 'captures', 'history'],
  schema: 'feature',
  sitemap: true,
  llms: true,
  madeBy: ['src/pages/features/[...path].astro', 'src/pages/features/[...path].md.ts'],
  description:
    "one feature (its dotted id with every `.` as `/`): what it means, its spec references, its status, and a row per client (the row's `id` is the client's, so `/features/<path>#<client>` lands on it) with its state, version runs, evidence kind, caveat and notes; its twin",
} as const satisfies Output;

/** `/features/status.xml`. */
export const featureStatusFeed = {
  pattern: '/features/status.xml',
  forms: ['feed'],
  madeBy: ['src/pages/features/status.xml.ts'],
  description:
    "an Atom feed of feature status changes: a feature's status over the core clients is `everywhere`, `some`, `none` or `unknown`, dated by the release that made it so",
} as const satisfies Output;

/** `/badges/<path>.svg`. */
export const featureBadge = {
  pattern: '/badges/<path>.svg',
  forms: ['badge'],
  entry: 'features',
  madeBy: ['src/pages/badges/[...badge].svg.ts'],
  description:
    'a feature\'s status as SVG for a server\'s README (`role="img"`, `aria-label`, `<title>`, legible in both colour schemes), linking its page',
} as const satisfies Output;

/** `/badges/<path>/<client>.svg`. */
export const clientBadge = {
  pattern: '/badges/<path>/<client>.svg',
  forms: ['badge'],
  entry: 'features',
  madeBy: ['src/pages/badges/[...badge].svg.ts'],
  description: "one client's cell of a feature as SVG, likewise",
} as const satisfies Output;

/** `/matrix`. */
export const matrix = {
  pattern: '/matrix',
  forms: ['page', 'twin'],
  sitemap: true,
  llms: true,
  nav: 'Matrix',
  madeBy: ['src/pages/matrix.astro', 'src/pages/matrix.md.ts'],
  description:
    'the support matrix: clients × revisions and clients × capabilities, each cell a verdict (`yes`, `partial`, `no`) linked to its notes, or *unknown*, and the JSON exports with their schemas; its twin is the same tables in Markdown',
} as const satisfies Output;

/** `/captures`. */
export const captures = {
  pattern: '/captures',
  forms: ['page', 'twin'],
  sitemap: true,
  madeBy: ['src/pages/captures/index.astro', 'src/pages/captures.md.ts'],
  description:
    'every capture, 100 a page, with a table by client (client, version, path, transport, persona, date, what was offered); its twin lists them all',
} as const satisfies Output;

/** `/captures/page/<n>`. */
export const capturesPage = {
  pattern: '/captures/page/<n>',
  forms: ['page'],
  sitemap: true,
  madeBy: ['src/pages/captures/page/[page].astro'],
  description: 'the captures list from its second page on (no twin)',
} as const satisfies Output;

/** `/captures/<id>`. */
export const capture = {
  pattern: '/captures/<id>',
  forms: ['page', 'twin', 'file'],
  entry: 'captures',
  keys: ['site', 'capture'],
  schema: 'capture',
  sitemap: true,
  llms: true,
  hosts: ['netlify'],
  madeBy: ['src/pages/captures/[id].astro', 'src/pages/captures/[id].md.ts', 'src/pages/captures/[id].jsonl.ts'],
  description:
    'one capture as a readable exchange; its twin; the file itself, byte for byte (`text/plain; charset=utf-8` with `nosniff`; its header follows the schema). On Cloudflare the three are served from the capture packs',
} as const satisfies Output;

/** `/check-server`. */
export const checkServer = {
  pattern: '/check-server',
  forms: ['page', 'twin'],
  sitemap: true,
  madeBy: ['src/pages/check-server.astro', 'src/pages/check-server.md.ts'],
  description:
    "the server check in the reader's browser, from /data/features.json and /data/clients.json; nothing pasted leaves the page; state shareable in the URL fragment",
} as const satisfies Output;

/** `/search`. */
export const search = {
  pattern: '/search',
  forms: ['page'],
  sitemap: true,
  nav: 'Search',
  madeBy: ['src/pages/search.astro'],
  description: 'full-text search with filters (no twin)',
} as const satisfies Output;

/** `/404`. */
export const notFound = {
  pattern: '/404',
  forms: ['page'],
  madeBy: ['src/pages/404.astro'],
  description: 'the page hosts answer a missing URL with: `noindex`, no canonical URL, no twin',
} as const satisfies Output;

/** `/data/notes.json`. */
export const notesJson = {
  pattern: '/data/notes.json',
  forms: ['json'],
  schema: 'notes-export',
  madeBy: ['src/pages/data/notes.json.ts'],
  description:
    'every note: `{ site, generated, notes: [{ id, frontmatter, canonical, lastUpdated, page, twin, backlinks[], correctedBy[] }] }`',
} as const satisfies Output;

/** `/data/matrix.json`. */
export const matrixJson = {
  pattern: '/data/matrix.json',
  forms: ['json'],
  schema: 'matrix-export',
  madeBy: ['src/pages/data/matrix.json.ts'],
  description:
    'every cell of both matrices, unknown ones included: `{ client, revision or capability, state, notes, caveat?, version?, since?, ranges?, evidence, newerRelease? }`',
} as const satisfies Output;

/** `/data/clients.json`. */
export const clientsJson = {
  pattern: '/data/clients.json',
  forms: ['json'],
  schema: 'clients-export',
  madeBy: ['src/pages/data/clients.json.ts'],
  description:
    'every client with the clientInfo and User-Agent captures observed of it: `{ client, name, clientInfoName?, observed: [{ version, clientInfo, userAgent?, transport, path, face, command?, capture, capturedAt }] }`',
} as const satisfies Output;

/** `/data/features.json`. */
export const featuresJson = {
  pattern: '/data/features.json',
  forms: ['json'],
  schema: 'features-export',
  madeBy: ['src/pages/data/features.json.ts'],
  description:
    'every client × feature cell, unknown ones included: `{ feature, client, state, status?, ranges[], evidence?, setting?, caveat?, notes, captures }`',
} as const satisfies Output;

/** `/data/history.json`. */
export const historyJson = {
  pattern: '/data/history.json',
  forms: ['json'],
  schema: 'history-export',
  madeBy: ['src/pages/data/history.json.ts'],
  description:
    'every change of a verdict, newest first, read from git: `{ available, head, commits, changes[], featureChanges[], skipped[] }` (`available: false` with the reason in a shallow clone)',
} as const satisfies Output;

/** `/schema/<name>.json`. */
export const schemas = {
  pattern: '/schema/<name>.json',
  forms: ['schema'],
  madeBy: ['src/pages/schema/[name].json.ts'],
  description:
    'the JSON Schema of every export and content kind, generated from the zod schemas: the schemas this table names, and the drift report',
} as const satisfies Output;

/** `/feed.xml`. */
export const feed = {
  pattern: '/feed.xml',
  forms: ['feed'],
  madeBy: ['src/pages/feed.xml.ts'],
  description: 'an Atom feed of notes, newest `last-updated` first',
} as const satisfies Output;

/** `/changes.xml`. */
export const changes = {
  pattern: '/changes.xml',
  forms: ['feed'],
  madeBy: ['src/pages/changes.xml.ts'],
  description: "every verdict change as Atom, read from git, feature cells' included",
} as const satisfies Output;

/** `/llms.txt`. */
export const llms = {
  pattern: '/llms.txt',
  forms: ['text'],
  madeBy: ['src/pages/llms.txt.ts'],
  description: 'the llms.txt index: every twin this table marks, by absolute URL',
} as const satisfies Output;

/** `/sitemap.xml`. */
export const sitemap = {
  pattern: '/sitemap.xml',
  forms: ['xml'],
  madeBy: ['src/pages/sitemap.xml.ts'],
  description: 'every page this table marks, with its `lastmod` where it has a date',
} as const satisfies Output;

/** `/robots.txt`. */
export const robots = {
  pattern: '/robots.txt',
  forms: ['text'],
  madeBy: ['src/pages/robots.txt.ts'],
  description: 'crawl rules naming the sitemap',
} as const satisfies Output;

/** `/pagefind/<file>`. */
export const searchIndex = {
  pattern: '/pagefind/<file>',
  forms: ['index'],
  madeBy: ['src/node/search-index.ts', 'src/node/pagefind-bundle.ts'],
  description: "the search index: Pagefind's bundle, written from the search records",
} as const satisfies Output;

/** `/_astro/<file>`. */
export const assets = {
  pattern: '/_astro/<file>',
  forms: ['asset'],
  madeBy: ['astro.config.mjs'],
  description: "Astro's bundles: the stylesheet and the few scripts (search, filters, the server check, the compare view)",
} as const satisfies Output;

/** `/favicon.svg`. */
export const favicon = {
  pattern: '/favicon.svg',
  forms: ['asset'],
  madeBy: ['public/favicon.svg'],
  description: "the site's icon",
} as const satisfies Output;

/** `/_headers`. */
export const headersFile = {
  pattern: '/_headers',
  forms: ['host'],
  madeBy: ['src/integrations/headers.ts'],
  description:
    'the response headers, in the form of the host `DEPLOY_HOST` names: twins as Markdown with a canonical `Link` to their page, capture files as text with `nosniff`',
} as const satisfies Output;

/** `/capture-packs/<n>.pack`. */
export const capturePacks = {
  pattern: '/capture-packs/<n>.pack',
  forms: ['pack'],
  hosts: ['cloudflare'],
  madeBy: ['src/node/capture-fold.ts'],
  description: "every capture's page, twin and file, packed into at most 256 files by a hash of its id",
} as const satisfies Output;

/** `/_worker.js`. */
export const worker = {
  pattern: '/_worker.js',
  forms: ['host'],
  hosts: ['cloudflare'],
  madeBy: ['src/node/capture-fold.ts', 'src/lib/outputs/capture-worker.ts'],
  description: 'the Pages Function that serves /captures/* from the packs',
} as const satisfies Output;

/** `/_routes.json`. */
export const routesFile = {
  pattern: '/_routes.json',
  forms: ['host'],
  hosts: ['cloudflare'],
  madeBy: ['src/node/capture-fold.ts'],
  description: 'which requests invoke the Function: /captures/* but /captures itself',
} as const satisfies Output;

/** Every output the build writes, by name, in the contract's order. */
export const outputs = {
  home,
  research,
  researchPage,
  note,
  clients,
  client,
  clientVersions,
  clientCaptures,
  clientCapturesPage,
  clientFeed,
  clientChanges,
  clientLlms,
  revisions,
  revision,
  revisionLlms,
  capabilities,
  capability,
  features,
  feature,
  featureStatusFeed,
  featureBadge,
  clientBadge,
  matrix,
  captures,
  capturesPage,
  capture,
  checkServer,
  search,
  notFound,
  notesJson,
  matrixJson,
  clientsJson,
  featuresJson,
  historyJson,
  schemas,
  feed,
  changes,
  llms,
  sitemap,
  robots,
  searchIndex,
  assets,
  favicon,
  headersFile,
  capturePacks,
  worker,
  routesFile,
} as const;

/** The name of an output. */
export type OutputName = keyof typeof outputs;
