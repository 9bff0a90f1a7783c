/**
 * The landmarks of a built HTML page, read with a tag stack (Astro writes well-formed HTML with
 * double-quoted attributes): each with its role, its accessible name (aria-label, or the text of the
 * elements aria-labelledby names) and the landmarks it is inside.
 */

export interface Landmark {
  role: string;
  name: string;
  /** The landmarks around it, outermost first. */
  ancestors: { role: string; name: string }[];
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const LANDMARK_ROLES = new Set(['banner', 'complementary', 'contentinfo', 'form', 'main', 'navigation', 'region', 'search']);
// Roles that need a name to be a landmark (ARIA: region, form; HTML-AAM: section, form).
const NAMED_ONLY = new Set(['region', 'form']);
const IMPLICIT: Record<string, string> = {
  main: 'main',
  nav: 'navigation',
  aside: 'complementary',
  section: 'region',
  form: 'form',
  search: 'search',
  header: 'banner',
  footer: 'contentinfo',
};
// A header or footer inside these is no banner or contentinfo.
const SECTIONING = new Set(['article', 'aside', 'main', 'nav', 'section']);

interface Open {
  tag: string;
  attributes: Map<string, string>;
  text: string[];
}

const attributesOf = (source: string): Map<string, string> =>
  new Map([...source.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map((match) => [match[1] ?? '', match[2] ?? '']));

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Every landmark of an HTML document, in document order. */
export const landmarks = (html: string): Landmark[] => {
  const body = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '').replace(/<!--[\s\S]*?-->/g, '');
  const texts = new Map<string, string>();
  const found: { open: Open; role: string; ancestors: Open[] }[] = [];
  const stack: Open[] = [];
  for (const token of body.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>|([^<]+)/g)) {
    if (token[4] !== undefined) {
      for (const open of stack) open.text.push(token[4]);
      continue;
    }
    const tag = (token[2] ?? '').toLowerCase();
    if (token[1] === '/') {
      const index = stack.map((open) => open.tag).lastIndexOf(tag);
      if (index < 0) continue;
      for (const closed of stack.splice(index)) {
        const id = closed.attributes.get('id');
        if (id !== undefined) texts.set(id, decode(closed.text.join('')).replace(/\s+/g, ' ').trim());
      }
      continue;
    }
    const open: Open = { tag, attributes: attributesOf(token[3] ?? ''), text: [] };
    const explicit = open.attributes.get('role');
    const implicit = IMPLICIT[tag];
    const inSectioning = stack.some((outer) => SECTIONING.has(outer.tag));
    const role =
      explicit !== undefined
        ? LANDMARK_ROLES.has(explicit)
          ? explicit
          : undefined
        : implicit !== undefined && !((tag === 'header' || tag === 'footer') && inSectioning)
          ? implicit
          : undefined;
    if (role !== undefined) found.push({ open, role, ancestors: [...stack] });
    if (!VOID.has(tag) && !(token[3] ?? '').trim().endsWith('/')) stack.push(open);
  }
  const nameOf = (open: Open) => {
    const label = open.attributes.get('aria-label');
    if (label !== undefined) return decode(label).trim();
    const ids = open.attributes.get('aria-labelledby');
    return ids === undefined
      ? ''
      : ids
          .split(/\s+/)
          .map((id) => texts.get(id) ?? '')
          .join(' ')
          .trim();
  };
  const roleOf = new Map(found.map((entry) => [entry.open, entry.role]));
  return found
    .filter((entry) => !NAMED_ONLY.has(entry.role) || nameOf(entry.open) !== '')
    .map((entry) => ({
      role: entry.role,
      name: nameOf(entry.open),
      ancestors: entry.ancestors.flatMap((outer) => {
        const role = roleOf.get(outer);
        return role === undefined || (NAMED_ONLY.has(role) && nameOf(outer) === '') ? [] : [{ role, name: nameOf(outer) }];
      }),
    }));
};
