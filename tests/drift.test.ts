/**
 * `npm run drift` run as a user runs it, on a small content folder whose sources live in local git
 * repositories (a `--rewrite` maps their GitHub URLs there) and whose registry is a fake `npm` on
 * PATH, so nothing leaves the machine: moved, changed, gone and unchanged lines, an unreachable
 * repository, stale verdicts (observed ones first), the three formats, the exit codes and `--write`.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCheck } from '../src/node/check.ts';
import { repoRoot } from '../src/node/paths.ts';
import { DriftReport } from '../src/schema/drift.ts';
import { TEST_BUILD_DATE } from './support/site.ts';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

let work: string;
let content: string;
let bin: string;
let pinned: string;
let upstreams: string;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();

const numbered = (from: number, to: number, prefix = 'line') =>
  Array.from({ length: to - from + 1 }, (_, index) => `${prefix} ${from + index}`).join('\n') + '\n';

const capture = path.join(repoRoot, 'tests/fixtures/minimal/captures/fast-agent-0-3-10-observe-http.jsonl');

/** A content folder: one client with a package and versioned verdicts, one note with pinned sources. */
const writeContent = async (dir: string, sources: string, options: { capture?: boolean } = {}) => {
  for (const folder of ['research', 'clients', 'revisions', 'capabilities', 'captures'])
    await mkdir(path.join(dir, folder), { recursive: true });
  await writeFile(
    path.join(dir, 'revisions/2025-11-25.md'),
    '---\nreleased: "2025-11-25"\nstatus: final\nera: handshake\n---\n\nA revision.\n',
  );
  await writeFile(
    path.join(dir, 'capabilities/tools.md'),
    "---\ntitle: Tools\ndescription: Listing and calling a server's tools.\n---\n\nTools.\n",
  );
  await writeFile(
    path.join(dir, 'clients/fast-agent.md'),
    [
      '---',
      'name: fast-agent',
      'homepage: https://example.com/fast-agent',
      'package: fast-agent-mcp',
      'support:',
      '  - revision: 2025-11-25',
      '    state: yes',
      '    notes: [pinned-note]',
      '    version: "0.3.10"',
      '  - capability: tools',
      '    state: yes',
      '    notes: [pinned-note]',
      '    version: "0.4.0"',
      '---',
      '',
      'A client.',
      '',
    ].join('\n'),
  );
  let captureSource = '';
  if (options.capture) {
    await copyFile(capture, path.join(dir, 'captures/fast-agent-0-3-10-observe-http.jsonl'));
    const sha = createHash('sha256')
      .update(await readFile(capture))
      .digest('hex');
    captureSource = `  - capture: fast-agent-0-3-10-observe-http\n    sha256: ${sha}\n    title: A capture\n    date: 2026-11-20\n`;
  }
  await writeFile(
    path.join(dir, 'research/pinned-note.md'),
    `---\nid: pinned-note\ntitle: A note with pinned sources\nkind: support\nsummary: A note.\ncapabilities: [tools]\nclients: [fast-agent]\nspecVersions: [2025-11-25]\nsources:\n${sources}${captureSource}status: current\nlastVerified: 2026-11-01\n---\n\nBody.\n`,
  );
};

const source = (repo: string, path: string, commit = pinned) =>
  `  - url: https://github.com/${repo}\n    title: ${path}\n    commit: ${commit}\n    path: "${path}"\n    date: 2026-11-01\n`;

/** Runs the command's script with a fake npm first on PATH and the GitHub URLs mapped to local repositories. */
const drift = (dir: string, args: string[], env: Record<string, string> = {}): Promise<Run> =>
  new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [
        path.join(repoRoot, 'src/cli/drift.ts'),
        '--cache',
        path.join(work, 'cache'),
        '--rewrite',
        `https://github.com/=file://${upstreams}/`,
        '--timeout',
        '20',
        ...args,
      ],
      {
        cwd: work,
        env: {
          ...process.env,
          PATH: `${bin}${path.delimiter}${process.env['PATH'] ?? ''}`,
          CONTENT_DIR: dir,
          BUILD_DATE: TEST_BUILD_DATE,
          DEBUG: '',
          ...env,
        },
      },
      (_error, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }),
    );
  });

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'canimcp-drift-'));
  upstreams = path.join(work, 'upstreams');
  const repo = path.join(upstreams, 'o', 'r');
  await mkdir(repo, { recursive: true });
  git(repo, 'init', '--quiet');
  git(repo, 'config', 'uploadpack.allowFilter', 'true');
  await writeFile(path.join(repo, 'same.py'), numbered(1, 10));
  await writeFile(path.join(repo, 'moves.py'), numbered(1, 10));
  await writeFile(path.join(repo, 'changes.py'), numbered(1, 10));
  await writeFile(path.join(repo, 'goes.py'), numbered(1, 10));
  git(repo, 'add', '-A');
  git(repo, 'commit', '--quiet', '-m', 'pinned');
  pinned = git(repo, 'rev-parse', 'HEAD');
  await writeFile(path.join(repo, 'same.py'), numbered(1, 10) + 'appended\n');
  await writeFile(path.join(repo, 'moves.py'), 'new 1\nnew 2\nnew 3\n' + numbered(1, 10));
  await writeFile(path.join(repo, 'changes.py'), numbered(1, 4) + 'line 5, rewritten\n' + numbered(6, 10));
  await rm(path.join(repo, 'goes.py'));
  git(repo, 'add', '-A');
  git(repo, 'commit', '--quiet', '-m', 'later');

  // A fake npm: what `npm view <package> dist-tags time --json` prints, and a failure for any other package.
  bin = path.join(work, 'bin');
  await mkdir(bin);
  const fake = path.join(bin, 'npm');
  await writeFile(
    fake,
    `#!/bin/sh
if [ "$1" = view ] && [ "$2" = fast-agent-mcp ]; then
  echo '{"dist-tags":{"latest":"0.4.0"},"time":{"0.3.10":"2026-10-01T00:00:00.000Z","0.4.0":"2026-11-20T10:00:00.000Z"}}'
  exit 0
fi
if [ "$2" = unreachable-pkg ]; then
  echo 'npm error code ECONNREFUSED' >&2
  exit 1
fi
echo "unexpected npm call: $*" >&2
exit 9
`,
  );
  await chmod(fake, 0o755);
  content = path.join(work, 'content');
  await writeContent(
    content,
    source('o/r', 'same.py:2-4') +
      source('o/r', 'moves.py:2-4') +
      source('o/r', 'changes.py:4-6') +
      source('o/r', 'goes.py:1-2') +
      source('o/nowhere', 'x.py:1') +
      source('o/r', 'same.py:1-2, 9; moves.py:5'),
    { capture: true },
  );
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('npm run drift', () => {
  test('lists the stale verdict, the moved, changed and gone lines and the unreachable repository, at their lines', async () => {
    const run = await drift(content, []);
    expect(run.stdout.trim().split('\n')).toEqual([
      'content/clients/fast-agent.md:9:5: re-capture: fast-agent · revision 2025-11-25 was observed on 0.3.10; newest release 0.4.0 (published 2026-11-20)',
      `content/research/pinned-note.md:15:5: source lines moved upstream, unchanged: https://github.com/o/r at ${pinned.slice(0, 12)}: moves.py:2-4 moved to 5-7`,
      `content/research/pinned-note.md:20:5: source changed upstream: https://github.com/o/r at ${pinned.slice(0, 12)}: changes.py:4-6 changed`,
      `content/research/pinned-note.md:25:5: source gone upstream: https://github.com/o/r at ${pinned.slice(0, 12)}: goes.py:1-2 gone from the default branch`,
      expect.stringMatching(
        new RegExp(
          `^content/research/pinned-note\\.md:30:5: source unreachable: https://github\\.com/o/nowhere at ${pinned.slice(0, 12)}: .+`,
        ),
      ),
      `content/research/pinned-note.md:35:5: source lines moved upstream, unchanged: https://github.com/o/r at ${pinned.slice(0, 12)}: moves.py:5 moved to 8`,
    ]);
    expect(run.stderr).toContain('1 verdict older than the newest release (1 to re-capture)');
    expect(run.stderr).toContain('2 of 6 pinned sources changed upstream, 2 moved, 1 unchanged; 1 unreachable');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    // Stale (1) and unreachable (2) at once.
    expect(run.status).toBe(3);
  });

  test('--format json prints the report, every source classified, valid against its schema', async () => {
    const run = await drift(content, ['--format', 'json']);
    const report = DriftReport.parse(JSON.parse(run.stdout));
    expect(report.checked).toBe(TEST_BUILD_DATE);
    expect(report.releases).toEqual([
      {
        client: 'fast-agent',
        package: 'fast-agent-mcp',
        version: '0.4.0',
        date: '2026-11-20',
        at: { file: 'content/clients/fast-agent.md', line: 4, column: 1 },
      },
    ]);
    expect(report.verdicts.map((verdict) => [verdict.column, verdict.version, verdict.evidence])).toEqual([
      ['2025-11-25', '0.3.10', 'observed'],
    ]);
    expect(
      report.sources.map((item) => [item.path, item.status, item.files.map((file) => [file.status, file.now ?? ''])]),
    ).toEqual([
      ['same.py:2-4', 'unchanged', [['unchanged', '']]],
      ['moves.py:2-4', 'moved', [['moved', '5-7']]],
      ['changes.py:4-6', 'changed', [['changed', '']]],
      ['goes.py:1-2', 'gone', [['gone', '']]],
      ['x.py:1', 'unreachable', []],
      [
        'same.py:1-2, 9; moves.py:5',
        'moved',
        [
          ['unchanged', ''],
          ['unchanged', ''],
          ['moved', '8'],
        ],
      ],
    ]);
    expect(run.status).toBe(3);
  });

  test('--format github prints workflow annotations on the lines', async () => {
    const run = await drift(content, ['--format', 'github']);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      '::warning file=content/clients/fast-agent.md,line=9,col=5,title=drift::re-capture: fast-agent · revision 2025-11-25 was observed on 0.3.10; newest release 0.4.0 (published 2026-11-20)',
    );
    expect(lines[1]).toMatch(
      /^::notice file=content\/research\/pinned-note\.md,line=15,col=5,title=drift::source lines moved upstream/,
    );
    expect(lines.filter((line) => line.startsWith('::warning'))).toHaveLength(4);
  });

  test('exits 0 when nothing is stale, a second run fetching the cached clone', async () => {
    const dir = path.join(work, 'fresh');
    await writeContent(dir, source('o/r', 'same.py:2-4') + source('o/r', 'moves.py:2-4'));
    // The verdict of 0.3.10 is stale: bring it up to the newest release.
    const client = path.join(dir, 'clients/fast-agent.md');
    await writeFile(client, (await readFile(client, 'utf8')).replace('"0.3.10"', '"0.4.0"'));
    const first = await drift(dir, []);
    expect(first.stdout).toContain('moves.py:2-4 moved to 5-7');
    expect(first.stderr).toContain('0 verdicts older than the newest release');
    expect(first.status).toBe(0);
    const again = await drift(dir, []);
    expect(again.status).toBe(0);
  });

  test('exits 1 when something is stale and everything was reachable, and a verdict not observed is no re-capture', async () => {
    const dir = path.join(work, 'stale');
    await writeContent(dir, source('o/r', 'changes.py:5'));
    const run = await drift(dir, []);
    expect(run.stdout).toContain(
      'stale/clients/fast-agent.md:9:5: fast-agent · revision 2025-11-25 was checked on 0.3.10; newest release 0.4.0',
    );
    expect(run.stdout).toContain('changes.py:5 changed');
    expect(run.status).toBe(1);
  });

  test('exits 2 when only a registry or a repository could not be reached, and says which', async () => {
    const dir = path.join(work, 'unreachable');
    await writeContent(dir, source('o/nowhere', 'x.py:1'));
    const client = path.join(dir, 'clients/fast-agent.md');
    await writeFile(client, (await readFile(client, 'utf8')).replace('package: fast-agent-mcp', 'package: unreachable-pkg'));
    const run = await drift(dir, []);
    expect(run.stdout).toContain(
      'unreachable/clients/fast-agent.md:4:1: registry unreachable: unreachable-pkg: npm error code ECONNREFUSED',
    );
    expect(run.stdout).toMatch(/pinned-note\.md:10:5: source unreachable: https:\/\/github\.com\/o\/nowhere/);
    expect(run.status).toBe(2);
  });

  test('a git call that takes too long is stopped and reported as unreachable', async () => {
    const dir = path.join(work, 'slow');
    await writeContent(dir, source('slow/repo', 'x.py:1'));
    // A "host" on this machine that takes the connection and never answers.
    const sockets = new Set<Socket>();
    const server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const run = await drift(dir, ['--timeout', '0.1', '--rewrite', `https://github.com/slow/=http://127.0.0.1:${port}/`]);
      expect(run.stdout).toMatch(
        /source unreachable: https:\/\/github\.com\/slow\/repo at \w+: git clone .* took longer than 1 s/,
      );
      // Unreachable, whatever the fake registry managed in so short a limit.
      expect((run.status ?? 0) & 2).toBe(2);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('--write writes the report into the content folder, whole', async () => {
    const dir = path.join(work, 'write');
    await writeContent(dir, source('o/r', 'changes.py:4-6'));
    const run = await drift(dir, ['--write']);
    expect(run.stderr).toContain(`wrote ${path.relative(work, path.join(dir, 'drift.json'))}`);
    const report = DriftReport.parse(JSON.parse(await readFile(path.join(dir, 'drift.json'), 'utf8')));
    expect(report.sources.map((item) => item.status)).toEqual(['changed']);
    expect(report.verdicts.map((item) => item.version)).toEqual(['0.3.10']);
  });

  test('a stale feature verdict is written with its axis and column, and the written report passes npm run check', async () => {
    const dir = path.join(work, 'feature');
    await writeContent(dir, source('o/r', 'same.py:2'));
    await mkdir(path.join(dir, 'features'), { recursive: true });
    await copyFile(
      path.join(repoRoot, 'tests/fixtures/minimal/features/tools.call.md'),
      path.join(dir, 'features/tools.call.md'),
    );
    const client = path.join(dir, 'clients/fast-agent.md');
    await writeFile(
      client,
      (await readFile(client, 'utf8')).replace(
        '---\n\nA client.',
        '  - feature: tools.call\n    state: yes\n    notes: [pinned-note]\n    version: "0.3.10"\n---\n\nA client.',
      ),
    );
    const note = path.join(dir, 'research/pinned-note.md');
    await writeFile(
      note,
      (await readFile(note, 'utf8')).replace('capabilities: [tools]', 'capabilities: [tools]\nfeatures: [tools.call]'),
    );
    const run = await drift(dir, ['--write']);
    expect(run.stdout).toContain('fast-agent · feature tools.call was checked on 0.3.10; newest release 0.4.0');
    const report = DriftReport.parse(JSON.parse(await readFile(path.join(dir, 'drift.json'), 'utf8')));
    expect(report.verdicts.map((item) => [item.axis, item.column, item.version])).toEqual([
      ['revision', '2025-11-25', '0.3.10'],
      ['feature', 'tools.call', '0.3.10'],
    ]);
    const check = await runCheck([], dir);
    expect(check.stdout + check.stderr).toContain('no problems');
    expect(check.code).toBe(0);
  });

  test('--recapture says so, and exits 4 on top, where the probe cannot run', async () => {
    const run = await drift(content, ['--recapture'], { DRIFT_PROBE: path.join(work, 'no-such-probe') });
    expect(run.stderr).toMatch(/^recapture: fast-agent 0\.4\.0: the probe failed \(ENOENT\)/m);
    expect(run.status).toBe(3 + 4);
  });

  test('--recapture runs the probe for the clients to re-capture and prints what the new capture shows', async () => {
    const dir = path.join(work, 'recapture');
    await writeContent(dir, source('o/r', 'same.py:2'), { capture: true });
    const probe = path.join(work, 'probe.mjs');
    // A stand-in for the capture lab: copies the old capture with a new version and offered revision.
    await writeFile(
      probe,
      `import { readFileSync, writeFileSync } from 'node:fs';
const [, , run, client, flag, version] = process.argv;
if (run !== 'run' || flag !== '--version') process.exit(5);
const old = readFileSync(${JSON.stringify(capture)}, 'utf8');
const next = old.replace('"version":"0.3.10"', '"version":"' + version + '"').replaceAll('2025-11-25', '2025-06-18');
writeFileSync(process.env.CONTENT_DIR + '/captures/' + client + '-' + version.replaceAll('.', '-') + '.jsonl', next);
`,
    );
    const run = await drift(dir, ['--recapture'], { DRIFT_PROBE: `${process.execPath} ${probe}` });
    expect(run.stderr).toMatch(/recapture: fast-agent 0\.4\.0: offered .*→/);
    expect(run.status).toBe(1);
  });

  test('--help names the exit codes; a bad option exits 4 with one line', async () => {
    const help = await drift(content, ['--help']);
    expect(help.stdout).toContain('Exit codes');
    expect(help.status).toBe(0);
    const bad = await drift(content, ['--format', 'xml']);
    expect(bad.stderr).toBe('error: --format: expected human, github or json, got "xml"\n');
    expect(bad.status).toBe(4);
  });
});
