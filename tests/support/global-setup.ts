/** Builds the two sites the tests read, once, one after the other (builds are CPU-bound). */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../../src/lib/paths.ts';
import { buildContent, fixtureContent, fixtureRepository } from './site.ts';

export default async function setup() {
  await rm(path.join(repoRoot, '.dist-test'), { recursive: true, force: true });
  for (const [name, dir, env] of [
    // The main site links whatever package.json names (nothing, today); the fixture site a repository of its own.
    ['main', path.join(repoRoot, 'content'), { REPOSITORY_URL: '' }],
    ['fixture', fixtureContent, { REPOSITORY_URL: fixtureRepository }],
  ] as const) {
    const result = await buildContent(name, dir, env);
    if (!result.ok) throw new Error(`building the ${name} site failed:\n${result.stderr || result.stdout}`);
  }
}
