/**
 * The data package as a server author gets it: `npm run data-package` on the project's own built
 * site, the tarball installed into a scratch project with npm, and `lookup` called there, in plain
 * Node and type-checked by TypeScript against the package's own declarations.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { repoRoot } from '../src/node/paths.ts';
import type { FeatureCell } from '../src/lib/cells/feature-cells.ts';
import { stateAt } from '../src/lib/cells/version-state.ts';
import { compareVersions } from '../src/lib/evidence/versions.ts';
import { mainDist, requireDist } from './support/site.ts';

const run = promisify(execFile);
let dir = '';
let tarball = '';

const npm = (args: string[], cwd: string) => {
  const cli = process.env['npm_execpath'];
  return cli?.endsWith('.js') ? run(process.execPath, [cli, ...args], { cwd }) : run('npm', args, { cwd });
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'canimcp-data-package-'));
  const { stdout } = await run(
    process.execPath,
    [path.join(repoRoot, 'src/cli/data-package.ts'), '--site', requireDist(mainDist), '--out', path.join(dir, 'package')],
    {
      cwd: repoRoot,
    },
  );
  tarball = stdout.trim().split('\n').at(-1) ?? '';
  const scratch = path.join(dir, 'scratch');
  await mkdir(scratch, { recursive: true });
  await writeFile(path.join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  await npm(['install', '--offline', '--no-audit', '--no-fund', tarball], scratch);
}, 240_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const callLookup = async (seen: unknown) => {
  const { stdout } = await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { lookup } from 'canimcp-data'; console.log(JSON.stringify(lookup(${JSON.stringify(seen)})));`,
    ],
    {
      cwd: path.join(dir, 'scratch'),
    },
  );
  return JSON.parse(stdout) as {
    client: string;
    version: string;
    versionKnown: boolean;
    extrapolatedFrom?: string;
    features: Record<string, string>;
    evidence: Record<string, string>;
  } | null;
};

const publishedCells = async (client: string) =>
  (JSON.parse(await readFile(path.join(mainDist, 'data/features.json'), 'utf8')) as FeatureCell[]).filter(
    (cell) => cell.client === client,
  );

/** Claude Code's newest captured release, as the published clients list says, and the release after it (its last number plus one). */
const claudeCode = (() => {
  const clients = JSON.parse(readFileSync(path.join(requireDist(mainDist), 'data/clients.json'), 'utf8')) as {
    client: string;
    observed: { version: string }[];
  }[];
  const versions = clients.find((entry) => entry.client === 'claude-code')?.observed.map((seen) => seen.version) ?? [];
  const newest = versions.reduce((best, version) => ((compareVersions(version, best) ?? 0) > 0 ? version : best), '0');
  const next = newest.replace(/\d+$/, (last) => String(Number(last) + 1));
  return { newest, next };
})();

describe('the data package', () => {
  test('the last line is the tarball, named for the site and its data day', () => {
    expect(path.basename(tarball)).toMatch(/^canimcp-data-0\.\d{8}\.0\.tgz$/);
  });

  test.each([
    ['claude-code', '2.1.332', 'claude-code'],
    ['codex-mcp-client', '0.171.0', 'codex'],
  ])('lookup maps clientInfo %s %s to %s and its feature states at that version', async (name, version, client) => {
    const result = await callLookup({ clientInfo: { name, version } });
    const cells = (JSON.parse(await readFile(path.join(mainDist, 'data/features.json'), 'utf8')) as FeatureCell[]).filter(
      (cell) => cell.client === client,
    );
    expect(result?.client).toBe(client);
    expect(result?.version).toBe(version);
    expect(Object.keys(result?.features ?? {}).sort()).toEqual(cells.map((cell) => cell.feature).sort());
    // A cell no capture decides has no runs: its state is its verdict's, and evidence says how it is known.
    for (const cell of cells) {
      const observed = cell.evidence === undefined || cell.evidence === 'observed';
      const state = observed ? stateAt(cell, version) : cell.state;
      expect(result?.features[cell.feature], cell.feature).toBe(state);
      expect(result?.evidence[cell.feature], cell.feature).toBe(state === 'unknown' ? undefined : cell.evidence);
    }
    // The version was captured, so some feature is known at it.
    expect(Object.values(result?.features ?? {}).some((state) => state !== 'unknown')).toBe(true);
  });

  // The done-when inputs of issue 39, on the project's own data: each as the wire shows it.
  test.each([
    [
      'opencode over stdio (Kilo Code CLI 7.0.33 sent the same name)',
      { name: 'opencode', version: '1.18.33' },
      'opencode',
      true,
      undefined,
    ],
    ['Copilot CLI 1.0.102, the clientInfo it sends', { name: 'copilot-cli', version: '1.0.102' }, 'copilot-cli', true, undefined],
    [
      "Qwen Code's name with the server's after it",
      { name: 'qwen-cli-mcp-client-github', version: '0.0.1' },
      'qwen-code',
      false,
      '0.24.4',
    ],
    [
      `Claude Code ${claudeCode.next}, newer than any captured (${claudeCode.newest})`,
      { name: 'claude-code', version: claudeCode.next },
      'claude-code',
      true,
      claudeCode.newest,
    ],
  ])('lookup: %s', async (_, clientInfo, client, versionKnown, extrapolatedFrom) => {
    const result = await callLookup({ clientInfo });
    expect(result).toMatchObject({ client, version: clientInfo.version, versionKnown });
    expect(result?.extrapolatedFrom).toBe(extrapolatedFrom);
    const cells = await publishedCells(client);
    const at = extrapolatedFrom ?? clientInfo.version;
    for (const cell of cells) expect(result?.features[cell.feature], cell.feature).toBe(stateAt(cell, at));
    expect(Object.values(result?.features ?? {}).filter((state) => state !== 'unknown').length).toBeGreaterThan(20);
  });

  test("the matrix and the feature cells rest on one verdict: no feature a declaration shows is unknown under a capability's no", async () => {
    const features = JSON.parse(await readFile(path.join(mainDist, 'data/features.json'), 'utf8')) as FeatureCell[];
    const matrix = JSON.parse(await readFile(path.join(mainDist, 'data/matrix.json'), 'utf8')) as {
      client: string;
      capability?: string;
      state: string;
    }[];
    const declared = [
      'server-requests.roots',
      'server-requests.sampling',
      'server-requests.elicitation.form',
      'server-requests.elicitation.url',
      'extensions.tasks',
    ];
    const capabilityOf = (feature: string) => (feature === 'extensions.tasks' ? 'tasks' : (feature.split('.')[1] ?? ''));
    const disagree = features.filter(
      (cell) =>
        declared.includes(cell.feature) &&
        cell.state === 'unknown' &&
        matrix.some((row) => row.client === cell.client && row.capability === capabilityOf(cell.feature) && row.state === 'no'),
    );
    expect(disagree.map((cell) => `${cell.client} ${cell.feature}`)).toEqual([]);
  });

  test('a client it does not know is null', async () => {
    expect(await callLookup({ clientInfo: { name: 'no-such-client', version: '1.0.0' } })).toBeNull();
  });

  test("its declarations type-check a server's use of it, and refuse a wrong one", async () => {
    const scratch = path.join(dir, 'scratch');
    await writeFile(
      path.join(scratch, 'use.ts'),
      `import { lookup, features, type FeatureState } from 'canimcp-data';
const seen = lookup({ clientInfo: { name: 'claude-code', version: '2.1.332' }, userAgent: 'x' });
const state: FeatureState | undefined = seen?.features['tools.call'];
const first: string | undefined = features[0]?.feature;
export { state, first };
`,
    );
    await writeFile(
      path.join(scratch, 'wrong.ts'),
      `import { lookup } from 'canimcp-data';\nexport const n: number = lookup({ clientInfo: { name: 1 } });\n`,
    );
    const tsc = (file: string) =>
      run(
        process.execPath,
        [
          path.join(repoRoot, 'node_modules/typescript/bin/tsc'),
          '--noEmit',
          '--strict',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--target',
          'es2022',
          '--skipLibCheck',
          'false',
          file,
        ],
        {
          cwd: scratch,
        },
      );
    await expect(tsc('use.ts')).resolves.toBeDefined();
    await expect(tsc('wrong.ts')).rejects.toMatchObject({ stdout: expect.stringContaining('wrong.ts') as unknown });
  });
});
