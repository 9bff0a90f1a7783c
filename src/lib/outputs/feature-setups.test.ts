import { describe, expect, test } from 'vitest';
import { openingClause, setupGroups } from './feature-setups.ts';

const SETUP =
  'Signed in with `claude mcp login` in a terminal, then a `claude -p` session, against the lab’s authorization server';
const cell = (id: string, caveat?: string, label = 'since at least 2.1.332') => ({
  id,
  label,
  ...(caveat === undefined ? {} : { caveat }),
});

describe("a client's features grouped by the setup their caveats open with", () => {
  test('the opening clause ends at the first colon and space outside a code span', () => {
    expect(openingClause(`${SETUP}: the client read it.`)).toBe(SETUP);
    expect(openingClause('Read in `key: value` form: yes')).toBeUndefined();
    expect(openingClause('No clause here.')).toBeUndefined();
    expect(openingClause(': starts with one')).toBeUndefined();
  });

  test('consecutive features opening with the same clause share it once, each keeping what it found; the others stand alone', () => {
    const groups = setupGroups(
      [
        cell('a', `${SETUP}: obtained a token.`),
        cell('b', `${SETUP}: an S256 code_challenge.`),
        cell('c', `${SETUP}: registered once.`, 'since at least 2.1.332, to 2.1.337'),
        cell('d', 'Captured over stdio: yes.'),
        cell('e'),
        cell('f', `${SETUP}: alone after others.`),
      ],
      (item) => item.label,
    );
    expect(groups.map((group) => [group.setup, group.label, group.items.map((item) => [item.cell.id, item.caveat])])).toEqual([
      [
        SETUP,
        undefined,
        [
          ['a', 'obtained a token.'],
          ['b', 'an S256 code_challenge.'],
          ['c', 'registered once.'],
        ],
      ],
      [undefined, undefined, [['d', 'Captured over stdio: yes.']]],
      [undefined, undefined, [['e', undefined]]],
      [undefined, undefined, [['f', `${SETUP}: alone after others.`]]],
    ]);
  });

  test('a group whose features share their versions label carries it once', () => {
    const [group] = setupGroups([cell('a', `${SETUP}: one.`), cell('b', `${SETUP}: two.`)], (item) => item.label);
    expect(group?.label).toBe('since at least 2.1.332');
  });
});
