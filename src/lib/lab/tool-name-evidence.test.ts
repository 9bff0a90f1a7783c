/**
 * How clients name a server's tools for the model, read from the project's captures (the stand-in
 * model's requests, as the lab recorded them): each capture in, its name form out.
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../node/paths.ts';
import { nameFormOf, nameRuns } from '../evidence/tool-names.ts';
import { clientIds, readCapture } from '../../probe/read-capture.ts';
import { nameObservation } from './tool-name-evidence.ts';
import { checkServer, type CheckData } from '../server-check/check-server.ts';
import { readServerInput } from '../server-check/server-input.ts';

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

describe('names past 64 characters, from the long-tool-names captures of the eight session clients', () => {
  const captures = {
    'claude-code': 'claude-code-2-1-337-observe-long-tool-names-stdio-20261207-222808',
    codex: 'codex-0-171-0-observe-long-tool-names-stdio-20261207-222815',
    'gemini-cli': 'gemini-cli-0-61-0-observe-long-tool-names-stdio-20261207-222831',
    'qwen-code': 'qwen-code-0-24-4-observe-long-tool-names-stdio-20261207-222841',
    opencode: 'opencode-1-18-33-observe-long-tool-names-stdio-20261207-222900',
    'kilo-code-cli': 'kilo-code-cli-7-7-7-observe-long-tool-names-stdio-20261207-222933',
    'copilot-cli': 'copilot-cli-1-0-102-observe-long-tool-names-stdio-20261207-222951',
    'continue-cli': 'continue-cli-1-5-47-observe-long-tool-names-stdio-20261207-223002',
  } as const;
  const fates = (id: string) => nameFormOf(observe(id))?.pastLimit?.map((item) => item.fate);

  test.each([
    // Claude Code loads each deferred tool under its whole prefixed name (88 characters) once searched for.
    ['claude-code', ['intact', 'intact', 'intact']],
    ['opencode', ['intact', 'intact', 'intact']],
    ['kilo-code-cli', ['intact', 'intact', 'intact']],
    // Continue CLI offers the bare name: only the two names past 64 on their own are long.
    ['continue-cli', ['intact', 'intact']],
    // Copilot CLI cuts at 64 and changes the last character of a second name alike.
    ['copilot-cli', ['truncated', 'shortened', 'truncated']],
    // Gemini CLI keeps both ends and puts "..." in the middle.
    ['gemini-cli', ['shortened', 'shortened', 'shortened']],
    // Codex's namespace leaves the bare name, and the Responses API states no limit, but 68 still passes 64.
    ['codex', ['intact', 'intact']],
  ] as const)('%s', (client, expected) => {
    expect(fates(captures[client])).toEqual(expected);
  });

  test('Qwen Code reaches the server only through its own search and call tools: no name form, no fate', () => {
    expect(nameFormOf(observe(captures['qwen-code']))?.reach).toBe('bridge');
    expect(fates(captures['qwen-code'])).toBeUndefined();
  });

  test('check-server names the long tools that break per client, from these runs', () => {
    const long = {
      author: 'search_repository_issues_and_pull_requests_by_label_milestone_and_author',
      assignee: 'search_repository_issues_and_pull_requests_by_label_milestone_and_assignee',
      runs: 'list_workflow_runs_for_a_repository_with_status_filters',
    };
    const server = readServerInput({
      initialize: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'acme', version: '1' } },
      tools: { tools: Object.values(long).map((name) => ({ name, inputSchema: { type: 'object' } })) },
    });
    if (!server.ok) throw new Error('bad input');
    const data: CheckData = {
      clients: Object.entries(captures).map(([client, id]) => ({
        client,
        name: client,
        core: true,
        toolNames: nameRuns([observe(id)]),
      })),
      cells: [{ client: 'nobody', feature: 'tools.name.constraints', state: 'unknown' }],
    };
    const said = Object.fromEntries(
      checkServer(server.server, data).map((report) => [
        report.client,
        report.findings.filter((finding) => finding.feature === 'tools.name.constraints').map((finding) => finding.kind),
      ]),
    );
    expect(said).toMatchObject({
      'claude-code': ['risk'],
      opencode: ['risk'],
      'kilo-code-cli': ['risk'],
      'continue-cli': ['risk'],
      // Cut to 64 behind `acme-`, the two search tools become one name.
      'copilot-cli': ['risk'],
      'gemini-cli': ['fine'],
      codex: ['fine'],
      'qwen-code': ['fine'],
    });
    const text = (client: string) =>
      checkServer(server.server, data)
        .find((report) => report.client === client)
        ?.findings.find((finding) => finding.feature === 'tools.name.constraints')?.finding ?? '';
    expect(text('copilot-cli')).toContain(`share one name: \`${long.author}\` and \`${long.assignee}\``);
    expect(text('claude-code')).toContain("which the API's documentation says it refuses");
    expect(text('claude-code')).toContain(`\`${long.runs}\` (66 as \`mcp__acme__${long.runs}\`)`);
    expect(text('continue-cli')).not.toContain(long.runs);
    expect(text('gemini-cli')).toContain('shortens a name past 64 characters in its own way');
  });
});
