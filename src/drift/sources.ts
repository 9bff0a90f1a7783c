/**
 * Source drift: each web source pinned to a commit and a path in a GitHub repository, its cited
 * lines at that commit against the same file on the repository's default branch.
 */
import type { Entry } from '../lib/content/entries.ts';
import { githubRepositoryUrl } from '../lib/outputs/repository.ts';
import { citedFiles, formatRange } from '../lib/content/source-paths.ts';
import { mapLimited } from '../lib/tasks/map-limited.ts';
import { isCaptureSource, type Note } from '../schema/index.ts';
import type { FileDrift, SourceDrift } from '../schema/drift.ts';
import { openRepository, type GitOptions, type Repository } from './git.ts';
import { compareLines, worstStatus } from './lines.ts';
import { fieldPosition } from './position.ts';
import type { KindSource } from './evidence-sources.ts';

/** A source that can be compared: its note, repository and what it pins. */
export interface PinnedSource {
  note: string;
  url: string;
  repository: string;
  commit: string;
  path: string;
  at: SourceDrift['at'];
}

/** Every web source with a commit and a path in a GitHub repository, in note order. */
export const pinnedSources = (notes: readonly Entry<Note>[], root: string): PinnedSource[] =>
  notes.flatMap((note) =>
    note.data.sources.flatMap((source, index): PinnedSource[] => {
      if (isCaptureSource(source) || source.commit === undefined || source.path === undefined) return [];
      const repository = githubRepositoryUrl(source.url);
      if (repository === undefined) return [];
      return [
        {
          note: note.id,
          url: source.url,
          repository,
          commit: source.commit,
          path: source.path,
          at: fieldPosition(note, root, ['sources', index, 'url']),
        },
      ];
    }),
  );

const compareSource = async (source: PinnedSource, repo: Repository): Promise<SourceDrift> => {
  const base = { note: source.note, url: source.url, commit: source.commit, path: source.path, at: source.at };
  const commit = await repo.commit(source.commit);
  if (commit === undefined) {
    return { ...base, status: 'missing', files: [], detail: `commit ${source.commit} is not in ${source.repository}` };
  }
  const files: FileDrift[] = [];
  for (const cited of citedFiles(source.path)) {
    const then = await repo.fileAt(commit, cited.file);
    if ('unreachable' in then) return { ...base, status: 'unreachable', files: [], detail: then.unreachable };
    if ('absent' in then) {
      files.push({ file: cited.file, status: 'missing', detail: 'no such file at the pinned commit' });
      continue;
    }
    const now = await repo.fileAt(repo.head, cited.file);
    if ('unreachable' in now) return { ...base, status: 'unreachable', files: [], detail: now.unreachable };
    for (const verdict of compareLines(then.text, 'text' in now ? now.text : undefined, cited.ranges)) {
      files.push({
        file: cited.file,
        status: verdict.status,
        ...(verdict.lines === undefined ? {} : { lines: formatRange(verdict.lines) }),
        ...(verdict.now === undefined ? {} : { now: formatRange(verdict.now) }),
        ...(verdict.detail === undefined ? {} : { detail: verdict.detail }),
      });
    }
  }
  return { ...base, status: worstStatus(files.map((file) => file.status)), files };
};

/**
 * The read verdicts' pinned code that `pinnedSources` cannot compare (a repository drift does not
 * know how to clone: only GitHub's are), each as `unreachable` with the reason, so no read source
 * leaves the report unwatched without saying so.
 */
export const uncomparedSources = (reads: readonly KindSource[], pinned: readonly PinnedSource[]): SourceDrift[] => {
  const compared = new Set(pinned.map((source) => `${source.note}\0${source.url}\0${source.commit}\0${source.path}`));
  return reads.flatMap(({ note, source, at }): SourceDrift[] => {
    const commit = source.commit ?? '';
    const path = source.path ?? '';
    if (compared.has(`${note}\0${source.url}\0${commit}\0${path}`)) return [];
    return [
      {
        note,
        url: source.url,
        commit,
        path,
        status: 'unreachable',
        files: [],
        detail:
          'a read verdict rests on this code, but drift compares pinned lines only in GitHub repositories (https://github.com/<owner>/<name>)',
        at,
      },
    ];
  });
};

/** How many repositories are cloned or fetched at once. */
const REPOSITORIES_AT_ONCE = 4;

/**
 * Compares every pinned source with its repository's default branch. A repository that cannot be
 * reached makes each of its sources `unreachable`, with the reason; it never stops the others.
 */
export const checkSources = async (sources: readonly PinnedSource[], options: GitOptions): Promise<SourceDrift[]> => {
  const byRepository = Map.groupBy(sources, (source) => source.repository);
  const found = new Map<PinnedSource, SourceDrift>();
  await mapLimited([...byRepository], REPOSITORIES_AT_ONCE, async ([url, group]) => {
    const repo = await openRepository(url, options);
    for (const source of group) {
      found.set(
        source,
        'unreachable' in repo
          ? {
              note: source.note,
              url: source.url,
              commit: source.commit,
              path: source.path,
              status: 'unreachable',
              files: [],
              detail: repo.unreachable,
              at: source.at,
            }
          : await compareSource(source, repo),
      );
    }
  });
  // In note order, whatever order the repositories answered in.
  return sources.flatMap((source) => found.get(source) ?? []);
};
