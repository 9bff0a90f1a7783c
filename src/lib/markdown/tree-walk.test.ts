import { describe, expect, it } from 'vitest';
import { walkTree } from './tree-walk.ts';

interface Node {
  type: string;
  children?: Node[];
}

const tree: Node = {
  type: 'root',
  children: [{ type: 'a', children: [{ type: 'a1' }, { type: 'a2' }] }, { type: 'b' }, { type: 'c', children: [{ type: 'c1' }] }],
};

describe('walkTree', () => {
  it('visits every node, parents before children, in document order', () => {
    const seen: string[] = [];
    expect(walkTree(tree, (node) => void seen.push(node.type))).toBe(true);
    expect(seen).toEqual(['root', 'a', 'a1', 'a2', 'b', 'c', 'c1']);
  });

  it('stops at the first node for which the visitor returns false', () => {
    const seen: string[] = [];
    const finished = walkTree(tree, (node) => {
      seen.push(node.type);
      return node.type !== 'a2';
    });
    expect(finished).toBe(false);
    expect(seen).toEqual(['root', 'a', 'a1', 'a2']);
  });
});
