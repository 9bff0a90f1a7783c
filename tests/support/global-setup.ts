/**
 * Builds the two sites the site and e2e tests read, one after the other (builds are CPU-bound), once
 * per vitest run: both projects list this setup, and vitest runs it for each project it runs.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../../src/node/paths.ts';
import { buildContent, fixtureContent, fixtureRepository, mainBuildDate } from './site.ts';

const buildSites = async () => {
  await rm(path.join(repoRoot, '.dist-test'), { recursive: true, force: true });
  for (const [name, dir, env] of [
    // The main site links whatever package.json names (nothing, today); the fixture site a repository of its own.
    ['main', path.join(repoRoot, 'content'), { REPOSITORY_URL: '', BUILD_DATE: mainBuildDate() }],
    ['fixture', fixtureContent, { REPOSITORY_URL: fixtureRepository }],
  ] as const) {
    const result = await buildContent(name, dir, env);
    if (!result.ok) throw new Error(`building the ${name} site failed:\n${result.stderr || result.stdout}`);
  }
};

// Global setups run in vitest's own process; the promise lives there so a second project waits for the first build.
const shared = globalThis as { canimcpSitesBuilt?: Promise<void> };

export default function setup(): Promise<void> {
  shared.canimcpSitesBuilt ??= buildSites();
  return shared.canimcpSitesBuilt;
}
