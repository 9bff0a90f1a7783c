import matter from 'gray-matter';
import { LineCounter, isMap, isNode, isScalar, isSeq, parseDocument, type Document } from 'yaml';

/** A content file split into its frontmatter and body, with what is needed to place problems. */
export interface ParsedFile {
  /** The frontmatter exactly as written, from the opening `---` through the closing `---` line. */
  frontmatterBlock: string;
  /** The frontmatter as plain data: every scalar is a string, lists are arrays. */
  data: unknown;
  /** The body exactly as written, after the frontmatter. */
  body: string;
  /** YAML syntax errors, already placed at file lines. */
  syntaxErrors: { line: number; column: number; message: string }[];
  /** Finds the file position of a field, by its path in the data. */
  locate: (path: readonly PropertyKey[], part?: 'key' | 'value') => { line: number; column: number } | undefined;
}

const firstLine = (message: string) => (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '');

/**
 * A hint for the commonest YAML mistake in notes: an unquoted value that contains `: `, which
 * YAML reads as a nested mapping (the first published note's `summary` did this).
 */
const colonHint = (lineText: string): string | undefined => {
  const match = /^\s*(?:-\s+)?([\w-]+):\s+(.*)$/.exec(lineText);
  if (!match) return undefined;
  const [, key, value] = match;
  if (value === undefined || /^["'[{|>]/.test(value) || !/:\s/.test(value)) return undefined;
  return `${key}: the value contains ": ", which YAML reads as the start of a nested mapping; quote the value ("…")`;
};

/** Reads a content file. Never throws: YAML errors come back as `syntaxErrors`. */
export const parseFile = (source: string): ParsedFile | undefined => {
  // A byte-order mark (some Windows editors) is not part of the content.
  const text = source.replace(/^\uFEFF/, '');
  if (!/^---\r?\n/.test(text)) return undefined;
  let document: Document | undefined;
  const lineCounter = new LineCounter();
  // gray-matter caches by input unless given options; the engine keeps the parsed document for positions.
  const file = matter(text, {
    engines: {
      yaml: (source: string) => {
        // failsafe: every scalar stays text, so dates and zero-led hex digits keep their meaning.
        // CRLF files (Windows checkouts): gray-matter cuts before the closing `\n---`, leaving a lone
        // `\r` that YAML keeps in the last value. Dropping line-end `\r`s keeps every line and column.
        document = parseDocument(source.replace(/\r(?=\n|$)/g, ''), {
          schema: 'failsafe',
          lineCounter,
          prettyErrors: true,
          uniqueKeys: true,
        });
        return (document.errors.length === 0 ? document.toJS() : {}) as object;
      },
    },
  });
  const doc = document ?? parseDocument('', { schema: 'failsafe' });
  const frontmatterBlock = text.slice(0, text.length - file.content.length);
  const lines = text.split(/\r?\n/);

  // gray-matter hands the engine the text after the opening `---`, starting with its newline, so
  // YAML line N is file line N.
  const syntaxErrors: ParsedFile['syntaxErrors'] = [];
  if (!/\n---[ \t]*(?:\r?\n|$)/.test(text.slice(3))) {
    syntaxErrors.push({ line: 1, column: 1, message: 'invalid YAML frontmatter: no closing "---" line after the fields' });
  }
  for (const error of doc.errors) {
    const line = error.linePos?.[0].line ?? 1;
    // One error a line: YAML often reports a broken line more than once.
    if (syntaxErrors.some((known) => known.line === line)) continue;
    const hint = colonHint(lines[line - 1] ?? '');
    // After the first plain syntax error YAML's view of the rest is off (one over-indented line
    // makes every later line of its block "a nested mapping"); only the colon hint stands alone.
    if (!hint && syntaxErrors.some((known) => known.message.startsWith('invalid YAML'))) continue;
    syntaxErrors.push({
      line,
      column: hint ? 1 : (error.linePos?.[0].col ?? 1),
      message: hint ?? `invalid YAML frontmatter: ${firstLine(error.message)} (line ${line})`,
    });
  }

  const locate: ParsedFile['locate'] = (path, part = 'value') => {
    let node: unknown = doc.contents;
    let keyNode: unknown;
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
        if (!pair) break;
        keyNode = pair.key;
        node = pair.value;
      } else if (isSeq(node) && typeof segment === 'number') {
        keyNode = undefined;
        node = node.items[segment];
      } else break;
    }
    const target = part === 'key' && keyNode !== undefined ? keyNode : (node ?? keyNode);
    if (!isNode(target) || !target.range) return undefined;
    const { line, col } = lineCounter.linePos(target.range[0]);
    return { line, column: col };
  };

  return { frontmatterBlock, data: doc.errors.length === 0 ? file.data : undefined, body: file.content, syntaxErrors, locate };
};
