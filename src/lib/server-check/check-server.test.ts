import { describe, expect, test } from 'vitest';
import { checkServer, featurePath, hasLoss, type CheckData } from './check-server.ts';
import { readServerInput, type ServerDescription } from './server-input.ts';

const longName = 'search_every_issue_comment_and_pull_request_review_in_an_org';

/** The example server: instructions, a 60-character tool name, structuredContent without text, a read-only and a destructive tool. */
const input = {
  initialize: {
    protocolVersion: '2025-11-25',
    capabilities: { tools: { listChanged: true } },
    serverInfo: { name: 'acme', version: '1.0.0' },
    instructions: 'Use acme for builds.',
  },
  tools: {
    tools: [
      { name: longName, inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      { name: 'delete_build', inputSchema: { type: 'object' }, annotations: { destructiveHint: true } },
      { name: 'stats', inputSchema: { type: 'object' }, outputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
    ],
  },
  results: { stats: { content: [], structuredContent: { builds: 3 } } },
};

const server = (): ServerDescription => {
  const read = readServerInput(input);
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  return read.server;
};

const data: CheckData = {
  clients: [
    { client: 'alpha', name: 'Alpha' },
    { client: 'beta', name: 'Beta' },
  ],
  cells: [
    { client: 'alpha', feature: 'lifecycle.instructions', state: 'no' },
    { client: 'alpha', feature: 'tools.result.structuredContent', state: 'no' },
    { client: 'alpha', feature: 'tools.annotations', state: 'yes' },
    {
      client: 'alpha',
      feature: 'tools.name.constraints',
      state: 'partial',
      rename: { form: 'mcp__{server}__{tool}', maxLength: 64 },
    },
    { client: 'beta', feature: 'lifecycle.instructions', state: 'yes' },
    { client: 'beta', feature: 'tools.result.structuredContent', state: 'yes', caveat: 'As JSON text.' },
  ],
};

describe('readServerInput', () => {
  test('reads the parts the check needs, unwrapping JSON-RPC responses', () => {
    const read = readServerInput({ ...input, initialize: { jsonrpc: '2.0', id: 0, result: input.initialize } });
    expect(read.ok && read.server).toMatchObject({
      name: 'acme',
      instructions: 'Use acme for builds.',
      listChanged: true,
      tools: [
        { name: longName, readOnly: true, destructive: false },
        { name: 'delete_build', readOnly: false, destructive: true },
        { name: 'stats', hasOutputSchema: true },
      ],
      results: [{ tool: 'stats', text: false, structured: true }],
    });
  });

  test('names each bad part by its path', () => {
    expect(readServerInput({ initialize: [], tools: { tools: [{}] }, uses: ['telepathy'], extra: 1 })).toEqual({
      ok: false,
      problems: [
        {
          path: '$.extra',
          message: 'unknown part "extra": expected one of initialize, tools, prompts, resources, results, uses',
        },
        { path: '$.initialize', message: 'expected the initialize result (an object with "capabilities" and "serverInfo")' },
        { path: '$.tools.tools[0].name', message: 'expected a tool with a non-empty "name"' },
        { path: '$.uses[0]', message: 'expected one of roots, sampling, elicitation.form, elicitation.url, got "telepathy"' },
      ],
    });
  });
});

describe('checkServer', () => {
  const [alpha, beta] = checkServer(server(), data);

  test('a client that drops instructions and structuredContent, prefixes names past its limit and gates unmarked tools', () => {
    const byFeature = (feature: string) =>
      alpha?.findings.filter((finding) => finding.feature === feature).map((f) => [f.kind, f.finding]);
    expect(byFeature('lifecycle.instructions')).toEqual([
      ['loss', 'your `instructions` never reach the model: say what matters in tool descriptions too'],
    ]);
    expect(byFeature('tools.result.structuredContent')).toEqual([
      [
        'loss',
        '`structuredContent` with no text from `stats`: this client passes only text, so the model receives nothing of those results',
      ],
    ]);
    expect(byFeature('tools.name.constraints')).toEqual([
      ['loss', `\`${longName}\` becomes \`mcp__acme__${longName}\` (71 characters), over this client's limit of 64`],
    ]);
    expect(byFeature('tools.annotations')).toEqual([
      [
        'loss',
        'not marked `readOnlyHint: true`: `delete_build`; this client runs such tools only after approval (a non-interactive session refuses them)',
      ],
      ['fine', `marked read-only, which this client acts on: \`${longName}\`, \`stats\``],
    ]);
  });

  test('unknown stays unknown, never fine', () => {
    const unknown = beta?.findings.filter((finding) => finding.kind === 'unknown').map((finding) => finding.feature);
    expect(unknown).toEqual([
      'tools.call',
      'tools.outputSchema.toModel',
      'tools.annotations',
      'tools.annotations',
      'tools.listChanged',
      'tools.name.constraints',
    ]);
    expect(beta?.findings.find((finding) => finding.feature === 'tools.name.constraints')?.finding).toBe(
      `not yet observed for this client: how it prefixes and limits tool names (over 40 characters: \`${longName}\`)`,
    );
    expect(beta?.findings.find((finding) => finding.feature === 'tools.call')?.finding).toBe('not yet observed for Beta: tools');
  });

  test('a yes with a caveat says the caveat; every finding links its feature row', () => {
    expect(beta?.findings.find((finding) => finding.feature === 'tools.result.structuredContent')).toEqual({
      client: 'beta',
      feature: 'tools.result.structuredContent',
      kind: 'fine',
      finding: 'the model receives the `structuredContent` of `stats` (As JSON text)',
      evidence: '/features/tools/result/structuredContent#beta',
    });
  });

  test('a loss anywhere is a loss; a server that sends nothing a rule covers has no findings', () => {
    expect(hasLoss([alpha!, beta!])).toBe(true);
    expect(hasLoss([beta!])).toBe(false);
    const bare = readServerInput({ initialize: { capabilities: {}, serverInfo: { name: 'x' } } });
    expect(bare.ok && checkServer(bare.server, data).flatMap((report) => report.findings)).toEqual([]);
  });

  test('feature paths follow FORMAT.md', () => {
    expect(featurePath('server-requests.elicitation.url')).toBe('/features/server-requests/elicitation/url');
  });
});
