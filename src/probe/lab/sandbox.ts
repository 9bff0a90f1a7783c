/**
 * The sandbox every client run happens in: bubblewrap (Debian's `bubblewrap`, `/usr/bin/bwrap`). The
 * client is a third-party program that the stand-in model tells to call tools, some with approvals
 * bypassed, so the run gets no network but its own loopback (`--unshare-net`), the whole system
 * read-only (`--ro-bind / /`), a private /tmp, and the run's scratch folder (its throwaway HOME,
 * working folder and capture output) as the only writable place outside it. The probe and the
 * stand-in model run inside the same sandbox: the runner's inner part is what bwrap starts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Where Debian's bubblewrap installs its binary. */
export const BWRAP = '/usr/bin/bwrap';

/** The folder the sandbox replaces with an empty one of its own. */
export const PRIVATE_TMP = '/tmp';

const underTmp = (folder: string) => folder === PRIVATE_TMP || folder.startsWith(`${PRIVATE_TMP}/`);

/**
 * Of the folders a run reads, those the private /tmp would hide (a clone of the project under /tmp,
 * the Node inside it, a lab cache there), each once and none inside another: everything else is
 * visible already through the read-only root.
 */
export const hiddenByTmp = (folders: readonly string[]): string[] => {
  const hidden = [...new Set(folders.map((folder) => path.resolve(folder)))].filter(underTmp).sort();
  return hidden.filter((folder) => !hidden.some((outer) => folder.startsWith(`${outer}/`)));
};

/** What a sandbox allows: the folders it may write, where it starts, and the environment it gets. */
export interface SandboxPlan {
  /** Absolute folders bound writable (the scratch folder); everything else outside /tmp is read-only. */
  writable: readonly string[];
  /** Absolute folders the run reads: those under /tmp stay visible, read-only, over the private /tmp. */
  readable?: readonly string[];
  /** The working folder the command starts in. */
  cwd: string;
}

/** The bwrap arguments that put a command into the sandbox (the command follows them). */
export const sandboxArgs = ({ writable, readable = [], cwd }: SandboxPlan): string[] => [
  '--ro-bind',
  '/',
  '/',
  '--dev',
  '/dev',
  '--proc',
  '/proc',
  // A private /tmp first, then the writable folders (which may lie under /tmp) on top of it.
  '--tmpfs',
  '/tmp',
  ...hiddenByTmp(readable).flatMap((folder) => ['--ro-bind', folder, folder]),
  ...writable.flatMap((folder) => ['--bind', folder, folder]),
  '--unshare-net',
  '--unshare-pid',
  '--unshare-ipc',
  // Whatever the client leaves running dies with the sandbox's first process.
  '--die-with-parent',
  '--new-session',
  '--chdir',
  cwd,
  '--',
];

/**
 * The bwrap binary, installed with apt where it is missing and the lab may install (root); an Error
 * saying what to do where it cannot be had, so no client ever runs unsandboxed by accident.
 */
export const requireBwrap = (): string => {
  if (existsSync(BWRAP)) return BWRAP;
  const root = process.getuid?.() === 0;
  if (root) {
    console.error('probe: bubblewrap is missing: installing it with apt-get');
    spawnSync('apt-get', ['update'], { stdio: 'ignore' });
    spawnSync('apt-get', ['install', '-y', 'bubblewrap'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(BWRAP)) return BWRAP;
  }
  throw new Error(
    `the lab runs every client inside bubblewrap, and ${BWRAP} is missing${root ? ' (apt-get install bubblewrap failed)' : ''}: install Debian's bubblewrap package, or run with --no-sandbox to run the client unconfined at your own risk`,
  );
};
