/**
 * `npm run check-server` through its command: a server's JSON (or the server itself, started and
 * asked over stdio) in, findings grouped by client or as JSON out, with the exit codes scripts read.
 * The published data is a small built site's `data/` folder, written here; the project's own `dist/`
 * is stood in for by `OUT_DIR`.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exampleServer } from '../src/lib/server-check/example.ts';
import { repoRoot } from '../src/node/paths.ts';

const run = promisify(execFile);
let dir = '';
let site = '';

const cell = (feature: string, client: string, state: string) => ({
  feature,
  client,
  state,
  ranges: [],
  evidence: 'observed',
  notes: ['n'],
  captures: ['c'],
});
const features = [
  cell('lifecycle.instructions', 'alpha', 'no'),
  cell('tools.result.structuredContent', 'alpha', 'no'),
  cell('lifecycle.instructions', 'beta', 'yes'),
  cell('tools.annotations', 'beta', 'yes'),
  cell('tools.call', 'beta', 'yes'),
  // Sign-in: Alpha's captures show neither a client registered beforehand nor a metadata document; Beta signs in as one registered beforehand.
  {
    ...cell('auth.registration.preregistered', 'alpha', 'no'),
    ranges: [{ from: '0.9.0', to: '0.9.0', state: 'no', captured: ['0.9.0'] }],
  },
  {
    ...cell('auth.registration.cimd', 'alpha', 'no'),
    ranges: [{ from: '0.9.0', to: '0.9.0', state: 'no', captured: ['0.9.0'] }],
  },
  {
    ...cell('auth.registration.preregistered', 'beta', 'yes'),
    ranges: [{ from: '1.0.0', to: '1.2.0', state: 'yes', captured: ['1.0.0', '1.2.0'] }],
  },
];
const clients = [
  { client: 'alpha', name: 'Alpha', observed: [] },
  {
    client: 'beta',
    name: 'Beta',
    core: true,
    observed: [],
    toolNames: [
      {
        from: '1.0.0',
        to: '1.2.0',
        captured: ['1.0.0', '1.2.0'],
        api: 'anthropic-messages',
        name: 'mcp__{server}__{tool}',
        reach: 'definition',
        longest: 30,
        captures: ['c'],
      },
    ],
  },
];

/** A real server of the official SDK, listing the example's tools; `--extra` lists one more, and a read-only tool answers without text. */
const serverModule = (sdk: (file: string) => string) => `import { Server } from ${sdk('server/index.js')};
import { StdioServerTransport } from ${sdk('server/stdio.js')};
import { CallToolRequestSchema, ListToolsRequestSchema } from ${sdk('types.js')};
if (process.argv.includes('--fail')) {
  console.error('boom: GITHUB_PERSONAL_ACCESS_TOKEN not set');
  process.exit(1);
}
const tools = ${JSON.stringify(exampleServer.tools.tools)};
if (process.argv.includes('--extra')) tools.push({ name: 'extra_tool', inputSchema: { type: 'object' } });
const server = new Server(${JSON.stringify(exampleServer.initialize.serverInfo)}, {
  capabilities: ${JSON.stringify(exampleServer.initialize.capabilities)},
  instructions: ${JSON.stringify(exampleServer.initialize.instructions)},
});
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (request) =>
  request.params.name === 'build_status' ? { content: [], structuredContent: { running: 2 } } : { content: [{ type: 'text', text: 'no' }], isError: true },
);
await server.connect(new StdioServerTransport());
`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'canimcp-check-server-'));
  site = path.join(dir, 'site');
  await mkdir(path.join(site, 'data'), { recursive: true });
  await writeFile(path.join(site, 'data/features.json'), JSON.stringify(features));
  await writeFile(path.join(site, 'data/clients.json'), JSON.stringify(clients));
  await writeFile(path.join(site, 'data/matrix.json'), '[]');
  await writeFile(
    path.join(site, 'data/notes.json'),
    JSON.stringify({ site: 'https://example.test', generated: '2026-12-06', notes: [] }),
  );
  await writeFile(path.join(dir, 'server.json'), JSON.stringify(exampleServer, null, 2));
  await writeFile(path.join(dir, 'listed.json'), JSON.stringify({ ...exampleServer, results: undefined }));
  await writeFile(
    path.join(dir, 'auth.json'),
    JSON.stringify({
      initialize: exampleServer.initialize,
      auth: { authorizationServer: { issuer: 'https://as.example', code_challenge_methods_supported: ['S256'] } },
    }),
  );
  await writeFile(path.join(dir, 'broken.json'), '{\n  "initialize": {\n    "capabilities": {},\n  }\n}\n');
  await writeFile(path.join(dir, 'shape.json'), JSON.stringify({ initialize: {}, tools: { tools: [{ title: 'x' }] } }));
  const sdk = (file: string) => JSON.stringify(path.join(repoRoot, 'node_modules/@modelcontextprotocol/sdk/dist/esm', file));
  await writeFile(path.join(dir, 'server.mjs'), serverModule(sdk));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const command = async (args: string[], env: Record<string, string> = {}) => {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(repoRoot, 'src/cli/check-server.ts'), ...args], {
      cwd: dir,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};
const checkServer = (...args: string[]) => command(['--site', site, ...args]);

interface Shown {
  client: string;
  feature: string;
  kind: string;
  evidence: string;
  finding: string;
}

describe('npm run check-server', () => {
  test('a file: findings per client as JSON, the kinds FORMAT.md names, exit 1 for a loss', async () => {
    const { code, stdout, stderr } = await checkServer('server.json', '--format', 'json');
    expect(code).toBe(1);
    // Whose data it read goes to standard error, so the JSON stays clean.
    expect(stderr).toContain('Data: https://example.test, generated 2026-12-06.');
    const findings = JSON.parse(stdout) as Shown[];
    expect(
      findings.filter((finding) => finding.client === 'alpha' && finding.kind === 'lost').map((finding) => finding.feature),
    ).toEqual(['lifecycle.instructions', 'tools.result.structuredContent']);
    // A write tool in a client that acts on annotations is gated, not lost.
    expect(findings.find((finding) => finding.client === 'beta' && finding.feature === 'tools.annotations')).toMatchObject({
      kind: 'gated',
      evidence: '/features/tools/annotations#beta',
    });
    expect(new Set(findings.map((finding) => finding.kind))).toEqual(new Set(['lost', 'gated', 'risk', 'fine', 'unknown']));
    // Titles are for display: never a finding.
    expect(findings.some((finding) => finding.feature === 'tools.title.toModel')).toBe(false);
  });

  test('for a person: whose data, what was checked, losses first, one link per finding, unknowns on one line', async () => {
    const { stdout } = await checkServer('server.json');
    const lines = stdout.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      "Checked `builds`: 3 tools, instructions, 1 sample result (tool names as for a server named `builds` in a client's settings).",
      'Data: https://example.test, generated 2026-12-06.',
      '',
      'One client of the 2 with evidence drops something this server sends: Alpha.',
    ]);
    expect(stdout.indexOf('Alpha (alpha)')).toBeLessThan(stdout.indexOf('Beta (beta, core)'));
    expect(stdout).toContain(
      '  lost   lifecycle.instructions: your `instructions` never reach the model: say what matters in tool descriptions too\n         https://canimcp.io/features/lifecycle/instructions#alpha',
    );
    expect(stdout).toMatch(/\n {2}unknown not yet observed: tools \(tools\.call\), tool annotations \(tools\.annotations\)/);
    // The tool name past 64 once Beta puts its prefix on it.
    expect(stdout).toContain(
      '`search_every_issue_comment_and_pull_request_review_in_an_org` → `mcp__builds__search_every_issue_comment_and_pull_request_review_in_an_org` (73)',
    );
  });

  test('--server-name: tool names as for the name users give the server', async () => {
    const { stdout } = await checkServer('server.json', '--server-name', 'b');
    expect(stdout).toContain('`mcp__b__search_every_issue_comment_and_pull_request_review_in_an_org` (68)');
  });

  test('authorization: neither DCR nor CIMD offered, the client with no yes for a client registered beforehand cannot sign in; --auth states the ways', async () => {
    const signIns = (stdout: string) =>
      (JSON.parse(stdout) as (Shown & { known?: string; version?: string })[]).filter((finding) =>
        finding.feature.startsWith('auth.registration.'),
      );
    const neither = await checkServer('auth.json', '--format', 'json');
    expect(neither.code).toBe(1);
    expect(signIns(neither.stdout)).toEqual([
      {
        client: 'alpha',
        feature: 'auth.registration.preregistered',
        finding:
          'the client cannot sign in: your authorization server offers only a client registered beforehand, and the client uses none of them (auth.registration.preregistered: no, observed at 0.9.0)',
        evidence: '/features/auth/registration/preregistered#alpha',
        kind: 'lost',
        known: 'observed',
        version: '0.9.0',
      },
      expect.objectContaining({ client: 'beta', kind: 'fine', known: 'observed', version: '1.2.0' }),
    ]);
    const cimd = await checkServer('auth.json', '--format', 'json', '--auth', 'cimd');
    expect(signIns(cimd.stdout).map((finding) => [finding.client, finding.feature, finding.kind])).toEqual([
      ['alpha', 'auth.registration.cimd', 'lost'],
      ['beta', 'auth.registration.cimd', 'unknown'],
    ]);
    const human = await checkServer('auth.json', '--auth', 'cimd,preregistered');
    expect(human.stdout).toContain('  lost   auth.registration.cimd: the client cannot sign in');
    expect(await checkServer('auth.json', '--auth', 'sso')).toMatchObject({ code: 2, stdout: '' });
    expect((await checkServer('auth.json', '--auth', 'sso')).stderr).toContain('--auth: unknown word "sso"');
  });

  test('bad JSON names the file, line and column; a bad shape names the part; both exit 2', async () => {
    expect(await checkServer('broken.json')).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'broken.json:4:3: expected a property name in double quotes, found "}"\n',
    });
    const shape = await checkServer('shape.json');
    expect(shape.code).toBe(2);
    expect(shape.stderr).toBe(
      'shape.json: $.initialize.capabilities: expected an object\nshape.json: $.tools.tools[0].name: expected a tool with a non-empty "name"\n',
    );
  });

  test('--run: the server started and asked over stdio, its safe tools called, gives the findings of its JSON with their results', async () => {
    const asked = await checkServer('--format', 'json', '--run', process.execPath, 'server.mjs');
    const listed = await checkServer('listed.json', '--format', 'json');
    const file = await checkServer('server.json', '--format', 'json');
    // build_status is read-only and takes no argument: called, its structured result checked as the file's sample is.
    expect(asked.stderr).toContain(
      'Called 1 tool(s) marked read-only with no required argument, for their results: build_status.',
    );
    expect(JSON.parse(asked.stdout)).toEqual(JSON.parse(file.stdout));
    expect(JSON.parse(asked.stdout)).not.toEqual(JSON.parse(listed.stdout));
    expect(asked.code).toBe(1);
  });

  test("--run passes the server's own flags on, with no `--` needed", async () => {
    const { code, stdout, stderr } = await checkServer('--format', 'json', '--run', process.execPath, 'server.mjs', '--extra');
    expect(stderr).not.toContain('Unknown option');
    expect(code).toBe(1);
    expect(stdout).toContain('extra_tool');
    const dashed = await checkServer('--format', 'json', '--run', '--', process.execPath, 'server.mjs', '--extra');
    expect(dashed.stdout).toBe(stdout);
  });

  test('--run shows the standard error of a server that fails, and exits 2', async () => {
    const { code, stderr } = await checkServer('--run', process.execPath, 'server.mjs', '--fail');
    expect(code).toBe(2);
    expect(stderr).toContain('the server exited (1) before it answered');
    expect(stderr).toContain('boom: GITHUB_PERSONAL_ACCESS_TOKEN not set');
  });

  test("the project's dist/ built from other content is refused, saying whose data it is", async () => {
    const { code, stdout, stderr } = await command(['server.json'], { OUT_DIR: site });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /^error: .*site was built from other content than the project's \(its data names 2 clients and 0 captures, .* has \d+ clients and \d+ captures; its data: https:\/\/example\.test, generated 2026-12-06\): run npm run build to build the project's own, or give --site for the site you mean\n$/,
    );
  });
});
