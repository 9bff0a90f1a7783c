import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCacheFile, readCheckCache } from './check-cache.ts';
import { loadContent } from './content.ts';
import { repoRoot } from './paths.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'canimcp-check-cache-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
const content = path.join(dir, 'content');
await cp(path.join(repoRoot, 'tests/fixtures/minimal'), content, { recursive: true });
const file = checkCacheFile(path.join(dir, 'cache'));

const origin = 'https://canimcp.io';
const noteId = 'hermes-leads-with-the-legacy-handshake';
const notePath = path.join(content, 'research', `${noteId}.md`);
const original = await readFile(notePath, 'utf8');
const clientPath = path.join(content, 'clients', 'fast-agent.md');
const client = await readFile(clientPath, 'utf8');

/** One build's load: the kept checks in, this load's checks out. */
const build = async (code = 'code-1') => {
  const cache = await readCheckCache(file, code);
  const kept = cache.memo.size;
  const result = await loadContent(content, { origin, cache: { checks: cache.memo } });
  await cache.save();
  return { result, kept };
};
const fresh = () => loadContent(content, { origin });
const keptPaths = async () =>
  (JSON.parse(await readFile(file, 'utf8')) as { files: [string][] }).files.map(([at]) => at.split('\0')[0]);

describe('the checks a build keeps for the next', () => {
  it('give what a fresh check gives, and keep only files that passed every rule', async () => {
    const first = await build();
    expect(first.kept).toBe(0);
    expect(first.result).toEqual(await fresh());
    const second = await build();
    expect(second.kept).toBeGreaterThan(5);
    expect(second.result).toEqual(await fresh());

    // An edit: the new title, from a fresh parse of that file.
    await writeFile(notePath, original.replace(/^title: .*$/m, 'title: A new title'));
    const edited = await build();
    expect(edited.result.content.research.find((note) => note.id === noteId)?.data.title).toBe('A new title');
    expect(edited.result).toEqual(await fresh());

    // A broken file is reported as a fresh check reports it, and is not kept.
    await writeFile(notePath, original.replace(/^kind: .*$/m, 'kind: nuace'));
    const broken = await build();
    expect(broken.result.problems.length).toBeGreaterThan(0);
    expect(broken.result).toEqual(await fresh());
    // Kept from nothing, the checks hold every file but the broken one.
    await rm(file);
    await build();
    expect(await keptPaths()).toContain(clientPath);
    expect(await keptPaths()).not.toContain(notePath);
    await writeFile(notePath, original);
    expect((await build()).result).toEqual(await fresh());
  });

  it('check unchanged files again when an id they name goes, and place the problem at its line', async () => {
    await build();
    await rm(clientPath);
    const gone = await build();
    // The note is unchanged and was kept, but it names the client that went: found, and placed
    // at the line of the field, from a parse made only to place it.
    const problems = gone.result.problems.filter((problem) => problem.file.endsWith(`${noteId}.md`));
    expect(problems.map((problem) => problem.message).join('\n')).toMatch(/fast-agent/);
    expect(problems.every((problem) => problem.line > 1)).toBe(true);
    expect(gone.result).toEqual(await fresh());
    await writeFile(clientPath, client);
    expect((await build()).result).toEqual(await fresh());
  });

  it('are not used by other code, nor when unreadable or of another shape', async () => {
    await build();
    expect((await build('code-2')).kept).toBe(0);
    await writeFile(file, '{"code":"code-2","files":[[');
    const torn = await build('code-2');
    expect(torn.kept).toBe(0);
    expect(torn.result).toEqual(await fresh());
    await writeFile(file, '{"code":"code-2","files":[1,["a"],null,["x","y",null,3,{}]]}');
    const misshapen = await build('code-2');
    expect(misshapen.kept).toBe(0);
    expect(misshapen.result).toEqual(await fresh());
  });
});
