import { describe, expect, test } from 'vitest';
import { keywordsOf, longNameFates, modelNameOf, nameFormOf, nameRunAt, nameRuns, type NameObservation } from './tool-names.ts';

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

describe('longNameFates', () => {
  const stem = 'cmcp_tool_name_long_enough_that_no_model_api_would_take_it_whole';
  const listed = [`${stem}_one`, `${stem}_two`, 'cmcp_tool_name_that_fits_alone_but_not_behind_a_prefix', 'cmcp_short_tool'];
  const long = listed.slice(0, 3);

  test('a name cut at 64, and a second alike made unique at its end (Copilot CLI 1.0.102)', () => {
    const offered = [
      'canimcp-probe-cmcp_tool_name_long_enough_that_no_model_api_woul2',
      'canimcp-probe-cmcp_tool_name_long_enough_that_no_model_api_would',
      'canimcp-probe-cmcp_tool_name_that_fits_alone_but_not_behind_a_pr',
      'canimcp-probe-cmcp_short_tool',
    ];
    expect(longNameFates(offered, long, listed).map((fate) => fate.kind)).toEqual(['truncated', 'shortened', 'truncated']);
  });

  test('the middle of a name replaced by an ellipsis (Gemini CLI 0.61.0), each taken for the tool it keeps most of', () => {
    const offered = [
      'mcp_canimcp-probe_cmcp_tool_na...el_api_would_take_it_whole_two',
      'mcp_canimcp-probe_cmcp_tool_na...el_api_would_take_it_whole_one',
      'mcp_canimcp-probe_cmcp_tool_na..._alone_but_not_behind_a_prefix',
    ];
    expect(longNameFates(offered, long, listed)).toEqual([
      { kind: 'shortened', name: offered[1] },
      { kind: 'shortened', name: offered[0] },
      { kind: 'shortened', name: offered[2] },
    ]);
  });

  test('a name passed whole behind a prefix, and none offered', () => {
    expect(longNameFates([`canimcp-probe_${stem}_one`, 'canimcp-probe_cmcp_short_tool'], long, listed)).toEqual([
      { kind: 'intact', name: `canimcp-probe_${stem}_one` },
      { kind: 'dropped' },
      { kind: 'dropped' },
    ]);
  });
});
