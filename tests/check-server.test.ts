/**
 * `npm run check-server` through its command: a server's JSON (or the server itself, started and
 * asked over stdio) in, findings grouped by client or as JSON out, with the exit codes scripts read.
 * The published data is a small built site's `data/` folder, written here.
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

const features = [
  {
    feature: 'lifecycle.instructions',
    client: 'alpha',
    state: 'no',
    ranges: [{ from: '1.0.0', state: 'no', fromIsOldestCaptured: true }],
    evidence: 'observed',
    notes: ['n'],
    captures: ['c'],
  },
  {
    feature: 'tools.result.structuredContent',
    client: 'alpha',
    state: 'no',
    ranges: [],
    evidence: 'observed',
    notes: ['n'],
    captures: ['c'],
  },
  {
    feature: 'lifecycle.instructions',
    client: 'beta',
    state: 'yes',
    ranges: [],
    evidence: 'observed',
    notes: ['n'],
    captures: ['c'],
  },
];
const clients = [
  { client: 'alpha', name: 'Alpha', observed: [] },
  { client: 'beta', name: 'Beta', observed: [] },
];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'canimcp-check-server-'));
  site = path.join(dir, 'site');
  await mkdir(path.join(site, 'data'), { recursive: true });
  await writeFile(path.join(site, 'data/features.json'), JSON.stringify(features));
  await writeFile(path.join(site, 'data/clients.json'), JSON.stringify(clients));
  await writeFile(path.join(site, 'data/matrix.json'), '[]');
  await writeFile(path.join(dir, 'server.json'), JSON.stringify(exampleServer, null, 2));
  await writeFile(path.join(dir, 'broken.json'), '{\n  "initialize": {\n    "capabilities": {},\n  }\n}\n');
  await writeFile(path.join(dir, 'shape.json'), JSON.stringify({ initialize: {}, tools: { tools: [{ title: 'x' }] } }));
  // A real server of the official SDK, listing the example's tools as they are, to be started and asked.
  const sdk = (file: string) => JSON.stringify(path.join(repoRoot, 'node_modules/@modelcontextprotocol/sdk/dist/esm', file));
  await writeFile(
    path.join(dir, 'server.mjs'),
    `import { Server } from ${sdk('server/index.js')};
import { StdioServerTransport } from ${sdk('server/stdio.js')};
import { ListToolsRequestSchema } from ${sdk('types.js')};
const server = new Server(${JSON.stringify(exampleServer.initialize.serverInfo)}, {
  capabilities: ${JSON.stringify(exampleServer.initialize.capabilities)},
  instructions: ${JSON.stringify(exampleServer.initialize.instructions)},
});
server.setRequestHandler(ListToolsRequestSchema, async () => (${JSON.stringify(exampleServer.tools)}));
await server.connect(new StdioServerTransport());
`,
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const checkServer = async (...args: string[]) => {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.join(repoRoot, 'src/cli/check-server.ts'), ...args, '--site', site],
      { cwd: dir },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

describe('npm run check-server', () => {
  test('a file: findings per client as JSON, exit 1 for a loss', async () => {
    const { code, stdout } = await checkServer('server.json', '--format', 'json');
    expect(code).toBe(1);
    const findings = JSON.parse(stdout) as { client: string; feature: string; kind: string; evidence: string }[];
    expect(
      findings.filter((finding) => finding.client === 'alpha' && finding.kind === 'loss').map((finding) => finding.feature),
    ).toEqual(['lifecycle.instructions', 'tools.result.structuredContent']);
    expect(findings.find((finding) => finding.client === 'beta' && finding.feature === 'lifecycle.instructions')).toMatchObject({
      kind: 'fine',
      evidence: '/features/lifecycle/instructions#beta',
    });
    // Every feature nobody has a cell for is unknown, never fine.
    expect(
      findings
        .filter((finding) => finding.client === 'beta' && finding.feature === 'tools.result.structuredContent')
        .map((f) => f.kind),
    ).toEqual(['unknown']);
  });

  test('grouped by client for a person, with absolute evidence links', async () => {
    const { stdout } = await checkServer('server.json');
    expect(stdout).toMatch(
      /^Alpha \(alpha\): 2 loss, \d+ unknown\n {2}loss {4}lifecycle\.instructions: your `instructions` never reach the model/,
    );
    expect(stdout).toContain('          https://canimcp.io/features/lifecycle/instructions#alpha');
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

  test('a running server, started and asked over stdio, gives the same findings as its JSON', async () => {
    const asked = await checkServer('--format', 'json', '--run', process.execPath, 'server.mjs');
    // The file form, less the sample results (a server cannot be asked for those).
    await writeFile(path.join(dir, 'listed.json'), JSON.stringify({ ...exampleServer, results: undefined }));
    const listed = await checkServer('listed.json', '--format', 'json');
    expect(asked.stderr).toBe('');
    expect(JSON.parse(asked.stdout)).toEqual(JSON.parse(listed.stdout));
    expect(asked.code).toBe(1);
  });
});
