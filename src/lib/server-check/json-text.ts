/**
 * JSON that a person pasted or a file holds, read with a position for every mistake. `JSON.parse`'s
 * messages differ between engines (Node and each browser word them, and place them, their own
 * way), and the server check must say the same line and column on the page and on the command
 * line, so it finds the first mistake itself and only then lets `JSON.parse` build the value.
 */

/** Where a mistake is, 1-based, and what it is. */
export interface JsonMistake {
  line: number;
  column: number;
  message: string;
}

/** The value, or the first mistake in the text. */
export type JsonRead = { ok: true; value: unknown } | { ok: false; mistake: JsonMistake };

const placeOf = (text: string, offset: number): { line: number; column: number } => {
  let line = 1;
  let start = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line += 1;
    start = index + 1;
  }
  return { line, column: offset - start + 1 };
};

class Mistake extends Error {
  readonly offset: number;
  constructor(offset: number, message: string) {
    super(message);
    this.offset = offset;
  }
}

const describe = (char: string | undefined): string =>
  char === undefined ? 'the end of the text' : /\s/.test(char) ? 'a space' : `"${char}"`;

/** A scanner that only checks the grammar (RFC 8259); values are built by JSON.parse afterwards. */
const scan = (text: string): void => {
  let at = 0;
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at] as string)) at += 1;
  };
  const fail = (expected: string): never => {
    throw new Mistake(at, `expected ${expected}, found ${describe(text[at])}`);
  };
  const literal = (word: string) => {
    if (text.startsWith(word, at)) at += word.length;
    else fail(`a value`);
  };
  const string = () => {
    at += 1;
    for (;;) {
      const char = text[at];
      if (char === undefined) throw new Mistake(at, 'a string is not closed: expected "');
      if (char === '"') {
        at += 1;
        return;
      }
      if (char === '\\') {
        const next = text[at + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) throw new Mistake(at, 'expected four hex digits after \\u');
          at += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) at += 2;
        else throw new Mistake(at, `unknown escape \\${next ?? ''} in a string`);
      } else if (char < ' ') throw new Mistake(at, 'a control character (such as a line break) inside a string');
      else at += 1;
    }
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (match === null) fail('a value');
    at += (match as RegExpExecArray)[0].length;
  };
  const value = (depth: number): void => {
    if (depth > 512) throw new Mistake(at, 'nested more than 512 levels deep');
    space();
    const char = text[at];
    if (char === '{') {
      at += 1;
      space();
      if (text[at] === '}') {
        at += 1;
        return;
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail('a property name in double quotes');
        string();
        space();
        if (text[at] !== ':') fail('":"');
        at += 1;
        value(depth + 1);
        space();
        if (text[at] === ',') {
          at += 1;
          continue;
        }
        if (text[at] === '}') {
          at += 1;
          return;
        }
        fail('"," or "}"');
      }
    }
    if (char === '[') {
      at += 1;
      space();
      if (text[at] === ']') {
        at += 1;
        return;
      }
      for (;;) {
        value(depth + 1);
        space();
        if (text[at] === ',') {
          at += 1;
          continue;
        }
        if (text[at] === ']') {
          at += 1;
          return;
        }
        fail('"," or "]"');
      }
    }
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return number();
    fail('a value');
  };
  value(0);
  space();
  if (at < text.length) fail('the end of the text');
};

/** Reads JSON text; on a mistake, says where (line and column) and what was expected. */
export const readJsonText = (text: string): JsonRead => {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  try {
    scan(body);
  } catch (error) {
    if (!(error instanceof Mistake)) throw error;
    return { ok: false, mistake: { ...placeOf(body, error.offset), message: error.message } };
  }
  return { ok: true, value: JSON.parse(body) as unknown };
};
