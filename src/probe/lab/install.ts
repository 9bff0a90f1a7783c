/**
 * Installs what a run needs before the sandbox closes the network: the client's package at a version,
 * and the packages it would fetch from the registry at run time, each into the lab cache
 * (`~/.cache/canimcp-lab/<package>@<version>`, `CANIMCP_LAB_CACHE` moves it), never into the project.
 * Four registries, each through its own ordinary client: npm (`npm install --prefix`), PyPI (a venv
 * per version, `pip install`), the Go module proxy (the module downloaded and built into a GOPATH
 * and GOBIN per version) and Maven Central (`mvn dependency:copy-dependencies` from a small pom written beside
 * the jars). The steps are pure (`installSteps`), so tests check the command lines without a registry.
 * The newest version is asked of the registry the way drift asks for npm (src/drift/registry.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { newestRelease } from '../../drift/registry.ts';

/** The registries the lab installs clients from (FORMAT.md: a release file's `registry`). */
export const registries = ['npm', 'pypi', 'go', 'maven'] as const;
export type Registry = (typeof registries)[number];

/** The cache the clients are installed into, outside the project and its dependencies. */
export const labCache = (): string => process.env['CANIMCP_LAB_CACHE'] ?? path.join(homedir(), '.cache', 'canimcp-lab');

/** What to install: a package at a version, from a registry, with the packages a harness needs beside it. */
export interface InstallSpec {
  registry: Registry;
  /** npm and PyPI: the package name; Go: the module path (`github.com/o/r`); Maven: `group:artifact`. */
  package: string;
  version: string;
  /**
   * Other packages installed with it, as the registry's client names them (`anthropic`, `ai@6`,
   * `g:a:1.0`); for Go, dependencies of the module raised to a version (`module@version`) before it is built.
   */
  requires?: readonly string[];
}

/** One step of an install: a command with the environment it adds, or a file written first. */
export type InstallStep =
  { command: string; args: string[]; env?: Record<string, string>; cwd?: string } | { path: string; text: string };

/** A module path as the module cache spells it: each capital letter as `!` and its lower case. */
export const goCachePath = (module: string): string => module.replace(/[A-Z]/g, (letter) => `!${letter.toLowerCase()}`);

/**
 * The folder a package version is (or would be) installed in: npm's as before, the others under
 * their registry's name. A Maven coordinate's colon becomes `+`: Java splits a classpath on colons,
 * so a jar folder under `group:artifact@v` is no classpath at all.
 */
export const prefixOf = (pkg: string, version: string, registry: Registry = 'npm'): string =>
  registry === 'npm'
    ? path.join(labCache(), `${pkg}@${version}`)
    : path.join(labCache(), registry, `${pkg.replaceAll(':', '+')}@${version}`);

/** The installed package's folder inside an npm prefix. */
export const packageDir = (prefix: string, pkg: string): string => path.join(prefix, 'node_modules', pkg);

/** Where an install writes what it installed, once every step succeeded. */
const markerOf = (prefix: string) => path.join(prefix, '.canimcp-installed.json');

/** A Maven coordinate `group:artifact[:version]` as a pom's dependency element. */
const dependency = (coordinate: string, version?: string): string => {
  const [group, artifact, own] = coordinate.split(':');
  const at = version ?? own;
  if (group === undefined || artifact === undefined || at === undefined)
    throw new Error(`a Maven dependency is group:artifact:version, got ${JSON.stringify(coordinate)}`);
  return `    <dependency><groupId>${group}</groupId><artifactId>${artifact}</artifactId><version>${at}</version></dependency>`;
};

/** A coordinate `group:artifact:version:bom`: a bill of materials whose versions the install takes. */
const isBom = (coordinate: string): boolean => coordinate.endsWith(':bom');

/** The boms a Maven install imports. */
const boms = (spec: InstallSpec): string[] => (spec.requires ?? []).filter(isBom);

/**
 * A bom as a pom's import. Maven alone picks the nearest of a library's transitive versions, which
 * can mix the lines of one family (Spring AI 2.0.1 gets Jackson 3.1.5 beside annotations 2.19.4);
 * a framework's own bom, as its docs have a project import, keeps them one set.
 */
const bomImport = (coordinate: string): string =>
  dependency(coordinate.slice(0, -':bom'.length)).replace(
    '</version></dependency>',
    '</version><type>pom</type><scope>import</scope></dependency>',
  );

/** The small pom a Maven install resolves: the library at its version and what the harness needs beside it. */
export const mavenPom = (spec: InstallSpec): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<project xmlns="http://maven.apache.org/POM/4.0.0">',
    '  <modelVersion>4.0.0</modelVersion>',
    '  <groupId>canimcp.lab</groupId>',
    '  <artifactId>harness</artifactId>',
    '  <version>1</version>',
    ...(boms(spec).length === 0
      ? []
      : [
          '  <dependencyManagement>',
          '  <dependencies>',
          ...boms(spec).map(bomImport),
          '  </dependencies>',
          '  </dependencyManagement>',
        ]),
    '  <dependencies>',
    dependency(spec.package, spec.version),
    ...(spec.requires ?? []).filter((coordinate) => !isBom(coordinate)).map((coordinate) => dependency(coordinate)),
    '  </dependencies>',
    '</project>',
    '',
  ].join('\n');

/**
 * The steps that install `spec` into `prefix`, in order: pure, so a test reads the command lines.
 * `python` is the interpreter a venv is made from (the only CPython here is 3.11).
 */
export const installSteps = (spec: InstallSpec, prefix: string, python = 'python3', nodedir?: string): InstallStep[] => {
  const requires = [...(spec.requires ?? [])];
  switch (spec.registry) {
    case 'npm':
      return [
        {
          command: 'npm',
          // Native modules build against the headers of the Node that runs them, not ones fetched at
          // build time, and install scripts run on that Node (code-server's refuses any other major).
          ...(nodedir === undefined
            ? {}
            : {
                env: {
                  npm_config_nodedir: nodedir,
                  PATH: [path.join(nodedir, 'bin'), process.env['PATH'] ?? ''].join(path.delimiter),
                },
              }),
          args: [
            'install',
            '--prefix',
            prefix,
            '--no-save',
            '--no-audit',
            '--no-fund',
            `${spec.package}@${spec.version}`,
            ...requires,
          ],
        },
      ];
    case 'pypi':
      return [
        { command: python, args: ['-m', 'venv', prefix] },
        {
          command: path.join(prefix, 'bin', 'python'),
          args: [
            '-m',
            'pip',
            'install',
            '--disable-pip-version-check',
            '--no-input',
            '--quiet',
            `${spec.package}==${spec.version}`,
            ...requires,
          ],
        },
      ];
    case 'go': {
      // `go install module@version` asks the proxy for the module's version list to check for a
      // deprecation, and the proxy refuses that list for some modules (mcphost: 403) while serving
      // each version: so the version is downloaded, then built in its own module folder, which is
      // what `go install` builds. A GOPATH and GOBIN per version; the module cache writable, so
      // pruning the install removes it.
      const env = {
        GOPATH: path.join(prefix, 'go'),
        GOBIN: path.join(prefix, 'bin'),
        GOMODCACHE: path.join(prefix, 'go', 'pkg', 'mod'),
        GOFLAGS: '-modcacherw -buildvcs=false',
      };
      const name = spec.package.split('/').at(-1) ?? spec.package;
      const downloaded = path.join(prefix, 'go', 'pkg', 'mod', `${goCachePath(spec.package)}@${spec.version}`);
      const download = { command: 'go', args: ['mod', 'download', `${spec.package}@${spec.version}`], env };
      const build = (cwd: string) => ({ command: 'go', args: ['build', '-o', path.join(prefix, 'bin', name), '.'], env, cwd });
      if (requires.length === 0) return [download, build(downloaded)];
      // A dependency raised for this version (`module@version`, a kit's per-version setting: an old tag
      // whose pinned dependency no longer builds with this Go) is raised in a copy of the module, so the
      // module cache keeps the release as published; `go get` raises only what that version needs.
      const source = path.join(prefix, 'src');
      return [
        download,
        { command: 'cp', args: ['-R', downloaded, source] },
        { command: 'chmod', args: ['-R', 'u+w', source] },
        { command: 'go', args: ['get', ...requires], env, cwd: source },
        build(source),
      ];
    }
    case 'maven':
      return [
        { path: path.join(prefix, 'pom.xml'), text: mavenPom(spec) },
        {
          command: 'mvn',
          args: [
            '-B',
            '-q',
            '-f',
            path.join(prefix, 'pom.xml'),
            'dependency:copy-dependencies',
            `-DoutputDirectory=${path.join(prefix, 'lib')}`,
            '-DincludeScope=runtime',
            `-Dmaven.repo.local=${path.join(prefix, 'repo')}`,
          ],
        },
      ];
  }
};

/** The running Node's folder where it carries its headers (`include/node`, as npm's Node does): what native modules build against. */
export const runningNodeDir = (execPath = process.execPath): string | undefined => {
  const dir = path.dirname(path.dirname(execPath));
  return existsSync(path.join(dir, 'include', 'node', 'node.h')) ? dir : undefined;
};

/**
 * Debian packages an install builds against (a native module's headers), installed with apt-get
 * where missing and the lab may (root), as bubblewrap is; an Error naming them where they cannot be.
 */
export const requireDebian = (packages: readonly string[]): void => {
  const installed = (name: string) =>
    spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout.includes('install ok installed');
  const missing = packages.filter((name) => !installed(name));
  if (missing.length === 0) return;
  if (process.getuid?.() === 0) {
    console.error(`probe: ${missing.join(', ')} missing: installing with apt-get`);
    spawnSync('apt-get', ['update'], { stdio: 'ignore' });
    spawnSync('apt-get', ['install', '-y', ...missing], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  const still = missing.filter((name) => !installed(name));
  if (still.length > 0)
    throw new Error(`the install needs Debian's ${still.join(', ')}: install it (apt-get install ${still.join(' ')})`);
};

/** Whether `prefix` holds exactly `spec`: an npm package's own manifest says so, or the marker a finished install wrote. */
export const isInstalled = (spec: InstallSpec, prefix: string): boolean => {
  const marker = markerOf(prefix);
  if (existsSync(marker)) return readFileSync(marker, 'utf8') === `${JSON.stringify(spec)}\n`;
  // npm installs made before the marker existed: the package's manifest names its version.
  const manifest = path.join(packageDir(prefix, spec.package), 'package.json');
  return (
    spec.registry === 'npm' &&
    (spec.requires ?? []).length === 0 &&
    existsSync(manifest) &&
    (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version === spec.version
  );
};

/**
 * A step's environment: this process's plus its own. Under \`npm run\` this process inherits the outer
 * npm's user agent, which names the Node that npm ran on; a nested npm would take it as its own, and
 * install scripts that read it (code-server's checks for Node 24) would see the wrong Node.
 */
export const stepEnv = (step: { command: string; env?: Record<string, string> }, base = process.env): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...base, ...step.env };
  if (step.command === 'npm') delete env['npm_config_user_agent'];
  return env;
};

/**
 * What a failed step printed, on one line: its last lines, led by the first line that names an
 * error (`Error: …`, pip's `ERROR: …`) where those last lines do not hold it. npm ends a failed
 * install script's output with the stack, the Node version and its log's path, which say nothing of
 * the cause (Crush's script could not reach GitHub: only its `Error:` line said so).
 */
export const failureSummary = (output: string, tail = 4): string => {
  const lines = output.trim().split('\n');
  const last = lines.slice(-tail);
  const cause = lines.find((line) => /\b(?:[A-Z]\w*)?Error: |\bERROR: /.test(line));
  return [...(cause === undefined || last.includes(cause) ? [] : [cause.trim()]), ...last].join(' ');
};

/** Runs install steps, each with this process's environment plus its own; an Error with the failing step's last lines. */
export const runSteps = (steps: readonly InstallStep[]): void => {
  for (const step of steps) {
    if ('path' in step) {
      mkdirSync(path.dirname(step.path), { recursive: true });
      writeFileSync(step.path, step.text);
      continue;
    }
    const result = spawnSync(step.command, step.args, {
      encoding: 'utf8',
      ...(step.cwd === undefined ? {} : { cwd: step.cwd }),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: stepEnv(step),
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0)
      throw new Error(
        `${step.command} ${step.args.slice(0, 2).join(' ')} … failed: ${failureSummary(`${result.stderr}${result.stdout}`) || String(result.error ?? result.status)}`,
      );
  }
};

/**
 * The prefix holding `pkg` at `version`, installing it first where the cache does not have it. npm
 * where no registry is named, as every kit before the others.
 */
export const install = (
  pkg: string,
  version: string,
  options: { registry?: Registry; requires?: readonly string[] } = {},
): string => {
  const spec: InstallSpec = {
    registry: options.registry ?? 'npm',
    package: pkg,
    version,
    ...(options.requires === undefined || options.requires.length === 0 ? {} : { requires: options.requires }),
  };
  const prefix = prefixOf(pkg, version, spec.registry);
  if (isInstalled(spec, prefix)) return prefix;
  console.error(`probe: installing ${pkg}@${version} from ${spec.registry} into ${prefix}`);
  // A half-finished install of another kind is removed first: a venv or a pom from a failed try.
  if (spec.registry !== 'npm') rmSync(prefix, { recursive: true, force: true });
  mkdirSync(prefix, { recursive: true });
  try {
    runSteps(installSteps(spec, prefix, 'python3', runningNodeDir()));
  } catch (error) {
    throw new InstallError(
      `installing ${pkg}@${version} from ${spec.registry}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  // The jars are copied into lib/: the local repository they came through is no longer needed.
  if (spec.registry === 'maven') rmSync(path.join(prefix, 'repo'), { recursive: true, force: true });
  writeFileSync(markerOf(prefix), `${JSON.stringify(spec)}\n`);
  return prefix;
};

/** An install that failed: every run of that version would fail the same way, so a campaign runs none. */
export class InstallError extends Error {
  override name = 'InstallError';
}

/** The global prefix a helper is (or would be) installed in: `npm install -g --prefix` puts it under `lib/node_modules`. */
export const helperPrefixOf = (pkg: string, version: string): string => path.join(labCache(), 'npm-global', `${pkg}@${version}`);

/** The global prefix holding the helper `pkg` at `version`, installing it first where the cache does not have it. */
export const installHelper = (pkg: string, version: string): string => {
  const prefix = helperPrefixOf(pkg, version);
  const manifest = path.join(prefix, 'lib', 'node_modules', pkg, 'package.json');
  const installed = () =>
    existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version === version;
  if (installed()) return prefix;
  console.error(`probe: installing the helper ${pkg}@${version} into ${prefix}`);
  mkdirSync(prefix, { recursive: true });
  const result = spawnSync('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', `${pkg}@${version}`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0 || !installed())
    throw new InstallError(`npm install -g ${pkg}@${version} failed: ${result.stderr.trim().split('\n').slice(-3).join(' ')}`);
  return prefix;
};

/** The newest version in `pip index versions` output (`mcp (2.3.0)`): the newest that installs on this Python. */
export const pipNewest = (output: string, pkg: string): string | undefined => {
  const escaped = pkg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}\\s+\\(([^)]+)\\)`, 'im').exec(output)?.[1];
};

/** The release a Maven repository's metadata names (`<release>`), else its `<latest>`. */
export const mavenNewest = (metadata: string): string | undefined =>
  /<release>([^<]+)<\/release>/.exec(metadata)?.[1] ?? /<latest>([^<]+)<\/latest>/.exec(metadata)?.[1];

/** The output of a registry client's query; an Error naming it where it fails. */
const ask = (command: string, args: string[], env: Record<string, string> = {}): string => {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 300_000 });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${`${result.stderr}`.trim().split('\n').slice(-2).join(' ')}`);
  return result.stdout;
};

/** The version the registry names as the package's newest; an Error saying why where it cannot tell. */
export const latestVersion = async (pkg: string, registry: Registry = 'npm'): Promise<string> => {
  const unknown = (why: string) => new Error(`the newest version of ${pkg} (${registry}): ${why}; name one with --version`);
  switch (registry) {
    case 'npm': {
      const release = await newestRelease(pkg, { npm: 'npm', timeoutMs: 120_000 });
      if ('unreachable' in release) throw new Error(`the newest version of ${pkg}: ${release.unreachable}`);
      return release.version;
    }
    case 'pypi': {
      const found = pipNewest(ask('python3', ['-m', 'pip', 'index', 'versions', '--disable-pip-version-check', pkg]), pkg);
      if (found === undefined) throw unknown('pip index versions named none');
      return found;
    }
    case 'go': {
      const module = JSON.parse(ask('go', ['list', '-m', '-json', `${pkg}@latest`], { GOFLAGS: '-mod=mod' })) as {
        Version?: string;
      };
      if (module.Version === undefined) throw unknown('go list named none');
      return module.Version;
    }
    case 'maven': {
      const [group, artifact] = pkg.split(':');
      if (group === undefined || artifact === undefined) throw unknown('expected group:artifact');
      const repo = path.join(labCache(), 'maven', '.metadata');
      ask('mvn', ['-B', '-q', 'dependency:get', `-Dartifact=${pkg}:LATEST`, '-Dtransitive=false', `-Dmaven.repo.local=${repo}`]);
      const folder = path.join(repo, ...group.split('.'), artifact);
      const file = ['maven-metadata-central.xml', 'maven-metadata.xml'].map((name) => path.join(folder, name)).find(existsSync);
      const found = file === undefined ? undefined : mavenNewest(readFileSync(file, 'utf8'));
      if (found === undefined) throw unknown('Maven named none');
      return found;
    }
  }
};

/**
 * Folders outside the install that a run of it reads: a venv's base interpreter (pyvenv.cfg's
 * `home`, where the venv's `python` links to). The sandbox shows the whole system read-only but
 * replaces /tmp, so a runtime living there must be bound over it.
 */
export const runtimeFolders = (registry: Registry, prefix: string): string[] => {
  if (registry !== 'pypi') return [];
  const config = path.join(prefix, 'pyvenv.cfg');
  if (!existsSync(config)) return [];
  const home = /^home\s*=\s*(.+)$/m.exec(readFileSync(config, 'utf8'))?.[1]?.trim();
  return home === undefined ? [] : [path.dirname(home)];
};
