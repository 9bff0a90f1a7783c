import type { CollectionName } from '../../schema/index.ts';
import { captureOfPath, captureUrl, entryOfPath, entryUrl, isScopedFilePath, staticPaths } from '../routes/urls.ts';

/** What a link written in a body points at, from the site's point of view. */
export type LinkTarget =
  | { type: 'external' }
  | { type: 'entry'; collection: CollectionName; id: string; form: 'html' | 'twin'; hash: string }
  | { type: 'capture'; id: string; form: 'html' | 'twin' | 'file'; hash: string }
  | { type: 'static'; path: string }
  | { type: 'unknown'; path: string };

/**
 * Classifies a link: links to this site are root-relative (`/clients/x.md`) or absolute on the
 * site's origin; anything else (other hosts, `#anchors`, `mailto:`) is external to the check.
 */
export const classifyLink = (href: string, origin: string): LinkTarget => {
  let path = href;
  const trimmed = origin.replace(/\/+$/, '');
  if (path.startsWith(`${trimmed}/`) || path === trimmed) path = path.slice(trimmed.length) || '/';
  if (!path.startsWith('/') || path.startsWith('//')) return { type: 'external' };
  const hashAt = path.search(/[?#]/);
  const hash = hashAt === -1 ? '' : path.slice(hashAt);
  const bare = hashAt === -1 ? path : path.slice(0, hashAt);
  const capture = captureOfPath(bare);
  if (capture !== undefined) return { type: 'capture', id: decodeURIComponent(capture.id), form: capture.form, hash };
  const entry = entryOfPath(bare);
  if (entry !== undefined) return { type: 'entry', ...entry, id: decodeURIComponent(entry.id), hash };
  const withoutSlash = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  if (staticPaths.includes(withoutSlash) || isScopedFilePath(withoutSlash)) {
    return { type: 'static', path: withoutSlash };
  }
  return { type: 'unknown', path: bare };
};

/** The HTML form of a link: twins are for agents, so a page links pages (`/x.md` → `/x`). */
export const htmlHref = (href: string, origin: string): string => {
  const target = classifyLink(href, origin);
  if (target.type === 'capture' && target.form === 'twin') return `${captureUrl(target.id)}${target.hash}`;
  if (target.type !== 'entry' || target.form === 'html') return href;
  return `${entryUrl(target.collection, target.id, 'html')}${target.hash}`;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every string in a Markdown text that might be a link to this site: inline destinations
 * (`](/x)`), definitions (`[x]: /y`), and anything on the site's origin. Liberal by design: it
 * may find more than a parser would (in code, with trailing punctuation), never less.
 */
export const linkCandidates = (text: string, origin: string): string[] => {
  const quoted = escapeRegExp(origin.replace(/\/+$/, ''));
  const patterns = [/\]\(\s*<?([^\s)>]*)/g, /^[ \t]*\[[^\]\n]+\]:\s*<?([^\s>]*)/gm, new RegExp(`(${quoted}[^\\s)<>\\]]*)`, 'g')];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ''));
};
