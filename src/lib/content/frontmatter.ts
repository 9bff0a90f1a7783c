import matter from 'gray-matter';
import { FAILSAFE_SCHEMA, load as loadYaml, type YAMLException } from 'js-yaml';
import { LineCounter, Parser, isMap, isNode, isScalar, isSeq, parseDocument } from 'yaml';

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

/** js-yaml reads an empty value as null even in its failsafe schema; in failsafe YAML it is text. */
const emptyAsText = (value: unknown): unknown => {
  if (value === null) return '';
  if (Array.isArray(value)) return value.map(emptyAsText);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, emptyAsText(item)]));
  return value;
};

/**
 * Where the first anchor (`&a`) or alias (`*a`) stands, if any. Aliases can expand exponentially
 * (a "billion laughs" block exhausts memory) and frontmatter has no use for them, so they are
 * refused before any parser expands them. The `yaml` library's syntax tree never expands them.
 */
const firstAnchorOrAlias = (source: string): { line: number; column: number } | undefined => {
  // Most frontmatter has neither character; only where one appears does the tree decide.
  if (!/[&*]/.test(source)) return undefined;
  let first: number | undefined;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const { type, offset } = node as { type?: unknown; offset?: unknown };
    if ((type === 'anchor' || type === 'alias') && typeof offset === 'number' && (first === undefined || offset < first)) {
      first = offset;
    }
    for (const value of Object.values(node)) if (typeof value === 'object') walk(value);
  };
  const lineCounter = new LineCounter();
  for (const token of new Parser(lineCounter.addNewLine).parse(source)) walk(token);
  if (first === undefined) return undefined;
  const { line, col } = lineCounter.linePos(first);
  return { line, column: col };
};

/** A YAML document with positions, built only where a problem has to be placed. */
const positionalDocument = (source: string) => {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { schema: 'failsafe', lineCounter, prettyErrors: true, uniqueKeys: true });
  return { doc, lineCounter };
};

/** A byte-order mark (some Windows editors) is not part of the content. */
const withoutBom = (source: string) => source.replace(/^\uFEFF/, '');

/**
 * Reads a content file. Never throws: YAML errors come back as `syntaxErrors`.
 *
 * Valid files, the common case, take the fast path: js-yaml with its failsafe schema (every scalar
 * stays text, so dates and zero-led hex digits keep their meaning). The `yaml` library's document,
 * which knows where every node is, is built only when a problem has to be placed or explained.
 */
export const parseFile = (source: string): ParsedFile | undefined => {
  const text = withoutBom(source);
  if (!/^---\r?\n/.test(text)) return undefined;
  let yamlSource = '';
  let fastData: unknown;
  let fastError: YAMLException | undefined;
  let anchor: { line: number; column: number } | undefined;
  // gray-matter caches by input unless given options.
  const file = matter(text, {
    engines: {
      yaml: (raw: string) => {
        // CRLF files (Windows checkouts): gray-matter cuts before the closing `\n---`, leaving a lone
        // `\r` that YAML keeps in the last value. Dropping line-end `\r`s keeps every line and column.
        yamlSource = raw.replace(/\r(?=\n|$)/g, '');
        anchor = firstAnchorOrAlias(yamlSource);
        if (anchor) return {};
        try {
          fastData = emptyAsText(loadYaml(yamlSource, { schema: FAILSAFE_SCHEMA }));
        } catch (error) {
          fastError = error as YAMLException;
        }
        return {};
      },
    },
  });
  const frontmatterBlock = text.slice(0, text.length - file.content.length);
  const lines = text.split(/\r?\n/);

  let positional: ReturnType<typeof positionalDocument> | undefined;
  const positions = () => (positional ??= positionalDocument(yamlSource));

  // gray-matter hands the engine the text after the opening `---`, starting with its newline, so
  // YAML line N is file line N.
  const syntaxErrors: ParsedFile['syntaxErrors'] = [];
  if (!/\n---[ \t]*(?:\r?\n|$)/.test(text.slice(3))) {
    syntaxErrors.push({ line: 1, column: 1, message: 'invalid YAML frontmatter: no closing "---" line after the fields' });
  }
  if (anchor) {
    syntaxErrors.push({
      ...anchor,
      message: `invalid YAML frontmatter: anchors and aliases (&name, *name) are not allowed; write each value out (line ${anchor.line})`,
    });
  } else if (fastError) {
    for (const error of positions().doc.errors) {
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
    if (syntaxErrors.length === 0) {
      // The two parsers disagree on a corner of YAML; js-yaml's own words and place then stand.
      const line = fastError.mark.line + 1;
      syntaxErrors.push({
        line,
        column: fastError.mark.column + 1,
        message: `invalid YAML frontmatter: ${fastError.reason} (line ${line})`,
      });
    }
  }

  const locate: ParsedFile['locate'] = (path, part = 'value') => {
    const { doc, lineCounter } = positions();
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

  return {
    frontmatterBlock,
    data: syntaxErrors.length === 0 ? (fastData ?? {}) : undefined,
    body: file.content,
    syntaxErrors,
    locate,
  };
};

/**
 * A file that an earlier run parsed without error, from what that run learned: the length of its
 * frontmatter block and the block's data. The same as `parseFile` gives for the same text; fields
 * are placed (`locate`) by parsing the file only when a problem needs it.
 */
export const parsedFrom = (source: string, frontmatterLength: number, data: unknown): ParsedFile => {
  const text = withoutBom(source);
  let full: ParsedFile | undefined;
  return {
    frontmatterBlock: text.slice(0, frontmatterLength),
    data,
    body: text.slice(frontmatterLength),
    syntaxErrors: [],
    locate: (path, part) => (full ??= parseFile(source))?.locate(path, part),
  };
};
