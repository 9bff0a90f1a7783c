import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema, type Options as Schema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { Element, Root as HastRoot } from 'hast';
import type { Root } from 'mdast';
import { htmlHref } from './links.ts';

/** A link as written in a body, at its place in the file. */
export interface BodyLink {
  href: string;
  line: number;
  column: number;
}

/**
 * How the site reads Markdown: CommonMark plus GitHub's extensions, with the frontmatter block kept
 * out of the body. Checking and rendering both parse with this, so positions and syntax agree.
 */
const markdownParser = () => unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm);

const parser = markdownParser();

/** Every link and link definition in a whole file; positions are the file's own lines. */
export const bodyLinks = (fileText: string): BodyLink[] => {
  const tree = parser.parse(fileText);
  const links: BodyLink[] = [];
  visit(tree, (node) => {
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
  visit(parser.parse(fileText), (node) => {
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
const rewriteLinks = (site: string) => (tree: Root) => {
  visit(tree, (node) => {
    if ((node.type === 'link' || node.type === 'definition') && 'url' in node) {
      node.url = htmlHref(node.url, site);
    }
  });
};

/**
 * Sanitizing prefixes every id with `user-content-` (so content cannot clobber page globals);
 * this points in-page links (footnotes, written anchors) at the prefixed ids.
 */
const relinkFragments = () => (tree: HastRoot) => {
  const ids = new Set<string>();
  visit(tree, 'element', (node: Element) => {
    if (typeof node.properties['id'] === 'string') ids.add(node.properties['id']);
  });
  visit(tree, 'element', (node: Element) => {
    const href = node.properties['href'];
    if (node.tagName === 'a' && typeof href === 'string' && href.startsWith('#') && ids.has(`user-content-${href.slice(1)}`)) {
      node.properties['href'] = `#user-content-${href.slice(1)}`;
    }
  });
};

/**
 * The HTML pipeline. Raw HTML in a body is parsed (rehype-raw) and then sanitized; parsing HTML is
 * the costliest step, so bodies without any skip it. Sanitizing runs either way.
 */
const renderer = (site: string, raw: boolean) => {
  const base = markdownParser()
    .use(() => rewriteLinks(site))
    .use(remarkRehype, { allowDangerousHtml: raw, clobberPrefix: '' });
  return (raw ? base.use(rehypeRaw) : base).use(rehypeSanitize, sanitizeSchema).use(relinkFragments).use(rehypeStringify);
};

const renderers = new Map<string, ReturnType<typeof renderer>>();
const pipeline = (site: string, raw: boolean) => {
  const key = `${raw ? 'raw' : 'plain'} ${site}`;
  let found = renderers.get(key);
  if (!found) {
    found = renderer(site, raw);
    renderers.set(key, found);
  }
  return found;
};

/** Markdown (untrusted) to safe HTML, with site links pointing at HTML pages. */
export const renderMarkdown = (markdown: string, site: string): string => {
  const plain = pipeline(site, false);
  const tree = plain.parse(markdown);
  let hasHtml = false;
  visit(tree, 'html', () => {
    hasHtml = true;
    return false;
  });
  const chosen = hasHtml ? pipeline(site, true) : plain;
  return chosen.stringify(chosen.runSync(tree));
};
