/**
 * Builds a content folder into a site through the public command (`npm run build`'s script), the
 * way an author would, and serves it like a plain static host. Shared by integration and browser tests.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../src/node/paths.ts';
import { serveStatic } from '../../src/node/serve.ts';

const run = promisify(execFile);

/** The fixed date tests build fixtures with, so staleness and "not after today" do not drift. */
export const TEST_BUILD_DATE = '2026-11-30';

/**
 * The date the project's own content is built with in tests. Its notes are verified on the day they
 * are written, so no fixed date can stay valid; the later of the clock and HEAD's commit date is never
 * before a committed `lastVerified`, even on a machine whose clock runs behind.
 */
export const mainBuildDate = (): string => {
  const today = new Date().toISOString().slice(0, 10);
  try {
    const committed = execFileSync('git', ['log', '-1', '--format=%cI'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    const head = committed ? new Date(committed).toISOString().slice(0, 10) : '';
    return head > today ? head : today;
  } catch {
    return today;
  }
};

export interface BuildResult {
  ok: boolean;
  outDir: string;
  stdout: string;
  stderr: string;
}

/** Runs `src/cli/build.ts` on a content folder into `.dist-test/<name>`. */
export const buildContent = async (name: string, contentDir: string, env: Record<string, string> = {}): Promise<BuildResult> => {
  const outDir = path.join(repoRoot, '.dist-test', name);
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(repoRoot, 'src/cli/build.ts')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        CONTENT_DIR: contentDir,
        OUT_DIR: outDir,
        ASTRO_CACHE_DIR: `${outDir}.cache`,
        BUILD_DATE: TEST_BUILD_DATE,
        ...env,
      },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { ok: true, outDir, stdout, stderr };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, outDir, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
};

/** The site built from the project's own content; built once by the global setup. */
export const mainDist = path.join(repoRoot, '.dist-test', 'main');
/** The small fixture site (reference note, hostile Markdown); built once by the global setup. */
export const fixtureDist = path.join(repoRoot, '.dist-test', 'fixture');
export const fixtureContent = path.join(repoRoot, 'tests/fixtures/minimal');
/** The repository the fixture site is built to link (`REPOSITORY_URL`) for corrections and edits. */
export const fixtureRepository = 'https://github.com/example/canimcp-fixture';

/** Fails loudly where a site that should have been built is missing. */
export const requireDist = (dir: string): string => {
  if (!existsSync(path.join(dir, 'index.html')))
    throw new Error(`${dir} was not built: only the site and e2e projects build it first (vitest.config.ts lists their files)`);
  return dir;
};

/** Serves a built site on a free localhost port. */
export const serveDist = async (dir: string): Promise<{ url: string; close: () => Promise<void> }> => {
  const server = serveStatic(dir);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
};

/** Both sites the global setup built, served at once: what the browser tests walk. */
export const serveBothDists = async (): Promise<{ mainBase: string; fixtureBase: string; close: () => Promise<void> }> => {
  const [main, fixture] = await Promise.all([serveDist(requireDist(mainDist)), serveDist(requireDist(fixtureDist))]);
  return {
    mainBase: main.url,
    fixtureBase: fixture.url,
    close: async () => {
      await Promise.all([main.close(), fixture.close()]);
    },
  };
};
