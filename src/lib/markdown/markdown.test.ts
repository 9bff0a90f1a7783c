import { describe, expect, test } from 'vitest';
import { bodyLinks, renderMarkdown, renderMarkdownAndText } from './markdown.ts';

const origin = 'https://canimcp.io';
const render = (markdown: string) => renderMarkdown(markdown, origin);

describe('renderMarkdown: untrusted Markdown in, safe HTML out', () => {
  test.each([
    ['a script element, with its contents', 'Hi <script>window.pwned = 1</script> there', '<p>Hi  there</p>'],
    ['an event handler', 'An <img src="x.png" onerror="window.pwned = 2">', '<p>An <img src="x.png"></p>'],
    ['a javascript: link', '[a link](javascript:alert(1))', '<p><a>a link</a></p>'],
    ['a data: link in raw HTML', '<a href="data:text/html,hi">data</a>', '<p><a>data</a></p>'],
    ['a data: image', '<img src="data:image/svg+xml,<svg/onload=alert(1)>">', '<img>'],
    ['an iframe', 'a <iframe src="https://example.com"></iframe> b', '<p>a  b</p>'],
    ['an object', 'a <object data="x.swf"></object> b', '<p>a  b</p>'],
    ['a style attribute', '<span style="background:url(https://example.com/x.png)">styled</span>', '<p><span>styled</span></p>'],
    ['a style element, with its CSS', 'a <style>body{display:none}</style> b', '<p>a  b</p>'],
    ['a form and its action', '<form action="https://example.com"><button>Go</button></form>', 'Go'],
  ])('removes %s', (_what, markdown, html) => {
    expect(render(markdown).trim()).toBe(html);
  });

  test('keeps tables, lists, emphasis and code, with its language', () => {
    const html = render(
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two\n\n*em* **strong** `code`\n\n```ts\nconst x = 1;\n```\n',
    );
    expect(html).toContain('<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>');
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(html).toContain('<p><em>em</em> <strong>strong</strong> <code>code</code></p>');
    expect(html).toContain('<pre><code class="language-ts">const x = 1;\n</code></pre>');
  });

  test('tables keep their column alignment', () => {
    expect(render('| a | b | c |\n|:-|:-:|-:|\n| 1 | 2 | 3 |\n')).toBe(
      '<div class="table-scroll" role="region" tabindex="0" aria-label="Table"><table>\n<thead>\n<tr>\n<th align="left">a</th>\n<th align="center">b</th>\n<th align="right">c</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td align="left">1</td>\n<td align="center">2</td>\n<td align="right">3</td>\n</tr>\n</tbody>\n</table></div>',
    );
  });

  test('a table scrolls sideways in a focusable, named box of its own, so a wide one never widens the page', () => {
    const one = render('| a |\n|---|\n| 1 |\n');
    expect(one).toMatch(
      /^<div class="table-scroll" role="region" tabindex="0" aria-label="Table"><table>\n[\s\S]*<\/table><\/div>$/,
    );
    const two = render('| a |\n|---|\n| 1 |\n\ntext\n\n> | b |\n> |---|\n> | 2 |\n');
    expect(two).toContain('<div class="table-scroll" role="region" tabindex="0" aria-label="Table 1"><table>');
    expect(two).toContain('<blockquote>\n<div class="table-scroll" role="region" tabindex="0" aria-label="Table 2"><table>');
    // An author cannot forge the box: the class and role are the site's, added after sanitizing.
    expect(render('<div class="table-scroll" role="region">x</div>')).toBe('<div>x</div>');
  });

  test('footnotes link both ways to ids that exist after sanitizing', () => {
    const html = render('A claim.[^1]\n\n[^1]: The evidence.\n');
    // A body without raw HTML skips the HTML parser, which writes the empty attribute without `=""`.
    expect(html).toMatch(/<a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref(="")?[ >]/);
    expect(html).toContain('<li id="user-content-fn-1">');
    expect(html).toContain('<a href="#user-content-fnref-1" data-footnote-backref=""');
    const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
    const anchors = [...html.matchAll(/\shref="#([^"]+)"/g)].map((match) => match[1]);
    expect(anchors).toEqual(['user-content-fn-1', 'user-content-fnref-1']);
    expect(anchors.filter((anchor) => !ids.has(anchor))).toEqual([]);
    expect(html).toContain('aria-describedby="user-content-footnote-label"');
    expect(ids.has('user-content-footnote-label')).toBe(true);
  });

  test.each([
    ['/clients/hermes-agent.md', '/clients/hermes-agent'],
    ['/research/some-note.md#why', '/research/some-note#why'],
    ['/revisions/2025-11-25', '/revisions/2025-11-25'],
    ['https://canimcp.io/capabilities/tools.md', '/capabilities/tools'],
    ['https://github.com/o/r/blob/main/README.md', 'https://github.com/o/r/blob/main/README.md'],
    ['/llms.txt', '/llms.txt'],
  ])('a body link to %s points at %s in the HTML', (href, expected) => {
    expect(render(`[x](${href})`).trim()).toBe(`<p><a href="${expected}">x</a></p>`);
  });

  test('reference-style link definitions are rewritten too', () => {
    expect(render('[x][hermes]\n\n[hermes]: /clients/hermes-agent.md\n').trim()).toBe(
      '<p><a href="/clients/hermes-agent">x</a></p>',
    );
  });

  test('the frontmatter of a whole file is not rendered', () => {
    expect(render('---\ntitle: T\n---\n\nBody.\n').trim()).toBe('<p>Body.</p>');
  });
});

describe('bodyLinks', () => {
  test('finds inline links and definitions at their file line and column', () => {
    const file = '---\ntitle: T\n---\n\nSee [a](/clients/a.md) and\n  [b][ref].\n\n[ref]: /research/b\n';
    expect(bodyLinks(file)).toEqual([
      { href: '/clients/a.md', line: 5, column: 5 },
      { href: '/research/b', line: 8, column: 1 },
    ]);
  });

  test('ignores links inside code', () => {
    expect(bodyLinks('`[a](/clients/a.md)`\n\n```\n[b](/clients/b.md)\n```\n')).toEqual([]);
  });
});

describe('renderMarkdownAndText: the HTML and the text the search index holds', () => {
  test('the text is what a reader sees, a line per block, without the markup or what sanitizing removed', () => {
    const { html, text } = renderMarkdownAndText(
      '# A title\n\nSome *em* and `server/discover` <script>window.pwned = 1</script>.\n\n- one\n- two\n\n```json\n{"a": 1}\n```\n',
      origin,
    );
    expect(html).toBe(
      renderMarkdown(
        '# A title\n\nSome *em* and `server/discover` <script>window.pwned = 1</script>.\n\n- one\n- two\n\n```json\n{"a": 1}\n```\n',
        origin,
      ),
    );
    expect(text).toBe('A title\nSome em and server/discover .\none\ntwo\n{"a": 1}');
  });
});
