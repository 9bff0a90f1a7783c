import { codeRanges } from '../markdown/markdown.ts';

/** The placeholders `npm run new` writes; a published page must not carry one. A marker is on one line. */
const TODO_MARKER = /#[ \t]*TODO\b|<!--[ \t]*TODO\b/g;

/**
 * The first TODO marker of each line that is the author's: a marker in fenced, indented or inline
 * code is part of quoted source and stays. Markdown is parsed only where a marker appears at all.
 */
export const todoMarkers = (fileText: string): { line: number; column: number }[] => {
  const offsets = [...fileText.matchAll(TODO_MARKER)].map((match) => match.index);
  if (offsets.length === 0) return [];
  const code = codeRanges(fileText);
  const markers: { line: number; column: number }[] = [];
  for (const offset of offsets) {
    if (code.some(([start, end]) => offset >= start && offset < end)) continue;
    const lineStart = fileText.lastIndexOf('\n', offset - 1) + 1;
    const line = fileText.slice(0, lineStart).split('\n').length;
    if (markers.at(-1)?.line !== line) markers.push({ line, column: offset - lineStart + 1 });
  }
  return markers;
};
