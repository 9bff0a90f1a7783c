import { describe, expect, test } from 'vitest';
import { ClientReleases } from '../schema/releases.ts';
import { releaseList, utcInstant } from './releases-command.ts';

describe('a release list from what the registry answered', () => {
  test('versions in release order, each time as an ISO 8601 UTC instant that the schema accepts', () => {
    const list = releaseList(
      'kilo-code-cli',
      'npm',
      '@kilocode/cli',
      { '7.5.6': '2026-09-01T18:56:25.603000+00:00', '7.0.33': '2026-05-08T16:38:17Z', '7.10.0': '2026-10-01T00:00:00.000Z' },
      new Date('2026-12-07T14:05:50.819Z'),
    );
    expect(list).toEqual({
      client: 'kilo-code-cli',
      registry: 'npm',
      package: '@kilocode/cli',
      checked: '2026-12-07T14:05:50.819Z',
      versions: { '7.0.33': '2026-05-08T16:38:17Z', '7.5.6': '2026-09-01T18:56:25.603Z', '7.10.0': '2026-10-01T00:00:00Z' },
    });
    expect(Object.keys(list.versions)).toEqual(['7.0.33', '7.5.6', '7.10.0']);
    expect(ClientReleases.parse(list)).toEqual(list);
  });

  test('a time that is no time is refused, naming the version, rather than written for check to refuse', () => {
    expect(utcInstant('yesterday')).toBeUndefined();
    expect(() => releaseList('x', 'npm', 'x', { '1.0.0': 'yesterday' }, new Date())).toThrow(
      'x: the registry gave no time for 1.0.0 ("yesterday")',
    );
  });
});
