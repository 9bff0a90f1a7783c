/**
 * Where things are in a JSON file the content folder holds (`drift.json`, `releases/<client>.json`):
 * a field's line and column, from a YAML parse (JSON is YAML), and a syntax error's place, so check
 * names them as it names a note's.
 */
import { LineCounter, isMap, isNode, isSeq, parseDocument, type Node } from 'yaml';
import type { Problem } from './problems.ts';

/** Where a field of a JSON text is: its line and column (the file's start where the path is not found). */
export const jsonLocator = (text: string) => {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  return (at: readonly PropertyKey[]): { line: number; column: number } => {
    let node: unknown = doc.contents;
    let found: Node | undefined = isNode(node) ? node : undefined;
    for (const segment of at) {
      if (isMap(node))
        node = node.items.find((pair) => String((pair.key as { value?: unknown })?.value) === String(segment))?.value;
      else if (isSeq(node) && typeof segment === 'number') node = node.items[segment];
      else break;
      if (!isNode(node)) break;
      found = node;
    }
    const offset = found?.range?.[0] ?? 0;
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
};

/** JSON.parse's error as a problem at its line and column, followed by what to do about it. */
export const jsonSyntaxProblem = (file: string, error: unknown, remedy: string): Problem => {
  const message = error instanceof Error ? error.message : String(error);
  const where = /line (\d+) column (\d+)/.exec(message);
  return {
    file,
    line: where ? Number(where[1]) : 1,
    column: where ? Number(where[2]) : 1,
    message: `invalid JSON: ${message.replace(/\s*\(line \d+ column \d+\)$/, '')}; ${remedy}`,
  };
};
