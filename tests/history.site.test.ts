/**
 * Verdict history through the build: a content folder in a git repository of its own, several
 * commits changing verdicts, then `npm run build`; the feeds, the JSON and the client page read
 * back. A rebuild writes the history's files too, also after a commit that changed no file's bytes;
 * a shallow clone builds, and says the history is unavailable, on its pages and in its log.
 */
import { gitAt } from './support/git.ts';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { HistoryExport } from '../src/schema/export.ts';
import { buildContent, fixtureContent } from './support/site.ts';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const git = (cwd: string, args: string[], date: string) => gitAt(cwd, args, date);

const read = (outDir: string, file: string) => readFile(path.join(outDir, file), 'utf8');
const entryTitles = (xml: string) => [...xml.matchAll(/<entry>\n {4}<title>([^<]*)<\/title>/g)].map((match) => match[1]);

describe('verdict history in the built site', () => {
  test(
    'the feeds, /data/history.json and the client page show every change; a rebuild writes them, also after a commit of what was built',
    { timeout: 300_000 },
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'canimcp-history-site-'));
      folders.push(dir);
      const content = path.join(dir, 'content');
      await cp(fixtureContent, content, { recursive: true });
      const fastAgent = path.join(content, 'clients/fast-agent.md');
      const original = await readFile(fastAgent, 'utf8');
      git(dir, ['init', '-q', '-b', 'main'], '2026-01-02T12:00:00Z');
      git(dir, ['add', '.'], '2026-01-02T12:00:00Z');
      git(dir, ['commit', '-qm', 'Fixture content'], '2026-01-02T12:00:00Z');
      const first = git(dir, ['rev-parse', 'HEAD'], '2026-01-02T12:00:00Z');
      await writeFile(
        fastAgent,
        original.replace(
          '  - revision: 2025-11-25\n    state: no\n',
          '  - revision: 2025-11-25\n    state: partial\n    caveat: "Only over stdio."\n    version: "0.4.0"\n',
        ),
      );
      git(dir, ['commit', '-qam', 'fast-agent speaks <2025-11-25> in part'], '2026-02-03T12:00:00Z');
      const second = git(dir, ['rev-parse', 'HEAD'], '2026-02-03T12:00:00Z');

      const build = async () => {
        const run = await buildContent('history', content);
        expect(run.ok, run.stderr).toBe(true);
        return {
          output: run.stdout,
          json: HistoryExport.parse(JSON.parse(await read(run.outDir, 'data/history.json'))),
          feed: await read(run.outDir, 'changes.xml'),
          clientFeed: await read(run.outDir, 'clients/fast-agent/changes.xml'),
          hermesFeed: await read(run.outDir, 'clients/hermes-agent/changes.xml'),
          page: await read(run.outDir, 'clients/fast-agent.html'),
        };
      };

      const cold = await build();
      expect(cold.json.available).toBe(true);
      const changes = cold.json.changes;
      expect(changes[0]).toEqual({
        client: 'fast-agent',
        revision: '2025-11-25',
        from: { state: 'no', evidence: 'reported' },
        to: { state: 'partial', version: '0.4.0', evidence: 'reported' },
        text: 'fast-agent · 2025-11-25: no, no version → partial, 0.4.0, reported',
        commit: second,
        date: '2026-02-03T12:00:00Z',
        subject: 'fast-agent speaks <2025-11-25> in part',
      });
      // The first commit adds every cell; the fixture note cites a capture of fast-agent.
      expect(changes.slice(1).map((change) => [change.commit, change.text])).toContainEqual([
        first,
        'fast-agent · 2026-07-28: unknown → yes, observed',
      ]);
      expect(changes.slice(1).every((change) => change.commit === first && change.from.state === 'unknown')).toBe(true);

      expect(entryTitles(cold.feed)[0]).toBe('fast-agent · 2025-11-25: no, no version → partial, 0.4.0, reported');
      expect(entryTitles(cold.feed)).toHaveLength(changes.length);
      expect(entryTitles(cold.clientFeed).every((title) => title?.startsWith('fast-agent · '))).toBe(true);
      expect(entryTitles(cold.hermesFeed).every((title) => title?.startsWith('hermes-agent · '))).toBe(true);
      expect(cold.page).toMatch(
        /<details id="history-revision-2025-11-25"[^>]*><summary[^>]*>2025-11-25: 2 changes, the last on 2026-02-03/,
      );
      expect(cold.page).toContain('no, no version → partial, 0.4.0, reported');
      // Each change names its commit, short, as code.
      expect(cold.page).toMatch(new RegExp(`<code[^>]*>${second.slice(0, 7)}`));
      // A commit subject is text on the page, never markup.
      expect(cold.page).toContain('fast-agent speaks &lt;2025-11-25&gt; in part');
      expect(cold.page).toContain('href="/clients/fast-agent/changes.xml"');

      // Nothing changed: the files are kept from the published site, and are all there.
      const again = await build();
      expect(again.output).toMatch(/kept \d+ unchanged files of the published site/);
      expect(again.clientFeed).toBe(cold.clientFeed);
      expect(again.page).toBe(cold.page);

      // Built from the working tree, then committed on the day of the file's last commit: no file's
      // bytes or `last-updated` change, only the history does, and the pages that show it are built again.
      const edited = (await readFile(fastAgent, 'utf8')).replace(
        '  - capability: protocolVersions\n    state: yes\n    notes: [fast-agent-leads-with-the-modern-discover-probe]\n',
        '',
      );
      await writeFile(fastAgent, edited);
      const uncommitted = await build();
      expect(uncommitted.json.changes).toEqual(changes);
      git(dir, ['commit', '-qam', 'fast-agent: protocolVersions back to unknown'], '2026-02-03T18:00:00Z');
      const committed = await build();
      const text = 'fast-agent · protocolVersions: yes, observed → unknown';
      expect(committed.json.changes[0]?.text).toBe(text);
      expect(entryTitles(committed.feed)[0]).toBe(text);
      expect(entryTitles(committed.clientFeed)[0]).toBe(text);
      expect(committed.page).toContain('yes, observed → unknown');
      expect(committed.hermesFeed).toBe(cold.hermesFeed);
    },
  );

  test('a shallow clone builds, and its pages, feeds and JSON say the history is unavailable', { timeout: 240_000 }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'canimcp-history-shallow-'));
    folders.push(dir);
    const source = path.join(dir, 'source');
    await cp(fixtureContent, path.join(source, 'content'), { recursive: true });
    git(dir, ['init', '-q', '-b', 'main', 'source'], '2026-01-02T12:00:00Z');
    git(source, ['add', '.'], '2026-01-02T12:00:00Z');
    git(source, ['commit', '-qm', 'one'], '2026-01-02T12:00:00Z');
    await writeFile(
      path.join(source, 'content/clients/fast-agent.md'),
      (await readFile(path.join(source, 'content/clients/fast-agent.md'), 'utf8')).replace('state: no', 'state: yes'),
    );
    git(source, ['commit', '-qam', 'two'], '2026-02-03T12:00:00Z');
    git(dir, ['clone', '-q', '--depth', '1', `file://${source}`, 'clone'], '2026-02-03T12:00:00Z');

    const run = await buildContent('history-shallow', path.join(dir, 'clone/content'));
    expect(run.ok, run.stderr).toBe(true);
    // The log says it too, once, with the fix, before any page is made.
    expect(run.stderr.match(/shallow clone: the verdict history is unavailable[^\n]*git fetch --unshallow/g)).toHaveLength(1);
    const json = HistoryExport.parse(JSON.parse(await read(run.outDir, 'data/history.json')));
    expect(json.available).toBe(false);
    expect(!json.available && json.reason).toMatch(/^the repository is a shallow clone/);
    for (const feed of ['changes.xml', 'clients/fast-agent/changes.xml']) {
      const xml = await read(run.outDir, feed);
      expect(xml).not.toContain('<entry>');
      expect(xml).toContain('<subtitle>Verdict history is unavailable: the repository is a shallow clone');
    }
    const page = await read(run.outDir, 'clients/fast-agent.html');
    expect(page).toContain('Verdict history is unavailable: the repository is a shallow clone');
    expect(page).not.toContain('<details id="history-');
  });
});
