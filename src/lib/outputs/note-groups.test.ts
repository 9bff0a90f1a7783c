import { describe, expect, test } from 'vitest';
import { listOnce } from './note-groups.ts';

describe('notes listed once across groups', () => {
  const note = (id: string) => ({ id });
  test('a note in several groups is listed under the first only; each group keeps all its notes and counts the ones listed earlier', () => {
    const groups = listOnce([
      { id: 'authorization', notes: [note('a'), note('b')] },
      { id: 'tools', notes: [note('b'), note('c'), note('a')] },
      { id: 'transports', notes: [note('a')] },
    ]);
    expect(groups.map((group) => [group.id, group.listed.map((item) => item.id), group.earlier, group.notes.length])).toEqual([
      ['authorization', ['a', 'b'], 0, 2],
      ['tools', ['c'], 2, 3],
      ['transports', [], 1, 1],
    ]);
  });
  test('notes in one group each are all listed, in their order', () => {
    const groups = listOnce([{ notes: [note('b'), note('a')] }, { notes: [note('c')] }]);
    expect(groups.map((group) => group.listed.map((item) => item.id))).toEqual([['b', 'a'], ['c']]);
    expect(groups.map((group) => group.earlier)).toEqual([0, 0]);
  });
});
