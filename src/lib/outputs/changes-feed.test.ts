import { describe, expect, test } from 'vitest';
import { changesFeed } from './changes-feed.ts';
import type { MatrixChange } from '../matrix/verdict-history.ts';
import { formatDiff } from '../matrix/verdict-diff.ts';

const change = (client: string, commit: string, date: string, subject = 's'): MatrixChange => ({
  client,
  axis: 'capability',
  column: 'elicitation',
  from: { state: 'partial', version: '0.169.0', evidence: 'observed' },
  to: { state: 'yes', version: '0.169.0', evidence: 'observed' },
  commit: commit.repeat(40),
  date,
  subject,
});
const history = {
  available: true as const,
  head: 'b'.repeat(40),
  commits: 2,
  changes: [change('codex', 'b', '2026-02-03T12:00:00Z', 'Codex <b>form</b> & URL'), change('zed', 'a', '2026-01-02T12:00:00Z')],
  featureChanges: [],
  skipped: [],
};
const feed = (extra: Partial<Parameters<typeof changesFeed>[0]> = {}) =>
  changesFeed({
    origin: 'https://x.test',
    title: 't',
    path: '/changes.xml',
    htmlPath: '/matrix',
    history,
    buildDate: '2026-11-30',
    ...extra,
  });

describe('changesFeed', () => {
  test('one entry per change, newest first, linking the cell on the client page, text escaped', () => {
    const xml = feed();
    expect(xml.match(/<title>[^<]*<\/title>/g)).toEqual([
      '<title>t</title>',
      '<title>codex · elicitation: partial → yes, 0.169.0, observed</title>',
      '<title>zed · elicitation: partial → yes, 0.169.0, observed</title>',
    ]);
    expect(xml).toContain('<updated>2026-02-03T12:00:00Z</updated>\n  <author>');
    expect(xml).toContain('href="https://x.test/clients/codex#history-capability-elicitation"');
    expect(xml).toContain(`<summary>Commit bbbbbbb, 2026-02-03: Codex &lt;b&gt;form&lt;/b&gt; &amp; URL</summary>`);
  });

  test("a client's feed has its changes only", () => {
    expect(feed({ client: 'zed' }).match(/<entry>/g)).toHaveLength(1);
  });

  test('an unavailable history gives a feed with no entries that says why', () => {
    const xml = feed({ history: { available: false, reason: 'the repository is a shallow clone' } });
    expect(xml).not.toContain('<entry>');
    expect(xml).toContain('<subtitle>Verdict history is unavailable: the repository is a shallow clone.</subtitle>');
    expect(xml).toContain('<updated>2026-11-30T00:00:00Z</updated>');
  });
});

describe('formatDiff', () => {
  const range = { base: 'main', head: 'HEAD' };
  test('markdown escapes what would break the table; no changes say so', () => {
    const odd = { ...change('codex', 'b', ''), to: { state: 'yes' as const, version: '1|2`', evidence: 'read' as const } };
    expect(formatDiff([odd], range, 'markdown')).toContain(
      '| codex | elicitation | partial, 0.169.0, observed → yes, 1\\|2\\`, read |',
    );
    expect(formatDiff([], range, 'markdown')).toContain('No verdict changes between `main` and `HEAD`.');
    expect(formatDiff([], range, 'text')).toBe('no verdict changes between main and HEAD\n');
  });

  test('json names the cell as revision or capability, like /data/matrix.json', () => {
    const parsed = JSON.parse(formatDiff([change('codex', 'b', '')], range, 'json')) as { changes: Record<string, unknown>[] };
    expect(parsed.changes[0]).toMatchObject({ client: 'codex', capability: 'elicitation', to: { state: 'yes' } });
  });
});
