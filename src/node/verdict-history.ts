/**
 * Reads the git history of a content folder for the verdict history (src/lib/matrix/verdict-history.ts):
 * one `git log` of the folder's clients, notes and captures along the first parent (a merge counts
 * as the change it brought to the branch), then `git cat-file --batch` for the file versions it
 * names, never a process per commit or per file. A shallow clone, a folder outside a repository
 * and a missing git give no history, with the reason, rather than a wrong one.
 */
import { execFile, spawn } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  applyFiles,
  citedCaptures,
  contentPath,
  diffStates,
  emptyState,
  readVerdicts,
  verdictHistory,
  type CommitFiles,
  type ContentState,
  type FileVersion,
  type VerdictHistory,
} from '../lib/matrix/verdict-history.ts';

const run = promisify(execFile);

/** The folders of a content folder that verdicts and their evidence live in. */
const FOLDERS = ['clients', 'research', 'captures'] as const;

const git = async (cwd: string, args: readonly string[]): Promise<string> =>
  (await run('git', ['-C', cwd, '-c', 'core.quotePath=false', ...args], { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 }))
    .stdout;

/** The repository holding `dir`, and the folder's path inside it (`''` at its root, else ending in `/`). */
const repositoryOf = async (dir: string): Promise<{ top: string; prefix: string } | undefined> => {
  try {
    const top = (await git(dir, ['rev-parse', '--show-toplevel'])).trim();
    const relative = path
      .relative(await realpath(top), await realpath(dir))
      .split(path.sep)
      .join('/');
    if (relative.startsWith('..')) return undefined;
    return { top, prefix: relative === '' ? '' : `${relative}/` };
  } catch {
    return undefined;
  }
};

const pathspecs = (prefix: string) => FOLDERS.map((folder) => `${prefix}${folder}`);

/**
 * The text of each blob, by id, from one `git cat-file --batch`. A blob git cannot find is left out.
 */
const readBlobs = (top: string, ids: Iterable<string>): Promise<Map<string, string>> => {
  const wanted = [...new Set(ids)];
  const blobs = new Map<string, string>();
  if (wanted.length === 0) return Promise.resolve(blobs);
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-C', top, 'cat-file', '--batch'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`git cat-file --batch exited with ${String(code)}: ${stderr.trim()}`));
      const output = Buffer.concat(chunks);
      const decoder = new TextDecoder();
      let at = 0;
      while (at < output.length) {
        const end = output.indexOf(0x0a, at);
        if (end < 0) break;
        const [id, type, size] = output.subarray(at, end).toString('utf8').split(' ');
        at = end + 1;
        if (type === 'missing' || size === undefined || id === undefined) continue;
        const length = Number(size);
        if (type === 'blob') blobs.set(id, decoder.decode(output.subarray(at, at + length)));
        // The object, then one newline.
        at += length + 1;
      }
      resolve(blobs);
    });
    child.stdin.end(`${wanted.join('\n')}\n`);
  });
};

interface RawChange {
  /** The path inside the content folder. */
  path: string;
  /** The blob the commit left there; undefined where it deleted the file. */
  blob: string | undefined;
}

const ZERO = /^0+$/;

/** `git log --raw` with a `\x01<commit>\t<unix time>\t<subject>` line per commit, newest first. */
const parseLog = (output: string, prefix: string) => {
  const commits: { commit: string; date: string; subject: string; changes: RawChange[] }[] = [];
  for (const line of output.split('\n')) {
    if (line.startsWith('\x01')) {
      const [commit = '', time = '0', ...subject] = line.slice(1).split('\t');
      commits.push({
        commit,
        date: new Date(Number(time) * 1000).toISOString().replace(/\.000Z$/, 'Z'),
        subject: subject.join('\t'),
        changes: [],
      });
      continue;
    }
    // :100644 100644 <old> <new> M\t<path>
    const match = /^:\d+ \d+ [0-9a-f]+ ([0-9a-f]+) [A-Z]\d*\t(.+)$/.exec(line);
    const current = commits.at(-1);
    if (match === null || current === undefined) continue;
    const [, blob = '', file = ''] = match;
    if (!file.startsWith(prefix)) continue;
    current.changes.push({ path: file.slice(prefix.length), blob: ZERO.test(blob) ? undefined : blob });
  }
  return commits;
};

/**
 * The blobs the history needs: every client version; the versions of the notes some verdict ever
 * cited (the others never make a verdict observed); the captures those cite.
 */
const neededBlobs = async (top: string, changes: readonly RawChange[]): Promise<Map<string, string>> => {
  const of = (folder: string) =>
    changes.filter((change) => contentPath(change.path)?.folder === folder && change.blob !== undefined);
  const blobsOf = (list: readonly RawChange[]) => list.map((change) => change.blob as string);
  const clients = await readBlobs(top, blobsOf(of('clients')));
  const cited = new Set(
    [...clients.values()].flatMap((text) => [...readVerdicts(text).verdicts.values()].flatMap((verdict) => verdict.notes)),
  );
  const notes = await readBlobs(top, blobsOf(of('research').filter((change) => cited.has(contentPath(change.path)?.id ?? ''))));
  const captures = new Set([...notes.values()].flatMap(citedCaptures));
  const files = await readBlobs(
    top,
    blobsOf(of('captures').filter((change) => captures.has(contentPath(change.path)?.id ?? ''))),
  );
  return new Map([...clients, ...notes, ...files]);
};

const versions = (changes: readonly RawChange[], blobs: ReadonlyMap<string, string>): FileVersion[] =>
  changes.flatMap((change): FileVersion[] => {
    if (change.blob === undefined) return [{ path: change.path, text: undefined }];
    const text = blobs.get(change.blob);
    // A note or capture no verdict ever needed was not read.
    return text === undefined ? [] : [{ path: change.path, text }];
  });

/** Why a folder has no history to publish, where it has none; undefined where it has. */
const unavailableReason = async (dir: string): Promise<{ reason: string } | { top: string; prefix: string; head: string }> => {
  const repository = await repositoryOf(dir);
  if (repository === undefined) return { reason: `${dir} is not inside a git repository (or git is not installed)` };
  const shallow = (await git(repository.top, ['rev-parse', '--is-shallow-repository'])).trim();
  if (shallow === 'true') {
    return {
      reason:
        'the repository is a shallow clone, whose history is cut short: the verdict history would be wrong, so none is published (clone it in full: git fetch --unshallow, or fetch-depth: 0 in GitHub Actions)',
    };
  }
  const head = await git(repository.top, ['rev-parse', '--verify', '--quiet', 'HEAD']).catch(() => '');
  if (head.trim() === '') return { reason: 'the repository has no commits yet' };
  return { ...repository, head: head.trim() };
};

/** The last history read, by repository, folder and HEAD: the dev server reads again only after a commit. */
let last: { key: string; history: Promise<VerdictHistory> } | undefined;

/** The verdict history of a content folder, from its repository's commits (none, with the reason, where it has none). */
export const readVerdictHistory = async (dir: string): Promise<VerdictHistory> => {
  try {
    const where = await unavailableReason(dir);
    if ('reason' in where) return { available: false, reason: where.reason };
    const { top, prefix, head } = where;
    const key = `${top}\0${prefix}\0${head}`;
    if (last?.key === key) return await last.history;
    const history = (async (): Promise<VerdictHistory> => {
      const log = await git(top, [
        'log',
        '--first-parent',
        '--diff-merges=first-parent',
        '--raw',
        '--no-abbrev',
        '--no-renames',
        '--format=%x01%H%x09%ct%x09%s',
        head,
        '--',
        ...pathspecs(prefix),
      ]);
      const commits = parseLog(log, prefix).reverse();
      const blobs = await neededBlobs(
        top,
        commits.flatMap((commit) => commit.changes),
      );
      const replay: CommitFiles[] = commits.map(({ changes, ...info }) => ({ ...info, files: versions(changes, blobs) }));
      return { available: true, head, commits: commits.length, ...verdictHistory(replay) };
    })();
    last = { key, history };
    return await history;
  } catch (error) {
    last = undefined;
    return {
      available: false,
      reason: `git could not read the history: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    };
  }
};

/** The verdicts and their evidence in a content folder as one commit left it. */
const contentStateAt = async (dir: string, ref: string): Promise<ContentState> => {
  const repository = await repositoryOf(dir);
  if (repository === undefined) throw new Error(`${dir} is not inside a git repository`);
  const { top, prefix } = repository;
  const commit = (await git(top, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).catch(() => '')).trim();
  if (commit === '')
    throw new Error(`${ref}: no such commit in ${top} (a shallow clone may lack it: fetch it, or fetch-depth: 0)`);
  const listing = await git(top, ['ls-tree', '-r', commit, '--', ...pathspecs(prefix)]);
  const changes = listing.split('\n').flatMap((line): RawChange[] => {
    // 100644 blob <id>\t<path>
    const match = /^\d+ blob ([0-9a-f]+)\t(.+)$/.exec(line);
    if (match === null || !(match[2] ?? '').startsWith(prefix)) return [];
    return [{ path: (match[2] as string).slice(prefix.length), blob: match[1] }];
  });
  const blobs = await neededBlobs(top, changes);
  return applyFiles(emptyState(), versions(changes, blobs), commit).state;
};

/** The cells whose state, version or evidence differ between two commits of a content folder's repository. */
export const verdictDiff = async (dir: string, base: string, head: string): Promise<ReturnType<typeof diffStates>> => {
  const [before, after] = await Promise.all([contentStateAt(dir, base), contentStateAt(dir, head)]);
  return diffStates(before, after);
};
