import { describe, expect, test } from 'vitest';
import { captureHeadings, type TitledCapture } from './capture-titles.ts';

const capture = (id: string, fields: Partial<TitledCapture> = {}): TitledCapture => ({
  id,
  clientName: 'Codex CLI',
  version: '0.154.0',
  persona: 'observe',
  path: 'cli',
  transport: 'stdio',
  capturedAt: '2026-12-01T20:38:41Z',
  ...fields,
});

describe('capture page titles', () => {
  test('name the client, version, persona, face and transport, and no more while that is unique', () => {
    const headings = captureHeadings([capture('a'), capture('b', { persona: 'legacy:2025-06-18' })], 60);
    expect(headings.get('a')?.title).toBe('Codex CLI 0.154.0, observe, cli stdio');
    expect(headings.get('b')?.title).toBe('Codex CLI 0.154.0, legacy:2025-06-18, cli stdio');
  });

  test('add the day, then the time, then an ordinal, only to the captures that are otherwise alike', () => {
    const headings = captureHeadings(
      [
        capture('a', { capturedAt: '2026-11-30T10:00:00Z' }),
        capture('b', { capturedAt: '2026-12-01T10:00:00Z' }),
        capture('c', { capturedAt: '2026-12-01T11:00:00Z' }),
        capture('d', { capturedAt: '2026-12-01T11:00:00Z' }),
        capture('e', { transport: 'http' }),
      ],
      60,
    );
    expect([...headings.values()].map((heading) => heading.title)).toEqual([
      'Codex CLI 0.154.0, observe, cli stdio, 2026-11-30',
      'Codex CLI 0.154.0, observe, cli stdio, 2026-12-01 10:00:00',
      'Codex CLI 0.154.0, observe, cli…, 2026-12-01 11:00:00 (1)',
      'Codex CLI 0.154.0, observe, cli…, 2026-12-01 11:00:00 (2)',
      'Codex CLI 0.154.0, observe, cli http',
    ]);
  });

  test('stay unique within the limit: the front is cut, never the part that tells captures apart', () => {
    const long = { clientName: 'Auggie (Augment Code CLI)', version: '0.0.1767830505-ga62310', persona: 'legacy:2024-11-05' };
    const captures = Array.from({ length: 12 }, (_, index) =>
      capture(`c${index}`, { ...long, capturedAt: `2026-12-01T20:5${index % 6}:00Z` }),
    );
    const titles = [...captureHeadings(captures, 60).values()].map((heading) => heading.title);
    expect(new Set(titles).size).toBe(12);
    for (const title of titles) {
      expect([...title].length).toBeLessThanOrEqual(60);
      expect(title).toMatch(/^Auggie .*, 2026-12-01 20:5\d:00 \(\d\)$/);
    }
  });

  test("descriptions carry the version, the day and the time, and which of a second's captures it is", () => {
    const headings = captureHeadings([capture('a'), capture('b')], 60);
    expect(headings.get('a')?.description).toBe(
      'What Codex CLI 0.154.0 sent to the canimcp probe on 2026-12-01 at 20:38:41 UTC, the first capture that second (cli over stdio, persona observe), and what the probe answered.',
    );
    expect(headings.get('b')?.description).toContain('the second capture that second');
  });
});
