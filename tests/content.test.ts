/** The project's own corpus: valid, connected, and broad enough to answer readers' questions. */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadContent } from '../src/node/content.ts';
import { buildDate } from '../src/node/environment.ts';
import { repoRoot } from '../src/node/paths.ts';
import { formatProblem } from '../src/lib/content/problems.ts';
import { isCaptureSource } from '../src/schema/index.ts';
import { releaseTime } from '../src/lib/evidence/releases.ts';
import { registryPackage } from '../src/lib/evidence/built-with.ts';

const { content, problems, validCaptures, releases } = await loadContent(path.join(repoRoot, 'content'), {
  origin: 'https://canimcp.io',
  today: buildDate(),
});
const notes = content.research;

describe('the starter corpus', () => {
  test('passes the check', () => {
    expect(problems.map(formatProblem)).toEqual([]);
  });

  test('has the foundation notes and at least 15 more, across at least 8 clients and all five kinds', () => {
    const ids = notes.map((note) => note.id);
    expect(ids).toContain('hermes-leads-with-the-legacy-handshake');
    expect(ids).toContain('fast-agent-leads-with-the-modern-discover-probe');
    expect(notes.length).toBeGreaterThanOrEqual(17);
    expect(new Set(notes.flatMap((note) => note.data.clients)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(notes.map((note) => note.data.kind))).toEqual(new Set(['nuance', 'support', 'gap', 'bug', 'change']));
  });

  test('every captured version has its release date in content (issue 43): its client has a release list of the package it was captured from', () => {
    const undated = [...validCaptures.values()].flatMap(({ id, header }) => {
      const list = releases.get(header.client);
      const samePackage =
        list !== undefined && (header.package === undefined || registryPackage(header.package) === list.package);
      return samePackage && releaseTime(list.versions, header.version) !== undefined
        ? []
        : [`${id}: ${header.client} ${header.version}${list === undefined ? ' (no valid content/releases/ list)' : ''}`];
    });
    expect(validCaptures.size).toBeGreaterThan(1000);
    expect(undated).toEqual([]);
  });

  test('every client, revision and capability is named by at least one note', () => {
    const named = (field: 'clients' | 'specVersions' | 'capabilities') => new Set(notes.flatMap((note) => note.data[field]));
    expect(content.clients.map((entry) => entry.id).filter((id) => !named('clients').has(id))).toEqual([]);
    expect(content.revisions.map((entry) => entry.id).filter((id) => !named('specVersions').has(id))).toEqual([]);
    expect(content.capabilities.map((entry) => entry.id).filter((id) => !named('capabilities').has(id))).toEqual([]);
  });

  test('has all five released revisions, both eras, and the capability areas notes refer to', () => {
    expect(content.revisions.map((entry) => entry.id).sort()).toEqual([
      '2024-11-05',
      '2025-03-26',
      '2025-06-18',
      '2025-11-25',
      '2026-07-28',
    ]);
    expect(new Set(content.revisions.map((entry) => entry.data.era))).toEqual(new Set(['handshake', 'modern']));
    for (const id of [
      'protocolVersions',
      'transports',
      'tools',
      'resources',
      'prompts',
      'sampling',
      'roots',
      'elicitation',
      'logging',
      'completions',
      'tasks',
      'authorization',
    ]) {
      expect(content.capabilities.map((entry) => entry.id)).toContain(id);
    }
  });

  test('every source that points into a repository pins a commit', () => {
    const unpinned = notes.flatMap((note) =>
      note.data.sources
        .filter(
          (source) =>
            !isCaptureSource(source) &&
            source.path !== undefined &&
            /github\.com\/[^/]+\/[^/]+\/?$/.test(source.url) &&
            source.commit === undefined,
        )
        .map((source) => `${note.id}: ${source.title}`),
    );
    expect(unpinned).toEqual([]);
  });
});
