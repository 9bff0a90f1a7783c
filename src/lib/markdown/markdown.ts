import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema, type Options as Schema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { markdownToHast } from 'satteri';
import { unified } from 'unified';
import type { Element, Root as HastRoot, RootContent } from 'hast';
import type { Root, RootContent as MdastContent } from 'mdast';
import { htmlHref } from './links.ts';
import { walkTree } from './tree-walk.ts';

/** A link as written in a body, at its place in the file. */
export interface BodyLink {
  href: string;
  line: number;
  column: number;
}

/**
 * How the site reads Markdown: CommonMark plus GitHub's extensions, with the frontmatter block kept
 * out of the body. Checking parses with this, and so does rendering where Sätteri cannot decide
 * (`renderFast`); tests/markdown-engines.test.ts holds the two engines to the same HTML on every body.
 */
const markdownParser = () => unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm);

const parser = markdownParser();

/** Every link and link definition in a whole file; positions are the file's own lines. */
export const bodyLinks = (fileText: string): BodyLink[] => {
  const tree = parser.parse(fileText);
  const links: BodyLink[] = [];
  walkTree<Root | MdastContent>(tree, (node) => {
    if ((node.type === 'link' || node.type === 'definition') && 'url' in node) {
      links.push({
        href: node.url,
        line: node.position?.start.line ?? 1,
        column: node.position?.start.column ?? 1,
      });
    }
  });
  return links;
};

/** Where code stands in a whole file (fenced, indented and inline), as [start, end) offsets. */
export const codeRanges = (fileText: string): [number, number][] => {
  const ranges: [number, number][] = [];
  walkTree<Root | MdastContent>(parser.parse(fileText), (node) => {
    if ((node.type === 'code' || node.type === 'inlineCode') && node.position?.start.offset !== undefined) {
      ranges.push([node.position.start.offset, node.position.end.offset ?? fileText.length]);
    }
  });
  return ranges;
};

/**
 * GitHub's sanitize schema (no script, iframe, object, style, event handlers, or `javascript:`
 * and `data:` URLs) plus the classes the site's own rendering adds.
 */
const sanitizeSchema: Schema = {
  ...defaultSchema,
  // Dropped with their contents: unwrapped, a <style> block's CSS would show as page text.
  strip: [...(defaultSchema.strip ?? []), 'style'],
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.['code'] ?? []), ['className', /^language-[\w-]+$/]],
  },
};

/** Rewrites links to twins into links to pages, so HTML always links HTML. */
const rewriteLinks = (origin: string) => (tree: Root) => {
  walkTree<Root | MdastContent>(tree, (node) => {
    if ((node.type === 'link' || node.type === 'definition') && 'url' in node) {
      node.url = htmlHref(node.url, origin);
    }
  });
};

/**
 * Sanitizing prefixes every id with `user-content-` (so content cannot clobber page globals);
 * this points in-page links (footnotes, written anchors) at the prefixed ids.
 */
const relinkFragments = () => (tree: HastRoot) => {
  const ids = new Set<string>();
  const inPage: Element[] = [];
  walkTree<HastRoot | RootContent>(tree, (node) => {
    if (node.type !== 'element') return;
    if (typeof node.properties['id'] === 'string') ids.add(node.properties['id']);
    const href = node.properties['href'];
    if (node.tagName === 'a' && typeof href === 'string' && href.startsWith('#')) inPage.push(node);
  });
  for (const link of inPage) {
    const fragment = String(link.properties['href']).slice(1);
    if (ids.has(`user-content-${fragment}`)) link.properties['href'] = `#user-content-${fragment}`;
  }
};

/** A table's scroll box, and its class: the site's own markup, added after sanitizing. */
export const TABLE_SCROLL_CLASS = 'table-scroll';

/**
 * Puts each table in a box of its own that scrolls sideways (`.prose .table-scroll`), so a wide
 * table (a version history's thirty columns) never makes a phone's page scroll. The box is
 * focusable and named (Table, or Table 1, Table 2, … where a body has several), so a keyboard can
 * scroll it too (axe: scrollable-region-focusable).
 */
const scrollTables = () => (tree: HastRoot) => {
  const found: { siblings: RootContent[]; table: Element }[] = [];
  const walk = (node: HastRoot | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if (child.tagName === 'table') found.push({ siblings: node.children as RootContent[], table: child });
      else walk(child);
    }
  };
  walk(tree);
  found.forEach(({ siblings, table }, index) => {
    const box: Element = {
      type: 'element',
      tagName: 'div',
      properties: {
        className: [TABLE_SCROLL_CLASS],
        role: 'region',
        tabIndex: 0,
        ariaLabel: found.length === 1 ? 'Table' : `Table ${index + 1}`,
      },
      children: [table],
    };
    siblings.splice(siblings.indexOf(table), 1, box);
  });
};

/**
 * The HTML pipeline. Raw HTML in a body is parsed (rehype-raw) and then sanitized; parsing HTML is
 * the costliest step, so bodies without any skip it. Sanitizing runs either way.
 */
const renderer = (origin: string, raw: boolean) => {
  const base = markdownParser()
    .use(() => rewriteLinks(origin))
    .use(remarkRehype, { allowDangerousHtml: raw, clobberPrefix: '' });
  return (raw ? base.use(rehypeRaw) : base)
    .use(rehypeSanitize, sanitizeSchema)
    .use(relinkFragments)
    .use(scrollTables)
    .use(rehypeStringify);
};

const renderers = new Map<string, ReturnType<typeof renderer>>();
const pipeline = (origin: string, raw: boolean) => {
  const key = `${raw ? 'raw' : 'plain'} ${origin}`;
  let found = renderers.get(key);
  if (!found) {
    found = renderer(origin, raw);
    renderers.set(key, found);
  }
  return found;
};

/** Elements after which the text gets a line break, so words of two blocks do not run together. */
const blocks = new Set([
  'p',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'blockquote',
  'tr',
  'td',
  'th',
  'dt',
  'dd',
  'br',
  'hr',
  'div',
  'table',
]);

/** The text a reader sees in a sanitized tree, one line per block. */
const textOf = (tree: HastRoot): string => {
  const out: string[] = [];
  const walk = (node: HastRoot | RootContent) => {
    if (node.type === 'text') out.push(node.value);
    else if ('children' in node) {
      for (const child of node.children) walk(child);
      if (node.type === 'element' && blocks.has(node.tagName)) out.push('\n');
    }
  };
  walk(tree);
  return out
    .join('')
    .replace(/[ \t]*\n\s*/g, '\n')
    .trim();
};

/** The sanitizing end of the pipeline, for trees parsed elsewhere. */
const finish = unified().use(rehypeSanitize, sanitizeSchema).use(relinkFragments).use(scrollTables).use(rehypeStringify);

/** A body rendered once: safe HTML for pages, plain text for the search index. */
export interface Rendered {
  html: string;
  text: string;
}

/**
 * The fast path: Sätteri (Astro's native Markdown parser, in Rust) parses the file into the same
 * HTML tree as the unified pipeline, which then goes through the same sanitizer and serializer.
 * Returns undefined where the unified pipeline must decide: the body has raw HTML (parsed and
 * sanitized by rehype-raw there), or an image whose address the unified pipeline rewrites through
 * a link definition.
 */
const renderFast = (markdown: string, origin: string): Rendered | undefined => {
  // No footnote id prefix here: the sanitizer adds `user-content-` to every id, as in the unified pipeline.
  const tree = markdownToHast(markdown, { features: { gfm: { footnotes: { clobberPrefix: '' } } }, position: false }) as HastRoot;
  let fallBack = false;
  walkTree<HastRoot | RootContent>(tree, (node) => {
    if (node.type === 'raw') fallBack = true;
    else if (node.type === 'element') {
      const { href, src } = node.properties;
      if (node.tagName === 'a' && typeof href === 'string') node.properties['href'] = htmlHref(href, origin);
      if (node.tagName === 'img' && typeof src === 'string' && htmlHref(src, origin) !== src) fallBack = true;
      // Column alignment as remark-rehype writes it (`align`), which the sanitizer keeps; it drops `style`.
      const align = /^text-align: (left|center|right)$/.exec(String(node.properties['style'] ?? ''))?.[1];
      if ((node.tagName === 'th' || node.tagName === 'td') && align) {
        node.properties['align'] = align;
        delete node.properties['style'];
      }
    }
    return !fallBack;
  });
  if (fallBack) return undefined;
  const safe = finish.runSync(tree);
  return { html: finish.stringify(safe), text: textOf(safe) };
};

/** The unified pipeline alone: remark, remark-rehype (rehype-raw where the body has HTML), the sanitizer. */
const renderUnified = (markdown: string, origin: string): Rendered => {
  const plain = pipeline(origin, false);
  const tree = plain.parse(markdown);
  let hasHtml = false;
  walkTree<Root | MdastContent>(tree, (node) => {
    hasHtml = node.type === 'html';
    return !hasHtml;
  });
  const chosen = hasHtml ? pipeline(origin, true) : plain;
  const safe = chosen.runSync(tree);
  return { html: chosen.stringify(safe), text: textOf(safe) };
};

/** The two ways a body can be rendered, for the test that holds them to one output. */
export const markdownEngines = { satteri: renderFast, unified: renderUnified };

/** Markdown (untrusted) to safe HTML, with site links pointing at HTML pages, and that HTML's text. */
export const renderMarkdownAndText = (markdown: string, origin: string): Rendered =>
  renderFast(markdown, origin) ?? renderUnified(markdown, origin);

/** Markdown (untrusted) to safe HTML, with site links pointing at HTML pages. */
export const renderMarkdown = (markdown: string, origin: string): string => renderMarkdownAndText(markdown, origin).html;
