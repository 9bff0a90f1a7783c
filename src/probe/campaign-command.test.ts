/**
 * The campaign, offline: a tiny npm registry on loopback publishes a scripted client (a packument and
 * a tarball per version), the content folder is a copy of the minimal fixture site (fast-agent
 * captured up to 0.3.10), and the kit is a module of the test's own. The campaign must find the
 * releases newer than 0.3.10, resume past the one its state file says is done, install the other
 * from the registry, capture it in the sandbox, prune the install, date the release in content and
 * print a pull request body naming the cells the capture changes. No real client, no network.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { runCampaign } from './campaign-command.ts';
import { readCapture } from './read-capture.ts';

// Completes a handshake with whatever server its configuration names, lists the tools, and exits.
const scriptedClient = `#!/usr/bin/env node
const { spawn } = require('node:child_process');
const { readFileSync } = require('node:fs');
const config = JSON.parse(readFileSync(process.env.HOME + '/.fake/config.json', 'utf8'));
const server = spawn(config.command, config.args, { stdio: ['pipe', 'pipe', 'inherit'] });
let buffer = '';
server.stdout.on('data', (chunk) => {
  buffer += chunk;
  for (let at = buffer.indexOf('\\n'); at >= 0; at = buffer.indexOf('\\n')) {
    const message = JSON.parse(buffer.slice(0, at));
    buffer = buffer.slice(at + 1);
    if (message.id === 0) {
      server.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\\n');
      server.stdin.write('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}\\n');
    } else if (message.id === 1) {
      server.stdin.end();
      server.kill('SIGTERM');
      process.exit(0);
    }
  }
});
server.stdin.write('{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"scripted","version":"1"}}}\\n');
`;

const kitModule = `export const kit = {
  client: 'fast-agent',
  package: 'fake-mcp-client',
  bin: 'fake-mcp-client',
  transports: ['stdio'],
  server: ({ home, server }) => ({ files: [{ path: home + '/.fake/config.json', json: server.launch }] }),
  faces: [{ name: 'scripted', args: () => [], speaks: 'a scripted test client', session: false, cannotShow: 'anything' }],
  timeLimit: 20,
  cannotShow: 'anything: it is a test',
};
`;

const times: Record<string, string> = {
  created: '2026-01-01T00:00:00.000Z',
  '0.3.10': '2026-11-01T10:00:00.000Z',
  '0.3.11': '2026-11-20T10:00:00.000Z',
  '0.4.0': '2026-12-01T12:34:56.000Z',
};

// The registry runs as a process of its own: the lab installs with a synchronous npm, which would
// block a server in the test's own process.
const registryServer = `
const { createServer } = require('node:http');
const { appendFileSync, existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const [dir, log] = process.argv.slice(2);
const server = createServer((request, response) => {
  const url = decodeURIComponent(request.url);
  appendFileSync(log, url + '\\n');
  const file = url === '/fake-mcp-client' ? path.join(dir, 'packument.json') : path.join(dir, path.basename(url));
  if (!url.startsWith('/fake-mcp-client') || !existsSync(file)) {
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{"error":"not found"}');
    return;
  }
  response.writeHead(200, { 'content-type': url.endsWith('.tgz') ? 'application/octet-stream' : 'application/json' });
  response.end(readFileSync(file));
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

let root: string;
let registryProcess: ChildProcess;
let registry = '';
const requested = (): string[] => {
  const log = path.join(root, 'requests.log');
  return existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
    : [];
};
const saved = { ...process.env };

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'probe-campaign-'));
  const served = path.join(root, 'registry');
  mkdirSync(served, { recursive: true });
  writeFileSync(path.join(root, 'registry.cjs'), registryServer);
  registryProcess = spawn(process.execPath, [path.join(root, 'registry.cjs'), served, path.join(root, 'requests.log')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) =>
    registryProcess.stdout?.once('data', (chunk) => resolve(String(chunk).trim())),
  );
  registry = `http://127.0.0.1:${port}`;
  // A tarball per version (package/package.json and the scripted client as its bin), and the packument.
  const versions: Record<string, unknown> = {};
  for (const version of ['0.3.10', '0.3.11', '0.4.0']) {
    const folder = path.join(root, 'packages', version, 'package');
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      path.join(folder, 'package.json'),
      JSON.stringify({ name: 'fake-mcp-client', version, bin: { 'fake-mcp-client': 'client.js' } }),
    );
    writeFileSync(path.join(folder, 'client.js'), scriptedClient, { mode: 0o755 });
    const file = path.join(served, `fake-mcp-client-${version}.tgz`);
    execFileSync('tar', ['-czf', file, '-C', path.dirname(folder), 'package']);
    const bytes = readFileSync(file);
    versions[version] = {
      name: 'fake-mcp-client',
      version,
      bin: { 'fake-mcp-client': 'client.js' },
      dist: {
        tarball: `${registry}/fake-mcp-client/-/fake-mcp-client-${version}.tgz`,
        shasum: createHash('sha1').update(bytes).digest('hex'),
        integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
      },
    };
  }
  writeFileSync(
    path.join(served, 'packument.json'),
    JSON.stringify({
      name: 'fake-mcp-client',
      'dist-tags': { latest: '0.4.0' },
      versions,
      time: { ...times, modified: times['0.4.0'] },
    }),
  );

  cpSync(path.join(import.meta.dirname, '../../tests/fixtures/minimal'), path.join(root, 'content'), { recursive: true });
  writeFileSync(path.join(root, 'kit.mjs'), kitModule);
  process.env['CONTENT_DIR'] = path.join(root, 'content');
  process.env['CANIMCP_LAB_CACHE'] = path.join(root, 'lab');
  process.env['npm_config_registry'] = `${registry}/`;
  process.env['npm_config_cache'] = path.join(root, 'npm-cache');
  process.env['npm_config_update_notifier'] = 'false';
});

afterAll(() => {
  process.env = saved;
  registryProcess.kill();
});

/** Runs the campaign with stdout collected. */
const campaign = async (args: string[]): Promise<{ code: number; stdout: string }> => {
  const chunks: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    chunks.push(String(chunk));
    return true;
  });
  const log = vi.spyOn(console, 'log').mockImplementation((...items) => void chunks.push(`${items.join(' ')}\n`));
  try {
    return { code: await runCampaign(args), stdout: chunks.join('') };
  } finally {
    write.mockRestore();
    log.mockRestore();
  }
};

test('--dry-run lists the releases newer than the newest captured and installs nothing', async () => {
  const { code, stdout } = await campaign([
    'fast-agent',
    '--kit-file',
    path.join(root, 'kit.mjs'),
    '--dry-run',
    '--out',
    path.join(root, 'dry'),
  ]);
  expect(code).toBe(0);
  expect(stdout).toBe('fast-agent: newest captured 0.3.10; would run 0.3.11, 0.4.0 (2 runs: the handshake)\n');
  expect(requested().some((url) => url.endsWith('.tgz'))).toBe(false);
}, 60_000);

test('a campaign installs the new release from the registry, captures it, prunes it and proposes the changed cells', async () => {
  const out = path.join(root, 'run');
  mkdirSync(out, { recursive: true });
  // An interrupted campaign had done 0.3.11 already: the state file says so, and it is not run again.
  writeFileSync(
    path.join(out, 'state.json'),
    JSON.stringify({
      started: '2026-12-07T15:00:00.000Z',
      runs: { 'fast-agent@0.3.11#handshake': { status: 'done', captures: [], seconds: 1 } },
      skipped: {},
      seconds: {},
    }),
  );
  const captures = path.join(root, 'content', 'captures');
  const before = new Set(readdirSync(captures));
  const { code, stdout } = await campaign(['fast-agent', '--kit-file', path.join(root, 'kit.mjs'), '--out', out]);
  expect(code).toBe(0);

  const added = readdirSync(captures).filter((name) => !before.has(name));
  expect(added).toHaveLength(1);
  const { capture, problems } = readCapture(path.join(captures, added[0] ?? ''), new Set(['fast-agent', 'hermes-agent']));
  expect(problems).toEqual([]);
  expect(capture?.header).toMatchObject({ client: 'fast-agent', version: '0.4.0', package: 'fake-mcp-client' });
  expect(capture?.events.at(-1)?.kind).toBe('lifecycle');
  expect(requested()).toContain('/fake-mcp-client/-/fake-mcp-client-0.4.0.tgz');
  expect(requested()).not.toContain('/fake-mcp-client/-/fake-mcp-client-0.3.11.tgz');
  // The install is pruned once its runs are done; the release list dates the new version in content.
  expect(existsSync(path.join(root, 'lab', 'fake-mcp-client@0.4.0'))).toBe(false);
  const releases = JSON.parse(readFileSync(path.join(root, 'content', 'releases', 'fast-agent.json'), 'utf8')) as {
    registry: string;
    versions: Record<string, string>;
  };
  expect(releases.registry).toBe('npm');
  expect(releases.versions['0.4.0']).toBe('2026-12-01T12:34:56Z');

  const state = JSON.parse(readFileSync(path.join(out, 'state.json'), 'utf8')) as { runs: Record<string, { status: string }> };
  expect(Object.keys(state.runs).sort()).toEqual(['fast-agent@0.3.11#handshake', 'fast-agent@0.4.0#handshake']);
  expect(state.runs['fast-agent@0.4.0#handshake']?.status).toBe('done');

  // The pull request body: the report's row, and the cell the capture changes (the fixture says partial).
  expect(stdout).toContain('| fast-agent | 0.3.10 | 0.3.11, 0.4.0 | 2 | 1 | 0 |');
  expect(stdout).toContain('## Verdict changes the captures propose');
  expect(stdout).toMatch(/\| `fast-agent` × feature `lifecycle\.serverDiscover` \| yes \| no \(0\.4\.0\) \| `[^`]+` \|/);
  // Each run prints its capture's path as `run` does; the body comes last, and is kept in the out folder.
  expect(stdout.endsWith(readFileSync(path.join(out, 'pull-request.md'), 'utf8'))).toBe(true);
  expect(readdirSync(path.join(out, 'drafts'))).toEqual([`${capture?.id ?? ''}.md`]);
}, 120_000);

test('a release that will not install is tried once: its other runs are not run, each saying why', async () => {
  // 0.4.1 is published, but its tarball is not served: npm cannot install it.
  const packument = path.join(root, 'registry', 'packument.json');
  const served = JSON.parse(readFileSync(packument, 'utf8')) as { versions: Record<string, { dist: { tarball: string } }> };
  const published = served.versions['0.4.0'];
  writeFileSync(
    packument,
    JSON.stringify({
      ...served,
      'dist-tags': { latest: '0.4.1' },
      versions: {
        ...served.versions,
        '0.4.1': {
          ...published,
          version: '0.4.1',
          dist: {
            // Bytes no cache holds (npm would take 0.4.0's tarball from its cache by integrity).
            tarball: `${registry}/fake-mcp-client/-/fake-mcp-client-0.4.1.tgz`,
            integrity: `sha512-${createHash('sha512').update('0.4.1 is not served').digest('base64')}`,
          },
        },
      },
      time: { ...times, '0.4.1': '2026-12-05T10:00:00.000Z', modified: '2026-12-05T10:00:00.000Z' },
    }),
  );
  // A kit with a session face and a model: the handshake and every scenario are runs of each release.
  writeFileSync(
    path.join(root, 'session-kit.mjs'),
    kitModule
      .replace('session: false', 'session: true')
      .replace('timeLimit: 20,', "timeLimit: 20,\n  model: { api: 'openai-chat', setup: () => ({}) },"),
  );
  const out = path.join(root, 'unpublished');
  mkdirSync(out, { recursive: true });
  const said: string[] = [];
  const errors = vi.spyOn(console, 'error').mockImplementation((...items) => void said.push(items.join(' ')));
  try {
    const { code } = await campaign([
      'fast-agent',
      '--kit-file',
      path.join(root, 'session-kit.mjs'),
      '--newest',
      '1',
      '--out',
      out,
    ]);
    // A campaign with a failed run says so in its exit code.
    expect(code).toBe(1);
  } finally {
    errors.mockRestore();
  }
  expect(said.filter((line) => line.startsWith('probe: installing fake-mcp-client@0.4.1 '))).toHaveLength(1);
  const state = JSON.parse(readFileSync(path.join(out, 'state.json'), 'utf8')) as {
    runs: Record<string, { status: string; reason?: string }>;
  };
  const runs = Object.entries(state.runs).filter(([key]) => key.startsWith('fast-agent@0.4.1#'));
  expect(runs.length).toBeGreaterThan(2);
  expect(runs.every(([, run]) => run.status === 'failed')).toBe(true);
  const [first, ...rest] = runs;
  expect(first?.[1].reason).toMatch(/^installing fake-mcp-client@0\.4\.1 from npm: /);
  for (const [key, run] of rest) expect(run.reason, key).toBe(`not run: ${first?.[1].reason ?? ''}`);
}, 120_000);
