/**
 * The reference twin (FORMAT.md's, committed in tests/fixtures/reference) reproduced byte for byte
 * from the note in the project's own content, which is read whole, and in the fixture.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { noteTwin } from '../src/lib/outputs/twin.ts';
import { canonicalNoteUrl } from '../src/lib/routes/urls.ts';
import { loadContent } from '../src/node/content.ts';
import { buildDate } from '../src/node/environment.ts';
import { repoRoot } from '../src/node/paths.ts';

const origin = 'https://canimcp.io';

/** The published twin in FORMAT.md's reference, which the build must reproduce byte for byte. */
const referenceName = 'hermes-leads-with-the-legacy-handshake.md';
const references = [
  path.join(repoRoot, 'tests/fixtures/reference', referenceName),
  // CI clones the repository beside a copy of shared/; compare with it too where it is there.
  path.join(repoRoot, '..', 'shared', 'reference', referenceName),
].filter((file) => existsSync(file));

const twinFrom = async (contentDir: string, id: string) => {
  const { content } = await loadContent(contentDir, { origin, today: buildDate() });
  const entry = content.research.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`${id} is not a valid note in ${contentDir}`);
  return {
    entry,
    twin: noteTwin({
      ...entry,
      canonical: canonicalNoteUrl(origin, entry.id),
      lastUpdated: entry.data['last-updated'] ?? '2099-01-01',
    }),
  };
};

describe('the reference twin', () => {
  test('the committed copy of the reference is there', () => {
    expect(references[0]).toBe(path.join(repoRoot, 'tests/fixtures/reference', referenceName));
  });

  test.each([
    ['content/', path.join(repoRoot, 'content')],
    ['tests/fixtures/minimal/', path.join(repoRoot, 'tests/fixtures/minimal')],
  ])('is reproduced byte for byte from the note in %s', async (_name, dir) => {
    const { twin } = await twinFrom(dir, 'hermes-leads-with-the-legacy-handshake');
    for (const reference of references) expect(twin).toBe(await readFile(reference, 'utf8'));
  });
});

describe('YAML dates and zero-led commits stay as written', () => {
  test('unquoted specVersions dates and commit 0012345 reach the twin as text', async () => {
    const { entry, twin } = await twinFrom(path.join(repoRoot, 'tests/fixtures/broken/base'), 'base-note');
    expect(entry.data.specVersions).toEqual(['2025-11-25']);
    expect(entry.data.sources[0]).toMatchObject({ commit: '0012345' });
    expect(entry.frontmatterBlock).toContain('specVersions:\n  - 2025-11-25\n');
    expect(twin).toContain('specVersions:\n  - 2025-11-25\n');
    expect(twin).toContain(' · Revisions: `2025-11-25`\n');
    expect(twin).toContain('commit `0012345`, `src/client.py:10-20`, 2026-11-09');
  });
});
