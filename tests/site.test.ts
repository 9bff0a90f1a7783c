/**
 * The built site, read as files: content in (the project's own content and the small fixture),
 * pages, twins and machine-readable outputs out.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../src/lib/paths.ts';
import { NotesExport } from '../src/schema/export.ts';
import { jsonSchemas } from '../src/lib/jsonschema.ts';
import { resolveRepository } from '../src/lib/repository.ts';
import packageJson from '../package.json' with { type: 'json' };
import { listFiles, read, references, resolves } from './support/dist.ts';
import { fixtureRepository, fixtureSite, mainSite, requireSite } from './support/site.ts';

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

  test('every twin and llms.txt that llms.txt advertises exists', async () => {
    const llms = read(root, 'llms.txt');
    const links = [...llms.matchAll(/\]\((\/[^)]+)\)/g)].map((match) => match[1] ?? '');
    expect(links.length).toBeGreaterThan(notes.length);
    for (const link of links) expect(await resolves(root, link), link).toBe(true);
    expect(llms).toMatch(/^# canimcp\n\n> .+\n/);
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

describe('corrections on the fixture site', () => {
  const root = requireSite(fixtureSite);
  const correction = 'fixture-correction-of-the-reference-note';
  const correctionTitle = 'Fixture: a later note corrects parts of the reference note';
  const hermes = read(root, 'research/hermes-leads-with-the-legacy-handshake.html');
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
    const twin = readFileSync(path.join(root, 'research', reference));
    for (const copy of referenceCopies) expect(twin.equals(readFileSync(copy))).toBe(true);
    expect(twin.toString('utf8')).not.toContain(correction);
  });

  test('the correcting note says what it corrects and links back; its twin carries corrects in its frontmatter only', () => {
    const page = read(root, `research/${correction}.html`);
    const block = page.slice(page.indexOf('<div class="notice"'), page.indexOf('class="prose"'));
    expect(block).toMatch(/role="note" aria-labelledby="corrects"/);
    expect(block).toContain('This note corrects parts of:');
    expect(block).toMatch(
      /<a href="\/research\/hermes-leads-with-the-legacy-handshake"[^>]*>Hermes reverses its SDK&#39;s auto mode and tries initialize before server\/discover<\/a>/,
    );
    expect(page).not.toContain('Corrected in part.');
    const twin = read(root, `research/${correction}.md`);
    expect(twin).toContain('\ncorrects: [hermes-leads-with-the-legacy-handshake]\n');
    // No section of its own: FORMAT's twin has none for corrects.
    expect(twin.match(/^#+ .*$/gm)).toEqual([`# ${correctionTitle}`, '## Sources']);
  });

  test('a note nobody corrects shows no notice, search mark or badge', () => {
    const page = read(root, 'research/fast-agent-leads-with-the-modern-discover-probe.html');
    expect(page).not.toContain('Corrected in part');
    expect(page).not.toContain('data-pagefind-meta="corrected"');
    // Its related list still marks the reference note, which is corrected.
    expect(item(page, 'hermes-leads-with-the-legacy-handshake')).toContain('badge corrected');
    expect(item(read(root, 'research.html'), 'fast-agent-leads-with-the-modern-discover-probe')).not.toContain('corrected');
  });

  test('every list of notes marks the corrected note: /research, home, client, revision and capability pages', () => {
    for (const file of [
      'research.html',
      'index.html',
      'clients/hermes-agent.html',
      'revisions/2025-11-25.html',
      'capabilities/protocolVersions.html',
    ]) {
      const entry = item(read(root, file), 'hermes-leads-with-the-legacy-handshake');
      expect(entry, file).toMatch(/<span class="badge corrected corrected-corrected"[^>]*>\s*corrected in part\s*<\/span>/);
      expect(item(read(root, file), correction), file).not.toContain('badge corrected');
    }
  });

  test('search results and the JSON export carry it', () => {
    expect(hermes).toMatch(/<span data-pagefind-meta="corrected"[^>]*>corrected in part<\/span>/);
    expect(read(root, `research/${correction}.html`)).not.toContain('data-pagefind-meta="corrected"');
    const exported = NotesExport.parse(JSON.parse(read(root, 'data/notes.json'))).notes;
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
    const root = requireSite(fixtureSite);
    const hermes = read(root, 'research/hermes-leads-with-the-legacy-handshake.html');
    expect(linkTo(hermes, 'Suggest a correction')).toBe(
      `${fixtureRepository}/issues/new?title=Correction%3A%20hermes-leads-with-the-legacy-handshake&body=Note%3A%20hermes-leads-with-the-legacy-handshake%0APage%3A%20https%3A%2F%2Fcanimcp.io%2Fresearch%2Fhermes-leads-with-the-legacy-handshake%0ALast%20verified%3A%202026-11-09%0A%0AWhat%20is%20wrong%2C%20and%20which%20source%20shows%20it%20(a%20link%2C%20and%20the%20commit%20or%20date%20where%20it%20applies)%3A%0A`,
    );
    const notes = NotesExport.parse(JSON.parse(read(root, 'data/notes.json'))).notes;
    expect(notes.length).toBeGreaterThan(2);
    for (const note of notes) {
      const page = read(root, `research/${note.id}.html`);
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
    const root = requireSite(mainSite);
    const pages = listFiles(root).filter((file) => /^research\/[^/]+\.html$/.test(file));
    expect(pages.length).toBeGreaterThan(1);
    for (const file of pages) {
      const page = read(root, file);
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
