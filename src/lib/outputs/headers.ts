import { assetTypes, forms, MARKDOWN_TYPE, outputs, type FormSpec, type Output } from '../routes/outputs.ts';
import { absoluteUrl, captureUrl } from '../routes/urls.ts';
import { formExtension } from './output-files.ts';

/**
 * One `_headers` rule: a URL path pattern, the headers every response at it gets, and (Cloudflare
 * Pages only) the headers it detaches from what earlier rules set (`! Name`).
 */
export interface HeaderRule {
  path: string;
  headers: [name: string, value: string][];
  unset?: string[];
}

/** The hosts the build writes a `_headers` file for; they read the same syntax but fill it in differently. */
const HEADERS_HOSTS = ['netlify', 'cloudflare'] as const;
/** A host whose `_headers` semantics the build writes for. */
export type HeadersHost = (typeof HEADERS_HOSTS)[number];

/** The host named by `DEPLOY_HOST` (Netlify when unset or empty); anything else is refused in one line. */
export const deployHost = (value: string | undefined): HeadersHost => {
  if (value === undefined || value === '') return 'netlify';
  const host = HEADERS_HOSTS.find((name) => name === value);
  if (host === undefined)
    throw new Error(
      `DEPLOY_HOST: expected ${HEADERS_HOSTS.join(' or ')} (or nothing, for netlify), got ${JSON.stringify(value)}`,
    );
  return host;
};

/**
 * The files at a site's root that hosts read as their configuration and neither serve nor count
 * against a deployment's file limit (wrangler's `IGNORE_LIST`, packages/wrangler/src/pages/validate.ts
 * at 2ffff4b8; Netlify reads `_headers` and `_redirects` alike).
 */
export const HOST_FILES: ReadonlySet<string> = new Set(['_headers', '_redirects', '_routes.json', '_worker.js']);

export { MARKDOWN_TYPE };

/** Content types by extension, from the table of outputs: each form's type, and the assets' by their extension. */
let contentTypes: ReadonlyMap<string, string> | undefined;
const typesByExtension = (): ReadonlyMap<string, string> => {
  if (contentTypes !== undefined) return contentTypes;
  const types = new Map(Object.entries(assetTypes));
  for (const output of Object.values(outputs) as Output[]) {
    for (const form of output.forms) {
      const extension = formExtension(output, form);
      const type = forms[form].type;
      if (extension !== undefined && type.includes('/')) types.set(extension, type);
    }
  }
  contentTypes = types;
  return types;
};

/**
 * The content type of a file, by its name's extension, as the table of outputs gives it (the site's
 * own server and the capture packs' Function, capture-worker.ts, serve with it): a charset where the
 * file is text; `application/octet-stream` for one it does not know.
 */
export const contentTypeOf = (file: string): string => {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? typesByExtension().get(name.slice(dot)) : undefined) ?? 'application/octet-stream';
};

/** The page a twin copies: `/research/x.md` is `/research/x`, `/index.md` the home page `/` (never `/index`). */
export const pageOfTwin = (twin: string): string => {
  const page = twin.replace(/\.md$/, '').replace(/(^|\/)index$/, '$1');
  return page === '/' ? page : page.replace(/\/$/, '');
};

const canonical = (url: string) => `<${url}>; rel="canonical"`;

/**
 * The rules the table's forms ask for (outputs.ts, `headers`): a twin's type on every `.md` file, a
 * capture file's type and `nosniff` on `/captures/*.jsonl`. Cloudflare Pages gets them without the
 * type: it attaches a rule to the 404 page it serves for a mistyped URL too, which a type would
 * label, and it types the files by extension itself (below). `nosniff` is harmless on that page;
 * Pages' `mime` knows no `.jsonl`, so capture files are served there as `application/octet-stream`.
 */
const formRules = (host: HeadersHost): HeaderRule[] => {
  const rules = new Map<string, HeaderRule>();
  for (const output of Object.values(outputs) as Output[]) {
    for (const form of output.forms) {
      const spec: FormSpec = forms[form];
      if (spec.headers === undefined) continue;
      const path =
        spec.headers.at === 'extension'
          ? `/*${formExtension(output, form) ?? ''}`
          : `${output.pattern}${spec.suffix}`.replace(/<[a-z]+>/g, '*');
      const headers = spec.headers.set
        .filter(([name]) => host === 'netlify' || name !== 'Content-Type')
        .map(([name, value]): [string, string] => [name, value]);
      if (headers.length > 0 && !rules.has(path)) rules.set(path, { path, headers });
    }
  }
  return [...rules.values()];
};

/**
 * The rules that make twins reach readers as Markdown and tell search engines which page each twin
 * copies (`page` is the page's path, or undefined for a `.md` file that copies no page).
 *
 * Read on 2026-12-01 (docs.netlify.com/routing/headers, developers.cloudflare.com/pages/configuration/headers,
 * and the hosts' own header code, pinned below).
 *
 * Netlify fills no placeholder into a header value: its headers engine merges the matching rules'
 * values as written (netlify/primitives, packages/headers/src/lib/headersForPath.ts at 35d1475d), so
 * the canonical `Link` takes one rule per twin, and one `/*.md` rule gives every twin its type.
 *
 * Cloudflare Pages allows 100 rules a project (its headers page; `! Name` detaches a header, as
 * workers-sdk's packages/workers-shared/utils/configuration/parseHeaders.ts at 0b27920c parses it)
 * and fills `:splat` (what `*` matched) into header values (workers-sdk,
 * packages/pages-shared/asset-server/rulesEngine.ts at 5f523d7a, `replacer`), so one `/*.md` rule
 * names every twin's page. It matches rules against the request's path and
 * attaches them to whatever it answers, the nearest `404.html` included (asset-server/handler.ts at
 * 102f5084, `attachHeaders(await generateResponse())`): a `/*.md` content-type rule would serve a
 * mistyped twin URL's 404 page as Markdown text. So the Cloudflare file sets no type for twins;
 * Pages types each uploaded file by its extension, `.md` as `text/markdown` (wrangler,
 * src/pages/validate.ts at a5b45352, `getType(name)`), and leaves the 404 page `text/html`. A twin
 * whose page is not what `:splat` names (`/index.md`) detaches that `Link` (`! Link`) and sets its own.
 */
export const twinHeaderRules = (
  origin: string,
  twins: { twin: string; page: string | undefined }[],
  host: HeadersHost = 'netlify',
): HeaderRule[] => {
  if (host === 'netlify')
    return [
      ...formRules(host),
      ...twins.flatMap(({ twin, page }): HeaderRule[] =>
        page === undefined ? [] : [{ path: twin, headers: [['Link', canonical(absoluteUrl(origin, page))]] }],
      ),
    ];
  const base = origin.replace(/\/+$/, '');
  return [
    { path: '/*.md', headers: [['Link', canonical(`${base}/:splat`)]] },
    ...twins.flatMap(({ twin, page }): HeaderRule[] => {
      if (page === twin.replace(/\.md$/, '')) return [];
      return [
        page === undefined
          ? { path: twin, headers: [], unset: ['Link'] }
          : { path: twin, headers: [['Link', canonical(absoluteUrl(origin, page))]], unset: ['Link'] },
      ];
    }),
    ...formRules(host),
  ];
};

/** The comment line that says which host a `_headers` file was written for, so a reader applies it that way. */
const hostLine = (host: HeadersHost) => `# host: ${host}`;

/** A `_headers` file as Netlify and Cloudflare Pages read it: a path, then its headers indented. */
export const formatHeaders = (rules: readonly HeaderRule[], comment?: string, host?: HeadersHost): string =>
  [
    ...(comment ? [`# ${comment}`] : []),
    ...(host ? [hostLine(host)] : []),
    ...rules.flatMap((rule) => [
      rule.path,
      ...(rule.unset ?? []).map((name) => `  ! ${name}`),
      ...rule.headers.map(([name, value]) => `  ${name}: ${value}`),
    ]),
    '',
  ].join('\n');

/** The host a `_headers` file says it was written for (Netlify where it says none). */
export const headersHostOf = (text: string): HeadersHost => (/^# host: cloudflare\s*$/m.test(text) ? 'cloudflare' : 'netlify');

/** Reads a `_headers` file; comments and blank lines are skipped, a header before any path is ignored. */
export const parseHeaders = (text: string): HeaderRule[] => {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: trimmed, headers: [] });
      continue;
    }
    const rule = rules.at(-1);
    if (rule === undefined) continue;
    if (trimmed.startsWith('!')) {
      (rule.unset ??= []).push(trimmed.slice(1).trim());
      continue;
    }
    const colon = trimmed.indexOf(':');
    if (colon > 0) rule.headers.push([trimmed.slice(0, colon).trim(), trimmed.slice(colon + 1).trim()]);
  }
  return rules;
};

/**
 * A rule's path pattern as a regular expression, as both hosts agree: `*` matches anything (slashes
 * too) and is captured as `splat`, `:name` one path segment, everything else itself.
 */
const patterns = new Map<string, RegExp>();
const compile = (pattern: string): RegExp => {
  let compiled = patterns.get(pattern);
  if (!compiled) {
    const source = pattern
      .split(/(\*|:[A-Za-z]\w*)/)
      .map((part) =>
        part === '*' ? '(?<splat>.*)' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'),
      )
      .join('');
    compiled = new RegExp(`^${source}$`);
    patterns.set(pattern, compiled);
  }
  return compiled;
};

/**
 * The headers a URL path gets from a `_headers` file's rules, as the host applies them. Netlify:
 * later rules win, values as written. Cloudflare Pages: `:splat` is filled in, `! Name` detaches what
 * earlier rules set, and a name set twice joins its values with a comma.
 */
export const headersFor = (
  rules: readonly HeaderRule[],
  urlPath: string,
  host: HeadersHost = 'netlify',
): Record<string, string> => {
  const result: Record<string, string> = {};
  for (const rule of rules) {
    const match = compile(rule.path).exec(urlPath);
    if (!match) continue;
    if (host === 'netlify') {
      for (const [name, value] of rule.headers) result[name.toLowerCase()] = value;
      continue;
    }
    for (const name of rule.unset ?? []) delete result[name.toLowerCase()];
    const splat = match.groups?.['splat'];
    for (const [name, written] of rule.headers) {
      const value = splat === undefined ? written : written.replaceAll(':splat', splat);
      const key = name.toLowerCase();
      result[key] = result[key] === undefined ? value : `${result[key]}, ${value}`;
    }
  }
  return result;
};

/**
 * The headers one of a capture's files (its page, twin or `.jsonl`) is served with where the host
 * applies the site's headers as the Netlify form writes them: its type, then its rules (the twin's
 * canonical `Link`, the file's `nosniff`). The Cloudflare form's Function (capture-worker.ts) serves
 * the packed files with these, which Pages' own typing of the files could not give (no charset on
 * `.md`, `.jsonl` as `application/octet-stream`).
 */
export const captureHeaders = (origin: string, id: string, form: 'html' | 'twin' | 'file'): [string, string][] => {
  const url = captureUrl(id, form);
  const rules = twinHeaderRules(origin, [{ twin: captureUrl(id, 'twin'), page: captureUrl(id) }], 'netlify');
  return Object.entries({
    'content-type': contentTypeOf(form === 'html' ? `${url}.html` : url),
    ...headersFor(rules, url, 'netlify'),
  });
};
