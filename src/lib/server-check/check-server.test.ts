import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  checkServer,
  defaultServerName,
  featurePath,
  hasLoss,
  type CheckClient,
  type CheckData,
  type Finding,
} from './check-server.ts';
import { readServerInput, type ServerDescription } from './server-input.ts';
import type { NameRun } from '../evidence/tool-names.ts';

const longName = 'search_every_issue_comment_and_pull_request_review_in_an_org';

/** An example server: instructions, a 60-character tool name, structuredContent without text, a read-only and a destructive tool. */
const input = {
  initialize: {
    protocolVersion: '2025-11-25',
    capabilities: { tools: { listChanged: true } },
    serverInfo: { name: 'acme', version: '1.0.0' },
    instructions: 'Use acme for builds.',
  },
  tools: {
    tools: [
      { name: longName, title: 'Search', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      {
        name: 'delete_build',
        inputSchema: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]+$' } }, required: ['id'] },
        annotations: { destructiveHint: true },
      },
      { name: 'stats', inputSchema: { type: 'object' }, outputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
    ],
  },
  results: { stats: { content: [], structuredContent: { builds: 3 } } },
};

const read = (value: unknown): ServerDescription => {
  const result = readServerInput(value);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.server;
};

const run = (overrides: Partial<NameRun> = {}): NameRun => ({
  from: '2.1.300',
  to: '2.1.332',
  captured: ['2.1.300', '2.1.332'],
  captures: ['c'],
  api: 'anthropic-messages',
  name: 'mcp__{server}__{tool}',
  reach: 'definition',
  longest: 34,
  ...overrides,
});

const client = (id: string, overrides: Partial<CheckClient> = {}): CheckClient => ({
  client: id,
  name: id[0]?.toUpperCase() + id.slice(1),
  core: false,
  toolNames: [],
  ...overrides,
});

/** Every feature the rules read has a cell somewhere, so each has a page to link. */
const published = [
  'lifecycle.instructions',
  'tools.call',
  'tools.annotations',
  'tools.title.toModel',
  'tools.result.structuredContent',
  'tools.inputSchema.unchanged',
  'extensions.tasks',
  'utilities.pagination',
].map((feature) => ({ client: 'nobody', feature, state: 'unknown' as const }));

const data: CheckData = {
  clients: [
    client('beta'),
    client('alpha', { toolNames: [run({ keywords: { dropped: ['pattern'], kept: ['properties', 'required', 'type'] } })] }),
    client('gamma', { core: true }),
    client('delta', { core: true, toolNames: [run({ api: 'openai-responses', namespace: 'mcp__{server}', name: '{tool}' })] }),
  ],
  cells: [
    ...published,
    { client: 'alpha', feature: 'lifecycle.instructions', state: 'no' },
    { client: 'alpha', feature: 'tools.result.structuredContent', state: 'no' },
    { client: 'alpha', feature: 'tools.title.toModel', state: 'no' },
    { client: 'alpha', feature: 'tools.inputSchema.unchanged', state: 'no' },
    { client: 'beta', feature: 'lifecycle.instructions', state: 'yes' },
    { client: 'beta', feature: 'tools.result.structuredContent', state: 'yes' },
    { client: 'delta', feature: 'tools.annotations', state: 'yes' },
    { client: 'delta', feature: 'lifecycle.instructions', state: 'yes' },
    { client: 'delta', feature: 'tools.call', state: 'yes' },
  ],
};

const of = (reports: ReturnType<typeof checkServer>, id: string) =>
  reports.find((report) => report.client === id)?.findings ?? [];
const said = (findings: readonly Finding[], feature: string) =>
  findings.filter((finding) => finding.feature === feature).map((finding) => [finding.kind, finding.finding]);

describe('readServerInput', () => {
  test('reads the parts the check needs, unwrapping JSON-RPC responses', () => {
    expect(read({ ...input, initialize: { jsonrpc: '2.0', id: 0, result: input.initialize } })).toMatchObject({
      name: 'acme',
      instructions: 'Use acme for builds.',
      listChanged: true,
      toolPages: 'one',
      tools: [
        { name: longName, readOnly: true, requiresArguments: false, keywords: ['type'] },
        {
          name: 'delete_build',
          readOnly: false,
          requiresArguments: true,
          keywords: ['pattern', 'properties', 'required', 'type'],
        },
        { name: 'stats', hasOutputSchema: true },
      ],
      results: [{ tool: 'stats', text: false, structured: true }],
    });
  });

  test('a list in pages, a first page alone, task support and authorization metadata', () => {
    const page = (name: string, cursor?: string) => ({
      jsonrpc: '2.0',
      id: 1,
      result: {
        tools: [{ name, inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } }],
        ...(cursor ? { nextCursor: cursor } : {}),
      },
    });
    expect(read({ initialize: input.initialize, tools: [page('a', 'x'), page('b')] })).toMatchObject({
      toolPages: 'several',
      tools: [{ name: 'a', taskSupport: 'required' }, { name: 'b' }],
    });
    expect(read({ initialize: input.initialize, tools: page('a', 'x') }).toolPages).toBe('first');
    expect(
      read({
        initialize: input.initialize,
        auth: {
          protectedResource: { resource: 'https://x', scopes_supported: ['repo'] },
          authorizationServer: { registration_endpoint: 'https://x/r', code_challenge_methods_supported: ['S256'] },
        },
      }).auth,
    ).toEqual({
      protectedResource: true,
      scopes: ['repo'],
      authorizationServer: { registration: true, clientIdMetadataDocument: false, pkceS256: true },
      metadataOnlyIn401: false,
      oidcOnly: false,
      stepUp: false,
    });
  });

  test('names each bad part by its path', () => {
    expect(
      readServerInput({ initialize: [], tools: { tools: [{}] }, uses: ['telepathy'], auth: { realm: 1 }, extra: 1 }),
    ).toEqual({
      ok: false,
      problems: [
        {
          path: '$.extra',
          message: 'unknown part "extra": expected one of initialize, tools, prompts, resources, results, uses, auth',
        },
        { path: '$.initialize', message: 'expected the initialize result (an object with "capabilities" and "serverInfo")' },
        { path: '$.tools.tools[0].name', message: 'expected a tool with a non-empty "name"' },
        { path: '$.uses[0]', message: 'expected one of roots, sampling, elicitation.form, elicitation.url, got "telepathy"' },
        {
          path: '$.auth.realm',
          message:
            'unknown part "realm": expected protectedResource, authorizationServer, registration, metadataOnlyIn401, oidcOnly, stepUp',
        },
      ],
    });
  });
});

describe('checkServer', () => {
  const reports = checkServer(read(input), data);

  test('clients that lose something lead, then core clients (those with evidence first), then the rest', () => {
    expect(reports.map((report) => report.client)).toEqual(['alpha', 'delta', 'gamma', 'beta']);
  });

  test('a client that drops instructions and structuredContent loses them; titles are not a finding', () => {
    const alpha = of(reports, 'alpha');
    expect(said(alpha, 'lifecycle.instructions')).toEqual([
      ['lost', 'your `instructions` never reach the model: say what matters in tool descriptions too'],
    ]);
    expect(said(alpha, 'tools.result.structuredContent')).toEqual([
      [
        'lost',
        'the sample results of `stats` carry `structuredContent` and no text: this client passes only text to the model, so the model receives nothing of them',
      ],
    ]);
    expect(alpha.some((finding) => finding.feature === 'tools.title.toModel')).toBe(false);
    expect(alpha[0]?.kind).toBe('lost');
  });

  test('a tool with an outputSchema returns structuredContent: a client passing only text is told the text must carry the same data', () => {
    const typed = checkServer(read({ ...input, results: undefined }), data);
    expect(said(of(typed, 'alpha'), 'tools.result.structuredContent')).toEqual([
      [
        'risk',
        '`stats` returns `structuredContent` (an `outputSchema` says so): this client passes only the text content to the model, so the text must carry the same data',
      ],
    ]);
  });

  test('a write tool in a client that acts on annotations is gated, not lost, and gated alone exits 0', () => {
    const delta = of(reports, 'delta');
    expect(said(delta, 'tools.annotations')).toEqual([
      [
        'gated',
        'not marked `readOnlyHint: true`, so this client runs them only after the user approves (a non-interactive run refuses them): `delete_build`',
      ],
    ]);
    expect(hasLoss([{ findings: delta }])).toBe(false);
    expect(hasLoss(reports)).toBe(true);
  });

  test("a tool name past the client's model API limit is named, with the name the model would get and what to keep it to", () => {
    expect(said(of(reports, 'alpha'), 'tools.name.constraints')).toEqual([
      [
        'risk',
        `1 tool name passes the 64 characters the Anthropic Messages API accepts once 2.1.300–2.1.332 makes it \`mcp__{server}__{tool}\` with the server named \`acme\` in its settings: \`${longName}\` → \`mcp__acme__${longName}\` (71); no capture shows this client shortening a name (the longest it passed had 34), so keep tool names to 53 characters or ask users for a shorter server name`,
      ],
    ]);
    // The Responses API states no limit: nothing to pass.
    expect(said(of(reports, 'delta'), 'tools.name.constraints')).toEqual([
      ['fine', '2.1.300–2.1.332 names your tools `mcp__{server}` › `{tool}` with the server named `acme` in its settings'],
    ]);
    // No run, and a name long enough to pass 64 under the longest prefix seen: not known.
    expect(said(of(reports, 'beta'), 'tools.name.constraints')).toEqual([
      ['unknown', 'not yet observed: how the client names tools for its model'],
    ]);
    // A shorter server name keeps it within the limit.
    expect(said(of(checkServer(read(input), data, { serverName: 'a' }), 'alpha'), 'tools.name.constraints')[0]?.[0]).toBe('risk');
    expect(
      said(
        of(checkServer(read({ ...input, tools: { tools: input.tools.tools.slice(1) } }), data), 'alpha'),
        'tools.name.constraints',
      ),
    ).toEqual([
      [
        'fine',
        '2.1.300–2.1.332 names your tools `mcp__{server}__{tool}` with the server named `acme` in its settings: the longest, `mcp__acme__delete_build`, has 23 of the 64 characters the Anthropic Messages API accepts',
      ],
    ]);
  });

  test('a client the lab saw drop a long-named tool loses the long tools of the same kind', () => {
    const dropping = checkServer(read(input), {
      ...data,
      clients: [
        client('alpha', {
          toolNames: [
            run({
              pastLimit: [
                { tool: 'x'.repeat(68), length: 79, fate: 'dropped' },
                { tool: 'y'.repeat(54), length: 65, fate: 'truncated', as: 'mcp__lab__'.padEnd(64, 'y') },
              ],
            }),
          ],
        }),
      ],
    });
    const found = of(dropping, 'alpha').filter((finding) => finding.feature === 'tools.name.constraints');
    // The 60-character name is within 64 alone: it is cut as the lab's 54-character one was, not dropped.
    expect(found.map((finding) => finding.kind)).toEqual(['fine']);
    expect(found[0]?.finding).toContain(`\`${longName}\` → \`mcp__acme__${longName}\``.slice(0, 40));
    const longer = checkServer(
      read({ ...input, tools: { tools: [{ name: `${longName}_and_more`, inputSchema: { type: 'object' } }] } }),
      {
        ...data,
        clients:
          dropping.length === 0
            ? []
            : [client('alpha', { toolNames: [run({ pastLimit: [{ tool: 'x'.repeat(68), length: 79, fate: 'dropped' }] })] })],
      },
    );
    expect(of(longer, 'alpha').find((finding) => finding.feature === 'tools.name.constraints')?.kind).toBe('lost');
    expect(hasLoss(longer)).toBe(true);
  });

  test('a bridge: the model reaches tools by name through the client’s own tool, so no name limit applies', () => {
    const bridged = checkServer(read(input), {
      ...data,
      clients: [client('alpha', { toolNames: [run({ from: '0.24.4', to: '0.24.4', api: 'openai-chat', reach: 'bridge' })] })],
    });
    expect(said(of(bridged, 'alpha'), 'tools.name.constraints')).toEqual([
      [
        'fine',
        "in 0.24.4 the model reaches your tools by name through the client's own tool (as `mcp__{server}__{tool}`), so no limit on tool names applies",
      ],
    ]);
  });

  test('dropped schema keywords name the tools that use them; keywords about the schema document are no finding', () => {
    expect(said(of(reports, 'alpha'), 'tools.inputSchema.unchanged')).toEqual([
      [
        'risk',
        'the model does not receive `pattern` in input schemas, which `delete_build` uses: check those constraints in your server',
      ],
    ]);
    const meta = read({
      initialize: input.initialize,
      tools: { tools: [{ name: 'x', inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' } }] },
    });
    const dropsMeta = client('alpha', { toolNames: [run({ keywords: { dropped: ['$schema'], kept: ['type'] } })] });
    expect(said(checkServer(meta, { ...data, clients: [dropsMeta] })[0]?.findings ?? [], 'tools.inputSchema.unchanged')).toEqual([
      ['fine', 'the model receives `type` in your input schemas as sent'],
    ]);
  });

  test('tools that require a task are lost on a client that does not call tools as tasks; a list in pages on one that reads the first', () => {
    const tasks = read({
      initialize: input.initialize,
      tools: [
        {
          tools: [{ name: 'research', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } }],
          nextCursor: '2',
        },
        { tools: [{ name: 'later', inputSchema: { type: 'object' } }] },
      ],
    });
    const findings = of(
      checkServer(tasks, {
        ...data,
        cells: [
          ...data.cells,
          { client: 'beta', feature: 'extensions.tasks', state: 'no' },
          { client: 'beta', feature: 'utilities.pagination', state: 'no' },
        ],
      }),
      'beta',
    );
    expect(said(findings, 'extensions.tasks')).toEqual([
      [
        'lost',
        '`research` requires a task (`execution.taskSupport: "required"`), and this client does not call tools as tasks: it cannot use it',
      ],
    ]);
    expect(said(findings, 'utilities.pagination')).toEqual([
      ['lost', 'the client reads only the first page of `tools/list`: the tools on later pages never reach it'],
    ]);
  });

  test('authorization metadata: a client that runs no OAuth loses a server that requires it; one that registers only dynamically is a risk where the server offers more', () => {
    const auth = read({
      initialize: input.initialize,
      auth: {
        protectedResource: {
          resource: 'https://mcp.example',
          authorization_servers: ['https://as.example'],
          scopes_supported: ['repo'],
        },
        authorizationServer: {
          issuer: 'https://as.example',
          client_id_metadata_document_supported: true,
          code_challenge_methods_supported: ['S256'],
        },
      },
    });
    const cells = (client: string, states: Record<string, 'yes' | 'no'>) =>
      Object.entries(states).map(([feature, state]) => ({ client, feature, state }));
    const reports = checkServer(auth, {
      clients: [client('alpha'), client('beta')],
      cells: [
        ...cells('alpha', { 'auth.oauth': 'no', 'auth.protectedResourceMetadata': 'no' }),
        ...cells('beta', {
          'auth.oauth': 'yes',
          'auth.registration.cimd': 'no',
          'auth.registration.dcr': 'no',
          'auth.pkce.s256': 'yes',
          'auth.scope': 'yes',
        }),
      ],
    });
    expect(said(of(reports, 'alpha'), 'auth.oauth')).toEqual([
      ['lost', 'the client does not run OAuth: it cannot connect to a server that requires it'],
    ]);
    expect(of(reports, 'beta').map((finding) => [finding.feature, finding.kind])).toEqual([
      ['auth.registration.cimd', 'risk'],
      ['auth.oauth', 'fine'],
      ['auth.pkce.s256', 'fine'],
      ['auth.scope', 'fine'],
      ['auth.protectedResourceMetadata', 'unknown'],
    ]);
    // No registration endpoint offered: dynamic registration is no finding.
    expect(reports.flatMap((report) => report.findings).some((finding) => finding.feature === 'auth.registration.dcr')).toBe(
      false,
    );
  });

  test('unknown stays unknown, never fine; a feature the data has no cell of gives no finding (it has no page)', () => {
    const gamma = of(reports, 'gamma');
    expect(gamma.every((finding) => finding.kind === 'unknown')).toBe(true);
    expect(said(gamma, 'tools.call')).toEqual([['unknown', 'not yet observed: tools']]);
    // listChanged has no cell anywhere in this data: nothing about it, for anyone.
    expect(reports.flatMap((report) => report.findings).some((finding) => finding.feature === 'tools.listChanged')).toBe(false);
  });

  test('every finding links its feature row; paths follow FORMAT.md', () => {
    expect(of(reports, 'beta').find((finding) => finding.feature === 'lifecycle.instructions')?.evidence).toBe(
      '/features/lifecycle/instructions#beta',
    );
    expect(featurePath('server-requests.elicitation.url')).toBe('/features/server-requests/elicitation/url');
  });

  test('the server name assumed is serverInfo.name’s last segment, in characters a client keeps', () => {
    expect(defaultServerName({ name: 'mcp-servers/everything' })).toBe('everything');
    expect(defaultServerName({ name: 'My Server' })).toBe('My-Server');
    expect(defaultServerName({})).toBe('server');
  });
});

describe('the three real servers (tests/fixtures/servers)', () => {
  const fixture = (name: string) =>
    read(JSON.parse(readFileSync(new URL(`../../../tests/fixtures/servers/${name}.json`, import.meta.url), 'utf8')));
  const claude = client('claude-code', { core: true, toolNames: [run()] });
  const gemini = client('gemini-cli', {
    core: true,
    toolNames: [run({ api: 'gemini', name: 'mcp_{server}_{tool}', from: '0.33.0', to: '0.61.0' })],
  });
  const copilot = client('copilot-cli', {
    core: true,
    toolNames: [run({ api: 'openai-chat', name: '{server}-{tool}', from: '1.0.10', to: '1.0.102' })],
  });
  const names = { clients: [claude, gemini, copilot], cells: [] };

  test("GitHub's server, all toolsets: the one name past 64 is named for the clients whose prefix pushes it there", () => {
    const reports = checkServer(fixture('github-all-toolsets'), names);
    const risky = reports.flatMap((report) =>
      report.findings
        .filter((finding) => finding.kind === 'risk')
        .map((finding) => [report.client, finding.finding.match(/`(\w+)` →/)?.[1]]),
    );
    expect(risky).toEqual([
      ['claude-code', 'manage_repository_notification_subscription'],
      ['gemini-cli', 'manage_repository_notification_subscription'],
    ]);
    // Named `github`, as its README has users name it, every tool fits.
    expect(
      checkServer(fixture('github-all-toolsets'), names, { serverName: 'github' })
        .flatMap((report) => report.findings)
        .every((finding) => finding.kind === 'fine'),
    ).toBe(true);
  });

  test("the everything server's task tool is lost where tasks are not; Playwright's write tools are gated where hints are acted on", () => {
    const tasks = checkServer(fixture('everything'), {
      clients: [claude],
      cells: [{ client: 'claude-code', feature: 'extensions.tasks', state: 'no' }],
    });
    expect(tasks[0]?.findings.filter((finding) => finding.kind === 'lost').map((finding) => finding.finding)).toEqual([
      '`simulate-research-query` requires a task (`execution.taskSupport: "required"`), and this client does not call tools as tasks: it cannot use it',
    ]);
    const gated = checkServer(fixture('playwright'), {
      clients: [claude],
      cells: [{ client: 'claude-code', feature: 'tools.annotations', state: 'yes' }],
    });
    expect(gated[0]?.findings.map((finding) => finding.kind)).toEqual(['gated', 'fine']);
    expect(gated[0]?.findings[0]?.finding).toMatch(/^not marked `readOnlyHint: true`.*`browser_click`/);
  });
});
