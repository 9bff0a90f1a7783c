import { absoluteUrl } from './urls.ts';

/** One `_headers` rule: a URL path pattern and the headers every response at it gets. */
export interface HeaderRule {
  path: string;
  headers: [name: string, value: string][];
}

/** What twins are served as: plain static hosts guess `.md` as something else, or not at all. */
export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

/** What capture files (`/captures/<id>.jsonl`) are served as. */
export const CAPTURE_TYPE = 'text/plain; charset=utf-8';

/**
 * The rules that make twins reach readers as Markdown and tell search engines which page each twin
 * copies. Netlify substitutes no placeholders in header values, so the canonical `Link` takes one
 * rule per twin; the content type is one rule for every `.md` file.
 */
export const twinHeaderRules = (origin: string, twins: { twin: string; page: string | undefined }[]): HeaderRule[] => [
  { path: '/*.md', headers: [['Content-Type', MARKDOWN_TYPE]] },
  // A capture file holds what a client sent: readable as text, never sniffed into anything a browser runs.
  {
    path: '/captures/*.jsonl',
    headers: [
      ['Content-Type', CAPTURE_TYPE],
      ['X-Content-Type-Options', 'nosniff'],
    ],
  },
  ...twins.flatMap(({ twin, page }): HeaderRule[] =>
    page === undefined ? [] : [{ path: twin, headers: [['Link', `<${absoluteUrl(origin, page)}>; rel="canonical"`]] }],
  ),
];

/** A `_headers` file as Netlify and Cloudflare Pages read it: a path, then its headers indented. */
export const formatHeaders = (rules: readonly HeaderRule[], comment?: string): string =>
  [
    ...(comment ? [`# ${comment}`] : []),
    ...rules.flatMap((rule) => [rule.path, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`)]),
    '',
  ].join('\n');

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
    const colon = trimmed.indexOf(':');
    if (colon > 0) rules.at(-1)?.headers.push([trimmed.slice(0, colon).trim(), trimmed.slice(colon + 1).trim()]);
  }
  return rules;
};

/**
 * Whether a rule's path pattern matches a URL path, as both hosts agree: `*` matches anything
 * (slashes too), `:name` one path segment, everything else itself.
 */
const patterns = new Map<string, RegExp>();
const matches = (pattern: string, urlPath: string): boolean => {
  let compiled = patterns.get(pattern);
  if (!compiled) {
    const source = pattern
      .split(/(\*|:[A-Za-z]\w*)/)
      .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')))
      .join('');
    compiled = new RegExp(`^${source}$`);
    patterns.set(pattern, compiled);
  }
  return compiled.test(urlPath);
};

/** The headers a URL path gets from a `_headers` file's rules, later rules winning. */
export const headersFor = (rules: readonly HeaderRule[], urlPath: string): Record<string, string> => {
  const result: Record<string, string> = {};
  for (const rule of rules) {
    if (!matches(rule.path, urlPath)) continue;
    for (const [name, value] of rule.headers) result[name.toLowerCase()] = value;
  }
  return result;
};
