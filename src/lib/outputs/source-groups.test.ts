import { describe, expect, test } from 'vitest';
import type { Source } from '../../schema/index.ts';
import { groupSources } from './source-groups.ts';

const capture = (
  version: string,
  how = 'status check (claude mcp list), persona observe, stdio',
  date = '2026-12-07',
): Source => ({
  capture: `claude-code-${version.replaceAll('.', '-')}-observe-stdio`,
  sha256: version.replaceAll('.', '').padEnd(64, 'a'),
  title: `Claude Code ${version}, ${how}`,
  date,
});
const web: Source = { url: 'https://example.com/docs', title: 'Docs 1.2.3', date: '2026-01-01' };

describe('groupSources', () => {
  test('three or more consecutive captures made the same way fold into one entry, each version with its capture', () => {
    const entries = groupSources([web, capture('1.0.58'), capture('1.0.61', undefined, '2026-12-05'), capture('2.1.332')]);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toEqual({ kind: 'one', source: web });
    expect(entries[1]).toMatchObject({
      kind: 'versions',
      before: 'Claude Code ',
      after: ', status check (claude mcp list), persona observe, stdio',
      from: '2026-12-05',
      to: '2026-12-07',
    });
    const folded = entries[1];
    expect(folded?.kind === 'versions' ? folded.captures.map((item) => [item.version, item.source.capture]) : []).toEqual([
      ['1.0.58', 'claude-code-1-0-58-observe-stdio'],
      ['1.0.61', 'claude-code-1-0-61-observe-stdio'],
      ['2.1.332', 'claude-code-2-1-332-observe-stdio'],
    ]);
  });

  test('captures made another way, too few, or a web source between them stay one by one, in order', () => {
    const sources = [capture('0.2.9', 'print mode'), capture('0.2.90', 'print mode'), capture('1.0.58'), web, capture('1.0.61')];
    expect(groupSources(sources).map((entry) => (entry.kind === 'one' ? entry.source.title : 'folded'))).toEqual(
      sources.map((source) => source.title),
    );
    const untitled = [1, 2, 3].map((n) => ({ ...capture(`1.0.${n}`), title: 'A capture with no version' }));
    expect(groupSources(untitled).every((entry) => entry.kind === 'one')).toBe(true);
  });

  test('prerelease versions are one token each', () => {
    const entries = groupSources([capture('1.0.81-0'), capture('1.0.81'), capture('1.0.82-beta.1')]);
    expect(entries[0]?.kind === 'versions' ? entries[0].captures.map((item) => item.version) : []).toEqual([
      '1.0.81-0',
      '1.0.81',
      '1.0.82-beta.1',
    ]);
  });
});
