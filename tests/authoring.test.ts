/**
 * Authoring support through its public commands: `npm run new` writes a starting point that
 * `npm run check` walks the author through, `npm run schema` keeps the committed JSON Schemas equal
 * to the zod schemas, and an editor's YAML language server using those schemas flags what check flags.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type * as YamlLanguageService from 'yaml-language-server/lib/umd/languageservice/yamlLanguageService.js';
import { afterAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { runNew as newEntry } from '../src/cli/new.ts';
import { runCheck as checkContent } from '../src/node/check.ts';
import { loadContent } from '../src/node/content.ts';
import { buildDate } from '../src/node/environment.ts';
import { parseFile } from '../src/lib/content/frontmatter.ts';
import { jsonSchemas } from '../src/lib/outputs/jsonschema.ts';
import { repoRoot } from '../src/node/paths.ts';
import { noteTwin } from '../src/lib/outputs/twin.ts';
import { canonicalNoteUrl } from '../src/lib/routes/urls.ts';
import { collections, type CollectionName, type Note } from '../src/schema/index.ts';
import { TEST_BUILD_DATE, fixtureContent } from './support/site.ts';

const execFileAsync = promisify(execFile);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

// The committed schemas and the messages below assume the default site origin.
const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'SITE_URL'));

let dir = '';
const temps: string[] = [];

/** Runs one of the project's commands the way `npm run` does, on the temp content folder. */
const run = async (script: string, args: string[], env: Record<string, string> = {}): Promise<Run> => {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [path.join(repoRoot, script), ...args], {
      cwd: repoRoot,
      env: { ...baseEnv, CONTENT_DIR: dir, BUILD_DATE: TEST_BUILD_DATE, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
};
// New and check run in this process, through the functions their commands print, with the same
// environment; a few tests run the commands themselves.
vi.stubEnv('SITE_URL', undefined);
vi.stubEnv('BUILD_DATE', TEST_BUILD_DATE);
afterAll(() => vi.unstubAllEnvs());
const runNew = (...args: string[]): Promise<Run> => newEntry(args, dir);
const runNewCommand = (...args: string[]) => run('src/cli/new.ts', args);
const runCheck = (...args: string[]): Promise<Run> => checkContent(args, dir);

/** Every file of the content folder and its bytes, to prove a refusal wrote nothing. */
const snapshot = async (root: string): Promise<Map<string, string>> => {
  const files = new Map<string, string>();
  for (const name of (await readdir(root, { recursive: true })).sort()) {
    if (name.endsWith('.md')) files.set(name, await readFile(path.join(root, name), 'utf8'));
  }
  return files;
};

/** The lines `check` prints for one file, without the `path:` prefix: `line:col: field: message`. */
const checkLinesFor = (output: string, file: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith(`${path.relative(repoRoot, file)}:`))
    .map((line) => line.slice(path.relative(repoRoot, file).length + 1));

const fieldsIn = (lines: string[]) => lines.map((line) => /^\d+:\d+: ([^:]+):/.exec(line)?.[1]);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'canimcp-authoring-'));
  temps.push(dir);
  await cp(fixtureContent, dir, { recursive: true });
});

afterAll(async () => {
  await Promise.all(temps.map((temp) => rm(temp, { recursive: true, force: true })));
});

describe('npm run new', () => {
  test('a note from flags: prints the path, pre-fills every value given, and check reports only what is left', async () => {
    const result = await runNewCommand(
      'note',
      'hermes-retries-at-the-offered-version',
      '--title',
      'Hermes retries initialize at the offered version: a second try',
      '--kind',
      'nuance',
      '--summary',
      'Hermes sends a second initialize itself. It pins the result to 2025-11-25.',
      '--client',
      'hermes-agent',
      '--client',
      'fast-agent',
      '--revision',
      '2025-11-25,2026-07-28',
      '--capability',
      'protocolVersions',
      '--source-url',
      'https://github.com/NousResearch/hermes-agent/blob/a24c12d1/tools/mcp_tool_transport.py#L188-L252',
    );
    expect(result.code, result.stderr).toBe(0);
    const target = path.join(dir, 'research', 'hermes-retries-at-the-offered-version.md');
    expect(path.resolve(repoRoot, result.stdout.trim())).toBe(target);

    const text = await readFile(target, 'utf8');
    const parsed = parseFile(text);
    expect(parsed?.syntaxErrors).toEqual([]);
    expect(parsed?.data).toMatchObject({
      id: 'hermes-retries-at-the-offered-version',
      // The title holds ": ", so it must have been quoted to read back as written.
      title: 'Hermes retries initialize at the offered version: a second try',
      kind: 'nuance',
      clients: ['hermes-agent', 'fast-agent'],
      specVersions: ['2025-11-25', '2026-07-28'],
      capabilities: ['protocolVersions'],
      // A GitHub permalink becomes the pinned form the site renders: repository, commit, path.
      sources: [
        {
          url: 'https://github.com/NousResearch/hermes-agent',
          commit: 'a24c12d1',
          path: 'tools/mcp_tool_transport.py:188-252',
          date: TEST_BUILD_DATE,
        },
      ],
      status: 'current',
      lastVerified: TEST_BUILD_DATE,
    });

    // `new` says what check will say, and check agrees: only the source's title is left.
    expect(result.stderr).toContain('sources[0].title: must not be empty');
    const check = await runCheck();
    expect(check.code).toBe(1);
    expect(checkLinesFor(check.stdout, target)).toEqual(['11:12: sources[0].title: must not be empty']);
    expect(check.stdout.trim().split('\n')).toHaveLength(1);
  });

  test('a bare note has every required field, each a placeholder that check names with what it expects', async () => {
    const result = await runNew('note', 'bare-note');
    expect(result.code, result.stderr).toBe(0);
    const target = path.join(dir, 'research', 'bare-note.md');
    const parsed = parseFile(await readFile(target, 'utf8'));
    const data = parsed?.data as Record<string, unknown>;
    const required = jsonSchemas('https://canimcp.io').note.required ?? [];
    expect(required).toContain('lastVerified');
    for (const field of required) expect(Object.keys(data)).toContain(field);
    expect(data['lastVerified']).toBe(TEST_BUILD_DATE);

    const lines = checkLinesFor((await runCheck()).stdout, target);
    expect(fieldsIn(lines)).toEqual([
      'title',
      'kind',
      'summary',
      'capabilities',
      'clients',
      'specVersions',
      'sources[0].url',
      'sources[0].title',
      'sources[0].commit',
      'sources[0].path',
    ]);
    expect(lines).toContain('4:7: kind: expected one of nuance, support, gap, bug, change, got ""');
    expect(lines).toContain('7:10: clients: expected at least one client id');
    // The line check points at carries the hint: here, the ids that exist.
    expect((await readFile(target, 'utf8')).split('\n')[6]).toBe(
      'clients: [] # TODO: one or more of fast-agent, hermes-agent (ids of files in clients/)',
    );
  });

  test('new → fill in the placeholders → check passes, and the twin keeps the frontmatter bytes', async () => {
    const created = await runNew('note', 'filled-in-note', '--client', 'hermes-agent');
    expect(created.code, created.stderr).toBe(0);
    const target = path.join(dir, 'research', 'filled-in-note.md');
    const values: Record<string, string> = {
      title: 'A filled-in note',
      kind: 'gap',
      summary: 'The author filled in every placeholder.',
      capabilities: '[protocolVersions]',
      specVersions: '[2025-11-25]',
      '  - url': 'https://github.com/NousResearch/hermes-agent',
      '    title': 'tools/mcp_tool_transport.py',
      '    commit': '9dcf7714',
      '    path': 'tools/mcp_tool_transport.py:188-252',
    };
    // What an author does: replace each placeholder line, keeping any comment they did not delete.
    const filled = (await readFile(target, 'utf8'))
      .split('\n')
      .map((line) => {
        const key = Object.keys(values).find((name) => line.startsWith(`${name}:`));
        return key === undefined ? line : `${key}: ${values[key]}`;
      })
      .join('\n')
      .replace(/<!--[\s\S]*?-->/, 'Hermes does the thing, at the commit above.')
      .replace('status: current', 'status: current # checked against the source');
    await writeFile(target, filled);

    const check = await runCheck();
    expect(check.stdout).toBe('');
    expect(check.code, check.stderr).toBe(0);

    const parsed = parseFile(filled);
    const twin = noteTwin({
      id: 'filled-in-note',
      data: parsed?.data as Note,
      frontmatterBlock: parsed?.frontmatterBlock ?? '',
      body: parsed?.body ?? '',
      canonical: canonicalNoteUrl('https://canimcp.io', 'filled-in-note'),
      lastUpdated: TEST_BUILD_DATE,
    });
    // Comment lines are the author's bytes: the twin copies them verbatim.
    expect(twin.startsWith(filled.slice(0, filled.indexOf('\n---\n') + 1))).toBe(true);
    expect(twin).toContain('status: current # checked against the source\n');
  });

  test.each([
    [
      'client',
      ['client', 'zed', '--name', 'Zed', '--homepage', 'https://zed.dev', '--sdk', 'Rust, its own'],
      'clients/zed.md',
      [],
      { name: 'Zed', homepage: 'https://zed.dev', sdk: 'Rust, its own' },
    ],
    ['client, bare', ['client', 'zed'], 'clients/zed.md', ['name', 'homepage'], {}],
    [
      'revision',
      ['revision', '2025-06-18', '--released', '2025-06-18', '--status', 'final', '--era', 'handshake'],
      'revisions/2025-06-18.md',
      [],
      { released: '2025-06-18', status: 'final', era: 'handshake' },
    ],
    [
      'revision, bare',
      ['revision', '2025-06-18', '--era', 'handshake'],
      'revisions/2025-06-18.md',
      ['released', 'status'],
      { era: 'handshake' },
    ],
    [
      'capability',
      ['capability', 'sampling', '--title', 'Sampling', '--description', 'Servers ask the client for a completion.'],
      'capabilities/sampling.md',
      [],
      { title: 'Sampling', description: 'Servers ask the client for a completion.' },
    ],
    ['capability, bare', ['capability', 'sampling'], 'capabilities/sampling.md', ['title', 'description'], {}],
    [
      'feature',
      [
        'feature',
        'tools.result.isError',
        '--title',
        'Error results',
        '--description',
        'Is the model told that an isError result is an error?',
        '--capability',
        'tools',
        '--source-url',
        'https://github.com/modelcontextprotocol/modelcontextprotocol/blob/b0f60ba5/docs/tools.mdx#L10-L20',
        '--source-title',
        'The tools page',
      ],
      'features/tools.result.isError.md',
      ['introduced', 'spec[0].date', 'observe'],
      { title: 'Error results', capability: 'tools' },
    ],
    [
      'feature, bare',
      ['feature', 'tools.annotations'],
      'features/tools.annotations.md',
      [
        'title',
        'description',
        'capability',
        'introduced',
        'spec[0].url',
        'spec[0].title',
        'spec[0].commit',
        'spec[0].path',
        'spec[0].date',
        'observe',
      ],
      {},
    ],
  ] as const)('a %s: written where check looks, flagged only where a value is missing', async (_name, args, file, left, data) => {
    const result = await runNew(...args);
    expect(result.code, result.stderr).toBe(0);
    const target = path.join(dir, file);
    expect(path.resolve(repoRoot, result.stdout.trim())).toBe(target);
    expect(parseFile(await readFile(target, 'utf8'))?.data).toMatchObject(data);
    const check = await runCheck();
    expect(fieldsIn(checkLinesFor(check.stdout, target))).toEqual(left);
    expect(check.code).toBe(left.length === 0 ? 0 : 1);
  });

  test.each([
    [
      'an existing id',
      ['note', 'hermes-leads-with-the-legacy-handshake', '--title', 'Another'],
      /^error: .*research\/hermes-leads-with-the-legacy-handshake\.md already exists: choose another id, or edit that file$/,
    ],
    [
      'an id that is not a slug',
      ['note', 'Not_A_Slug'],
      /^error: "Not_A_Slug" is not a valid note id: expected a lowercase slug of letters, digits and single hyphens, like "x-does-y"$/,
    ],
    [
      'a revision id that is not a date',
      ['revision', '2025-6-18'],
      /^error: "2025-6-18" is not a valid revision id: expected a revision id in the form YYYY-MM-DD$/,
    ],
    [
      'an id that differs from an existing one only in case',
      ['capability', 'protocolversions'],
      /^error: "protocolversions" differs from the existing .*capabilities\/protocolVersions\.md only in letter case, and they would share one URL: choose another id$/,
    ],
    [
      'a wrong value for a field',
      ['note', 'x-does-y', '--kind', 'nuace'],
      /^error: --kind: expected one of nuance, support, gap, bug, change, got "nuace"$/,
    ],
    [
      'a client id that is not a slug',
      ['note', 'x-does-y', '--client', 'ok,Bad Id'],
      /^error: --client: expected a lowercase slug .* \("Bad Id"\)$/,
    ],
    ['a flag of another type', ['client', 'zed', '--kind', 'bug'], /^error: --kind is for a note, not a client$/],
    ['an unknown type', ['post', 'x'], /^error: unknown type "post": expected note, client, revision or capability$/],
    ['a missing id', ['note'], /^error: missing the id of the new note$/m],
  ] as const)('refuses %s with a clear message and writes nothing', async (_name, args, message) => {
    const before = await snapshot(dir);
    const result = await runNew(...args);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')[0]).toMatch(message);
    expect(await snapshot(dir)).toEqual(before);
  });

  test('the command refuses options it cannot read with exit 2 and one line, and writes nothing', async () => {
    const before = await snapshot(dir);
    const result = await runNewCommand('note', '--kind');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe("error: Option '--kind <value>' argument missing; npm run new -- --help lists the options\n");
    expect(await snapshot(dir)).toEqual(before);
  });

  test('a note id can come from its title, and ids not written yet are pointed out', async () => {
    const result = await runNewCommand('note', '--title', 'Zed accepts only two protocol versions!', '--client', 'zed');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toMatch(/research\/zed-accepts-only-two-protocol-versions\.md$/);
    expect(result.stderr).toContain('note: there is no client "zed" yet; create it with: npm run new -- client zed');
  });
});

describe('npm run schema', () => {
  test('the committed schemas equal freshly generated output, so they cannot drift from src/schema', async () => {
    const check = await run('src/cli/schema.ts', ['--check']);
    expect(check.stderr).toContain('ok: 5 schemas in schema/ match src/schema');
    expect(check.code).toBe(0);

    const out = path.join(dir, 'schema-out');
    const written = await run('src/cli/schema.ts', ['--out', out]);
    expect(written.code, written.stderr).toBe(0);
    for (const name of ['note', 'client', 'revision', 'capability']) {
      const fresh = await readFile(path.join(out, `${name}.json`), 'utf8');
      expect(fresh).toBe(await readFile(path.join(repoRoot, 'schema', `${name}.json`), 'utf8'));
      expect(JSON.parse(fresh)).toEqual(JSON.parse(JSON.stringify(jsonSchemas('https://canimcp.io')[name as 'note'])));
    }
  });

  test('--check names a file that was edited by hand', async () => {
    const out = path.join(dir, 'schema-out');
    await run('src/cli/schema.ts', ['--out', out]);
    const note = path.join(out, 'note.json');
    await writeFile(note, (await readFile(note, 'utf8')).replace('"nuance",', '"nuance", "opinion",'));
    const check = await run('src/cli/schema.ts', ['--check', '--out', out]);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(`${path.relative(repoRoot, note)} differs from the schema generated from src/schema`);
  });
});

describe("an editor's YAML language server with the committed schemas", () => {
  // The server editors run (Red Hat's yaml-language-server, which Astro's extension embeds too).
  const require = createRequire(import.meta.url);
  const { getLanguageService } =
    require('yaml-language-server/lib/umd/languageservice/yamlLanguageService.js') as typeof YamlLanguageService;
  const schemaFile = {
    research: 'note',
    clients: 'client',
    revisions: 'revision',
    capabilities: 'capability',
    features: 'feature',
  } as const;
  const service = getLanguageService({
    schemaRequestService: (uri: string) => readFile(new URL(uri), 'utf8'),
    workspaceContext: { resolveRelativePath: (relative: string, resource: string) => new URL(relative, resource).toString() },
  });
  // Associated by file pattern, as `yaml.schemas` and Astro's extension do.
  service.configure({
    validate: true,
    yamlVersion: '1.2',
    schemas: collections.map((collection) => ({
      uri: pathToFileURL(path.join(repoRoot, 'schema', `${schemaFile[collection]}.json`)).toString(),
      fileMatch: [`**/${collection}/*.yaml`],
    })),
  });

  let opened = 0;
  /** The editor's diagnostics for a file's frontmatter, as `line: message` (lines as in the file). */
  const diagnose = async (collection: CollectionName, text: string): Promise<string[]> => {
    // The server caches parsed documents by URI and version, so each check is a new document.
    opened += 1;
    const frontmatter = /^---\r?\n([\s\S]*?)^---/m.exec(text)?.[1] ?? '';
    // A leading blank line keeps the YAML's line numbers equal to the file's.
    const document = TextDocument.create(`file:///content/${collection}/entry-${opened}.yaml`, 'yaml', 1, `\n${frontmatter}`);
    const diagnostics = await service.doValidation(document, false);
    return diagnostics.map(
      (diagnostic) =>
        `${diagnostic.range.start.line + 1}: ${typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value}`,
    );
  };

  test('flags a wrong kind on its line, naming the allowed values', async () => {
    const text = await readFile(path.join(fixtureContent, 'research/hermes-leads-with-the-legacy-handshake.md'), 'utf8');
    expect(await diagnose('research', text)).toEqual([]);
    const wrong = text.replace('kind: nuance', 'kind: nuace');
    expect(await diagnose('research', wrong)).toEqual([
      '4: Value is not accepted. Valid values: "nuance", "support", "gap", "bug", "change".',
    ]);
    expect((await runCheckOn('research/hermes-leads-with-the-legacy-handshake.md', wrong)).stdout).toContain(
      ':4:7: kind: expected one of nuance, support, gap, bug, change, got "nuace"',
    );
  });

  test('flags an unknown field and a missing one', async () => {
    const text = await readFile(path.join(fixtureContent, 'clients/hermes-agent.md'), 'utf8');
    const diagnostics = await diagnose('clients', text.replace('homepage:', 'homepge:'));
    expect(diagnostics).toContain('3: Property homepge is not allowed.');
    expect(diagnostics.join('\n')).toMatch(/Missing property "homepage"/);
  });

  test('accepts every entry that check accepts, in the fixture and in the real content', async () => {
    for (const root of [fixtureContent, path.join(repoRoot, 'content')]) {
      const { content } = await loadContent(root, { origin: 'https://canimcp.io', today: buildDate() });
      for (const collection of collections) {
        for (const entry of content[collection])
          expect([entry.file, await diagnose(collection, entry.text)]).toEqual([entry.file, []]);
      }
    }
  });

  /** Writes one file into the temp content folder and runs check there. */
  const runCheckOn = async (file: string, text: string) => {
    await writeFile(path.join(dir, file), text);
    return runCheck();
  };
});

describe('the VS Code task for check', () => {
  test('its problem matcher reads every line check prints, and each points at a real file', async () => {
    await runNew('note', 'bare-note');
    await writeFile(path.join(dir, 'clients/hermes-agent.md'), '---\nname: [\n---\n');
    const check = await runCheck();
    const lines = check.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(5);
    const tasks = JSON.parse(await readFile(path.join(repoRoot, '.vscode/tasks.json'), 'utf8')) as {
      tasks: {
        label: string;
        script: string;
        problemMatcher: { pattern: { regexp: string; file: number; line: number; column: number; message: number } };
      }[];
    };
    const task = tasks.tasks.find((candidate) => candidate.script === 'check');
    const pattern = task?.problemMatcher.pattern;
    expect(pattern).toBeDefined();
    for (const line of lines) {
      const match = new RegExp(pattern?.regexp ?? '$^').exec(line);
      expect(match, line).not.toBeNull();
      expect(await readFile(path.resolve(repoRoot, match?.[pattern?.file ?? 0] ?? ''), 'utf8')).not.toBe('');
      expect(Number(match?.[pattern?.line ?? 0])).toBeGreaterThan(0);
      expect(match?.[pattern?.message ?? 0]).not.toBe('');
    }
  });
});
