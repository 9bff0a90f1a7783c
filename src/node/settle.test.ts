import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { lookAt, settle } from './settle.ts';

/** Looks that change on a script, and a sleep that takes no time. */
const scripted = (looks: string[]) => {
  let index = 0;
  const slept: number[] = [];
  return {
    slept,
    options: {
      interval: 10,
      limit: 100,
      look: () => Promise.resolve(looks[Math.min(index++, looks.length - 1)] ?? ''),
      sleep: (ms: number) => {
        slept.push(ms);
        return Promise.resolve();
      },
    },
  };
};

describe('settle', () => {
  test('returns the first look that holds twice in a row', async () => {
    const { options, slept } = scripted(['0:1', '3737:1', '3737:1', '9:2']);
    expect(await settle(['a.md'], options)).toBe('3737:1');
    expect(slept).toEqual([10, 10]);
  });

  test('gives up after the limit on a file that keeps changing', async () => {
    const { options, slept } = scripted(Array.from({ length: 50 }, (_, index) => String(index)));
    expect(await settle(['a.md'], options)).toBe('10');
    expect(slept).toHaveLength(10);
  });

  test('sees a file truncated then written, or removed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'canimcp-settle-'));
    try {
      const file = path.join(dir, 'note.md');
      await writeFile(file, '');
      const empty = await lookAt([file]);
      await writeFile(file, '---\ntitle: x\n---\n');
      const written = await lookAt([file]);
      expect(written).not.toBe(empty);
      await rm(file);
      expect(await lookAt([file])).toBe('missing');
      expect(await settle([file], { interval: 1 })).toBe('missing');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
