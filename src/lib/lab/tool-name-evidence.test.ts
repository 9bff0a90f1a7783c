/**
 * How clients name a server's tools for the model, read from the project's captures (the stand-in
 * model's requests, as the lab recorded them): each capture in, its name form out.
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../node/paths.ts';
import { nameFormOf, nameRuns } from '../server-check/tool-names.ts';
import { clientIds, readCapture } from '../../probe/read-capture.ts';
import { nameObservation } from './tool-name-evidence.ts';

const content = path.join(repoRoot, 'content');
const clients = clientIds(content);
const observe = (id: string) => {
  const { capture, problems } = readCapture(path.join(content, 'captures', `${id}.jsonl`), clients);
  if (capture === undefined) throw new Error(problems.map((problem) => problem.message).join('\n'));
  const observation = nameObservation(capture);
  if (observation === undefined) throw new Error(`${id}: no model requests`);
  return observation;
};

describe('nameObservation and nameFormOf on captures', () => {
  test.each([
    [
      'claude-code-2-1-332-observe-tool-metadata-stdio-20261202-065214',
      { api: 'anthropic-messages', name: 'mcp__{server}__{tool}', reach: 'definition' },
    ],
    [
      'copilot-cli-1-0-102-observe-tool-metadata-stdio-20261202-065951',
      { api: 'openai-chat', name: '{server}-{tool}', reach: 'definition' },
    ],
    [
      'gemini-cli-0-61-0-observe-catalog-changes-stdio-20261203-080525',
      { api: 'gemini', name: 'mcp_{server}_{tool}', reach: 'definition' },
    ],
    // Codex 0.116.0 writes the server's hyphen as an underscore; 0.171.0 puts the tool in a namespace.
    ['codex-0-116-0-observe-tool-results-stdio-20261203-075828', { name: 'mcp__{server}__{tool}', serverChars: [['-', '_']] }],
    [
      'codex-0-171-0-observe-tool-metadata-stdio-20261202-065243',
      { api: 'openai-responses', namespace: 'mcp__{server}', name: '{tool}', serverChars: [['-', '_']] },
    ],
    // Qwen Code 0.24.4 offers only its tool_search and tool_call: the name reaches the model in tool_search's result.
    ['qwen-code-0-24-4-observe-catalog-changes-stdio-20261203-080610', { name: 'mcp__{server}__{tool}', reach: 'bridge' }],
  ])('%s', (id, expected) => {
    expect(nameFormOf(observe(id))).toMatchObject(expected);
  });

  test('the keywords a client dropped from the listed input schema, by name', () => {
    expect(nameFormOf(observe('codex-0-171-0-observe-tool-metadata-stdio-20261202-065243'))?.keywords).toEqual({
      dropped: ['default', 'maxLength', 'maximum', 'minLength', 'minimum', 'pattern'],
      kept: ['additionalProperties', 'description', 'enum', 'properties', 'required', 'type'],
    });
    expect(nameFormOf(observe('claude-code-2-1-332-observe-tool-metadata-stdio-20261202-065214'))?.keywords?.dropped).toEqual([]);
  });

  test('a session that offered the model no tools shows no name form', () => {
    expect(nameFormOf(observe('claude-code-2-1-292-observe-tool-results-stdio-20261203-082614'))).toBeUndefined();
  });

  test('runs follow the versions: a change of form starts a run, each run names its first and last version', () => {
    const runs = nameRuns([
      observe('codex-0-171-0-observe-tool-metadata-stdio-20261202-065243'),
      observe('codex-0-116-0-observe-tool-results-stdio-20261203-075828'),
      observe('codex-0-171-0-observe-tool-metadata-stdio-20261202-072056'),
    ]);
    expect(runs.map(({ from, to, captured, name, namespace }) => ({ from, to, captured, name, namespace }))).toEqual([
      { from: '0.116.0', to: '0.116.0', captured: ['0.116.0'], name: 'mcp__{server}__{tool}', namespace: undefined },
      { from: '0.171.0', to: '0.171.0', captured: ['0.171.0'], name: '{tool}', namespace: 'mcp__{server}' },
    ]);
    expect(runs[1]?.captures).toHaveLength(2);
  });
});
