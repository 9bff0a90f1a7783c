/**
 * The built site, read as files: content in (the project's own content and the small fixture),
 * pages, twins and machine-readable outputs out.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../src/lib/paths.ts';
import { NotesExport } from '../src/schema/export.ts';
import { jsonSchemas } from '../src/lib/jsonschema.ts';
import { headersFor, parseHeaders } from '../src/lib/headers.ts';
import { listFiles, read, references, resolves } from './support/dist.ts';
import { fixtureSite, mainSite, requireSite, serveSite } from './support/site.ts';

const reference = 'hermes-leads-with-the-legacy-handshake.md';
const referenceCopies = [
  path.join(repoRoot, 'tests/fixtures/reference', reference),
  path.join(repoRoot, '..', 'shared', 'reference', reference),
].filter((file) => existsSync(file));

describe.each([
  ['main', mainSite],
  ['fixture', fixtureSite],
])('the %s site', (_name, dir) => {
  const root = requireSite(dir);
  const files = listFiles(root);
  const html = files.filter((file) => file.endsWith('.html'));
  const notes = files
    .filter((file) => /^research\/[^/]+\.html$/.test(file))
    .map((file) => file.slice('research/'.length, -'.html'.length));

  test('reproduces the reference twin byte for byte', () => {
    expect(referenceCopies.length).toBeGreaterThan(0);
    const built = readFileSync(path.join(root, 'research', reference));
    for (const copy of referenceCopies) expect(built.equals(readFileSync(copy))).toBe(true);
  });

  test('every note has a page and a twin, and each page names its twin and canonical URL', () => {
    expect(notes.length).toBeGreaterThan(1);
    for (const id of notes) {
      const page = read(root, `research/${id}.html`);
      expect(files).toContain(`research/${id}.md`);
      expect(page).toContain(`<link rel="alternate" type="text/markdown" href="/research/${id}.md">`);
      expect(page).toContain(`<link rel="canonical" href="https://canimcp.io/research/${id}">`);
      expect(page).toMatch(/<link rel="describedby"[^>]+href="\/llms\.txt"/);
    }
  });

  test('every internal href and src resolves on a plain static host, without trailing slashes', async () => {
    const broken: string[] = [];
    for (const file of html) {
      for (const ref of references(read(root, file))) {
        if (/^(https?:|mailto:|#|data:)/.test(ref) || ref === '') continue;
        expect(ref, `${file} links ${ref} with a trailing slash`).not.toMatch(/.\/(?:[?#]|$)/);
        if (!(await resolves(root, ref))) broken.push(`${file} → ${ref}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('every twin and llms.txt that llms.txt advertises exists, linked by absolute URL', async () => {
    const llms = read(root, 'llms.txt');
    // Absolute since issue 13: the llms.txt reference tooling reads a file without a base URL.
    const links = [...llms.matchAll(/\]\((https:\/\/canimcp\.io(\/[^)]+))\)/g)].map((match) => match[2] ?? '');
    expect(links.length).toBeGreaterThan(notes.length);
    for (const link of links) expect(await resolves(root, link), link).toBe(true);
    expect(llms).toMatch(/^# canimcp\n\n> .+\n/);
  });

  test('every llms.txt, the scoped ones too, links only absolute URLs on the site origin', async () => {
    const scoped = files.filter((file) => /^(clients|revisions)\/[^/]+\/llms\.txt$/.test(file));
    expect(scoped.length).toBeGreaterThan(1);
    for (const file of ['llms.txt', ...scoped]) {
      const targets = [...read(root, file).matchAll(/\]\(([^)]*)\)/g)].map((match) => match[1] ?? '');
      expect(targets.length, file).toBeGreaterThan(0);
      for (const target of targets) {
        expect(target, file).toMatch(/^https:\/\/canimcp\.io\//);
        expect(await resolves(root, target.slice('https://canimcp.io'.length)), `${file} → ${target}`).toBe(true);
      }
    }
  });

  test('plain-text outputs show code spans as text: meta and og descriptions, feed summaries', () => {
    const descriptions = notes.flatMap((id) =>
      [
        ...read(root, `research/${id}.html`).matchAll(
          /<meta (?:name="description"|property="og:description") content="([^"]*)"/g,
        ),
      ].map((match) => match[1] ?? ''),
    );
    expect(descriptions).toHaveLength(notes.length * 2);
    const feeds = ['feed.xml', ...files.filter((file) => /^clients\/[^/]+\/feed\.xml$/.test(file))];
    const summaries = feeds.flatMap((feed) =>
      [...read(root, feed).matchAll(/<summary>([^<]*)<\/summary>/g)].map((match) => match[1] ?? ''),
    );
    expect(summaries.length).toBeGreaterThanOrEqual(notes.length);
    for (const text of [...descriptions, ...summaries]) expect(text).not.toContain('`');
  });

  test("each client page names its own feed by the feed's title, not the site feed's", () => {
    const clients = files.filter((file) => /^clients\/[^/]+\.html$/.test(file));
    expect(clients.length).toBeGreaterThan(1);
    for (const file of clients) {
      const id = file.slice('clients/'.length, -'.html'.length);
      const feedTitle = /<feed[^>]*>\s*<title>([^<]+)<\/title>/.exec(read(root, `clients/${id}/feed.xml`))?.[1];
      const link = /<link rel="alternate" type="application\/atom\+xml" title="([^"]*)" href="([^"]*)"/.exec(read(root, file));
      expect(link?.[2]).toBe(`/clients/${id}/feed.xml`);
      expect(link?.[1]).toBe(feedTitle);
      expect(link?.[1]).not.toBe('canimcp notes');
    }
  });

  test('the 404 page asks not to be indexed and claims no canonical URL or twin; every other page has a canonical', () => {
    const notFound = read(root, '404.html');
    expect(notFound).toContain('<meta name="robots" content="noindex">');
    expect(notFound).not.toContain('rel="canonical"');
    expect(notFound).not.toContain('og:url');
    expect(notFound).not.toContain('type="text/markdown"');
    for (const file of html.filter((name) => name !== '404.html')) {
      const page = read(root, file);
      expect(page, file).toMatch(/<link rel="canonical" href="https:\/\/canimcp\.io[^"]*">/);
      expect(page, file).not.toContain('noindex');
    }
  });

  test('_headers serves every built twin as Markdown with its page as canonical, and gives pages nothing', () => {
    const text = read(root, '_headers');
    // The syntax Netlify and Cloudflare Pages share: a path, then indented `Name: value` lines.
    for (const line of text.split('\n').filter(Boolean)) {
      expect(line).toMatch(/^(#.*|\/\S*|  [A-Za-z-]+: \S.*)$/);
      expect(line.length).toBeLessThan(2000);
    }
    const rules = parseHeaders(text);
    const twins = files.filter((file) => file.endsWith('.md'));
    expect(twins.length).toBeGreaterThan(notes.length);
    for (const twin of twins) {
      const page = twin.slice(0, -'.md'.length);
      expect(files).toContain(`${page}.html`);
      expect(headersFor(rules, `/${twin}`), twin).toEqual({
        'content-type': 'text/markdown; charset=utf-8',
        link: `<https://canimcp.io/${page}>; rel="canonical"`,
      });
    }
    for (const file of html) {
      const url = `/${file}`.replace(/\.html$/, '').replace(/(^|\/)index$/, '/');
      expect(headersFor(rules, url), url).toEqual({});
    }
  });

  test('the static server applies _headers as the hosts do, and does not serve the file', async () => {
    const server = await serveSite(root);
    try {
      const twin = await fetch(`${server.url}/research/${notes[0]}.md`, { method: 'HEAD' });
      expect(twin.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(twin.headers.get('link')).toBe(`<https://canimcp.io/research/${notes[0]}>; rel="canonical"`);
      const page = await fetch(`${server.url}/research/${notes[0]}`, { method: 'HEAD' });
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('link')).toBeNull();
      expect((await fetch(`${server.url}/_headers`, { method: 'HEAD' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  test('every HTML page has a Content-Security-Policy that hashes its inline scripts and styles and allows no other inline code', () => {
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    for (const file of html) {
      const page = read(root, file);
      const policy = /<meta http-equiv="content-security-policy" content="([^"]*)">/.exec(page);
      expect(policy, file).not.toBeNull();
      const directives = new Map(
        (policy?.[1] ?? '')
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .filter(([name]) => name)
          .map(([name, ...sources]) => [name ?? '', sources]),
      );
      expect(directives.get('default-src'), file).toEqual(["'self'"]);
      expect(directives.get('object-src'), file).toEqual(["'none'"]);
      const scripts = directives.get('script-src') ?? [];
      const styles = directives.get('style-src') ?? [];
      // Pagefind compiles WebAssembly; nothing may be allowed inline or evaluated by name.
      expect(scripts.slice(0, 2), file).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      for (const sources of directives.values()) {
        for (const loose of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'http:']) {
          expect(sources, file).not.toContain(loose);
        }
      }
      // The policy comes before anything it governs.
      for (const tag of ['<script', '<style', '<link rel="stylesheet"']) {
        if (page.includes(tag)) expect(page.indexOf(tag), `${file}: ${tag}`).toBeGreaterThan(policy?.index ?? Infinity);
      }
      for (const [, body] of page.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
        expect(scripts, `${file}: inline script not hashed`).toContain(hash(body ?? ''));
      }
      for (const [, body] of page.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) {
        expect(styles, `${file}: inline style not hashed`).toContain(hash(body ?? ''));
      }
      // Event handlers and style attributes cannot be hashed; the policy would block them.
      expect(page, file).not.toMatch(/<[a-z][^>]*\s(?:on[a-z]+|style)\s*=/i);
    }
  });

  test('no class attribute names a class twice', () => {
    for (const file of html) {
      for (const [, value] of read(root, file).matchAll(/\sclass="([^"]*)"/g)) {
        const classes = (value ?? '').split(/\s+/).filter(Boolean);
        expect(new Set(classes).size, `${file}: class="${value}"`).toBe(classes.length);
      }
    }
  });

  test('the JSON export validates against its schema and lists backlinks', () => {
    const data: unknown = JSON.parse(read(root, 'data/notes.json'));
    const parsed = NotesExport.parse(data);
    expect(parsed.notes.map((note) => note.id).sort()).toEqual([...notes].sort());
    // The reference note lists the fast-agent note as related, so that note has it as a backlink.
    const fastAgent = parsed.notes.find((note) => note.id === 'fast-agent-leads-with-the-modern-discover-probe');
    expect(fastAgent?.backlinks).toContain('hermes-leads-with-the-legacy-handshake');
    expect(JSON.parse(read(root, 'schema/notes-export.json'))).toEqual(
      JSON.parse(JSON.stringify(jsonSchemas('https://canimcp.io')['notes-export'])),
    );
  });

  test('the feed lists every note, newest last-updated first', () => {
    const feed = read(root, 'feed.xml');
    const updated = [...feed.matchAll(/<entry>[\s\S]*?<updated>([^<]+)<\/updated>/g)].map((match) => match[1] ?? '');
    expect(updated).toHaveLength(notes.length);
    expect([...updated].sort().reverse()).toEqual(updated);
  });

  test('the sitemap lists every HTML page but the 404 page, and robots.txt points at it', () => {
    const sitemap = read(root, 'sitemap.xml');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
    const pages = html
      .filter((file) => file !== '404.html')
      .map(
        (file) =>
          `https://canimcp.io/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`.replace(/\/$/, '') ||
          'https://canimcp.io',
      );
    expect([...locs].map((loc) => loc.replace(/\/$/, '')).sort()).toEqual(
      [...pages].map((page) => page.replace(/\/$/, '')).sort(),
    );
    expect(read(root, 'robots.txt')).toContain('Sitemap: https://canimcp.io/sitemap.xml');
  });

  test('a note page with its stylesheets stays under 40 KB and loads no script', () => {
    for (const id of notes) {
      const page = read(root, `research/${id}.html`);
      const css = [...page.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) =>
        read(root, (match[1] ?? '').slice(1)),
      );
      const bytes = Buffer.byteLength(page) + css.reduce((sum, sheet) => sum + Buffer.byteLength(sheet), 0);
      expect(bytes, id).toBeLessThan(40 * 1024);
      expect(page).not.toMatch(/<script[^>]+src=/);
      expect(page).not.toMatch(/<script type="module"/);
    }
  });
});

describe('the fixture site', () => {
  const root = requireSite(fixtureSite);
  const hostile = read(root, 'research/fast-agent-leads-with-the-modern-discover-probe.html');
  const body = hostile.slice(hostile.indexOf('class="prose"'), hostile.indexOf('id="sources"'));

  test('hostile Markdown is sanitized while the prose around it renders', () => {
    expect(body).not.toMatch(/<script|<iframe|<object|onerror|javascript:|data:text|style=/i);
    expect(body).toContain('<strong>emphasis</strong>');
    expect(body).toContain('<table>');
    expect(body).toContain('href="/clients/fast-agent"');
    // Footnote references point at the (prefixed) footnote ids that exist.
    const footnoteRefs = [...body.matchAll(/href="#([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(footnoteRefs.length).toBeGreaterThan(0);
    for (const id of footnoteRefs) expect(body).toContain(`id="${id}"`);
  });

  test('related notes show on both notes, whichever lists the other', () => {
    const hermes = read(root, 'research/hermes-leads-with-the-legacy-handshake.html');
    expect(hermes).toContain('href="/research/fast-agent-leads-with-the-modern-discover-probe"');
    const fastAgent = read(root, 'research/fast-agent-leads-with-the-modern-discover-probe.html');
    expect(fastAgent.slice(fastAgent.indexOf('id="related"'))).toContain(
      'href="/research/hermes-leads-with-the-legacy-handshake"',
    );
  });

  test('a GitHub source with a commit and a path links the file at that commit and line range', () => {
    const hermes = read(root, 'research/hermes-leads-with-the-legacy-handshake.html');
    expect(hermes).toContain(
      'href="https://github.com/NousResearch/hermes-agent/blob/9dcf7714/tools/mcp_tool_transport.py#L188-L252"',
    );
  });

  test('titles and summaries are text, never markup', () => {
    const hermes = read(root, 'research/hermes-leads-with-the-legacy-handshake.html');
    expect(hermes).toContain('Its `protocol: auto` sends');
  });

  test('client, revision and capability twins list the notes that name them', () => {
    const client = read(root, 'clients/fast-agent.md');
    expect(client).toMatch(/^---\nname: fast-agent\n[\s\S]*\n---\n\n# fast-agent\n\n/);
    expect(client).toContain(
      "- [Hermes reverses its SDK's auto mode and tries initialize before server/discover](/research/hermes-leads-with-the-legacy-handshake.md) — On the same mcp Python SDK",
    );
    expect(read(root, 'revisions/2026-07-28.md')).toContain('(/research/fast-agent-leads-with-the-modern-discover-probe.md)');
    expect(read(root, 'capabilities/protocolVersions.md')).toMatch(/^# Protocol versions$/m);
  });
});
