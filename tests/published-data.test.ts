/**
 * Both commands that read the project's built site (`check-server` and `data-package`) refuse a
 * `dist/` that was built from other content than the project's, and say whose data it holds; a
 * site named with `--site` is read as it is. `OUT_DIR` stands in for the project's `dist/`.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { repoRoot } from '../src/node/paths.ts';

const run = promisify(execFile);
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'canimcp-published-'));
  await mkdir(path.join(dir, 'site', 'data'), { recursive: true });
  const clients = [
    {
      client: 'alpha',
      name: 'Alpha',
      observed: [
        {
          version: '1.0.0',
          clientInfo: null,
          transport: 'stdio',
          path: 'cli',
          face: 'session',
          capture: 'alpha-1',
          capturedAt: '2026-12-01T00:00:00Z',
        },
      ],
    },
  ];
  await writeFile(path.join(dir, 'site', 'data', 'clients.json'), JSON.stringify(clients));
  await writeFile(path.join(dir, 'site', 'data', 'features.json'), '[]');
  await writeFile(path.join(dir, 'site', 'data', 'matrix.json'), '[]');
  await writeFile(
    path.join(dir, 'site', 'data', 'notes.json'),
    JSON.stringify({ site: 'https://fixture.example', generated: '2026-11-30', notes: [] }),
  );
  await writeFile(path.join(dir, 'server.json'), JSON.stringify({ initialize: { capabilities: {}, serverInfo: { name: 'x' } } }));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const command = async (script: string, args: string[]) => {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(repoRoot, 'src/cli', script), ...args], {
      cwd: dir,
      env: { ...process.env, OUT_DIR: path.join(dir, 'site') },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
};

const refusal =
  /^error: site was built from other content than the project's \(its data names 1 clients and 1 captures, .*content\/ has \d+ clients and \d+ captures; its data: https:\/\/fixture\.example, generated 2026-11-30\): run npm run build to build the project's own, or give --site for the site you mean\n$/;

test.each([
  ['check-server.ts', ['server.json'], 2],
  ['data-package.ts', ['--out', 'package'], 1],
])('%s refuses a dist/ built from other content', async (script, args, code) => {
  const result = await command(script, args);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(refusal);
  expect(result.code).toBe(code);
});

test('a site named on purpose is read as it is', async () => {
  const result = await command('check-server.ts', ['server.json', '--site', path.join(dir, 'site')]);
  expect(result.code).toBe(0);
  expect(result.stdout).toContain('Data: https://fixture.example, generated 2026-11-30.');
});
