/**
 * The turn script on model requests the lab captured: each request read back by its API's reader
 * (elided strings and all), the stand-in model's next answer decided from it. Where a capture shows
 * the script giving up too early (a tool the server added, not offered yet; a resource it never
 * tried to read), the answer it gives that request now is what the next run will do.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { nextAnswer } from '../../lib/lab/model/turn-script.ts';
import { LAB_SERVER_NAME } from '../../lib/lab/version.ts';
import { modelApiList } from '../../lib/lab/model-apis/index.ts';
import { requireScenario } from '../../lib/scenarios/index.ts';

/** The stand-in model's answer to the capture's model request at `seq`, under the capture's own scenario. */
const answerAt = (id: string, seq: number) => {
  const lines = readFileSync(path.join(import.meta.dirname, '../../../content/captures', `${id}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const header = lines[0] as { scenario: string; model: string };
  const event = lines.find((line) => line['seq'] === seq && line['kind'] === 'model' && line['from'] === 'client');
  const api = modelApiList.find((item) => item.name === header.model);
  if (event === undefined || api === undefined) throw new Error(`${id}: no model request at seq ${seq}`);
  const conversation = api.read(JSON.parse(String(event['body'])) as Record<string, unknown>);
  if (typeof conversation === 'string') throw new Error(conversation);
  const scenario = requireScenario(header.scenario);
  const answer = nextAnswer(
    { calls: scenario.calls, finish: 'Done.', reads: scenario.reads ?? [], server: LAB_SERVER_NAME },
    conversation,
  );
  return answer.kind === 'call' ? { reason: answer.reason, name: answer.call.name, arguments: answer.call.arguments } : answer;
};

describe('a tool the server added gets one further turn before the model concludes', () => {
  // Each client listed its tools again after the notification, but the request that followed still
  // offered only add_tool; the stand-in model said "Done." there, and the judge read partial.
  test.each([
    ['gemini-cli-0-61-0-observe-list-changed-stdio-20261202-071211', 16, 'mcp_canimcp-probe_add_tool'],
    ['opencode-1-18-33-observe-list-changed-stdio-20261202-071309', 17, 'canimcp-probe_add_tool'],
    ['claude-code-2-1-303-observe-list-changed-stdio-20261203-082640', 15, 'mcp__canimcp-probe__add_tool'],
  ])('%s, seq %i: add_tool again, not the finish', (id, seq, name) => {
    expect(answerAt(id, seq)).toEqual({ reason: 'again', name, arguments: {} });
  });
});

describe("the model reads the server's resource through the client's own tool", () => {
  test.each([
    ['gemini-cli-0-61-0-observe-prompts-resources-stdio-20261202-071209', 23, 'read_mcp_resource', {}],
    ['codex-0-171-0-observe-prompts-resources-stdio-20261202-071128', 13, 'read_mcp_resource', { server: LAB_SERVER_NAME }],
    ['opencode-1-18-33-observe-prompts-resources-stdio-20261202-071310', 16, 'read_mcp_resource', { server: LAB_SERVER_NAME }],
    [
      'claude-code-2-0-29-observe-prompts-resources-stdio-20261203-075105',
      21,
      'ReadMcpResourceTool',
      { server: LAB_SERVER_NAME },
    ],
    [
      'qwen-code-0-23-0-observe-prompts-resources-stdio-20261203-080200',
      19,
      'read_mcp_resource',
      { server_name: LAB_SERVER_NAME },
    ],
  ])('%s, seq %i: %s with the notes URI', (id, seq, name, server) => {
    expect(answerAt(id, seq)).toEqual({
      reason: 'read',
      name,
      arguments: { ...server, uri: requireScenario('prompts-resources').reads?.[0] },
    });
  });

  test('a client that offers no reader (Copilot CLI 1.0.102) gets the finish after list_notes', () => {
    expect(answerAt('copilot-cli-1-0-102-observe-prompts-resources-stdio-20261202-071732', 15)).toMatchObject({
      reason: 'finish',
    });
  });
});
