/** Builds the two sites the tests read, once, one after the other (builds are CPU-bound). */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../../src/lib/paths.ts';
import { buildContent, fixtureContent } from './site.ts';

export default async function setup() {
  await rm(path.join(repoRoot, '.dist-test'), { recursive: true, force: true });
  for (const [name, dir] of [
    ['main', path.join(repoRoot, 'content')],
    ['fixture', fixtureContent],
  ] as const) {
    const result = await buildContent(name, dir);
    if (!result.ok) throw new Error(`building the ${name} site failed:\n${result.stderr || result.stdout}`);
  }
}
