/**
 * The built site, read as files: content in (the project's own content and the small fixture),
 * pages, twins and machine-readable outputs out.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../src/node/paths.ts';
import { ClientsExport, FeaturesExport, MatrixExport, NotesExport } from '../src/schema/export.ts';
import { jsonSchemas } from '../src/lib/outputs/jsonschema.ts';
import { briefRunsLabel, countReleases, runsLabel } from '../src/lib/cells/version-runs.ts';
import { freshnessWords } from '../src/lib/cells/freshness.ts';
import { isRelease } from '../src/lib/evidence/releases.ts';
import { evidenceCodes } from '../src/lib/cells/evidence-words.ts';
import { stateSymbols } from '../src/lib/cells/matrix.ts';
import { compareVersions } from '../src/lib/evidence/versions.ts';
import { codeSpans } from '../src/lib/markdown/inline.ts';
import { headersFor, parseHeaders } from '../src/lib/outputs/headers.ts';
import { resolveRepository } from '../src/lib/outputs/repository.ts';
import packageJson from '../package.json' with { type: 'json' };
import { listFiles, read, references, resolves } from './support/dist.ts';
import { outsideCode } from './support/markdown-code.ts';
import { fixtureContent, fixtureRepository, fixtureDist, mainDist, requireDist, serveDist } from './support/site.ts';

const reference = 'hermes-leads-with-the-legacy-handshake.md';

/** Text as a page shows it through the inline renderer: escaped, its code spans as <code>. */
const inlineHtml = (text: string): string =>
  codeSpans(text)
    .map((part) => {
      const escaped = part.text
        .replaceAll('&', '&amp;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;')
        .replaceAll('"', '&quot;')
        .replaceAll("'", '&#39;');
      return part.code ? `<code>${escaped}</code>` : escaped;
    })
    .join('');
const referenceCopies = [
  path.join(repoRoot, 'tests/fixtures/reference', reference),
  path.join(repoRoot, '..', 'shared', 'reference', reference),
].filter((file) => existsSync(file));

describe.each([
  ['main', mainDist, path.join(repoRoot, 'content')],
  ['fixture', fixtureDist, fixtureContent],
])('the %s site', (_name, dir, content) => {
  const dist = requireDist(dir);
  /** A client's published versions, where its content has a release list: the runs as pages write them count them. */
  const releasesOf = (client: string): string[] | undefined => {
    const file = path.join(content, 'releases', `${client}.json`);
    return existsSync(file) ? Object.keys((JSON.parse(readFileSync(file, 'utf8')) as { versions: object }).versions) : undefined;
  };
  const files = listFiles(dist);
  const html = files.filter((file) => file.endsWith('.html'));
  const notes = files
    .filter((file) => /^research\/[^/]+\.html$/.test(file))
    .map((file) => file.slice('research/'.length, -'.html'.length));

  test('reproduces the reference twin byte for byte', () => {
    expect(referenceCopies.length).toBeGreaterThan(0);
    const built = readFileSync(path.join(dist, 'research', reference));
    for (const copy of referenceCopies) expect(built.equals(readFileSync(copy))).toBe(true);
  });

  test('every note has a page and a twin, and each page names its twin and canonical URL', () => {
    expect(notes.length).toBeGreaterThan(1);
    for (const id of notes) {
      const page = read(dist, `research/${id}.html`);
      expect(files).toContain(`research/${id}.md`);
      expect(page).toContain(`<link rel="alternate" type="text/markdown" href="/research/${id}.md">`);
      expect(page).toContain(`<link rel="canonical" href="https://canimcp.io/research/${id}">`);
      expect(page).toMatch(/<link rel="describedby"[^>]+href="\/llms\.txt"/);
    }
  });

  test('every internal href and src resolves on a plain static host, without trailing slashes', async () => {
    const broken: string[] = [];
    for (const file of html) {
      for (const ref of references(read(dist, file))) {
        if (/^(https?:|mailto:|#|data:)/.test(ref) || ref === '') continue;
        expect(ref, `${file} links ${ref} with a trailing slash`).not.toMatch(/.\/(?:[?#]|$)/);
        if (!(await resolves(dist, ref))) broken.push(`${file} → ${ref}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('every twin and llms.txt that llms.txt advertises exists, linked by absolute URL', async () => {
    const llms = read(dist, 'llms.txt');
    // Absolute since issue 13: the llms.txt reference tooling reads a file without a base URL.
    const links = [...llms.matchAll(/\]\((https:\/\/canimcp\.io(\/[^)]+))\)/g)].map((match) => match[2] ?? '');
    expect(links.length).toBeGreaterThan(notes.length);
    for (const link of links) expect(await resolves(dist, link), link).toBe(true);
    expect(llms).toMatch(/^# canimcp\n\n> .+\n/);
  });

  test('every llms.txt, the scoped ones too, links only absolute URLs on the site origin', async () => {
    const scoped = files.filter((file) => /^(clients|revisions)\/[^/]+\/llms\.txt$/.test(file));
    expect(scoped.length).toBeGreaterThan(1);
    for (const file of ['llms.txt', ...scoped]) {
      const targets = [...read(dist, file).matchAll(/\]\(([^)]*)\)/g)].map((match) => match[1] ?? '');
      expect(targets.length, file).toBeGreaterThan(0);
      for (const target of targets) {
        expect(target, file).toMatch(/^https:\/\/canimcp\.io\//);
        expect(await resolves(dist, target.slice('https://canimcp.io'.length)), `${file} → ${target}`).toBe(true);
      }
    }
  });

  test('plain-text outputs show code spans as text: meta and og descriptions, feed summaries', () => {
    const descriptions = notes.flatMap((id) =>
      [
        ...read(dist, `research/${id}.html`).matchAll(
          /<meta (?:name="description"|property="og:description") content="([^"]*)"/g,
        ),
      ].map((match) => match[1] ?? ''),
    );
    expect(descriptions).toHaveLength(notes.length * 2);
    const feeds = ['feed.xml', ...files.filter((file) => /^clients\/[^/]+\/feed\.xml$/.test(file))];
    const summaries = feeds.flatMap((feed) =>
      [...read(dist, feed).matchAll(/<summary>([^<]*)<\/summary>/g)].map((match) => match[1] ?? ''),
    );
    expect(summaries.length).toBeGreaterThanOrEqual(notes.length);
    for (const text of [...descriptions, ...summaries]) expect(text).not.toContain('`');
  });

  test("every corrected note's entry in llms.txt and research.md leads with the notes that correct it, linked", () => {
    const exported = NotesExport.parse(JSON.parse(read(dist, 'data/notes.json'))).notes;
    const corrected = exported.filter((note) => note.correctedBy.length > 0);
    expect(corrected.length).toBeGreaterThan(0);
    for (const [file, origin] of [
      ['llms.txt', 'https://canimcp.io'],
      ['research.md', ''],
    ] as const) {
      const lines = read(dist, file).split('\n');
      for (const note of corrected) {
        const entry = lines.find((candidate) => candidate.includes(`](${origin}/research/${note.id}.md): `)) ?? '';
        expect(entry, `${file}: ${note.id}`).toMatch(/\]\([^)]+\): Corrected in part by \[/);
        for (const by of note.correctedBy) expect(entry, `${file}: ${note.id}`).toContain(`](${origin}/research/${by}.md)`);
      }
    }
  });

  // What an HTML validator and a feed reader see: a backtick outside code is Markdown shown raw.
  test('no page or feed shows a raw Markdown backtick: code spans are <code> in HTML, plain text in a <title>, og:title or Atom', () => {
    const raw = (text: string) => [...text.matchAll(/[^<>`]{0,40}`[^<>]{0,40}/g)].map((match) => match[0]);
    const shown: string[] = [];
    for (const file of html) {
      const page = read(dist, file);
      // Scripts, styles and code hold backticks as code.
      const text = page.replace(/<(script|style|pre|code)\b[\s\S]*?<\/\1>/g, '');
      for (const hit of raw(text)) shown.push(`${file}: ${hit}`);
    }
    for (const file of files.filter((name) => name.endsWith('.xml') && !name.startsWith('sitemap'))) {
      for (const match of read(dist, file).matchAll(/<(title|summary)[^>]*>([^<]*)<\/\1>/g))
        for (const hit of raw(match[2] ?? '')) shown.push(`${file}: ${hit}`);
    }
    expect(shown).toEqual([]);
  });

  // A note's body may show an author's image, whose size only the author knows; the badges are the site's own.
  test('every badge image states the width and height its SVG declares (Lighthouse: unsized-images)', () => {
    const images = html.flatMap((file) =>
      [...read(dist, file).matchAll(/<img\b[^>]*\ssrc="(\/badges\/[^"]+\.svg)"[^>]*>/g)].map((match) => ({
        file,
        tag: match[0],
        svg: read(dist, (match[1] ?? '').slice(1)),
      })),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const { file, tag, svg } of images) {
      const width = /\swidth="(\d+)"/.exec(tag)?.[1];
      const height = /\sheight="(\d+)"/.exec(tag)?.[1];
      expect(width !== undefined && height !== undefined, `${file}: ${tag}`).toBe(true);
      expect(svg, `${file}: ${tag}`).toContain(`width="${width}" height="${height}"`);
    }
  });

  test('the features pages announce the feature status feed by its own title', () => {
    const feed = read(dist, 'features/status.xml');
    const title = /<title>([^<]+)<\/title>/.exec(feed)?.[1] ?? '';
    expect(title).not.toBe('');
    const pages = html.filter((file) => file === 'features.html' || file.startsWith('features/'));
    expect(pages.length).toBeGreaterThan(1);
    for (const file of pages)
      expect(read(dist, file), file).toContain(
        `<link rel="alternate" type="application/atom+xml" title="${title}" href="/features/status.xml">`,
      );
  });

  test("each client page names its own feed by the feed's title, not the site feed's", () => {
    const clients = files.filter((file) => /^clients\/[^/]+\.html$/.test(file));
    expect(clients.length).toBeGreaterThan(1);
    for (const file of clients) {
      const id = file.slice('clients/'.length, -'.html'.length);
      const feedTitle = /<feed[^>]*>\s*<title>([^<]+)<\/title>/.exec(read(dist, `clients/${id}/feed.xml`))?.[1];
      const link = /<link rel="alternate" type="application\/atom\+xml" title="([^"]*)" href="([^"]*)"/.exec(read(dist, file));
      expect(link?.[2]).toBe(`/clients/${id}/feed.xml`);
      expect(link?.[1]).toBe(feedTitle);
      expect(link?.[1]).not.toBe('canimcp notes');
    }
  });

  test('the 404 page asks not to be indexed and claims no canonical URL or twin; every other page has a canonical', () => {
    const notFound = read(dist, '404.html');
    expect(notFound).toContain('<meta name="robots" content="noindex">');
    expect(notFound).not.toContain('rel="canonical"');
    expect(notFound).not.toContain('og:url');
    expect(notFound).not.toContain('type="text/markdown"');
    for (const file of html.filter((name) => name !== '404.html')) {
      const page = read(dist, file);
      expect(page, file).toMatch(/<link rel="canonical" href="https:\/\/canimcp\.io[^"]*">/);
      // The robots tag, not the word: a capture page shows the lab's sign-in HTML, escaped, as text.
      expect(page, file).not.toMatch(/<meta\s[^>]*name="robots"[^>]*>/i);
    }
  });

  test('_headers serves every built twin as Markdown with its page as canonical, and gives pages nothing', () => {
    const text = read(dist, '_headers');
    // The syntax Netlify and Cloudflare Pages share: a path, then indented `Name: value` lines.
    for (const line of text.split('\n').filter(Boolean)) {
      expect(line).toMatch(/^(#.*|\/\S*|  [A-Za-z-]+: \S.*)$/);
      expect(line.length).toBeLessThan(2000);
    }
    const rules = parseHeaders(text);
    const twins = files.filter((file) => file.endsWith('.md'));
    expect(twins.length).toBeGreaterThan(notes.length);
    expect(text).toMatch(/^# host: netlify$/m);
    for (const twin of twins) {
      const page = twin.slice(0, -'.md'.length);
      expect(files).toContain(`${page}.html`);
      // The home page's twin is /index.md; its page is /, which a host would redirect /index to.
      const url = page === 'index' ? '/' : `/${page}`;
      expect(headersFor(rules, `/${twin}`), twin).toEqual({
        'content-type': 'text/markdown; charset=utf-8',
        link: `<https://canimcp.io${url}>; rel="canonical"`,
      });
    }
    for (const file of html) {
      const url = `/${file}`.replace(/\.html$/, '').replace(/(^|\/)index$/, '/');
      expect(headersFor(rules, url), url).toEqual({});
    }
  });

  test('the static server applies _headers as the hosts do, and does not serve the file', async () => {
    const server = await serveDist(dist);
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

  test('every <time> on every page, templates too, carries the date it shows in datetime', () => {
    for (const file of html) {
      for (const [tag] of read(dist, file).matchAll(/<time\b[^>]*>/g))
        expect(tag, `${file}: ${tag}`).toMatch(/\sdatetime="\d{4}-\d{2}-\d{2}[^"]*"/);
    }
  });

  test("titles and meta descriptions fit a search result: cut at a word with an ellipsis, the note's own words untouched", () => {
    const attribute = (page: string, pattern: RegExp) =>
      (pattern.exec(page)?.[1] ?? '')
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<');
    for (const file of html) {
      const page = read(dist, file);
      const title = attribute(page, /<title>([^<]*)<\/title>/);
      const description = attribute(page, /<meta name="description" content="([^"]*)"/);
      expect([...title].length, `${file}: ${title}`).toBeLessThanOrEqual(70);
      expect([...description].length, `${file}: ${description}`).toBeLessThanOrEqual(160);
      expect(title, file).toMatch(/\S$/);
      if (description.endsWith('…')) expect(description, file).toMatch(/\S…$/);
    }
  });

  test('every HTML page has a Content-Security-Policy that hashes its inline scripts and styles and allows no other inline code', () => {
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    for (const file of html) {
      const page = read(dist, file);
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
      for (const [, value] of read(dist, file).matchAll(/\sclass="([^"]*)"/g)) {
        const classes = (value ?? '').split(/\s+/).filter(Boolean);
        expect(new Set(classes).size, `${file}: class="${value}"`).toBe(classes.length);
      }
    }
  });

  test('the JSON export validates against its schema and lists backlinks', () => {
    const data: unknown = JSON.parse(read(dist, 'data/notes.json'));
    const parsed = NotesExport.parse(data);
    expect(parsed.notes.map((note) => note.id).sort()).toEqual([...notes].sort());
    // The reference note lists the fast-agent note as related, so that note has it as a backlink.
    const fastAgent = parsed.notes.find((note) => note.id === 'fast-agent-leads-with-the-modern-discover-probe');
    expect(fastAgent?.backlinks).toContain('hermes-leads-with-the-legacy-handshake');
    expect(JSON.parse(read(dist, 'schema/notes-export.json'))).toEqual(
      JSON.parse(JSON.stringify(jsonSchemas('https://canimcp.io')['notes-export'])),
    );
  });

  test('every HTML page but /search and the 404 page names its Markdown twin in the head and links it in the footer', async () => {
    for (const file of html) {
      const page = read(dist, file);
      const twin = /<link rel="alternate" type="text\/markdown" href="([^"]+)">/.exec(page)?.[1];
      if (file === 'search.html' || file === '404.html') {
        expect(twin, file).toBeUndefined();
        continue;
      }
      expect(twin, file).toMatch(/\.md$/);
      expect(await resolves(dist, twin ?? ''), `${file} → ${twin}`).toBe(true);
      expect(page, file).toMatch(
        new RegExp(`<a href="${(twin ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>This page as Markdown</a>`),
      );
    }
  });

  test('the matrix: a row per client in both tables, and each column tallied, unknown kept apart, as in matrix.json', () => {
    const cells = MatrixExport.parse(JSON.parse(read(dist, 'data/matrix.json')));
    const entries = (collection: string) =>
      files
        .filter((file) => new RegExp(`^${collection}/[^/]+\\.html$`).test(file))
        .map((file) => file.slice(collection.length + 1, -5));
    const clients = entries('clients');
    expect(cells).toHaveLength(clients.length * (entries('revisions').length + entries('capabilities').length));
    expect(cells.filter((cell) => cell.state === 'unknown').every((cell) => cell.notes.length === 0)).toBe(true);
    const page = read(dist, 'matrix.html');
    for (const axis of ['revision', 'capability'] as const) {
      const onAxis = cells.flatMap((cell) => {
        const column = 'revision' in cell ? cell.revision : cell.capability;
        return axis in cell ? [{ ...cell, column }] : [];
      });
      const start = page.indexOf(`data-matrix="${axis}"`);
      const table = page.slice(start, page.indexOf('</table>', start));
      const rows = [...table.matchAll(/<tr data-client="([^"]+)"[^>]*>([\s\S]*?)<\/tr>/g)];
      expect(rows.map((row) => row[1]).sort()).toEqual([...clients].sort());
      for (const [, client, row] of rows) {
        const states = [...(row ?? '').matchAll(/<td class="cell-(\w+)[ "]/g)].map((match) => match[1]);
        expect(states, `${client} × ${axis}`).toEqual(onAxis.filter((cell) => cell.client === client).map((cell) => cell.state));
        // Each verdict's cell links its detail, its row on the client's page: how it is known, since when, and every note.
        const tds = (row ?? '').split('<td').slice(1);
        const clientPage = read(dist, `clients/${client}.html`);
        onAxis
          .filter((cell) => cell.client === client)
          .forEach((cell, index) => {
            const td = tds[index] ?? '';
            if (cell.state === 'unknown') return expect(td).not.toContain('href=');
            const href = /<a class="verdict" href="([^"]+)"/.exec(td)?.[1];
            const anchor = `verdict-${axis}-${cell.column}`.replace(/[^A-Za-z0-9_-]/g, '_');
            expect(href, `${client} × ${cell.column}`).toBe(`/clients/${client}#${anchor}`);
            const start = clientPage.indexOf(`<tr id="${anchor}"`);
            expect(start, `${client} × ${cell.column} on the client's page`).toBeGreaterThan(-1);
            const detail = clientPage.slice(start, clientPage.indexOf('</tr>', start));
            const summary = td.slice(0, td.indexOf('</a>'));
            // How it is known is its kind's class, whose mark and words the style gives: a cell no capture decides never reads as observed.
            expect(td, `${client} × ${cell.column}`).toMatch(
              new RegExp(`^ class="cell-${cell.state}${cell.evidence === undefined ? '' : ` ${evidenceCodes[cell.evidence]}`}"`),
            );
            expect(summary).not.toContain('evidence-');
            // Where captures decide the cell its runs speak in brief (never a bare since), else a written since, else as of.
            const runs =
              cell.ranges === undefined
                ? undefined
                : briefRunsLabel(countReleases(cell.ranges, releasesOf(client ?? '')), cell.state);
            if (runs !== undefined) expect(summary).toContain(runs);
            else if (cell.since !== undefined) expect(summary).toContain(`since ${cell.since}`);
            else if (cell.version !== undefined) expect(summary).toContain(`as of ${cell.version}`);
            if (cell.ranges?.[0]?.fromIsOldestCaptured === true && cell.since === cell.ranges[0].from)
              expect(summary, `${client} × ${cell.column}`).not.toMatch(
                new RegExp(`(?<!at least )since ${cell.since.replaceAll('.', '\\.')}`),
              );
            expect(td).not.toContain('popover');
            for (const note of cell.notes) expect(detail).toContain(`href="/research/${note}"`);
            if (cell.caveat !== undefined) expect(detail).toContain(inlineHtml(cell.caveat));
          });
      }
      const tallies = [...table.matchAll(/<td class="tally"[^>]*>([^<]+)<\/td>/g)].map((match) => match[1]);
      const columns = [...new Set(onAxis.map((cell) => cell.column))];
      expect(tallies).toEqual(
        columns.map((column) => {
          const states = onAxis.filter((cell) => cell.column === column).map((cell) => cell.state);
          return ['yes', 'partial', 'no', 'unknown']
            .map((state) => `${states.filter((one) => one === state).length} ${state}`)
            .join(' · ');
        }),
      );
    }
    expect(JSON.parse(read(dist, 'schema/matrix-export.json'))).toEqual(
      JSON.parse(JSON.stringify(jsonSchemas('https://canimcp.io')['matrix-export'])),
    );
  });

  test('matrix.md has both tables, and every verdict links its notes as twins', () => {
    const markdown = read(dist, 'matrix.md');
    expect(markdown).toMatch(/^# Support matrix\n/);
    expect(markdown).toContain('\n## Clients × revisions\n\n| Client | ');
    expect(markdown).toContain('\n## Clients × capabilities\n\n| Client | ');
    for (const cell of MatrixExport.parse(JSON.parse(read(dist, 'data/matrix.json'))))
      for (const id of cell.notes) expect(markdown).toContain(`[${id}](/research/${id}.md)`);
    expect(markdown.match(/^\| \*\*Tally\*\* \|/gm)).toHaveLength(2);
  });

  test('research.md lists every note as llms.txt does; the index twins list their entries; llms.txt links the overview twins', () => {
    // llms.txt links absolute URLs (readers fetch it alone); the twins link root-relative ones, as every twin does.
    const llms = read(dist, 'llms.txt').replace(/\]\(https?:\/\/[^/)]+\//g, '](/');
    const research = read(dist, 'research.md');
    const noteLines = llms.split('\n').filter((line) => line.startsWith('- [') && line.includes('](/research/'));
    expect(noteLines).toHaveLength(notes.length);
    for (const line of noteLines) expect(research.split('\n')).toContain(line);
    expect(llms).toContain('](/matrix.md)');
    expect(llms).toContain('](/research.md)');
    for (const collection of ['clients', 'revisions', 'capabilities']) {
      const twin = read(dist, `${collection}.md`);
      const ids = files
        .filter((file) => new RegExp(`^${collection}/[^/]+\\.html$`).test(file))
        .map((file) => file.slice(collection.length + 1, -5));
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(twin).toContain(`](/${collection}/${id}.md)`);
    }
    expect(read(dist, 'index.md')).toContain('- [Support matrix](/matrix.md)');
  });

  test('the feed lists every note, newest last-updated first', () => {
    const feed = read(dist, 'feed.xml');
    const updated = [...feed.matchAll(/<entry>[\s\S]*?<updated>([^<]+)<\/updated>/g)].map((match) => match[1] ?? '');
    expect(updated).toHaveLength(notes.length);
    expect([...updated].sort().reverse()).toEqual(updated);
  });

  test('the sitemap lists every HTML page but the 404 page, and robots.txt points at it', () => {
    const sitemap = read(dist, 'sitemap.xml');
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
    expect(read(dist, 'robots.txt')).toContain('Sitemap: https://canimcp.io/sitemap.xml');
  });

  // The bench's budget for the largest HTML page (bench/targets.ts): a page that lists what grows
  // (captures, versions, notes) pages or sums it up before it reaches it.
  test('no HTML page is over 150,000 bytes', () => {
    const over = html
      .map((file) => ({ file, bytes: statSync(path.join(dist, file)).size }))
      .filter((page) => page.bytes > 150_000);
    expect(over).toEqual([]);
  });

  test('a note page with its stylesheets stays under 40 KB and loads no script', () => {
    for (const id of notes) {
      const page = read(dist, `research/${id}.html`);
      const css = [...page.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) =>
        read(dist, (match[1] ?? '').slice(1)),
      );
      const bytes = Buffer.byteLength(page) + css.reduce((sum, sheet) => sum + Buffer.byteLength(sheet), 0);
      expect(bytes, id).toBeLessThan(40 * 1024);
      expect(page).not.toMatch(/<script[^>]+src=/);
      expect(page).not.toMatch(/<script type="module"/);
    }
  });
});

describe('the fixture site', () => {
  const dist = requireDist(fixtureDist);
  const hostile = read(dist, 'research/fast-agent-leads-with-the-modern-discover-probe.html');
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
    const hermes = read(dist, 'research/hermes-leads-with-the-legacy-handshake.html');
    expect(hermes).toContain('href="/research/fast-agent-leads-with-the-modern-discover-probe"');
    const fastAgent = read(dist, 'research/fast-agent-leads-with-the-modern-discover-probe.html');
    expect(fastAgent.slice(fastAgent.indexOf('id="related"'))).toContain(
      'href="/research/hermes-leads-with-the-legacy-handshake"',
    );
  });

  test('a GitHub source with a commit and a path links the file at that commit and line range', () => {
    const hermes = read(dist, 'research/hermes-leads-with-the-legacy-handshake.html');
    expect(hermes).toContain(
      'href="https://github.com/NousResearch/hermes-agent/blob/9dcf7714/tools/mcp_tool_transport.py#L188-L252"',
    );
  });

  test('titles and summaries are text, never markup', () => {
    const hermes = read(dist, 'research/hermes-leads-with-the-legacy-handshake.html');
    // On the page a backtick span is code, and nothing else in the summary becomes markup; in the
    // plain-text description the span keeps its words without the backticks.
    expect(hermes).toContain('Its <code>protocol: auto</code> sends');
    expect(hermes).toContain(
      '<meta name="description" content="On the same mcp Python SDK as fast-agent, Hermes inverts the default. Its protocol: auto sends',
    );
  });

  test('client, revision and capability twins list the notes that name them', () => {
    const client = read(dist, 'clients/fast-agent.md');
    expect(client).toMatch(/^---\nname: fast-agent\n[\s\S]*\n---\n\n# fast-agent\n\n/);
    // Corrected in part, it says so first (the corrections describe has the rest).
    expect(client).toContain(
      "- [Hermes reverses its SDK's auto mode and tries initialize before server/discover](/research/hermes-leads-with-the-legacy-handshake.md) — Corrected in part by [",
    );
    expect(read(dist, 'revisions/2026-07-28.md')).toContain('(/research/fast-agent-leads-with-the-modern-discover-probe.md)');
    expect(read(dist, 'capabilities/protocolVersions.md')).toMatch(/^# Protocol versions$/m);
  });
});

describe('the fixture site: verdicts', () => {
  const dist = requireDist(fixtureDist);
  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, ' ')
      .trim();
  const section = (html: string, from: string, to: string) => {
    const start = html.indexOf(from);
    expect(start, from).toBeGreaterThan(-1);
    return html.slice(start, html.indexOf(to, start));
  };
  const matrix = read(dist, 'matrix.html');
  /** Each cell of a client's row in one table, as HTML. */
  const cells = (axis: 'revision' | 'capability', client: string) =>
    section(section(matrix, `data-matrix="${axis}"`, '</table>'), `<tr data-client="${client}"`, '</tr>')
      .split('<td')
      .slice(1)
      .map((cell) => `<td${cell}`);

  /** A verdict cell's two parts: the compact link in the table, and the row on the client's page it links. */
  const parts = (cell: string) => {
    const href = /<a class="verdict" href="([^"#]+)#([^"]+)"/.exec(cell);
    const page = href?.[1] === undefined ? '' : read(dist, `${href[1].slice(1)}.html`);
    const start = page.indexOf(`<tr id="${href?.[2]}"`);
    const detail = start < 0 ? '' : page.slice(start, page.indexOf('</tr>', start));
    return { button: text(cell.slice(0, cell.indexOf('</a>'))), detail: text(detail), html: detail };
  };

  test("each cell says its state in a word (its symbol and its kind's mark and words from the style), and since which version; it links its caveat and notes on the client's page", () => {
    expect(cells('revision', 'fast-agent').map((cell) => parts(cell).button)).toEqual(['no', 'yes since 0.3.10']);
    expect(cells('revision', 'fast-agent').map((cell) => /^<td class="cell-(\w+) (k\w)"/.exec(cell)?.slice(1))).toEqual([
      ['no', evidenceCodes.reported],
      ['yes', evidenceCodes.observed],
    ]);
    const [yes, partial] = cells('revision', 'hermes-agent').map(parts);
    expect(yes?.button).toBe('yes');
    expect(partial?.button).toBe('partial as of fixture-1.0 , with a caveat');
    expect(cells('revision', 'hermes-agent').map((cell) => /^<td class="cell-(\w+) kr"/.exec(cell)?.[1])).toEqual([
      'yes',
      'partial',
    ]);
    // The caveat and the notes are on the client's page, not in the table.
    expect(partial?.detail).toContain('2026-07-28 ◐ partial');
    expect(partial?.detail).toContain('fixture-1.0');
    expect(partial?.detail).toContain('Fixture: reached only after a modern-only server rejects initialize.');
    expect(partial?.detail).toContain("Hermes reverses its SDK's auto mode");
    expect(partial?.button).not.toContain('Fixture: reached');
    expect(yes?.html).toContain('href="/research/multilingual-search-fixture"');
    const observed = parts(cells('revision', 'fast-agent')[1] ?? '');
    expect(observed.detail).toContain('● observed on the wire');
    expect(observed.detail).toContain('since 0.3.10');
    expect(parts(cells('revision', 'fast-agent')[0] ?? '').html).toContain(
      'href="/research/hermes-leads-with-the-legacy-handshake"',
    );
    // The matrix carries no detail of its own: no popover, no caveat text.
    expect(matrix).not.toContain('popover');
    expect(matrix).not.toContain('Fixture: reached only after');
  });

  test('the legend explains the states, how a verdict is known, and since and as of', () => {
    const legend = text(section(matrix, 'class="legend', '</dl>'));
    for (const words of [
      '✓ yes',
      '? unknown',
      '● observed observed on the wire: a note',
      "○ read read in its code: the client's own code at a pinned commit and lines",
      "◇ documented documented by its maker: the client's maker's documentation",
      '△ reported reported by a third party: a third party',
      'since 1.2',
      'as of 1.2',
    ])
      expect(legend).toContain(words);
  });

  test('the compare form is in the page from the start, so nothing moves when the script wires it', () => {
    const form = section(matrix, '<form class="compare"', '</form>');
    expect(form).not.toMatch(/^<form[^>]*\shidden/);
    expect(text(form)).toContain('Pick two to compare; all 2 clients are shown.');
  });

  test('a cell without a verdict says unknown and is styled apart from no', () => {
    const [unknown] = cells('capability', 'hermes-agent');
    expect(text(unknown ?? '')).toBe('unknown');
    expect(unknown).toMatch(/^<td class="cell-unknown">/);
    expect(unknown).not.toContain('state-no');
    // Its symbol is the style's, as each state's is, with no words of its own (the cell's word says it).
    const style = [...matrix.matchAll(/<link rel="stylesheet" href="\/([^"]+)"/g)]
      .map((match) => read(dist, match[1] ?? ''))
      .join('');
    for (const [state, symbol] of Object.entries(stateSymbols))
      expect(style).toContain(
        `${state === 'unknown' ? 'td.cell-unknown' : `td.cell-${state} .state`}:before{content:"${symbol} ";content:"${symbol} " / ""}`,
      );
  });

  test('each column has a tally that keeps the four states apart', () => {
    const tallies = (axis: string) =>
      [...section(matrix, `data-matrix="${axis}"`, '</table>').matchAll(/<td class="tally"[^>]*>([^<]+)</g)].map(
        (match) => match[1],
      );
    expect(tallies('revision')).toEqual(['1 yes · 0 partial · 1 no · 0 unknown', '1 yes · 1 partial · 0 no · 0 unknown']);
    expect(tallies('capability')).toEqual(['1 yes · 0 partial · 0 no · 1 unknown', '0 yes · 0 partial · 0 no · 2 unknown']);
  });

  test('matrix.json lists every cell, the unknown ones with no notes, each verdict with how it is known', () => {
    expect(JSON.parse(read(dist, 'data/matrix.json'))).toEqual([
      {
        client: 'fast-agent',
        revision: '2025-11-25',
        state: 'no',
        notes: ['hermes-leads-with-the-legacy-handshake'],
        evidence: 'reported',
      },
      // Its note cites a capture of fast-agent: observed on the wire.
      {
        client: 'fast-agent',
        revision: '2026-07-28',
        state: 'yes',
        notes: ['fast-agent-leads-with-the-modern-discover-probe'],
        since: '0.3.10',
        evidence: 'observed',
      },
      {
        client: 'hermes-agent',
        revision: '2025-11-25',
        state: 'yes',
        notes: ['hermes-leads-with-the-legacy-handshake', 'multilingual-search-fixture'],
        evidence: 'read',
      },
      {
        client: 'hermes-agent',
        revision: '2026-07-28',
        state: 'partial',
        notes: ['hermes-leads-with-the-legacy-handshake'],
        caveat: 'Fixture: reached only after a modern-only server rejects initialize.',
        version: 'fixture-1.0',
        evidence: 'read',
      },
      {
        client: 'fast-agent',
        capability: 'protocolVersions',
        state: 'yes',
        notes: ['fast-agent-leads-with-the-modern-discover-probe'],
        evidence: 'observed',
      },
      { client: 'fast-agent', capability: 'tools', state: 'unknown', notes: [] },
      { client: 'hermes-agent', capability: 'protocolVersions', state: 'unknown', notes: [] },
      { client: 'hermes-agent', capability: 'tools', state: 'unknown', notes: [] },
    ]);
  });

  test('matrix.md: a row per client, each verdict with its notes as twin links, and the tally', () => {
    const markdown = read(dist, 'matrix.md');
    expect(markdown).toContain(
      [
        '| Client | [2025-11-25](/revisions/2025-11-25.md) | [2026-07-28](/revisions/2026-07-28.md) |',
        '| --- | --- | --- |',
        '| [fast-agent](/clients/fast-agent.md) | ✗ no · △ reported by a third party · [hermes-leads-with-the-legacy-handshake](/research/hermes-leads-with-the-legacy-handshake.md) | ✓ yes · ● observed · since 0.3.10 · [fast-agent-leads-with-the-modern-discover-probe](/research/fast-agent-leads-with-the-modern-discover-probe.md) |',
        '| [Hermes Agent](/clients/hermes-agent.md) | ✓ yes · ○ read in code · [hermes-leads-with-the-legacy-handshake](/research/hermes-leads-with-the-legacy-handshake.md), [multilingual-search-fixture](/research/multilingual-search-fixture.md) | ◐ partial · ○ read in code · version fixture-1.0 · Fixture: reached only after a modern-only server rejects initialize. · [hermes-leads-with-the-legacy-handshake](/research/hermes-leads-with-the-legacy-handshake.md) |',
        '| **Tally** | 1 yes · 0 partial · 1 no · 0 unknown | 1 yes · 1 partial · 0 no · 0 unknown |',
      ].join('\n'),
    );
    expect(markdown).toContain('| [Hermes Agent](/clients/hermes-agent.md) | ? unknown | ? unknown |\n');
    expect(markdown).toContain(
      '\n- ● `observed`: observed on the wire: a note the verdict cites cites a capture of this client; where kinds disagree, this one decides\n',
    );
    expect(markdown).toContain("\n- ○ `read`: read in its code: the client's own code at a pinned commit and lines");
    expect(markdown).toContain('\n- △ `reported`: reported by a third party: ');
    expect(markdown).toContain('\n- `since`: the first client version known to behave so');
  });

  test('a client page opens with its verdicts, before its notes, and names what is unknown', () => {
    const page = read(dist, 'clients/hermes-agent.html');
    const support = page.indexOf('id="support"');
    expect(support).toBeGreaterThan(page.indexOf('<h1'));
    expect(support).toBeLessThan(page.indexOf('class="counts"'));
    expect(support).toBeLessThan(page.indexOf('<h2 id="notes"'));
    const verdicts = text(section(page, 'id="support"', '</section>'));
    expect(verdicts).toContain('2025-11-25 ✓ yes');
    expect(verdicts).toContain(
      "2026-07-28 ◐ partial ○ read in its code as of fixture-1.0 Fixture: reached only after a modern-only server rejects initialize. Hermes reverses its SDK's auto mode",
    );
    expect(verdicts).toContain('No verdicts yet: every capability is unknown for Hermes Agent.');
    const fastAgent = text(section(read(dist, 'clients/fast-agent.html'), 'id="support"', '</section>'));
    expect(fastAgent).toContain('2025-11-25 ✗ no');
    expect(fastAgent).toContain('Protocol versions ✓ yes ● observed on the wire');
    expect(fastAgent).toContain('2026-07-28 ✓ yes ● observed on the wire since 0.3.10 Fixture: fast-agent leads');
  });

  test('a client page sums its versions up: consecutive versions that showed the same share a row, linking the versions page and the capture list', () => {
    const page = read(dist, 'clients/fast-agent.html');
    const summary = section(page, 'id="versions"', '</section>');
    const header = [...section(summary, '<thead', '</thead>').matchAll(/<th scope="col"[^>]*>([\s\S]*?)<\/th>/g)].map((match) =>
      text(match[1] ?? ''),
    );
    expect(header).toEqual(['Versions', 'Captures', 'Faces', 'Handshakes', 'Scenarios', 'Offered', 'Declared', 'Captured']);
    const rows = [...section(summary, '<tbody', '</tbody>').matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map(
      (match) => match[1] ?? '',
    );
    // The fixture's three versions each showed something else, so none share a row; its release list
    // (tests/fixtures/minimal/releases/fast-agent.json) gives each its release day and names the
    // releases nobody captured below each.
    expect(rows.map(text)).toEqual([
      '0.3.10 released 2026-11-01 then 1 release (0.3.9) not captured 1 cli, http observe : held a session at 2025-11-25 after server/discover none 2026-07-28, 2025-11-25 elicitation, roots 2026-11-20',
      '0.3.5 released 2026-08-15 then 2 releases (0.3.0 to 0.3.4) not captured 1 cli, http legacy:2025-06-18 : held a session at 2025-06-18 none 2025-11-25, 2025-06-18 elicitation, roots, sampling 2026-11-22',
      '0.2.40 released 2026-06-02 1 cli, stdio observe : opened at 2025-06-18 and held a session none 2025-06-18 roots, sampling 2026-11-21',
    ]);
    expect(text(summary)).toContain('3 captures of 3 versions ( 0.2.40 to 0.3.10 ), newest first;');
    expect(rows[1]).toContain('href="/clients/fast-agent/captures#v-0.3.5"');
    expect(summary).toContain('href="/clients/fast-agent/versions"');
    expect(summary).toContain('href="/clients/fast-agent/captures"');
    expect(page.indexOf('id="versions"')).toBeGreaterThan(page.indexOf('id="support"'));
    // The identities, by the clientInfo.name they carry, each one a row on the versions page.
    const identities = section(page, 'id="identities"', '</section>');
    expect(text(identities).replace(/&lt;/g, '<').replace(/&gt;/g, '>')).toContain(
      '<img src=x onerror=alert(1)> : 1 identity, 1 capture fast-agent-mcp : 2 identities, 2 captures',
    );
    expect(identities).toContain('href="/clients/fast-agent/versions#identities"');
    expect(identities).not.toMatch(/<img|<svg/);
  });

  test("a client's versions page: one row per captured version, newest first, with its faces, handshakes, scenarios, what each showed, offered and declared", () => {
    const page = read(dist, 'clients/fast-agent/versions.html');
    expect(page).toContain('<title>fast-agent: versions');
    expect(page).toMatch(/<link rel="alternate" type="text\/markdown" href="\/clients\/fast-agent\/versions\.md"/);
    const timeline = section(page, 'id="versions"', '</section>');
    const header = [...section(timeline, '<thead', '</thead>').matchAll(/<th scope="col"[^>]*>([\s\S]*?)<\/th>/g)].map((match) =>
      text(match[1] ?? ''),
    );
    expect(header).toEqual([
      'Version',
      'Captures',
      'Faces',
      'Handshakes',
      'Scenarios',
      'Offered',
      'elicitation',
      'roots',
      'sampling',
      'Captured',
      'Not captured before it',
    ]);
    const rows = [...section(timeline, '<tbody', '</tbody>').matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map(
      (match) => match[1] ?? '',
    );
    expect(rows.map(text)).toEqual([
      '0.3.10 released 2026-11-01 1 cli, http observe : held a session at 2025-11-25 after server/discover none 2026-07-28 , 2025-11-25 ✓ declared form, url ✓ declared listChanged — not declared 2026-11-20 1 release (0.3.9)',
      '0.3.5 released 2026-08-15 1 cli, http legacy:2025-06-18 : held a session at 2025-06-18 none 2025-11-25 , 2025-06-18 ✓ declared ✓ declared listChanged ✓ declared 2026-11-22 2 releases (0.3.0 to 0.3.4)',
      '0.2.40 released 2026-06-02 1 cli, stdio observe : opened at 2025-06-18 and held a session none 2025-06-18 — not declared ✓ declared listChanged ✓ declared 2026-11-21 —',
    ]);
    expect(rows[0]).toContain('href="/captures/fast-agent-0-3-10-observe-http"');
    expect(rows[1]).toContain('href="/captures/fast-agent-0-3-5-legacy-2025-06-18-http"');
    expect(rows[2]).toContain('href="/captures/fast-agent-0-2-40-observe-stdio"');
    // Each version's count links its first row on the client's capture list.
    expect(rows[1]).toContain('href="/clients/fast-agent/captures#v-0.3.5"');
    expect(timeline).toContain('href="/clients/fast-agent/captures"');
    // Only a client with captures has one; the sitemap and the client's llms.txt name it.
    expect(existsSync(path.join(dist, 'clients/hermes-agent/versions.html'))).toBe(false);
    expect(read(dist, 'sitemap.xml')).toContain('<loc>https://canimcp.io/clients/fast-agent/versions</loc>');
    expect(read(dist, 'clients/fast-agent/llms.txt')).toContain('](https://canimcp.io/clients/fast-agent/versions.md)');
  });

  test("a client's capture list: every capture one a row, newest version first, each version's first row at the anchor its page links, and its twin", () => {
    const page = read(dist, 'clients/fast-agent/captures.html');
    expect(page).toContain('<title>fast-agent: captures');
    expect(page).toMatch(/<link rel="alternate" type="text\/markdown" href="\/clients\/fast-agent\/captures\.md"/);
    const rows = [...section(page, '<tbody', '</tbody>').matchAll(/<tr([^>]*)>([\s\S]*?)<\/tr>/g)];
    expect(
      rows.map((match) =>
        text(match[2] ?? '')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>'),
      ),
    ).toEqual([
      'fast-agent-0-3-10-observe-http 0.3.10 cli, http observe none hand-written test fixture: hostile client strings held a session at 2025-11-25 after server/discover 2026-11-20',
      'fast-agent-0-3-5-legacy-2025-06-18-http 0.3.5 cli, http legacy:2025-06-18 none hand-written test fixture: a server that answers an older revision held a session at 2025-06-18 2026-11-22',
      'fast-agent-0-2-40-observe-stdio 0.2.40 cli, stdio observe none hand-written test fixture: an older version over stdio opened at 2025-06-18 and held a session 2026-11-21',
    ]);
    expect(rows.map((match) => /id="([^"]+)"/.exec(match[1] ?? '')?.[1])).toEqual(['v-0.3.10', 'v-0.3.5', 'v-0.2.40']);
    expect(rows[0]?.[2]).toContain('href="/captures/fast-agent-0-3-10-observe-http"');
    const twin = read(dist, 'clients/fast-agent/captures.md');
    expect(twin).toMatch(/^# fast-agent: captures\n\n> /);
    expect(twin).toContain(
      '## Version `0.3.5`\n\n- [fast-agent-0-3-5-legacy-2025-06-18-http](/captures/fast-agent-0-3-5-legacy-2025-06-18-http.md): cli over http, persona `legacy:2025-06-18`, command `hand-written test fixture: a server that answers an older revision`, captured 2026-11-22T10:00:00Z: held a session at 2025-06-18\n',
    );
    // Nothing a client sent becomes markup (the summary is llms.txt's blockquote).
    expect(outsideCode(twin.replace(/^> .*$/m, ''))).not.toMatch(/[<>]/);
    // Only a client with captures has a list; the client's own llms.txt links it.
    expect(existsSync(path.join(dist, 'clients/hermes-agent/captures.html'))).toBe(false);
    expect(read(dist, 'clients/fast-agent/llms.txt')).toContain('](https://canimcp.io/clients/fast-agent/captures.md)');
  });

  test("a client's versions page names the identities its captures show: clientInfo, User-Agent, face and transport, as text", () => {
    const page = read(dist, 'clients/fast-agent/versions.html');
    const identities = section(page, 'id="identities"', '</section>');
    const rows = [...section(identities, '<tbody', '</tbody>').matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((match) =>
      text(match[1] ?? '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>'),
    );
    expect(rows).toEqual([
      '<img src=x onerror=alert(1)> none 0.3.10 fast-agent/0.3.10 <svg onload=alert(2)> ``` cli, http 0.3.10',
      'fast-agent-mcp fast-agent 0.3.5 python-httpx/0.28.1 cli, http 0.3.5',
      'fast-agent-mcp none 0.2.40 none (stdio) cli, stdio 0.2.40',
    ]);
    expect(identities).not.toMatch(/<img|<svg/);
  });

  test("a client's twin says what its page says above the notes: verdicts with how each is known, versions, identities", () => {
    const twin = read(dist, 'clients/fast-agent.md');
    expect(twin).toContain(
      '| [2026-07-28](/revisions/2026-07-28.md) | ✓ yes · ● observed · since 0.3.10 · [fast-agent-leads-with-the-modern-discover-probe](/research/fast-agent-leads-with-the-modern-discover-probe.md) |\n',
    );
    expect(twin).toContain('Unknown capabilities (no verdict yet, which is not no): [Tools](/capabilities/tools.md).');
    expect(twin).toContain(
      '| `0.3.5` released 2026-08-15 then 2 releases (0.3.0 to 0.3.4) not captured | 1 | cli, http | `legacy:2025-06-18`: held a session at 2025-06-18 | none | `2025-11-25`, `2025-06-18` | `elicitation`, `roots`, `sampling` | 2026-11-22 |\n',
    );
    expect(twin).toContain('[all 3 captures](/clients/fast-agent/captures.md)');
    expect(twin).toContain("[fast-agent's versions](/clients/fast-agent/versions.md)");
    expect(twin).toContain('| `fast-agent-mcp` | `fast-agent` | `0.3.5` | `python-httpx/0.28.1` | cli, http |');
    // The versions page's twin: every version one a row, each outcome linking its newest capture's twin.
    const versions = read(dist, 'clients/fast-agent/versions.md');
    expect(versions).toMatch(/^# fast-agent: versions\n\n/);
    expect(versions).toContain(
      '| `0.3.5` released 2026-08-15 | 1 | cli, http | `legacy:2025-06-18`: [held a session at 2025-06-18](/captures/fast-agent-0-3-5-legacy-2025-06-18-http.md) | none | `2025-11-25`, `2025-06-18` | declared | declared: `listChanged` | declared | 2026-11-22 | 2 releases (0.3.0 to 0.3.4) |\n',
    );
    expect(versions).toContain('[All 3 captures](/clients/fast-agent/captures.md)');
    expect(versions).toContain('| `fast-agent-mcp` | `fast-agent` | `0.3.5` | `python-httpx/0.28.1` | cli, http |');
    expect(outsideCode(versions)).not.toMatch(/[<>]/);
    expect(twin.indexOf('## Support')).toBeLessThan(twin.indexOf('## Notes'));
    // What the client sent stays inside code.
    expect(outsideCode(twin)).not.toMatch(/[<>]/);
    expect(read(dist, 'clients/hermes-agent.md')).toContain('## Versions captured\n\nNo wire capture of Hermes Agent yet.\n');
  });

  test('a client with no capture says so where its timeline and identities would be', () => {
    const page = read(dist, 'clients/hermes-agent.html');
    expect(text(section(page, 'id="versions"', '</section>'))).toContain('No wire capture of Hermes Agent yet.');
    expect(text(section(page, 'id="identities"', '</section>'))).toContain('No capture of Hermes Agent yet');
    expect(section(page, 'id="versions"', '</section>')).not.toContain('<table');
  });

  test('revision and capability pages say which clients support them, and which are unknown', () => {
    const revision = text(section(read(dist, 'revisions/2025-11-25.html'), 'id="client-support"', '</section>'));
    expect(revision).toContain('1 yes · 0 partial · 1 no · 0 unknown');
    expect(revision).toMatch(/Hermes Agent ✓ yes .* fast-agent ✗ no/);
    expect(revision).not.toContain('? unknown');
    const capability = text(section(read(dist, 'capabilities/protocolVersions.html'), 'id="client-support"', '</section>'));
    expect(capability).toContain('1 yes · 0 partial · 0 no · 1 unknown');
    expect(capability).toContain('fast-agent ✓ yes');
    expect(capability).toContain('? unknown no verdict yet; not the same as no: Hermes Agent');
  });
});

describe('corrections on the fixture site', () => {
  const dist = requireDist(fixtureDist);
  const correction = 'fixture-correction-of-the-reference-note';
  const correctionTitle = 'Fixture: a later note corrects parts of the reference note';
  const hermes = read(dist, 'research/hermes-leads-with-the-legacy-handshake.html');
  const notice = hermes.slice(
    hermes.indexOf('<div class="notice"'),
    hermes.indexOf('</div>', hermes.indexOf('<div class="notice"')),
  );
  /** The list item a list page shows for a note. */
  const item = (page: string, id: string) =>
    page.split('<li').find((part) => new RegExp(`<a class="title" href="/research/${id}"`).test(part)) ?? '';

  test('the corrected reference page says so above its body, in words and as a note, linking the correcting note', () => {
    expect(notice).toMatch(/^<div class="notice" role="note" aria-labelledby="corrected"/);
    expect(notice).toMatch(/<strong id="corrected"[^>]*>Corrected in part\.<\/strong>/);
    expect(notice).toMatch(new RegExp(`<a href="/research/${correction}"[^>]*>${correctionTitle}</a>`));
    // Above the title and the body, and nowhere else.
    expect(hermes.indexOf('<div class="notice"')).toBeLessThan(hermes.indexOf('<h1'));
    expect(hermes.indexOf('<h1')).toBeLessThan(hermes.indexOf('class="prose"'));
    expect(hermes.split('Corrected in part.')).toHaveLength(2);
  });

  test('the corrected reference note keeps its twin byte for byte, with no word of the correction', () => {
    expect(referenceCopies.length).toBeGreaterThan(0);
    const twin = readFileSync(path.join(dist, 'research', reference));
    for (const copy of referenceCopies) expect(twin.equals(readFileSync(copy))).toBe(true);
    expect(twin.toString('utf8')).not.toContain(correction);
  });

  test('the correcting note says what it corrects and links back; its twin carries corrects in its frontmatter only', () => {
    const page = read(dist, `research/${correction}.html`);
    const block = page.slice(page.indexOf('<div class="notice"'), page.indexOf('class="prose"'));
    expect(block).toMatch(/role="note" aria-labelledby="corrects"/);
    expect(block).toContain('This note corrects parts of:');
    expect(block).toMatch(
      /<a href="\/research\/hermes-leads-with-the-legacy-handshake"[^>]*>Hermes reverses its SDK&#39;s auto mode and tries initialize before server\/discover<\/a>/,
    );
    expect(page).not.toContain('Corrected in part.');
    const twin = read(dist, `research/${correction}.md`);
    expect(twin).toContain('\ncorrects: [hermes-leads-with-the-legacy-handshake]\n');
    // No section of its own: FORMAT's twin has none for corrects.
    expect(twin.match(/^#+ .*$/gm)).toEqual([`# ${correctionTitle}`, '## Sources']);
  });

  test('a note nobody corrects shows no notice, search mark or badge', () => {
    const page = read(dist, 'research/fast-agent-leads-with-the-modern-discover-probe.html');
    expect(page).not.toContain('Corrected in part');
    expect(page).not.toContain('data-pagefind-meta="corrected"');
    // Its related list still marks the reference note, which is corrected.
    expect(item(page, 'hermes-leads-with-the-legacy-handshake')).toContain('badge corrected');
    expect(item(read(dist, 'research.html'), 'fast-agent-leads-with-the-modern-discover-probe')).not.toContain('corrected');
  });

  test('every list of notes marks the corrected note: /research, home, client, revision and capability pages', () => {
    for (const file of [
      'research.html',
      'index.html',
      'clients/hermes-agent.html',
      'revisions/2025-11-25.html',
      'capabilities/protocolVersions.html',
    ]) {
      const entry = item(read(dist, file), 'hermes-leads-with-the-legacy-handshake');
      expect(entry, file).toMatch(/<span class="badge corrected corrected-corrected"[^>]*>\s*corrected in part\s*<\/span>/);
      expect(item(read(dist, file), correction), file).not.toContain('badge corrected');
    }
  });

  test('llms.txt, the listing twins and the entry twins mark the corrected note and link the note that corrects it', () => {
    const line = (text: string, id: string) =>
      text
        .split('\n')
        .find((candidate) => candidate.includes(`/research/${id}.md):`) || candidate.includes(`/research/${id}.md) —`)) ?? '';
    for (const [file, origin] of [
      ['llms.txt', 'https://canimcp.io'],
      ['research.md', ''],
      ['index.md', ''],
      ['clients/hermes-agent.md', ''],
      ['clients/hermes-agent/llms.txt', 'https://canimcp.io'],
      ['revisions/2025-11-25.md', ''],
      ['revisions/2025-11-25/llms.txt', 'https://canimcp.io'],
      ['capabilities/protocolVersions.md', ''],
    ] as const) {
      const text = read(dist, file);
      expect(line(text, 'hermes-leads-with-the-legacy-handshake'), file).toContain(
        `Corrected in part by [${correctionTitle}](${origin}/research/${correction}.md). On the same mcp Python SDK`,
      );
      // The correcting note, where the list names it too, reads as it is.
      expect(line(text, correction), file).not.toContain('Corrected in part');
    }
    expect(line(read(dist, 'research.md'), correction)).toMatch(/^- \[Fixture: a later note/);
  });

  // Search results show it from the index's records (src/lib/search/search-records.test.ts, e2e/search.test.ts).
  test('the JSON export carries it', () => {
    const exported = NotesExport.parse(JSON.parse(read(dist, 'data/notes.json'))).notes;
    const byId = new Map(exported.map((note) => [note.id, note]));
    expect(byId.get('hermes-leads-with-the-legacy-handshake')?.correctedBy).toEqual([correction]);
    expect(byId.get(correction)?.correctedBy).toEqual([]);
    expect(byId.get(correction)?.frontmatter.corrects).toEqual(['hermes-leads-with-the-legacy-handshake']);
    expect(byId.get('fast-agent-leads-with-the-modern-discover-probe')?.correctedBy).toEqual([]);
  });
});

describe('"Suggest a correction" and "Edit this note"', () => {
  /** The href of the link with this exact text, unescaped, or undefined. */
  const linkTo = (page: string, text: string) =>
    new RegExp(`<a href="([^"]+)"[^>]*>${text}</a>`).exec(page)?.[1]?.replace(/&amp;/g, '&');

  test('with REPOSITORY_URL set (the fixture site), every note page links both, prefilled with id, URL and last-verified date', () => {
    const dist = requireDist(fixtureDist);
    const hermes = read(dist, 'research/hermes-leads-with-the-legacy-handshake.html');
    expect(linkTo(hermes, 'Suggest a correction')).toBe(
      `${fixtureRepository}/issues/new?title=Correction%3A%20hermes-leads-with-the-legacy-handshake&body=Note%3A%20hermes-leads-with-the-legacy-handshake%0APage%3A%20https%3A%2F%2Fcanimcp.io%2Fresearch%2Fhermes-leads-with-the-legacy-handshake%0ALast%20verified%3A%202026-11-09%0A%0AWhat%20is%20wrong%2C%20and%20which%20source%20shows%20it%20(a%20link%2C%20and%20the%20commit%20or%20date%20where%20it%20applies)%3A%0A`,
    );
    const notes = NotesExport.parse(JSON.parse(read(dist, 'data/notes.json'))).notes;
    expect(notes.length).toBeGreaterThan(2);
    for (const note of notes) {
      const page = read(dist, `research/${note.id}.html`);
      const suggest = new URL(linkTo(page, 'Suggest a correction') ?? 'missing:');
      expect(`${suggest.origin}${suggest.pathname}`).toBe(`${fixtureRepository}/issues/new`);
      expect(suggest.searchParams.get('title')).toBe(`Correction: ${note.id}`);
      expect(suggest.searchParams.get('body')).toContain(
        `Note: ${note.id}\nPage: ${note.page}\nLast verified: ${note.frontmatter.lastVerified}\n`,
      );
      // The fixture's sources live in tests/fixtures/minimal; the site's own in content/.
      expect(linkTo(page, 'Edit this note')).toBe(`${fixtureRepository}/edit/main/tests/fixtures/minimal/research/${note.id}.md`);
    }
  });

  const configured = resolveRepository(undefined, (packageJson as { repository?: unknown }).repository);
  test(`with REPOSITORY_URL empty (the main site), note pages link ${configured ? "package.json's repository" : 'neither: package.json names no repository'}`, () => {
    const dist = requireDist(mainDist);
    const pages = listFiles(dist).filter((file) => /^research\/[^/]+\.html$/.test(file));
    expect(pages.length).toBeGreaterThan(1);
    for (const file of pages) {
      const page = read(dist, file);
      const id = file.slice('research/'.length, -'.html'.length);
      if (configured === undefined) {
        expect(page, file).not.toContain('Suggest a correction');
        expect(page, file).not.toContain('Edit this note');
        expect(page, file).not.toContain('/issues/new');
      } else {
        expect(linkTo(page, 'Suggest a correction')?.startsWith(`${configured.url}/issues/new?title=`), file).toBe(true);
        const source = [configured.directory, `content/research/${id}.md`].filter((part) => part !== '').join('/');
        expect(linkTo(page, 'Edit this note'), file).toBe(`${configured.url}/edit/main/${source}`);
      }
    }
  });
});

describe('captures on the fixture site', () => {
  const dist = requireDist(fixtureDist);
  const id = 'fast-agent-0-3-10-observe-http';
  const page = read(dist, `captures/${id}.html`);
  const hostile = '<img src=x onerror=alert(1)>';

  test('/captures lists every capture with client, version, path, transport, persona, date and versions offered', () => {
    const list = read(dist, 'captures.html');
    const row = list.slice(list.indexOf(`href="/captures/${id}"`), list.indexOf('</tr>', list.indexOf(`href="/captures/${id}"`)));
    expect(row).toContain('href="/clients/fast-agent"');
    for (const text of ['0.3.10', '>cli<', '>http<', 'observe', '2026-11-20', '2026-07-28', '2025-11-25'])
      expect(row).toContain(text);
    expect(read(dist, 'captures.md')).toContain(`](/captures/${id}.md): version \`0.3.10\`, cli over http`);
  });

  test('/captures/<id> shows the exchange: each event numbered, timed, its sender, JSON pretty-printed, headers as the wire writes them', () => {
    expect(page.match(/<li class="event (client|probe)"/g)).toHaveLength(10);
    expect(page).toContain('client → probe');
    expect(page).toContain('+41 ms');
    // One `name: value` line per header, in the order sent, the repeated header kept; client text escaped.
    expect(page).toContain(
      '<pre class="headers">Host: 127.0.0.1:43117\nUser-Agent: fast-agent/0.3.10 &lt;svg onload=alert(2)&gt; ```\nContent-Type: application/json\nAccept: application/json, text/event-stream\nmcp-protocol-version: 2025-11-25\nMcp-Session-Id: fixture-session-1\nMCP-Protocol-Version: 2025-11-25</pre>',
    );
    expect(page).not.toContain('<table class="headers"');
    expect(page).toContain('&quot;method&quot;: &quot;initialize&quot;');
    expect(page).toContain(`href="/captures/${id}.jsonl"`);
    expect(page).toContain('href="/research/fast-agent-leads-with-the-modern-discover-probe"');
  });

  test('client strings are text on every page, twin and export: none becomes markup', () => {
    expect(page).not.toMatch(/<img|<svg|<script>window|onerror=alert\(1\)>/);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(read(dist, 'captures.html')).not.toMatch(/<img|<svg/);
    const twin = read(dist, `captures/${id}.md`);
    expect(twin).toContain(`name \`${hostile}\``);
    expect(outsideCode(twin)).not.toMatch(/[<>]/);
    expect(read(dist, 'llms.txt')).not.toContain('<img');
    expect(read(dist, 'feed.xml')).not.toContain('<img');
  });

  test('/captures/<id>.jsonl is the file byte for byte, served as plain text', async () => {
    const built = readFileSync(path.join(dist, 'captures', `${id}.jsonl`));
    const source = readFileSync(path.join(repoRoot, 'tests/fixtures/minimal/captures', `${id}.jsonl`));
    expect(built.equals(source)).toBe(true);
    const server = await serveDist(dist);
    try {
      const response = await fetch(`${server.url}/captures/${id}.jsonl`, { method: 'HEAD' });
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await server.close();
    }
  });

  test("a note's capture source links the capture on its page and in its twin as FORMAT.md lays it out", () => {
    const note = read(dist, 'research/fast-agent-leads-with-the-modern-discover-probe.html');
    expect(note).toContain(`href="/captures/${id}"`);
    expect(read(dist, 'research/fast-agent-leads-with-the-modern-discover-probe.md')).toContain(
      `- [Fixture capture: fast-agent 0.3.10 over HTTP, with hostile client strings](/captures/${id}.md), capture \`${id}\`, sha256 \`49e8b8e1a30ce2148f117210800dcae8db0f59136ec09a240ca3658a188e701b\`, 2026-11-20\n`,
    );
  });

  test('/data/clients.json maps the observed clientInfo to the client, and fits its schema', () => {
    const clients = ClientsExport.parse(JSON.parse(read(dist, 'data/clients.json')));
    expect(clients.find((client) => client.client === 'fast-agent')?.observed).toEqual([
      {
        version: '0.3.5',
        clientInfo: { name: 'fast-agent-mcp', title: 'fast-agent', version: '0.3.5' },
        userAgent: 'python-httpx/0.28.1',
        transport: 'http',
        path: 'cli',
        face: 'session',
        command: 'hand-written test fixture: a server that answers an older revision',
        capture: 'fast-agent-0-3-5-legacy-2025-06-18-http',
        capturedAt: '2026-11-22T10:00:00Z',
      },
      {
        version: '0.2.40',
        clientInfo: { name: 'fast-agent-mcp', version: '0.2.40' },
        transport: 'stdio',
        path: 'cli',
        face: 'session',
        command: 'hand-written test fixture: an older version over stdio',
        capture: 'fast-agent-0-2-40-observe-stdio',
        capturedAt: '2026-11-21T10:00:00Z',
      },
      {
        version: '0.3.10',
        clientInfo: { name: hostile, version: '0.3.10' },
        userAgent: 'fast-agent/0.3.10 <svg onload=alert(2)> ```',
        transport: 'http',
        path: 'cli',
        face: 'session',
        command: 'hand-written test fixture: hostile client strings',
        capture: id,
        capturedAt: '2026-11-20T09:15:00Z',
      },
    ]);
    expect(clients.find((client) => client.client === 'hermes-agent')?.observed).toEqual([]);
  });

  test('the sitemap lists each capture page; llms.txt links each capture twin', () => {
    expect(read(dist, 'sitemap.xml')).toContain(`<loc>https://canimcp.io/captures/${id}</loc>`);
    expect(read(dist, 'llms.txt')).toContain(`](https://canimcp.io/captures/${id}.md)`);
  });
});

describe('captures on the main site', () => {
  const dist = requireDist(mainDist);

  test('builds /captures and /data/clients.json whether or not content/captures/ holds any', () => {
    expect(read(dist, 'captures.html')).toContain('<h1');
    const clients = ClientsExport.parse(JSON.parse(read(dist, 'data/clients.json')));
    expect(clients.length).toBeGreaterThan(1);
  });

  test('a since that older captures contradicted, and the oldest captured, read as since at least, and changing runs as runs, on the page, the twin and matrix.json', () => {
    const cells = MatrixExport.parse(JSON.parse(read(dist, 'data/matrix.json')));
    const cell = (client: string, key: 'revision' | 'capability', column: string) =>
      cells.find((item) => item.client === client && key in item && (item as Record<string, unknown>)[key] === column);
    // Copilot CLI 2025-11-25 was written "since 1.0.102" though 1.0.11 already held it (issue 30); it is
    // written since 1.0.10 now (the handshake note), and its runs still start at the oldest captured of their face.
    expect(cell('copilot-cli', 'revision', '2025-11-25')).toMatchObject({
      since: '1.0.10',
      ranges: [{ from: '1.0.11', to: '1.0.102', state: 'yes', fromIsOldestCaptured: true }],
    });
    const sampling = cell('copilot-cli', 'capability', 'sampling');
    const ranges = sampling !== undefined && 'ranges' in sampling ? (sampling.ranges ?? []) : [];
    // Its runs are those of the face with the most captures cited, the dead-model handshake face (1.0.11, the oldest captured, to 1.0.102).
    expect(ranges[0]).toMatchObject({ from: '1.0.11', state: 'no', fromIsOldestCaptured: true });
    expect(ranges.at(-1)).toMatchObject({ to: '1.0.102' });
    // The runs as pages write them: with the days their ends were released, the releases each run
    // spans and those nobody captured between.
    const times = (
      JSON.parse(readFileSync(path.join(repoRoot, 'content/releases/copilot-cli.json'), 'utf8')) as {
        versions: Record<string, string>;
      }
    ).versions;
    const runs = runsLabel(countReleases(ranges, Object.keys(times), times), sampling?.state ?? '') ?? '';
    expect(runs).toBe(
      '1.0.11–1.0.70: no (released 2026-04-12 to 2026-07-12; 11 of 39 releases captured) · 1.0.71–1.0.102: partial (released 2026-07-17 to 2026-10-21; 6 of 17 releases captured)',
    );
    const page = read(dist, 'clients/copilot-cli.html');
    const twin = read(dist, 'clients/copilot-cli.md');
    const matrixTwin = read(dist, 'matrix.md');
    for (const text of [page, twin, matrixTwin]) {
      expect(text).toContain('since at least 1.0.11 (oldest captured, released 2026-04-12), to 1.0.102 (released 2026-10-21)');
      expect(text).toContain(runs);
      expect(text).not.toContain('since 1.0.102');
    }
    // The matrix says its runs in brief: versions and states, the rest on the client's page.
    const matrix = read(dist, 'matrix.html');
    expect(matrix).toContain('since at least 1.0.11, to 1.0.102');
    expect(matrix).toContain(briefRunsLabel(countReleases(ranges, Object.keys(times), times), sampling?.state ?? ''));
  });

  test('Codex elicitation: no run spans the releases that declare none (issue 39: "partial 0.77.0–0.171.0" spanned 0.118.0)', () => {
    const cells = MatrixExport.parse(JSON.parse(read(dist, 'data/matrix.json')));
    const elicitation = cells.find(
      (item) => item.client === 'codex' && 'capability' in item && item.capability === 'elicitation',
    );
    const ranges = elicitation !== undefined && 'ranges' in elicitation ? (elicitation.ranges ?? []) : [];
    // The handshake captures from 0.105.0 to 0.118.0 declare no elicitation; those around them declare it.
    expect(ranges).toContainEqual(expect.objectContaining({ from: '0.105.0', to: '0.118.0', state: 'no' }));
    const spanning = ranges.filter(
      (run) => run.state !== 'no' && compareVersions(run.from, '0.118.0') !== 1 && compareVersions(run.to, '0.105.0') !== -1,
    );
    expect(spanning).toEqual([]);
    expect(ranges.at(-1)).toMatchObject({ to: '0.171.0', state: 'partial' });
    // The runs as pages write them: with the days their ends were released and the releases each spans.
    const times = (
      JSON.parse(readFileSync(path.join(repoRoot, 'content/releases/codex.json'), 'utf8')) as { versions: Record<string, string> }
    ).versions;
    const runs = runsLabel(countReleases(ranges, Object.keys(times), times), elicitation?.state ?? '') ?? '';
    expect(runs).toContain('0.105.0–0.118.0: no (released 2026-03-03 to 2026-04-13; 4 of 11 releases captured)');
    for (const file of ['clients/codex.html', 'clients/codex.md', 'matrix.md']) expect(read(dist, file)).toContain(runs);
  });

  test('every run has its first and last captured version and names each version captured in it, in features.json and matrix.json (issue 39: 134 observed cells had a run without to)', () => {
    const features = FeaturesExport.parse(JSON.parse(read(dist, 'data/features.json')));
    const matrix = MatrixExport.parse(JSON.parse(read(dist, 'data/matrix.json')));
    const runs = [
      ...features.flatMap((cell) => (cell.state === 'unknown' || cell.evidence !== 'observed' ? [] : cell.ranges)),
      ...matrix.flatMap((cell) => ('ranges' in cell ? (cell.ranges ?? []) : [])),
    ];
    expect(runs.length).toBeGreaterThan(300);
    const captured = runs.filter((run) => run.captured.length > 0);
    expect(captured.length).toBeGreaterThan(300);
    for (const run of captured) {
      expect(run.captured[0], JSON.stringify(run)).toBe(run.from);
      expect(run.captured.at(-1), JSON.stringify(run)).toBe(run.to);
    }
  });

  test("every matrix cell its captures decide says how far its newest capture is behind the client's newest release, in matrix.json and matrix.md, as features.json does (issue 43)", () => {
    const matrix = MatrixExport.parse(JSON.parse(read(dist, 'data/matrix.json')));
    const twinRows = read(dist, 'matrix.md')
      .split('\n')
      .filter((line) => line.startsWith('| ['));
    const byVersion = (a: string, b: string) => compareVersions(a, b) ?? a.localeCompare(b);
    let current = 0;
    let behind = 0;
    for (const cell of matrix) {
      if (cell.state === 'unknown') continue;
      const column = 'revision' in cell ? cell.revision : cell.capability;
      const label = `${cell.client} ${column}`;
      const file = path.join(repoRoot, 'content/releases', `${cell.client}.json`);
      const captured = (cell.ranges ?? []).flatMap((run) => run.captured);
      const list = existsSync(file)
        ? (JSON.parse(readFileSync(file, 'utf8')) as { versions: Record<string, string>; only?: 'captured' })
        : undefined;
      const times = list?.versions ?? {};
      // No list, no captured version, a list with no release (Amp's versions all carry a build suffix),
      // or one that dates the captured versions only (MCPHost's: the Go proxy lists none): unknown.
      if (captured.length === 0 || !Object.keys(times).some(isRelease) || list?.only === 'captured') {
        expect(cell.freshness, label).toBeUndefined();
        continue;
      }
      // Worked out from the release list itself: the releases published after the newest captured version.
      const newestCaptured = [...captured].sort(byVersion).at(-1) as string;
      const later = Object.keys(times)
        .filter((version) => isRelease(version) && byVersion(version, newestCaptured) > 0)
        .sort(byVersion);
      const newest = later.at(-1) ?? newestCaptured;
      expect(cell.freshness, label).toMatchObject({ captured: newestCaptured, newest, behind: later.length });
      const from = times[newestCaptured];
      const to = times[newest];
      if (later.length === 0) expect(cell.freshness?.days, label).toBe(0);
      else if (from !== undefined && to !== undefined)
        expect(cell.freshness?.days, label).toBe(Math.floor((Date.parse(to) - Date.parse(from)) / 86_400_000));
      if (later.length === 0) current += 1;
      else behind += 1;
      if (cell.freshness === undefined) continue;
      const { days, ...fresh } = cell.freshness;
      const words = freshnessWords(days === undefined ? fresh : { ...fresh, days });
      expect(
        twinRows.some((line) => line.includes(`](/clients/${cell.client}.md) |`) && line.includes(words)),
        `${label}: ${words}`,
      ).toBe(true);
    }
    expect(current, 'current cells').toBeGreaterThan(20);
    expect(behind, 'cells behind').toBeGreaterThan(0);
    // The page's "only what is current" hides the cells marked not current; the current ones, most of
    // hundreds, carry no mark at all.
    const page = read(dist, 'matrix.html');
    const stale = matrix.filter((cell) => cell.state !== 'unknown' && cell.freshness?.behind !== 0).length;
    expect(page.match(/<td [^>]*data-current="no"/g)?.length).toBe(stale);
    expect(page).not.toContain('data-current="yes"');
    expect(read(dist, 'matrix.md')).toContain(
      '\n- `current`, `N releases behind X (D days)`: how far the newest version captured is behind',
    );
  });

  test("a health check, the lab's script and the CLI each say their face in clients.json; the CLI capture filed under cline is the CLI's", () => {
    const clients = ClientsExport.parse(JSON.parse(read(dist, 'data/clients.json')));
    const observed = (id: string) => clients.find((client) => client.client === id)?.observed ?? [];
    const named = (id: string, name: string) => observed(id).filter((item) => item.clientInfo?.['name'] === name);
    expect(named('qwen-code', 'mcp-test-client').map((item) => item.face)).toEqual(['health-check', 'health-check']);
    expect(new Set(named('typescript-sdk', 'canimcp-sdk-recipe').map((item) => item.face))).toEqual(new Set(['lab-script']));
    expect(named('cline', '@cline/core')).toEqual([]);
    expect(named('cline-cli', '@cline/core').length).toBeGreaterThan(0);
    expect(clients.find((client) => client.client === 'qwen-code')?.clientInfoName).toBeUndefined();
  });
});

describe('client and capture pages on the main site say once what repeats (the page budget)', () => {
  const dist = requireDist(mainDist);
  const clientPages = listFiles(dist).filter((file) => /^clients\/[^/]+\.html$/.test(file));
  const plain = (html: string) =>
    html
      .replace(/<[^>]+>/g, '')
      .replaceAll('&#39;', "'")
      .replaceAll('&quot;', '"');
  const section = (html: string, from: string, to: string) => {
    const start = html.indexOf(from);
    expect(start, from).toBeGreaterThan(-1);
    return html.slice(start, html.indexOf(to, start));
  };

  test('a client page lists each note once, however many of its groups hold it', () => {
    expect(clientPages.length).toBeGreaterThan(10);
    let repeatedBefore = 0;
    for (const file of clientPages) {
      const page = read(dist, file);
      const notes = page.slice(page.indexOf('<h2 id="notes"'));
      const listed = [...notes.matchAll(/<a class="title" href="([^"]+)"/g)].map((match) => match[1]);
      expect(listed, file).toEqual([...new Set(listed)]);
      // A group whose notes are listed above still counts them and links them all.
      if (notes.includes('listed under an earlier heading')) repeatedBefore += 1;
    }
    expect(repeatedBefore).toBeGreaterThan(0);
  });

  test('features whose caveats open with the same setup sit under it, said once; each says only what it found', () => {
    let grouped = 0;
    for (const file of clientPages) {
      const features = section(read(dist, file), 'id="client-features"', '</section>');
      for (const group of features.split('<li class="setup">').slice(1)) {
        // The group's own features: its list, up to the </ul> that closes it (a feature's beside-verdicts nest one).
        const start = group.indexOf('<ul>');
        let depth = 0;
        let end = group.length;
        for (const tag of group.slice(start).matchAll(/<ul\b|<\/ul>/g)) {
          depth += tag[0] === '</ul>' ? -1 : 1;
          if (depth === 0) {
            end = start + tag.index;
            break;
          }
        }
        const items = group.slice(start, end);
        const lead = plain(group.slice(0, group.indexOf('</p>'))).replace(/:$/, '');
        // The setup is the lead, or the lead before the versions label the group's features share.
        const setups = [lead, ...[...lead.matchAll(/; /g)].map((match) => lead.slice(0, match.index))];
        const caveats = [...items.matchAll(/<span class="caveat">([\s\S]*?)<\/span>/g)].map((match) => plain(match[1] ?? ''));
        expect(items.match(/<li id="feature-/g)?.length ?? 0, `${file}: ${lead}`).toBeGreaterThan(1);
        for (const caveat of caveats)
          for (const setup of setups) expect(caveat.startsWith(`${setup}: `), `${file}: ${caveat}`).toBe(false);
        grouped += 1;
      }
    }
    expect(grouped).toBeGreaterThan(3);
    const claude = section(read(dist, 'clients/claude-code.html'), 'id="client-features"', '</section>');
    const setup = 'Signed in with <code>claude mcp login</code> in a terminal, then a <code>claude -p</code> session';
    expect(claude.split(setup)).toHaveLength(2);
    expect(claude).toMatch(
      /<li class="setup"><p>Signed in with <code>claude mcp login<\/code>[^<]*<code>claude -p<\/code>[^<]*:<\/p><ul><li id="feature-auth\./,
    );
    for (const id of ['auth.oauth', 'auth.pkce.s256', 'auth.registration.dcr'])
      expect(claude).toContain(`<li id="feature-${id}">`);
  });

  test('a run captured in another setting names it by its letter, and the legend says each setting once', () => {
    const page = read(dist, 'clients/claude-code.html');
    const features = section(page, 'id="client-features"', '</section>');
    const legend = [...section(features, '<dl class="faces">', '</dl>').matchAll(/<dt>([^<]+)<\/dt><dd>([^<]+)<\/dd>/g)];
    expect(legend.length).toBeGreaterThan(1);
    const list = features.slice(features.indexOf('<ul class="client-features">'));
    for (const [, key, face] of legend) {
      expect(list, key).toContain(`in ${key ?? ''})`);
      expect(list, face).not.toContain(face ?? '');
    }
  });

  test('a client whose verdicts all hold under a setting lists them on its page and twin, each unknown at its defaults with the verdict beside', () => {
    const cells = FeaturesExport.parse(JSON.parse(read(dist, 'data/features.json'))).filter(
      (cell) => cell.client === 'pi' && cell.also !== undefined,
    );
    expect(cells.length).toBeGreaterThan(20);
    const features = section(read(dist, 'clients/pi.html'), 'id="client-features"', '</section>');
    expect(plain(features)).toContain(`${cells.length} features of pi with a verdict`);
    expect(plain(features)).toContain('yes with exposure=direct');
    expect(read(dist, 'clients/pi.md')).toContain(`${cells.length} features with a verdict`);
  });

  test("a feature page keys run settings in one legend, and a row links a few captures and counts the rest on the client's list", () => {
    const page = read(dist, 'features/lifecycle/initialize.html');
    const legend = [...section(page, '<dl class="faces">', '</dl>').matchAll(/<dt>([^<]+)<\/dt><dd>([^<]+)<\/dd>/g)];
    expect(legend.length).toBeGreaterThan(1);
    const table = section(page, '<table class="feature-rows"', '</table>');
    for (const [, key, face] of legend) {
      expect(table, key).toContain(`in ${key ?? ''})`);
      expect(table, face).not.toContain(face ?? '');
    }
    const claude = section(table, '<tr data-client="claude-code"', '</tr>');
    const named = [...section(claude, '<ul class="captures">', '</ul>').matchAll(/href="\/captures\//g)];
    expect(named).toHaveLength(3);
    const cells = FeaturesExport.parse(JSON.parse(read(dist, 'data/features.json')));
    const cited = cells.find((cell) => cell.feature === 'lifecycle.initialize' && cell.client === 'claude-code')?.captures ?? [];
    expect(cited.length).toBeGreaterThan(4);
    expect(claude).toContain(
      `and ${cited.length - 3} more, in <a href="/clients/claude-code/captures">Claude Code's captures</a>`,
    );
  });

  test('a capture page shows headers as lines and a sign-in HTML page by its head and size, linking the file and twin', () => {
    const id = 'claude-code-2-1-337-observe-auth-step-up-http-20261207-172443';
    const page = read(dist, `captures/${id}.html`);
    expect(page).not.toContain('<table class="headers"');
    // One `name: value` line a header, the sign-in page's content type among them (first or not).
    expect(page).toMatch(/<pre class="headers">(?:[^<]*\n)?content-type: text\/html/i);
    expect(page).toContain(
      `<p class="cut">… 45,046 more characters of this body (45,246 in all) are in <a href="/captures/${id}.jsonl">the capture file</a> and <a href="/captures/${id}.md">its Markdown twin</a>.</p>`,
    );
    // The twin keeps every byte.
    expect(read(dist, `captures/${id}.md`)).toContain('<title>Claude Code</title>');
  });
});

describe('features on the fixture site', () => {
  const dist = requireDist(fixtureDist);
  const section = (html: string, from: string, to: string) => {
    const start = html.indexOf(from);
    return start === -1 ? '' : html.slice(start, html.indexOf(to, start));
  };
  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, ' ')
      .trim();

  test('/features lists every feature under its capability, each linking its page', () => {
    const page = read(dist, 'features.html');
    expect(page).toContain('<link rel="alternate" type="text/markdown" href="/features.md">');
    expect(page).toMatch(
      /id="group-protocolVersions"[\s\S]*href="\/features\/lifecycle\/serverDiscover"[\s\S]*id="group-tools"[\s\S]*href="\/features\/tools\/call"/,
    );
    expect(text(page)).toContain('Sends server/discover lifecycle.serverDiscover (1 client with a verdict; not yet known)');
    const twin = read(dist, 'features.md');
    expect(twin).toContain('## Protocol versions\n\n- [Sends server/discover](/features/lifecycle/serverDiscover.md)');
    expect(twin).toContain('## Tools\n\n- [Tool calls](/features/tools/call.md)');
  });

  test('a feature page says what it means and where the spec says so, then a row per client, unknown apart', () => {
    const page = read(dist, 'features/lifecycle/serverDiscover.html');
    const words = text(page);
    expect(words).toContain("Does the client call server/discover to learn the server's versions before other requests?");
    expect(page).toContain(
      'href="https://github.com/modelcontextprotocol/modelcontextprotocol/blob/b0f60ba5409db7a6582440a7b473cc0398890f15/docs/specification/2026-07-28/server/discover.mdx#L62-L87"',
    );
    expect(words).toContain('docs/specification/2026-07-28/server/discover.mdx:62-87 , 2026-08-22');
    const row = text(section(page, 'data-client="fast-agent"', '</tr>'));
    expect(row).toMatch(
      /fast-agent ✓ yes since at least 0\.3\.10 \(oldest captured, released 2026-11-01\) current \(0\.3\.10 is the newest release\) ● observed on the wire fast-agent-0-3-10-observe-http Over HTTP only, in the fixture\. Fixture: fast-agent leads with server\/discover$/,
    );
    expect(text(section(page, 'data-unknown-clients', '</p>'))).toContain('No verdict yet, which is not no: Hermes Agent');
    expect(page).toContain('<link rel="alternate" type="text/markdown" href="/features/lifecycle/serverDiscover.md">');
  });

  test("a feature's twin: its frontmatter, body, spec references and a row per client, unknown named apart", () => {
    const twin = read(dist, 'features/lifecycle/serverDiscover.md');
    const source = readFileSync(path.join(repoRoot, 'tests/fixtures/minimal/features/lifecycle.serverDiscover.md'), 'utf8');
    expect(twin.startsWith(source.slice(0, source.indexOf('\n---\n') + 5))).toBe(true);
    expect(twin).toContain('\n# Sends server/discover\n');
    expect(twin).toContain(
      '## Specification\n\n- [MCP specification 2026-07-28, server/discover: when to call it (at the commit of 2026-08-22)](https://github.com/modelcontextprotocol/modelcontextprotocol/blob/b0f60ba5409db7a6582440a7b473cc0398890f15/docs/specification/2026-07-28/server/discover.mdx#L62-L87), commit `b0f60ba5409db7a6582440a7b473cc0398890f15`, `docs/specification/2026-07-28/server/discover.mdx:62-87`, 2026-08-22',
    );
    expect(twin).toMatch(
      /\| \[fast-agent\]\(\/clients\/fast-agent\.md\) \| ✓ yes \| [^|]+ \| ● observed \(\[fast-agent-0-3-10-observe-http\]\(\/captures\/fast-agent-0-3-10-observe-http\.md\)\) \| Over HTTP only, in the fixture\. \|/,
    );
    expect(twin).toContain('Unknown (no verdict yet, which is not no): [Hermes Agent](/clients/hermes-agent.md).');
    expect(twin).toContain(
      '## Notes\n\n- [Fixture: fast-agent leads with server/discover](/research/fast-agent-leads-with-the-modern-discover-probe.md)',
    );
    expect(read(dist, 'features/tools/call.md')).toContain('No client has a verdict for this feature yet.');
  });

  test('/data/features.json validates against its schema and lists every cell, the unknown ones included', () => {
    const cells = JSON.parse(read(dist, 'data/features.json')) as unknown[];
    expect(FeaturesExport.parse(cells)).toEqual(cells);
    expect(cells).toHaveLength(4);
    expect(cells).toContainEqual({
      feature: 'tools.call',
      client: 'fast-agent',
      state: 'unknown',
      ranges: [],
      notes: [],
      captures: [],
    });
    expect(cells).toContainEqual(
      expect.objectContaining({
        feature: 'lifecycle.serverDiscover',
        client: 'fast-agent',
        state: 'yes',
        evidence: 'observed',
        caveat: 'Over HTTP only, in the fixture.',
        notes: ['fast-agent-leads-with-the-modern-discover-probe'],
        captures: ['fast-agent-0-3-10-observe-http'],
      }),
    );
    expect(JSON.parse(read(dist, 'schema/features-export.json'))).toEqual(
      JSON.parse(JSON.stringify(jsonSchemas('https://canimcp.io')['features-export'])),
    );
  });

  test('capability pages, the matrix and client pages show the features; llms.txt and the search filter name them', () => {
    const capability = read(dist, 'capabilities/protocolVersions.html');
    expect(capability).toMatch(
      /id="features"[\s\S]*<th scope="row"><a href="\/features\/lifecycle\/serverDiscover">[^<]+<\/a><\/th>(?:<td[^>]*>[^<]*<\/td>)*?<td class="y ko">✓<\/td>/,
    );
    expect(read(dist, 'capabilities/protocolVersions.md')).toContain(
      '## Features\n\n- [Sends server/discover](/features/lifecycle/serverDiscover.md)',
    );
    expect(read(dist, 'features.html')).toMatch(
      /id="by-feature"[\s\S]*href="\/features\/tools\/call">Tool calls<\/a><\/th><td class="u">\?<\/td><td class="u">\?<\/td>/,
    );
    expect(read(dist, 'matrix.html')).toContain('href="/features#by-feature"');
    const client = text(section(read(dist, 'clients/fast-agent.html'), 'id="client-features"', '</section>'));
    expect(client).toContain('Sends server/discover ✓ yes');
    expect(client).toContain('1 feature of fast-agent with a verdict; 1 unknown (no verdict yet, which is not no).');
    expect(read(dist, 'clients/fast-agent.md')).toContain('## Features\n\n| Feature | State | Versions | Evidence | Caveat |');
    expect(read(dist, 'llms.txt')).toContain(
      '## Features\n\n- [Sends server/discover](https://canimcp.io/features/lifecycle/serverDiscover.md)',
    );
    expect(read(dist, 'research.html')).toMatch(
      /<option value="lifecycle.serverDiscover" data-label="Sends server\/discover"[ >]/,
    );
  });
});
