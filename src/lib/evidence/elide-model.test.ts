import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { isRecord } from '../mcp/json.ts';
import { elideModelBody, elisionProblems, isElided, longString, modelBodyElider } from './elide-model.ts';

/** Stand-ins for a vendor's own prompt text (our words): long, and never to be published. */
const vendor = (topic: string, length: number) =>
  `You are the ${topic} part of a coding agent's built-in prompt; keep answers short and check your work. `
    .repeat(40)
    .slice(0, length);

const instructions =
  'LAB-INSTRUCTIONS: this server exposes the lab tools. Call echo with the word you were given, then call ' +
  'describe, and report the marker LAB-MARK-7f3a exactly as the tools return it. '.repeat(3);
const description = 'Echoes its text argument back unchanged, so the lab can see what reached the model. '.repeat(4);
const result = 'LAB-RESULT: the structured answer is attached below, and this text is its fallback. '.repeat(5);
const structured = { marker: 'LAB-MARK-7f3a', items: ['one', 'two'], note: 'structured content, as the server sent it' };
const serverStrings = [instructions, description, result, 'echo', 'text', 'LAB-MARK-7f3a', JSON.stringify(structured)];

/** A request as Claude Code might send it: the server's text inside the vendor's system prompt, tools, results. */
const realistic = {
  model: 'claude-sonnet',
  system: [
    { type: 'text', text: vendor('system', 1800) },
    {
      type: 'text',
      text: `${vendor('preamble', 900)}\n# MCP Server Instructions\n## lab\n${instructions}\n${vendor('postscript', 700)}`,
    },
  ],
  tools: [
    {
      name: 'Bash',
      description: vendor('shell tool', 1200),
      input_schema: { type: 'object', properties: { command: { type: 'string', description: vendor('command', 400) } } },
    },
    // The client truncated the server's description and marked the cut.
    {
      name: 'mcp__lab__echo',
      description: `${description.slice(0, 150)}…`,
      input_schema: { type: 'object', properties: { text: { type: 'string' } } },
    },
    { name: 'mcp__lab__describe', description, input_schema: { type: 'object', properties: {} } },
  ],
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: `<system-reminder>${vendor('reminder', 600)}</system-reminder>` },
        { type: 'text', text: 'Run the lab.' },
      ],
    },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'mcp__lab__echo', input: { text: 'hello' } }] },
    {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: result }] },
        // A client that passes structuredContent on as JSON text, wrapped in words of its own.
        { type: 'text', text: `Structured result: ${JSON.stringify({ ...structured, padding: result })}` },
      ],
    },
  ],
};

/** Characters of a string that are not the server's: what is left after removing every server string from it. */
const notServer = (text: string): number => {
  let rest = text;
  for (const piece of [...serverStrings].sort((a, b) => b.length - a.length)) {
    if (piece.length < 20) continue;
    rest = rest.split(piece).join('').split(JSON.stringify(piece).slice(1, -1)).join('');
  }
  return rest.length;
};

/** Every string in a JSON value, keys included. */
const stringsIn = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(stringsIn)
      : isRecord(value)
        ? Object.entries(value).flatMap(([key, item]) => [key, ...stringsIn(item)])
        : [];

/** Whether a long string's text is the server's (a few words of wrapping allowed), or JSON made only of such strings. */
const fromServer = (text: string): boolean => {
  if (text.length <= longString || notServer(text) <= longString) return true;
  try {
    return stringsIn(JSON.parse(text)).every(fromServer);
  } catch {
    return false;
  }
};

describe('a model request body is elided as FORMAT.md says', () => {
  const out = elideModelBody(JSON.stringify(realistic), serverStrings);
  const parsed = JSON.parse(out) as typeof realistic;

  test('no string over 200 characters that the server did not send is left, in values or keys', () => {
    const long = stringsIn(parsed).filter((text) => text.length > longString);
    expect(long.length).toBeGreaterThan(0);
    expect(long.filter((text) => !fromServer(text))).toEqual([]);
    expect(out).not.toContain("coding agent's built-in prompt");
  });

  test('the system prompt that embeds the instructions is elided, the instructions kept where they stood', () => {
    const original = realistic.system[1]?.text ?? '';
    const elided = parsed.system[1]?.text as unknown;
    expect(isElided(elided)).toBe(true);
    expect(elided).toEqual({
      elided: original.length,
      sha256: createHash('sha256').update(original, 'utf8').digest('hex'),
      kept: [{ at: original.indexOf(instructions), text: instructions }],
    });
    expect(parsed.system[0]?.text).toMatchObject({ elided: 1800 });
    expect(parsed.system[0]?.text).not.toHaveProperty('kept');
  });

  test("the server's tools, descriptions (truncated by the client too) and results stay verbatim; the vendor's tool does not", () => {
    expect(parsed.tools[1]).toEqual(realistic.tools[1]);
    expect(parsed.tools[2]).toEqual(realistic.tools[2]);
    expect(parsed.tools[0]?.name).toBe('Bash');
    expect(parsed.tools[0]?.description).toMatchObject({ elided: 1200 });
    expect(parsed.messages.slice(1)).toEqual(realistic.messages.slice(1));
    expect(parsed.messages[0]?.content[1]).toEqual({ type: 'text', text: 'Run the lab.' });
  });

  test('structure stays: roles, block types, field names, in order', () => {
    expect(Object.keys(parsed)).toEqual(Object.keys(realistic));
    expect(parsed.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
  });

  test('a body with nothing to elide is kept byte for byte, formatting included', () => {
    const body = '{\n  "model": "m",\n  "messages": [ {"role": "user", "content": "hi"} ]\n}';
    expect(elideModelBody(body, serverStrings)).toBe(body);
  });

  test('a body that is not JSON is one string: kept where short, elided whole where long', () => {
    expect(elideModelBody('not json', [])).toBe('not json');
    const long = `${vendor('raw', 500)} ${instructions}`;
    const marker = JSON.parse(modelBodyElider(serverStrings)(long)) as unknown;
    expect(marker).toMatchObject({ elided: long.length, kept: [{ at: 501, text: instructions }] });
  });

  test('a long key the server did not send becomes a mark of its length and hash', () => {
    const key = vendor('key', 300);
    const out = JSON.parse(elideModelBody(JSON.stringify({ [key]: 1 }), [])) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual([expect.stringMatching(/^\[300 characters elided, sha256 [0-9a-f]{64}\]$/)]);
  });
});

describe('elisionProblems (check reads the marks back)', () => {
  test('what the elider writes has none', () => {
    expect(elisionProblems(elideModelBody(JSON.stringify(realistic), serverStrings))).toEqual([]);
  });

  test('a mark with a short length, a bad hash or a kept piece outside its string is named by its place', () => {
    const body = JSON.stringify({
      system: [{ text: { elided: 12, sha256: 'x' } }],
      tools: { elided: 300, sha256: 'a'.repeat(64), kept: [{ at: 290, text: 'more than ten characters' }] },
    });
    expect(elisionProblems(body)).toEqual([
      "system[0].text: elided: expected the elided string's length, a whole number over 200",
      'system[0].text: sha256: expected 64 lowercase hex digits',
      'tools: kept: expected a list of { at, text } pieces inside the elided string',
    ]);
    expect(elisionProblems('not json')).toEqual([]);
  });
});
