import { describe, expect, test } from 'vitest';
import { keywordsOf, modelNameOf, nameFormOf, nameRunAt, nameRuns, type NameObservation } from './tool-names.ts';

const observation = (version: string, names: readonly string[], overrides: Partial<NameObservation> = {}): NameObservation => ({
  capture: `c-${version}`,
  version,
  api: 'openai-chat',
  server: 'lab-server',
  listed: [{ name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string', maxLength: 9 } } } }],
  requests: [
    {
      tools: names.map((name) => ({ name, parameters: { type: 'object', properties: { text: { type: 'string' } } } })),
      texts: [],
    },
  ],
  ...overrides,
});

describe('nameFormOf', () => {
  test('the prefix, separator and server name around a tool, as data', () => {
    expect(nameFormOf(observation('1.0.0', ['lab-server__echo', 'read_file']))).toEqual({
      api: 'openai-chat',
      name: '{server}__{tool}',
      reach: 'definition',
      longest: 16,
      keywords: { dropped: ['maxLength'], kept: ['properties', 'type'] },
    });
    expect(nameFormOf(observation('1.0.0', ['mcp__lab_server__echo']))).toMatchObject({
      name: 'mcp__{server}__{tool}',
      serverChars: [['-', '_']],
    });
    expect(nameFormOf(observation('1.0.0', ['echo']))).toMatchObject({ name: '{tool}' });
  });

  test("a tool's name inside a longer one is not taken for it, nor a word in the client's text without the server's name", () => {
    expect(nameFormOf(observation('1.0.0', ['long_echoes', 'echoing']))).toBeUndefined();
    expect(nameFormOf(observation('1.0.0', [], { requests: [{ tools: [], texts: ['Say echo to echo.'] }] }))).toBeUndefined();
  });
});

describe('runs and names', () => {
  const runs = nameRuns([
    observation('1.2.0', ['lab-server_echo']),
    observation('1.0.0', ['echo']),
    observation('1.1.0', ['lab-server_echo'], {
      requests: [
        {
          tools: [{ name: 'lab-server_echo', parameters: { type: 'object', properties: { text: { maxLength: 9 } } } }],
          texts: [],
        },
      ],
    }),
  ]);

  test('consecutive versions alike share a run; each keyword as the newest capture listing it shows', () => {
    expect(runs.map(({ from, to, name }) => [from, to, name])).toEqual([
      ['1.0.0', '1.0.0', '{tool}'],
      ['1.1.0', '1.2.0', '{server}_{tool}'],
    ]);
    expect(runs[1]?.keywords).toEqual({ dropped: ['maxLength'], kept: ['properties', 'type'] });
    expect(nameRunAt(runs, '1.1.5')?.name).toBe('{server}_{tool}');
    expect(nameRunAt(runs, '0.9.0')).toBeUndefined();
  });

  test("the name a form gives a server's tool, the server's name changed as the client changed the lab's", () => {
    expect(modelNameOf({ name: 'mcp__{server}__{tool}', serverChars: [['-', '_']] }, 'my-server', 'get_me')).toEqual({
      name: 'mcp__my_server__get_me',
    });
    expect(modelNameOf({ namespace: 'mcp__{server}', name: '{tool}' }, 'github', 'get_me')).toEqual({
      namespace: 'mcp__github',
      name: 'get_me',
    });
  });

  test('keywords by name, property names and elided descriptions aside', () => {
    expect(
      [
        ...keywordsOf({
          type: 'object',
          properties: { pattern: { type: 'string', description: { elided: 300, sha256: 'x' } } },
          required: ['pattern'],
        }),
      ].sort(),
    ).toEqual(['description', 'properties', 'required', 'type']);
  });
});
