/**
 * `npm run dev` on the generated corpus, as an author meets it: from starting the server to the
 * first note page served, then, per edit, from saving a note with a new title to the dev server
 * serving the page with it. Plain HTTP requests stand in for the browser's reload; the times are
 * the server's, which is what an edit costs at scale.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../src/node/paths.ts';
import { freePort } from '../tests/support/ports.ts';

export interface DevMeasurement {
  /** Spawning `npm run dev` → the first note page served with its title. */
  firstPageMs: number;
  /** Each edit: the file saved → its page served with the new title. */
  editMs: number[];
}

/** How often the page is asked for: about what a reader's reload costs, without loading the server much. */
const POLL_MS = 100;

/** Polls until the page holds `text`; the time it took, in ms from `since`. */
const until = async (url: string, text: string, since: number, timeoutMs: number, log: () => string): Promise<number> => {
  const deadline = since + timeoutMs;
  for (;;) {
    const body = await fetch(url)
      .then((response) => (response.ok ? response.text() : ''))
      .catch(() => '');
    if (body.includes(text)) return performance.now() - since;
    if (performance.now() > deadline) throw new Error(`dev: ${url} never showed ${JSON.stringify(text)}\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
};

const escapeYaml = (text: string) => text.replace(/'/g, "''");

export const measureDev = async (
  contentDir: string,
  noteId: string,
  env: NodeJS.ProcessEnv,
  edits = 3,
): Promise<DevMeasurement> => {
  const port = await freePort();
  const file = path.join(contentDir, 'research', `${noteId}.md`);
  const original = await readFile(file, 'utf8');
  const titleLine = /^title: .*$/m.exec(original)?.[0];
  if (titleLine === undefined) throw new Error(`dev: ${file} has no title line`);
  let output = '';
  const started = performance.now();
  // Its own process group, so the server and anything it started end together.
  const server = spawn(process.execPath, [path.join(repoRoot, 'src/cli/dev.ts')], {
    cwd: repoRoot,
    env: { ...env, CONTENT_DIR: contentDir, PORT: String(port), NO_COLOR: '1', FORCE_COLOR: '0' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const log = () => `--- dev server output ---\n${output.slice(-4000)}`;
  try {
    const url = `http://127.0.0.1:${port}/research/${noteId}`;
    const firstTitle = /^title: (['"]?)(.*)\1$/.exec(titleLine)?.[2] ?? '';
    // The title as the page prints it: the first words are enough, and free of HTML escaping.
    const firstPageMs = await until(url, firstTitle.split(' ').slice(0, 3).join(' '), started, 180_000, log);
    const editMs: number[] = [];
    for (let edit = 1; edit <= edits; edit++) {
      // Let the server settle after the last change (its watcher, the page's own reload).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const marker = `Edited title number ${edit} ${Date.now()}`;
      const saved = performance.now();
      await writeFile(file, original.replace(titleLine, `title: '${escapeYaml(marker)}'`));
      editMs.push(await until(url, marker, saved, 60_000, log));
    }
    if (process.env['DEV_LOG']) console.error(output);
    return { firstPageMs, editMs };
  } finally {
    await writeFile(file, original);
    if (server.pid !== undefined && server.exitCode === null) {
      const gone = new Promise((resolve) => server.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      const timer = setTimeout(() => {
        try {
          process.kill(-(server.pid as number), 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, 5_000);
      await gone;
      clearTimeout(timer);
    }
  }
};
