import { describe, expect, test } from 'vitest';
import { LONGEST_PAUSE_MS, SHORTEST_PAUSE_MS, typingPause } from './typing-pause.ts';

/** The waits after keystrokes at these gaps (ms), the first key at 0. */
const waits = (gaps: readonly number[]): number[] => {
  const pause = typingPause();
  let now = 1_000;
  const result = [pause(now)];
  for (const gap of gaps) {
    now += gap;
    result.push(pause(now));
  }
  return result;
};

describe('how long /search waits after a keystroke', () => {
  test('until the rhythm is known, the longest wait', () => {
    expect(waits([60, 60])).toEqual([LONGEST_PAUSE_MS, LONGEST_PAUSE_MS, LONGEST_PAUSE_MS]);
  });

  test('a fast typist is searched for half a gap after their usual one', () => {
    expect(waits([60, 60, 60, 60]).at(-1)).toBe(90);
    expect(waits([70, 50, 60, 65, 55]).at(-1)).toBe(90);
  });

  test('a slow typist keeps the longest wait, a very fast one the shortest', () => {
    expect(waits([220, 180, 250, 200]).at(-1)).toBe(LONGEST_PAUSE_MS);
    expect(waits([30, 30, 30, 30]).at(-1)).toBe(SHORTEST_PAUSE_MS);
  });

  test('one hesitation does not stretch the wait, and a stop is not part of the rhythm', () => {
    expect(waits([60, 60, 400, 60, 60]).at(-1)).toBe(90);
    // After a stop of five seconds the reader's earlier gaps still count; the stop itself does not.
    expect(waits([60, 60, 60, 5_000]).at(-1)).toBe(90);
  });

  test('the rhythm follows the reader as they slow down', () => {
    expect(waits([60, 60, 60, 60, 60, 60, 90, 90, 90, 90, 90, 90]).at(-1)).toBe(135);
  });
});
