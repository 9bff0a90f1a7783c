import { describe, expect, test } from 'vitest';
import { closest, didYouMean, editDistance } from './suggest.ts';

describe('editDistance', () => {
  test.each([
    ['', '', 0],
    ['abc', '', 3],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
    ['titel', 'title', 2],
    ['hermes', 'hermes-agent', 6],
    ['same', 'same', 0],
  ])('%s → %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('closest', () => {
  const clients = ['hermes-agent', 'fast-agent', 'claude-code', 'claude-desktop', 'codex', 'zed'];
  const fields = [
    'id',
    'title',
    'kind',
    'summary',
    'capabilities',
    'clients',
    'specVersions',
    'sources',
    'status',
    'lastVerified',
  ];
  const revisions = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];

  test.each([
    ['hermes', clients, 'hermes-agent'],
    ['fastagent', clients, 'fast-agent'],
    ['claude-cod', clients, 'claude-code'],
    ['Zed', clients, 'zed'],
    ['titel', fields, 'title'],
    ['specversions', fields, 'specVersions'],
    ['lastverfied', fields, 'lastVerified'],
    ['sumary', fields, 'summary'],
    ['2025-11-52', revisions, '2025-11-25'],
    ['2025-06-19', revisions, '2025-06-18'],
  ])('%s → %s', (written, known, expected) => {
    expect(closest(written, known)).toBe(expected);
  });

  test.each([
    ['cursor', clients],
    ['vscode', clients],
    ['author', fields],
    // Three digits away is another revision, not a typo of one.
    ['2025-06-18', ['2025-11-25', '2026-07-28']],
  ])('nothing close to %s', (written, known) => {
    expect(closest(written, known)).toBeUndefined();
  });

  test('prefers the nearer of two candidates', () => {
    expect(closest('claude-desktp', clients)).toBe('claude-desktop');
    expect(closest('code', ['codex', 'claude-code'])).toBe('codex');
  });
});

describe('didYouMean', () => {
  test('a suffix with the quoted name, or nothing', () => {
    expect(didYouMean('hermes', ['hermes-agent'])).toBe(' (did you mean "hermes-agent"?)');
    expect(didYouMean('unrelated', ['hermes-agent'])).toBe('');
    expect(didYouMean('x', [])).toBe('');
  });
});
