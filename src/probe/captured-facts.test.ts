/**
 * The judges on the lab's own captures, where a judge once read them wrong: a capture in, facts out,
 * through `judgeCapture` as `npm run probe -- facts` and the build call it. Each row names the
 * capture that showed the fault and what the wire shows there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { capturedFacts, judgeCell } from '../lib/cells/cell-observations.ts';
import { buildFeatureCells, capturedVersion, formatRanges } from '../lib/cells/feature-cells.ts';
import { parseFile } from '../lib/content/frontmatter.ts';
import { citedCaptures } from '../lib/content/since-rules.ts';
import { stateProblems } from '../lib/content/state-rules.ts';
import type { Capture } from '../lib/evidence/capture.ts';
import { judgeCapture } from '../lib/scenarios/index.ts';
import { clientIds, readCapture } from './read-capture.ts';

const content = path.join(import.meta.dirname, '../../content');
const clients = clientIds(content);

/** A capture of the project's content, checked. */
const captureOf = (id: string) => {
  const { capture, problems } = readCapture(path.join(content, 'captures', `${id}.jsonl`), clients);
  expect(problems).toEqual([]);
  if (capture === undefined) throw new Error(`${id}: no capture`);
  return capture;
};

/** The fact a capture's judges give one feature. */
const factOf = (id: string, feature: string) => judgeCapture(captureOf(id)).find((item) => item.feature === feature);

describe('tools.result.isError: a key named error is a flag; words the capture elided decide nothing', () => {
  test.each([
    // Gemini CLI puts the result under functionResponse.response.error (seq 31).
    ['gemini-cli-0-61-0-observe-tool-results-stdio-20261202-064437', 'yes', /under a key named error/],
    ['gemini-cli-0-1-9-observe-tool-results-stdio-20261203-075737', 'yes', /./],
    // 0.19.1 passes the result's text as the plain output, nothing around it (seq 29).
    ['gemini-cli-0-19-1-observe-tool-results-stdio-20261203-075130', 'no', /nothing marking it/],
    // Qwen Code's wrapper around the result was elided (seq 41): only the result itself is in the capture.
    ['qwen-code-0-24-4-observe-tool-results-stdio-20261202-065009', 'not-observed', /elided/],
    ['gemini-cli-0-2-2-observe-tool-results-stdio-20261203-124220', 'not-observed', /elided/],
  ])('%s: %s', (id, state, detail) => {
    const found = factOf(id, 'tools.result.isError');
    expect(found?.state).toBe(state);
    expect(found?.detail).toMatch(detail);
  });
});

describe('tools.inputSchema.unchanged: a parameter object emptied of its properties is every keyword dropped', () => {
  test.each([
    // Gemini CLI 0.1.4 and 0.1.9 give the model lookup_record with {"type":"OBJECT","properties":{}} (seq 7 of each).
    [
      'gemini-cli-0-1-4-observe-tool-metadata-stdio-20261208-011931',
      'no',
      /no properties at all: .*dropped \/properties\/key\/type/,
    ],
    ['gemini-cli-0-1-9-observe-tool-metadata-stdio-20261203-075801', 'no', /no properties at all/],
    // 0.1.13 passes the schema whole; 0.1.1 rewrites its types but keeps its properties.
    ['gemini-cli-0-1-13-observe-tool-metadata-stdio-20261208-011550', 'yes', /keyword for keyword/],
    [
      'gemini-cli-0-1-1-observe-tool-metadata-stdio-20261203-074411',
      'no',
      /^the inputSchema reached the model changed: changed \/type/,
    ],
    // Qwen Code 0.24.4 hands the model no definition with a schema in it (its tool search): still undecided.
    ['qwen-code-0-24-4-observe-tool-metadata-stdio-20261202-065855', 'not-observed', /without a schema that can be compared/],
  ])('%s: %s', (id, state, detail) => {
    const found = factOf(id, 'tools.inputSchema.unchanged');
    expect(found?.state).toBe(state);
    expect(found?.detail).toMatch(detail);
  });
});

describe('server-requests.sampling: only an assistant completion is an answer', () => {
  // Copilot CLI 1.0.71 to 1.0.80 answered within milliseconds with a user-role message saying the
  // request was cancelled, and an empty model (1.0.80: seq 20 and 21).
  test.each([
    'copilot-cli-1-0-80-observe-server-requests-stdio-20261203-081626',
    'copilot-cli-1-0-71-observe-server-requests-stdio-20261203-081047',
  ])('%s: the automatic cancellation is a no, and says so', (id) => {
    const found = factOf(id, 'server-requests.sampling');
    expect(found?.state).toBe('no');
    expect(found?.detail).toMatch(/cancelled sampling\/createMessage, \d+ ms after the request, by itself/);
    expect(found?.detail).toContain('not a completion');
  });

  test('the capability cell: declared, and the request cancelled rather than handled, is partial', () => {
    const capture = captureOf('copilot-cli-1-0-80-observe-server-requests-stdio-20261203-081626');
    expect(judgeCell(capture, { axis: 'capability', column: 'sampling', state: 'partial' })).toBe('partial');
  });
});

describe('server-requests.elicitation: a decline or cancel the client made by itself is no answer', () => {
  // Print-mode runs show nobody a form: Claude Code 2.1.332 cancelled both modes 122 and 59 ms after
  // the requests (seq 18-21), Codex 0.171.0 and Copilot CLI 1.0.102 declined within 1 ms, and Claude
  // Code 2.1.337 and the Agent SDK's harness retried the 2026-07-28 call with the refusal at once.
  test.each([
    [
      'claude-code-2-1-332-observe-server-requests-stdio-20261202-070108',
      'form',
      /cancelled elicitation\/create, 122 ms after the request, by itself: action "cancel", an automatic refusal, not an answer/,
    ],
    [
      'claude-code-2-1-332-observe-server-requests-stdio-20261202-070108',
      'url',
      /cancelled elicitation\/create, 59 ms after the request, by itself/,
    ],
    ['claude-code-2-1-84-observe-server-requests-stdio-20261203-082820', 'form', /cancelled .* by itself/],
    [
      'codex-0-171-0-observe-server-requests-stdio-20261202-070129',
      'form',
      /declined elicitation\/create, 1 ms after the request, by itself: action "decline"/,
    ],
    [
      'copilot-cli-1-0-102-observe-server-requests-stdio-20261202-070900',
      'url',
      /declined elicitation\/create, 0 ms after the request, by itself/,
    ],
    // Over 2026-07-28 the probe asked in an input_required result; the legacy scenario's judge reads the retry too.
    [
      'claude-code-2-1-337-observe-server-requests-stdio-20261207-171741',
      'form',
      /retried the call with action "cancel" .* by itself: an automatic refusal, not an answer/,
    ],
    ['claude-code-2-1-337-observe-server-requests-modern-stdio-20261207-171744', 'url', /retried the call with action "cancel"/],
    [
      'claude-agent-sdk-0-3-337-observe-server-requests-modern-stdio-20261207-150932',
      'form',
      /action "decline" .* \(nobody sits at a harness\), not an answer/,
    ],
  ])('%s (%s): no', (id, mode, detail) => {
    const found = factOf(id, `server-requests.elicitation.${mode}`);
    expect(found?.state).toBe('no');
    expect(found?.detail).toMatch(detail);
  });

  test("a form the lab's driver filled in and sent, 2.3 s after the request, is an answer (VS Code 4.139.1, seq 14-15)", () => {
    const found = factOf('vscode-4-139-1-observe-server-requests-stdio-20261207-193226', 'server-requests.elicitation.form');
    expect(found).toMatchObject({ state: 'yes', detail: 'the client answered elicitation/create with action "accept"' });
  });

  test('the capability cell: declared, and every request refused by the client itself, is partial', () => {
    const capture = captureOf('claude-code-2-1-332-observe-server-requests-stdio-20261202-070108');
    expect(judgeCell(capture, { axis: 'capability', column: 'elicitation', state: 'yes' })).toBe('partial');
    const vscode = captureOf('vscode-4-139-1-observe-server-requests-stdio-20261207-193226');
    expect(judgeCell(vscode, { axis: 'capability', column: 'elicitation', state: 'yes' })).toBe('yes');
  });
});

describe('tools.name.constraints: what the model was offered for names past 64 characters (long-tool-names)', () => {
  test.each([
    [
      'claude-code-2-1-337-observe-long-tool-names-stdio-20261207-222808',
      'no',
      /passed whole as `mcp__canimcp-probe__cmcp_tool_name_long_enough_that_no_model_api_would_take_it_whole_one` \(88\).*Anthropic Messages API accepts at most 64, so it would refuse 3/,
    ],
    [
      'codex-0-171-0-observe-long-tool-names-stdio-20261207-222815',
      'yes',
      /OpenAI Responses API's documentation states no limit/,
    ],
    [
      'gemini-cli-0-61-0-observe-long-tool-names-stdio-20261207-222831',
      'yes',
      /shortened as `mcp_canimcp-probe_cmcp_tool_na\.\.\.el_api_would_take_it_whole_one` \(63\)/,
    ],
    [
      'copilot-cli-1-0-102-observe-long-tool-names-stdio-20261207-222951',
      'yes',
      /truncated as `canimcp-probe-cmcp_tool_name_long_enough_that_no_model_api_would` \(64\); .*shortened as `canimcp-probe-cmcp_tool_name_long_enough_that_no_model_api_woul2`/,
    ],
    ['opencode-1-18-33-observe-long-tool-names-stdio-20261207-222900', 'no', /so it would refuse 3/],
    ['continue-cli-1-5-47-observe-long-tool-names-stdio-20261207-223002', 'no', /so it would refuse 2/],
    ['qwen-code-0-24-4-observe-long-tool-names-stdio-20261207-222841', 'not-observed', /its own search and call tools/],
  ])('%s: %s', (id, state, detail) => {
    const found = factOf(id, 'tools.name.constraints');
    expect(found?.state).toBe(state);
    expect(found?.detail).toMatch(detail);
  });
});

describe('tools.call: where no model request offered the server its tools, nothing is decided', () => {
  // Claude Code 2.1.292 listed the tools (seq 5) and then asked the model with `tools: []` (seq 12).
  test.each([
    'claude-code-2-1-292-observe-tool-results-stdio-20261203-082614',
    'claude-code-2-1-302-observe-tool-results-stdio-20261203-075740',
    'claude-code-2-1-209-observe-tool-results-stdio-20261203-074649',
  ])('%s: not-observed', (id) => {
    const found = factOf(id, 'tools.call');
    expect(found?.state).toBe('not-observed');
    expect(found?.detail).toMatch(/offered the server's tools/);
  });

  test('a client that offered the tools and never called one is still a no (Claude Code 1.0.17)', () => {
    expect(factOf('claude-code-1-0-17-observe-tool-results-stdio-20261203-074807', 'tools.call')?.state).toBe('no');
  });
});

describe('lifecycle.clientInfo: a version that is not the release is partial', () => {
  test.each([
    // Continue CLI sends 1.0.0 whatever its release (1.5.11 to 1.5.47).
    ['continue-cli-1-5-47-observe-stdio-20261201-203707', 'partial', /"1\.0\.0".*not the release's/],
    // Copilot CLI sent 1.0.0 up to 1.0.24, then 0.0.0 from 1.0.81.
    ['copilot-cli-1-0-10-observe-tool-results-stdio-20261203-074114', 'partial', /"1\.0\.0".*not the release's/],
    ['copilot-cli-1-0-81-observe-stdio-20261201-205140', 'partial', /placeholder/],
    ['claude-code-2-1-332-observe-stdio-20261201-195157', 'yes', /"2\.1\.332"/],
    // The lab's own script names itself: its version is no release of the SDK.
    ['typescript-sdk-1-32-2-observe-stdio-20261201-202732', 'yes', /./],
  ])('%s: %s', (id, state, detail) => {
    const found = factOf(id, 'lifecycle.clientInfo');
    expect(found?.state).toBe(state);
    expect(found?.detail).toMatch(detail);
  });
});

describe('tools.listChanged: partial only where the model was given a further turn for the added tool', () => {
  test.each([
    // The stand-in model said "Done." the turn after the client listed its tools again (seq 16, 17).
    ['gemini-cli-0-61-0-observe-list-changed-stdio-20261202-071211', 'not-observed'],
    ['opencode-1-18-33-observe-list-changed-stdio-20261202-071309', 'not-observed'],
    // Given the further turn, both called the added tool.
    ['gemini-cli-0-61-0-observe-list-changed-stdio-20261207-123205', 'yes'],
    ['opencode-1-18-33-observe-list-changed-stdio-20261207-123737', 'yes'],
    // Copilot CLI 1.0.59 listed again and never offered the added tool in two turns after it.
    ['copilot-cli-1-0-59-observe-list-changed-stdio-20261207-124000', 'partial'],
    ['copilot-cli-1-0-60-observe-list-changed-stdio-20261207-124045', 'yes'],
    // Claude Code 2.1.160 and 2.1.303 listed again and were asked once more; given the further turn, they called it.
    ['claude-code-2-1-160-observe-list-changed-stdio-20261203-082623', 'not-observed'],
    ['claude-code-2-1-160-observe-list-changed-stdio-20261207-124205', 'yes'],
    ['claude-code-2-1-303-observe-list-changed-stdio-20261203-082640', 'not-observed'],
    ['claude-code-2-1-303-observe-list-changed-stdio-20261207-124146', 'yes'],
    // 2.1.159 never listed the tools again: a genuine no, with or without the further turn.
    ['claude-code-2-1-159-observe-list-changed-stdio-20261207-124224', 'no'],
  ])('%s: %s', (id, state) => {
    expect(factOf(id, 'tools.listChanged')?.state).toBe(state);
  });
});

describe("resources.modelRead: the model reads a resource through the client's own reader", () => {
  test.each([
    ['gemini-cli-0-61-0-observe-prompts-resources-stdio-20261207-124313', 'yes'],
    ['codex-0-171-0-observe-prompts-resources-stdio-20261207-124254', 'yes'],
    ['opencode-1-18-33-observe-prompts-resources-stdio-20261207-124401', 'yes'],
    ['kilo-code-cli-7-7-7-observe-prompts-resources-stdio-20261207-124505', 'yes'],
    // Claude Code defers ReadMcpResourceTool behind ToolSearch; Qwen Code keeps read_mcp_resource behind its bridge.
    ['claude-code-2-1-332-observe-prompts-resources-stdio-20261207-124954', 'yes'],
    ['qwen-code-0-24-4-observe-prompts-resources-stdio-20261207-130152', 'yes'],
    ['claude-code-2-1-332-observe-prompts-resources-stdio-20261202-071103', 'not-observed'],
    // No reader among the tools offered, and no tool search: the model has no way to read a resource.
    ['copilot-cli-1-0-102-observe-prompts-resources-stdio-20261207-124519', 'no'],
    ['continue-cli-1-5-47-observe-prompts-resources-stdio-20261207-124528', 'no'],
    // Offered a reader the stand-in model never asked for (before it knew to): undecided, not a no.
    ['gemini-cli-0-61-0-observe-prompts-resources-stdio-20261202-071209', 'not-observed'],
  ])('%s: %s', (id, state) => {
    expect(factOf(id, 'resources.modelRead')?.state).toBe(state);
  });
});

describe("tools.result.isError with the client's wrapping kept whole", () => {
  test('Qwen Code 0.24.4 tells the model "reported tool error" around the result', () => {
    const found = factOf('qwen-code-0-24-4-observe-tool-results-stdio-20261207-124537', 'tools.result.isError');
    expect(found?.state).toBe('yes');
  });
});

describe('transports.streamableHttp: yes only where the client read an answer sent as an SSE stream', () => {
  test.each([
    // Before every HTTP run answered a request as a stream, no capture could show a client reading one.
    ['codex-0-171-0-observe-http-20261201-195716', 'not-observed'],
    ['opencode-1-18-33-observe-http-20261201-195748', 'not-observed'],
    ['codex-0-171-0-observe-http-20261207-125029', 'yes'],
    ['opencode-1-18-33-observe-http-20261207-125105', 'yes'],
    // Claude Code read the input_required stream of a call and retried it with its answers.
    ['claude-code-2-1-332-observe-server-requests-http-20261202-070626', 'yes'],
    // The stream answered the session's last call: no MCP request followed, but its text reached the model (seq 19, 20).
    ['copilot-cli-1-0-102-observe-http-get-stream-http-20261207-164421', 'yes'],
    // A GET of /mcp/.well-known/openid-configuration (seq 15) looks for metadata and opens no stream: no fault in Accept; no SSE answer either.
    ['claude-code-2-1-337-observe-auth-challenge-metadata-http-20261207-172458', 'not-observed'],
  ])('%s: %s', (id, state) => {
    expect(factOf(id, 'transports.streamableHttp')?.state).toBe(state);
  });
});

describe('transports.streamableHttp.sessionId and protocolVersionHeader: a DELETE, a 404 or a new initialize starts another session', () => {
  test.each([
    // The login process DELETEs its session (seq 30); the session process starts its own with server/discover and initialize (seq 33-39).
    ['copilot-cli-1-0-102-observe-auth-dcr-http-20261207-153701', 'yes', 'yes'],
    // The probe answers 404 for the session (seq 21); the client initializes again without the dead id (seq 23, 25).
    ['copilot-cli-1-0-102-observe-http-session-expiry-http-20261207-164003', 'yes', 'yes'],
  ])('%s: sessionId %s, protocolVersionHeader %s', (id, session, header) => {
    expect(factOf(id, 'transports.streamableHttp.sessionId')?.state).toBe(session);
    expect(factOf(id, 'transports.streamableHttp.protocolVersionHeader')?.state).toBe(header);
  });
});

describe('lifecycle.version.retryOnUnsupported: no only where the refusal named a version the client could use', () => {
  test.each([
    // A modern-only server names 2026-07-28, which Gemini CLI never offers: it had nothing to retry with.
    ['gemini-cli-0-61-0-modern-only-stdio-20261201-202841', 'not-observed'],
    // Copilot CLI probes with server/discover at 2026-07-28 but initializes at 2025-11-25 whatever the
    // answer: refused there with only 2026-07-28 named, it had no session version to retry with.
    ['copilot-cli-1-0-102-modern-only-stdio-20261201-204950', 'not-observed'],
    // Refused with the older revisions named, Claude Code and Copilot CLI initialize at 2025-11-25;
    // Gemini CLI, offering 2025-06-18 and refused with 2025-03-26 and 2024-11-05 named, stops.
    ['claude-code-2-1-332-older-only-stdio-20261207-130658', 'yes'],
    ['copilot-cli-1-0-102-older-only-stdio-20261207-130839', 'yes'],
    ['gemini-cli-0-61-0-older-only-stdio-20261207-130724', 'no'],
  ])('%s: %s', (id, state) => {
    expect(factOf(id, 'lifecycle.version.retryOnUnsupported')?.state).toBe(state);
  });
});

describe('lifecycle.capabilityGating: only a server that left a capability out can show a client keeping to it', () => {
  test('Qwen Code 0.24.4 listed prompts the tool-results server never declared: no', () => {
    expect(factOf('qwen-code-0-24-4-observe-tool-results-stdio-20261202-065009', 'lifecycle.capabilityGating')?.state).toBe('no');
  });
  test('against a server that declared tools, prompts and resources, its listing shows nothing either way', () => {
    expect(
      factOf('qwen-code-0-24-4-observe-prompts-resources-stdio-20261202-071641', 'lifecycle.capabilityGating'),
    ).toBeUndefined();
  });
});

/** Every capture of a client in the project's content, by id. */
const capturesOf = (client: string): Map<string, Capture> =>
  new Map(
    readdirSync(path.join(content, 'captures'))
      .filter((file) => file.startsWith(`${client}-`) && file.endsWith('.jsonl'))
      .map((file) => captureOf(file.slice(0, -'.jsonl'.length)))
      .filter((capture) => capture.header.client === client)
      .map((capture) => [capture.id, capture]),
  );

/** A research note's frontmatter, as written. */
const noteData = (id: string): unknown => parseFile(readFileSync(path.join(content, 'research', `${id}.md`), 'utf8'))?.data;

describe("faces: a feature's runs never join captures of two commands without saying so", () => {
  // Codex 0.1.2505291658 was captured with a plain `codex exec`; 0.8.0 on with `--json
  // --dangerously-bypass-approvals-and-sandbox`. Both call the tools; the runs must still be two.
  test("Codex tools.call: the first release's run names its command, apart from the later ones'", () => {
    const captures = capturesOf('codex');
    const note = 'codex-tool-results-across-versions';
    const cited = citedCaptures(noteData(note)).flatMap((id) => {
      const capture = captures.get(id);
      return capture === undefined ? [] : [capturedVersion(capture)];
    });
    const [cell] = buildFeatureCells({
      features: [{ id: 'tools.call' }],
      clients: [{ id: 'codex', data: { support: [{ feature: 'tools.call', state: 'yes', notes: [note] }] } }],
      noteCaptures: new Map([[note, cited]]),
      captures: [...captures.values()].map(capturedVersion),
      facts: new Map([...captures.values()].map((capture) => [capture.id, capturedFacts(capture)])),
    });
    const ranges = cell?.ranges ?? [];
    expect(ranges[0]).toMatchObject({
      from: '0.1.2505291658',
      to: '0.1.2505291658',
      state: 'yes',
      face: 'codex exec --skip-git-repo-check … (cli, stdio)',
    });
    expect(
      ranges
        .slice(1)
        .every(
          (run) =>
            run.face === 'codex exec --skip-git-repo-check --json --dangerously-bypass-approvals-and-sandbox … (cli, stdio)',
        ),
    ).toBe(true);
    expect(formatRanges(ranges)).toMatch(
      /^0\.1\.2505291658: yes \(in codex exec --skip-git-repo-check … \(cli, stdio\)\) · 0\.8\.0–/,
    );
  });
});

describe('check refuses a feature state that no capture its notes cite shows', () => {
  // Qwen Code's tools.inputSchema.unchanged was written no; its captures show the schema reaching the
  // model unchanged up to 0.15.6, and from 0.23.0 show nothing of it (the tool search hands it over).
  const captures = capturesOf('qwen-code');
  const notes = ['qwen-code-0-24-4-shows-no-input-schema-the-judge-can-compare', 'qwen-code-tool-metadata-across-versions'];
  const noteMap = new Map(notes.map((id) => [id, noteData(id)]));
  const verdict = (state: string) => [{ feature: 'tools.inputSchema.unchanged', state, notes }];

  test('written no: refused, with the runs the captures show', () => {
    const [problem, ...rest] = stateProblems('qwen-code', verdict('no'), noteMap, captures);
    expect(rest).toEqual([]);
    expect(problem?.path).toEqual(['support', 0, 'state']);
    expect(problem?.message).toMatch(
      /^the captures its notes cite show yes at the newest version they decide, not no \(runs: .*0\.15\.6: yes/,
    );
  });

  test('written yes, as the newest deciding capture shows: no problem', () => {
    expect(stateProblems('qwen-code', verdict('yes'), noteMap, captures)).toEqual([]);
  });
});
