import { describe, expect, test } from 'vitest';
import { clipText, DESCRIPTION_MAX, TITLE_MAX } from './snippet.ts';

describe('clipText', () => {
  test('text that fits is kept whole, with its spaces made single', () => {
    expect(clipText('Short  title', 20)).toBe('Short title');
    expect(clipText('x'.repeat(20), 20)).toBe('x'.repeat(20));
  });

  test('longer text is cut at the last whole word with an ellipsis, within the limit', () => {
    expect(clipText('one two three four five', 14)).toBe('one two three…');
    expect(clipText('one two three four five', 13)).toBe('one two…');
    const long = 'Claude Code is reported losing a server’s tools when the server answers initialize with an older version';
    const cut = clipText(long, TITLE_MAX - ' · canimcp'.length);
    expect(cut).toBe('Claude Code is reported losing a server’s tools when the…');
    expect([...cut].length).toBeLessThanOrEqual(60);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
  });

  test('punctuation left at the cut is dropped before the ellipsis', () => {
    expect(clipText('alpha, beta; gamma delta', 13)).toBe('alpha, beta…');
    expect(clipText('alpha — beta gamma', 10)).toBe('alpha…');
  });

  test('a first word longer than the limit is cut inside it; characters are never split', () => {
    expect(clipText('abcdefghijklmnop', 8)).toBe('abcdefg…');
    expect(clipText('日本語のテキストはスペースで区切られない長い文です', 10)).toBe('日本語のテキストは…');
    expect([...clipText('😀'.repeat(30), 10)]).toHaveLength(10);
  });

  test('a description cut to the meta limit ends in a word', () => {
    const words = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const cut = clipText(words, DESCRIPTION_MAX);
    expect([...cut].length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(cut).toMatch(/word\d+…$/);
    expect(words).toContain(cut.slice(0, -1));
  });

  test('a word boundary that would keep less than half the room gives way to a hard cut', () => {
    // Issue 33: `Capture <long id>` was cut at its only space, and 193 capture pages shared one title.
    const id = 'amp-0-0-1767830505-ga62310-legacy-2024-11-05-stdio-20261201-203841';
    const cut = clipText(`Capture ${id}`, 60);
    expect([...cut].length).toBeGreaterThan(55);
    expect([...cut].length).toBeLessThanOrEqual(60);
    expect(cut).toMatch(/^Capture amp-0-0-1767830505-ga62310-legacy-2024-11-05-stdio-?…$/);
    expect(clipText('one two three four five', 13)).toBe('one two…');
    expect(clipText('a bcdefghijklmnopqrstu', 10)).toBe('a bcdefgh…');
  });
});
