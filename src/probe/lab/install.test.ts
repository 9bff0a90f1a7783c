/**
 * The installers of the four registries, through their command lines: what each runs, where it
 * puts the install, and that a finished install is found again without a registry. The registry
 * clients (`npm`, `python3`, `go`, `mvn`) are scripted stand-ins on PATH that record their
 * arguments and lay out what the real ones would, so no test needs a registry.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import {
  failureSummary,
  goCachePath,
  install,
  installSteps,
  stepEnv,
  runningNodeDir,
  isInstalled,
  mavenNewest,
  mavenPom,
  pipNewest,
  prefixOf,
  runtimeFolders,
} from './install.ts';

test('npm installs into a prefix with --no-save, the package at its version and what the harness needs beside it', () => {
  expect(installSteps({ registry: 'npm', package: '@openai/agents', version: '0.20.0', requires: ['zod@4'] }, '/c/p')).toEqual([
    {
      command: 'npm',
      args: ['install', '--prefix', '/c/p', '--no-save', '--no-audit', '--no-fund', '@openai/agents@0.20.0', 'zod@4'],
    },
  ]);
});

test('PyPI makes a venv per version, then pip installs the package pinned with the harness’s packages', () => {
  expect(
    installSteps({ registry: 'pypi', package: 'mcp', version: '2.3.0', requires: ['anthropic==2.17.0'] }, '/c/mcp', 'python3.11'),
  ).toEqual([
    { command: 'python3.11', args: ['-m', 'venv', '/c/mcp'] },
    {
      command: '/c/mcp/bin/python',
      args: ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--quiet', 'mcp==2.3.0', 'anthropic==2.17.0'],
    },
  ]);
});

test('Go downloads the module at its version and builds it in its own folder, into a GOPATH and GOBIN of its own', () => {
  const env = { GOPATH: '/c/g/go', GOBIN: '/c/g/bin', GOMODCACHE: '/c/g/go/pkg/mod', GOFLAGS: '-modcacherw -buildvcs=false' };
  expect(installSteps({ registry: 'go', package: 'github.com/mark3labs/mcphost', version: 'v0.34.0' }, '/c/g')).toEqual([
    { command: 'go', args: ['mod', 'download', 'github.com/mark3labs/mcphost@v0.34.0'], env },
    {
      command: 'go',
      args: ['build', '-o', '/c/g/bin/mcphost', '.'],
      env,
      cwd: '/c/g/go/pkg/mod/github.com/mark3labs/mcphost@v0.34.0',
    },
  ]);
  // The module cache spells capitals as ! and the lower-case letter.
  expect(goCachePath('github.com/BurntSushi/toml')).toBe('github.com/!burnt!sushi/toml');
});

test('a Go module built with a dependency raised is built from a copy, the dependency raised there, the module cache left as published', () => {
  const env = { GOPATH: '/c/g/go', GOBIN: '/c/g/bin', GOMODCACHE: '/c/g/go/pkg/mod', GOFLAGS: '-modcacherw -buildvcs=false' };
  const spec = {
    registry: 'go' as const,
    package: 'github.com/mark3labs/mcphost',
    version: 'v0.32.0',
    requires: ['github.com/bytedance/sonic@v1.15.0'],
  };
  expect(installSteps(spec, '/c/g')).toEqual([
    { command: 'go', args: ['mod', 'download', 'github.com/mark3labs/mcphost@v0.32.0'], env },
    { command: 'cp', args: ['-R', '/c/g/go/pkg/mod/github.com/mark3labs/mcphost@v0.32.0', '/c/g/src'] },
    { command: 'chmod', args: ['-R', 'u+w', '/c/g/src'] },
    { command: 'go', args: ['get', 'github.com/bytedance/sonic@v1.15.0'], env, cwd: '/c/g/src' },
    { command: 'go', args: ['build', '-o', '/c/g/bin/mcphost', '.'], env, cwd: '/c/g/src' },
  ]);
});

test('Maven writes a small pom and copies the runtime jars into lib/ through a repository of the install’s own', () => {
  const spec = {
    registry: 'maven' as const,
    package: 'dev.langchain4j:langchain4j-mcp',
    version: '1.18.1-beta28',
    requires: ['dev.langchain4j:langchain4j-open-ai:1.18.1'],
  };
  const [pom, copy] = installSteps(spec, '/c/m');
  expect(pom).toEqual({ path: '/c/m/pom.xml', text: mavenPom(spec) });
  expect(mavenPom(spec)).toContain(
    '<dependency><groupId>dev.langchain4j</groupId><artifactId>langchain4j-mcp</artifactId><version>1.18.1-beta28</version></dependency>',
  );
  expect(mavenPom(spec)).toContain('<artifactId>langchain4j-open-ai</artifactId><version>1.18.1</version>');
  expect(copy).toEqual({
    command: 'mvn',
    args: [
      '-B',
      '-q',
      '-f',
      '/c/m/pom.xml',
      'dependency:copy-dependencies',
      '-DoutputDirectory=/c/m/lib',
      '-DincludeScope=runtime',
      '-Dmaven.repo.local=/c/m/repo',
    ],
  });
  expect(() => mavenPom({ ...spec, requires: ['no-version:here'] })).toThrow(/group:artifact:version/);
  // A bom is imported under dependencyManagement, never a dependency of its own.
  const withBom = mavenPom({ ...spec, requires: ['org.springframework.boot:spring-boot-dependencies:4.0.7:bom'] });
  expect(withBom).toContain(
    '<dependencyManagement>\n  <dependencies>\n    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-dependencies</artifactId><version>4.0.7</version><type>pom</type><scope>import</scope></dependency>\n  </dependencies>\n  </dependencyManagement>',
  );
  expect(withBom.match(/spring-boot-dependencies/g)).toHaveLength(1);
});

test('the newest version is read from pip’s and Maven’s own answers', () => {
  expect(pipNewest('mcp (2.3.0)\nAvailable versions: 2.3.0, 2.2.0\n', 'mcp')).toBe('2.3.0');
  expect(pipNewest('fast-agent-mcp (0.2.36)\n', 'fast-agent-mcp')).toBe('0.2.36');
  expect(pipNewest('WARNING: nothing\n', 'mcp')).toBeUndefined();
  expect(mavenNewest('<versioning><latest>2.0.0-M1</latest><release>1.1.0</release></versioning>')).toBe('1.1.0');
  expect(mavenNewest('<versioning><latest>2.0.0</latest></versioning>')).toBe('2.0.0');
});

const fakeClients = {
  // A venv: bin/python and pyvenv.cfg naming the base interpreter's folder.
  python3: `#!/bin/sh
echo "python3 $*" >> "$LOG"
mkdir -p "$3/bin"
printf '#!/bin/sh\\necho "python $*" >> "$LOG"\\n' > "$3/bin/python"
chmod +x "$3/bin/python"
printf 'home = /opt/base-python/bin\\n' > "$3/pyvenv.cfg"
`,
  go: `#!/bin/sh
echo "go $* GOBIN=$GOBIN" >> "$LOG"
case "$1" in
  mod) mkdir -p "$GOMODCACHE/github.com/mark3labs/mcphost@v0.34.0" ;;
  build) [ "$PWD" = "$GOMODCACHE/github.com/mark3labs/mcphost@v0.34.0" ] && mkdir -p "$GOBIN" && touch "$3" ;;
esac
`,
  mvn: `#!/bin/sh
echo "mvn $*" >> "$LOG"
for arg in "$@"; do case "$arg" in -DoutputDirectory=*) mkdir -p "\${arg#-DoutputDirectory=}";; -Dmaven.repo.local=*) mkdir -p "\${arg#-Dmaven.repo.local=}";; esac; done
`,
  npm: `#!/bin/sh
echo "npm $*" >> "$LOG"
exit 3
`,
};

let dir: string;
const saved = { cache: process.env['CANIMCP_LAB_CACHE'], path: process.env['PATH'], log: process.env['LOG'] };
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'probe-install-'));
  const bin = path.join(dir, 'bin');
  mkdirSync(bin);
  for (const [name, text] of Object.entries(fakeClients)) {
    writeFileSync(path.join(bin, name), text);
    chmodSync(path.join(bin, name), 0o755);
  }
  process.env['CANIMCP_LAB_CACHE'] = path.join(dir, 'cache');
  process.env['PATH'] = `${bin}:${saved.path ?? '/usr/bin:/bin'}`;
  process.env['LOG'] = path.join(dir, 'log');
});
afterEach(() => {
  for (const [name, value] of [
    ['CANIMCP_LAB_CACHE', saved.cache],
    ['PATH', saved.path],
    ['LOG', saved.log],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const log = () => readFileSync(path.join(dir, 'log'), 'utf8').trim().split('\n');

test('a PyPI install runs venv then pip once, writes its marker, and is found again without a registry', () => {
  const prefix = install('mcp', '2.3.0', { registry: 'pypi', requires: ['anthropic==2.17.0'] });
  expect(prefix).toBe(path.join(dir, 'cache', 'pypi', 'mcp@2.3.0'));
  expect(log()).toEqual([
    `python3 -m venv ${prefix}`,
    'python -m pip install --disable-pip-version-check --no-input --quiet mcp==2.3.0 anthropic==2.17.0',
  ]);
  expect(isInstalled({ registry: 'pypi', package: 'mcp', version: '2.3.0', requires: ['anthropic==2.17.0'] }, prefix)).toBe(true);
  // Other packages beside it are another install: the marker says exactly what this one holds.
  expect(isInstalled({ registry: 'pypi', package: 'mcp', version: '2.3.0' }, prefix)).toBe(false);
  install('mcp', '2.3.0', { registry: 'pypi', requires: ['anthropic==2.17.0'] });
  expect(log()).toHaveLength(2);
  // The venv's base interpreter is what a sandboxed run must also see.
  expect(runtimeFolders('pypi', prefix)).toEqual(['/opt/base-python']);
  expect(runtimeFolders('npm', prefix)).toEqual([]);
});

test('Go and Maven installs land under their registry’s folder; Maven keeps the jars and drops its repository', () => {
  const go = install('github.com/mark3labs/mcphost', 'v0.34.0', { registry: 'go' });
  expect(go).toBe(prefixOf('github.com/mark3labs/mcphost', 'v0.34.0', 'go'));
  expect(existsSync(path.join(go, 'bin', 'mcphost'))).toBe(true);
  const maven = install('dev.langchain4j:langchain4j-mcp', '1.18.1-beta28', { registry: 'maven' });
  // A harness's classpath is `<prefix>/lib/*`, and Java splits a classpath on colons.
  expect(maven).toBe(path.join(dir, 'cache', 'maven', 'dev.langchain4j+langchain4j-mcp@1.18.1-beta28'));
  expect(`${maven}/lib/*`.split(':')).toHaveLength(1);
  expect(existsSync(path.join(maven, 'pom.xml'))).toBe(true);
  expect(existsSync(path.join(maven, 'lib'))).toBe(true);
  expect(existsSync(path.join(maven, 'repo'))).toBe(false);
  expect(log()[0]).toBe(`go mod download github.com/mark3labs/mcphost@v0.34.0 GOBIN=${path.join(go, 'bin')}`);
  expect(log()[1]).toBe(`go build -o ${path.join(go, 'bin', 'mcphost')} . GOBIN=${path.join(go, 'bin')}`);
  expect(log()[2]).toMatch(/^mvn -B -q -f .*pom\.xml dependency:copy-dependencies/);
});

test('a failed install is an Error naming the client’s command, and leaves no marker behind', () => {
  expect(() => install('left-pad', '1.0.0')).toThrow(/npm install --prefix … failed/);
  expect(isInstalled({ registry: 'npm', package: 'left-pad', version: '1.0.0' }, prefixOf('left-pad', '1.0.0'))).toBe(false);
});

// What npm 11 printed when Crush's install script could not download its program (2026-12-08, the
// lab cache's path shortened): the cause is on one line in the middle, the last lines say nothing of it.
const failedScript = [
  'npm error code 1',
  'npm error path /cache/@charmland/crush@0.96.1/node_modules/@charmland/crush',
  'npm error command failed',
  'npm error command sh -c node install.js',
  'npm error Downloading https://github.com/charmbracelet/crush/releases/download/v0.96.1/crush_0.96.1_Linux_x86_64.tar.gz to archive-YoEXwH/crush_0.96.1_Linux_x86_64.tar.gz...',
  'npm error file:///cache/@charmland/crush@0.96.1/node_modules/@charmland/crush/lib.js:162',
  'npm error \t\tthrow new Error(`Installation failed: ${err.message}`);',
  'npm error \t\t      ^',
  'npm error',
  'npm error Error: Installation failed: Request failed: getaddrinfo ENOTFOUND github.com',
  'npm error     at install (file:///cache/@charmland/crush@0.96.1/node_modules/@charmland/crush/lib.js:162:9)',
  'npm error     at process.processTicksAndRejections (node:internal/process/task_queues:104:5)',
  'npm error',
  'npm error Node.js v24.22.3',
  'npm error A complete log of this run can be found in: /npm/_logs/2026-12-08T00_59_47_304Z-debug-0.log',
].join('\n');

test('a failed install script’s error names its cause, not only npm’s last lines', () => {
  writeFileSync(path.join(dir, 'failed-script.txt'), `${failedScript}\n`);
  writeFileSync(path.join(dir, 'bin', 'npm'), `#!/bin/sh\ncat "${path.join(dir, 'failed-script.txt')}" >&2\nexit 1\n`);
  expect(() => install('@charmland/crush', '0.96.1')).toThrow(
    /^installing @charmland\/crush@0.96.1 from npm: npm install --prefix … failed: npm error Error: Installation failed: Request failed: getaddrinfo ENOTFOUND github\.com npm error {5}at process\.processTicksAndRejections/,
  );
  // A cause already among the last lines is not said twice; output with no error line keeps its last lines.
  expect(failureSummary('a\nb\nERROR: No matching distribution found for x==9\nc')).toBe(
    'a b ERROR: No matching distribution found for x==9 c',
  );
  expect(failureSummary('1\n2\n3\n4\n5')).toBe('2 3 4 5');
});

test('an npm install builds native modules against the running Node’s headers where that Node carries them', () => {
  expect(installSteps({ registry: 'npm', package: 'code-server', version: '4.139.1' }, '/c/p', 'python3', '/n')[0]).toMatchObject(
    {
      command: 'npm',
      env: { npm_config_nodedir: '/n', PATH: expect.stringMatching(/^\/n\/bin:/) as unknown },
    },
  );
  expect(runningNodeDir('/nowhere/bin/node')).toBeUndefined();
  expect(runningNodeDir(process.execPath)).toSatisfy(
    (dir: string | undefined) => dir === undefined || existsSync(path.join(dir, 'include', 'node', 'node.h')),
  );
});

test('a nested npm install computes its own user agent: the outer npm run’s names another Node', () => {
  const base = { npm_config_user_agent: 'npm/10.9.4 node/v20.20.2 linux x64', HOME: '/h' };
  expect(stepEnv({ command: 'npm', env: { npm_config_nodedir: '/n' } }, base)).toEqual({ HOME: '/h', npm_config_nodedir: '/n' });
  expect(stepEnv({ command: 'go' }, base)).toEqual(base);
});
