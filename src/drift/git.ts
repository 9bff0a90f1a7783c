/**
 * The repositories sources cite, read with plain git: a partial clone (`--filter=blob:none`, so only
 * the blobs asked for are fetched) per repository, kept in a cache folder between runs and fetched
 * again on each. Every git call has a time limit and never asks for credentials.
 */
import { execFile } from 'node:child_process';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** How git is run: where clones are kept, for how long a call may take, and URL prefix rewrites. */
export interface GitOptions {
  cacheDir: string;
  timeoutMs: number;
  /** `[from, to]`: a URL starting with `from` is fetched from `to` instead (git's `url.<to>.insteadOf`). */
  rewrites: readonly (readonly [string, string])[];
  env?: NodeJS.ProcessEnv;
}

interface Result {
  ok: boolean;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** The limit the call had, in ms. */
  timeout: number;
}

/** A clone or fetch of a whole repository's history may take this many times a single call's limit. */
export const TRANSFER_FACTOR = 10;

const run = (args: readonly string[], options: GitOptions, cwd?: string, transfer = false): Promise<Result> =>
  new Promise((resolve) => {
    const timeout = transfer ? options.timeoutMs * TRANSFER_FACTOR : options.timeoutMs;
    const config = options.rewrites.flatMap(([from, to]) => ['-c', `url.${to}.insteadOf=${from}`]);
    execFile(
      'git',
      [...config, ...(cwd === undefined ? [] : ['-C', cwd]), ...args],
      {
        timeout,
        killSignal: 'SIGKILL',
        maxBuffer: 256 * 1024 * 1024,
        // Never stop to ask for a user name or password: a run in CI has nobody to answer.
        env: { ...(options.env ?? process.env), GIT_TERMINAL_PROMPT: '0', GCM_INTERACTIVE: 'never' },
      },
      (error, stdout, stderr) =>
        resolve({ ok: !error, stdout, stderr, timedOut: Boolean(error && (error as { killed?: boolean }).killed), timeout }),
    );
  });

const why = (result: Result, what: string): string => {
  if (result.timedOut) return `${what} took longer than ${Math.round(result.timeout / 1000)} s`;
  const line = result.stderr
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text.startsWith('fatal:') || text.startsWith('error:'));
  return line ?? (result.stderr.trim().split('\n').at(-1) || `${what} failed`);
};

const exists = (target: string) =>
  stat(target).then(
    () => true,
    () => false,
  );

/** A file at a commit: its text, `absent` where the commit has no such file, or why it could not be read. */
export type FileAt = { text: string } | { absent: true } | { unreachable: string };

/** One repository, fetched: its default branch's commit, and files at any commit it has. */
export interface Repository {
  url: string;
  head: string;
  /** The full hash of a commit (7 to 40 hex digits given), fetching it if need be; undefined if upstream has none. */
  commit: (id: string) => Promise<string | undefined>;
  fileAt: (commit: string, file: string) => Promise<FileAt>;
}

/** The cache folder's name for a repository URL: readable, and one per URL. */
export const cacheName = (url: string): string =>
  url
    .replace(/^[a-z+]+:\/\//i, '')
    .replace(/\.git\/?$/, '')
    .replace(/[^\w.-]+/g, '+')
    .replace(/^\+|\+$/g, '');

/** Clones (the first time) or fetches (every later time) a repository; why not, where it cannot. */
export const openRepository = async (url: string, options: GitOptions): Promise<Repository | { unreachable: string }> => {
  const dir = path.join(options.cacheDir, cacheName(url));
  if (await exists(path.join(dir, '.git'))) {
    const fetched = await run(['fetch', '--quiet', '--prune', '--filter=blob:none', 'origin'], options, dir, true);
    if (!fetched.ok) return { unreachable: why(fetched, `git fetch ${url}`) };
  } else {
    await mkdir(options.cacheDir, { recursive: true });
    // Cloned beside its place and moved in once complete: an interrupted clone is never taken for a cache.
    const partial = `${dir}.partial-${process.pid}`;
    await rm(partial, { recursive: true, force: true });
    const cloned = await run(['clone', '--quiet', '--filter=blob:none', '--no-checkout', url, partial], options, undefined, true);
    if (!cloned.ok) {
      await rm(partial, { recursive: true, force: true });
      return { unreachable: why(cloned, `git clone ${url}`) };
    }
    await rm(dir, { recursive: true, force: true });
    await rename(partial, dir);
  }
  // The default branch may have been renamed since the clone: ask the remote each run.
  const headSet = await run(['remote', 'set-head', 'origin', '--auto'], options, dir);
  if (!headSet.ok) return { unreachable: why(headSet, `git remote set-head ${url}`) };
  const head = await run(['rev-parse', '--verify', '--quiet', 'refs/remotes/origin/HEAD^{commit}'], options, dir);
  if (!head.ok) return { unreachable: `${url} has no default branch` };

  const known = new Map<string, Promise<string | undefined>>();
  const resolveCommit = async (id: string): Promise<string | undefined> => {
    const local = await run(['rev-parse', '--verify', '--quiet', `${id}^{commit}`], options, dir);
    if (local.ok) return local.stdout.trim();
    // A commit on no branch (a pull request's, say) can still be fetched by its full hash.
    if (!/^[0-9a-f]{40}$/i.test(id)) return undefined;
    const fetched = await run(['fetch', '--quiet', '--filter=blob:none', 'origin', id], options, dir, true);
    if (!fetched.ok) return undefined;
    const again = await run(['rev-parse', '--verify', '--quiet', `${id}^{commit}`], options, dir);
    return again.ok ? again.stdout.trim() : undefined;
  };
  return {
    url,
    head: head.stdout.trim(),
    commit: (id) => {
      const key = id.toLowerCase();
      let found = known.get(key);
      if (found === undefined) known.set(key, (found = resolveCommit(key)));
      return found;
    },
    fileAt: async (commit, file) => {
      // Trees are in the partial clone; only the blob needs the network.
      const listed = await run(['ls-tree', '-z', commit, '--', file], options, dir);
      if (!listed.ok) return { unreachable: why(listed, `git ls-tree ${commit}`) };
      const entry = listed.stdout.split('\0').find((item) => item.endsWith(`\t${file}`));
      if (entry === undefined || !/^\d+ blob /.test(entry)) return { absent: true };
      const blob = await run(['cat-file', 'blob', `${commit}:${file}`], options, dir);
      if (!blob.ok) return { unreachable: why(blob, `git cat-file ${commit}:${file}`) };
      return { text: blob.stdout };
    },
  };
};
