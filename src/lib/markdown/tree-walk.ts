/**
 * A walk over a syntax tree (mdast or hast): plain recursion. unist-util-visit gives a new name to
 * a function for every node it visits (for its stack traces), and that was two thirds of the time
 * it took to render a body.
 */

/** Calls `visit` on `node` and then on every node below it, in document order, until `visit` returns false. Returns false when stopped. */
export const walkTree = <N extends object>(node: N, visit: (node: N) => boolean | void): boolean => {
  if (visit(node) === false) return false;
  const children = (node as { children?: readonly N[] }).children;
  if (children) {
    for (const child of children) if (!walkTree(child, visit)) return false;
  }
  return true;
};
