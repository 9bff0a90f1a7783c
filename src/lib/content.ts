import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as z from 'zod';
import {
  collectionSchemas,
  collections,
  type Capability,
  type Client,
  type CollectionName,
  type Note,
  type Revision,
} from '../schema/index.ts';
import { bodyLinks } from './markdown.ts';
import { parseFile, type ParsedFile } from './frontmatter.ts';
import { classifyLink, linkCandidates } from './links.ts';
import { sortProblems, type Problem } from './problems.ts';
import { didYouMean } from './suggest.ts';
import { fieldsAt, issueMessage, issuePath } from './issues.ts';
import { canonicalNoteUrl } from './urls.ts';

/** One valid entry, with what the pages and twins need beyond its frontmatter. */
export interface Entry<T> {
  id: string;
  /** The file, relative to the working directory. */
  file: string;
  absolutePath: string;
  data: T;
  /** The frontmatter block exactly as written, `---` lines included. */
  frontmatterBlock: string;
  /** The body exactly as written. */
  body: string;
  /** The whole file, for rendering with true line numbers. */
  text: string;
}

/** Every valid entry of a content folder, by collection. */
export interface Content {
  research: Entry<Note>[];
  clients: Entry<Client>[];
  revisions: Entry<Revision>[];
  capabilities: Entry<Capability>[];
}

/** What reading a content folder found: the valid entries and every problem. */
export interface LoadResult {
  content: Content;
  problems: Problem[];
}

interface RawEntry {
  collection: CollectionName;
  id: string;
  file: string;
  absolutePath: string;
  text: string;
  parsed: ParsedFile | undefined;
  data: Record<string, unknown> | undefined;
  valid: boolean;
}

/** The placeholders `npm run new` writes; a published page must not carry one. */
const TODO_MARKER = /#\s*TODO\b|<!--\s*TODO\b/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringsAt = (data: Record<string, unknown> | undefined, key: string): [string, number][] => {
  const value = data?.[key];
  return Array.isArray(value)
    ? value.flatMap((item, index): [string, number][] => (typeof item === 'string' ? [[item, index]] : []))
    : [];
};

/** Files open at once while reading a folder: tens of thousands at once exhaust the descriptor limit (EMFILE). */
const OPEN_FILES = 64;

/** Runs `task` on every item, at most OPEN_FILES at a time. */
const eachLimited = async <T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> => {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(OPEN_FILES, items.length) }, worker));
};

const listMarkdown = async (dir: string): Promise<string[] | undefined> => {
  try {
    // Files only: a folder named `x.md` is not an entry (reading it would throw EISDIR).
    const names = await readdir(dir, { withFileTypes: true });
    return (
      names
        // Hidden files (editor locks such as `.#x.md`) are not entries.
        .filter((item) => item.isFile() && item.name.endsWith('.md') && !item.name.startsWith('.'))
        .map((item) => item.name)
        .sort()
    );
  } catch {
    return undefined;
  }
};

/**
 * Reads and validates a whole content folder: each file against its schema, then the rules that
 * span files (ids, references, links). Never throws on bad content; every problem is returned.
 */
export const loadContent = async (contentDir: string, options: { site: string }): Promise<LoadResult> => {
  const problems: Problem[] = [];
  const raw: RawEntry[] = [];
  const display = (absolute: string) => path.relative(process.cwd(), absolute) || absolute;

  await Promise.all(
    collections.map(async (collection) => {
      const dir = path.join(contentDir, collection);
      const names = await listMarkdown(dir);
      if (names === undefined) {
        problems.push({
          file: display(dir),
          line: 1,
          column: 1,
          message: `missing folder: expected ${collection}/ in the content folder`,
        });
        return;
      }
      await eachLimited(names, async (name) => {
        const absolutePath = path.join(dir, name);
        const text = await readFile(absolutePath, 'utf8');
        const parsed = parseFile(text);
        raw.push({
          collection,
          id: name.slice(0, -3),
          file: display(absolutePath),
          absolutePath,
          text,
          parsed,
          data: isRecord(parsed?.data) ? parsed.data : undefined,
          valid: false,
        });
      });
    }),
  );
  raw.sort((a, b) => a.file.localeCompare(b.file));

  const ids = Object.fromEntries(collections.map((name) => [name, new Set<string>()])) as Record<CollectionName, Set<string>>;
  for (const entry of raw) ids[entry.collection].add(entry.id);

  const content: Content = { research: [], clients: [], revisions: [], capabilities: [] };
  const seenLower = new Map<string, string>();

  for (const entry of raw) {
    const { parsed, file } = entry;
    const at = (fieldPath: readonly PropertyKey[], part?: 'key' | 'value') =>
      parsed?.locate(fieldPath, part) ?? { line: 1, column: 1 };
    const report = (fieldPath: readonly PropertyKey[], message: string, part?: 'key' | 'value') =>
      problems.push({ file, ...at(fieldPath, part), ...(fieldPath.length ? { field: issuePath(fieldPath) } : {}), message });

    const schemas = collectionSchemas[entry.collection];
    if (!schemas.id.safeParse(entry.id).success) {
      problems.push({
        file,
        line: 1,
        column: 1,
        message: `file name: ${schemas.id.safeParse(entry.id).error?.issues[0]?.message ?? 'invalid id'}`,
      });
    }
    const lowerKey = `${entry.collection}/${entry.id.toLowerCase()}`;
    const twin = seenLower.get(lowerKey);
    if (twin !== undefined) {
      problems.push({
        file,
        line: 1,
        column: 1,
        message: `duplicate id: ${JSON.stringify(entry.id)} differs from ${twin} only in case, and they would share one URL`,
      });
    }
    seenLower.set(lowerKey, file);

    if (parsed === undefined) {
      problems.push({ file, line: 1, column: 1, message: 'missing YAML frontmatter: the file must start with a line "---"' });
      continue;
    }
    if (parsed.syntaxErrors.length > 0) {
      for (const error of parsed.syntaxErrors) problems.push({ file, ...error });
      continue;
    }
    if (entry.data === undefined) {
      problems.push({ file, line: 1, column: 1, message: 'invalid YAML frontmatter: expected a mapping of fields' });
      continue;
    }

    // reportInput: issues then carry what was written, so "missing" and "wrong type" read differently.
    const result = (schemas.frontmatter as z.ZodType).safeParse(entry.data, { reportInput: true });
    if (!result.success) {
      for (const issue of result.error.issues) {
        if (issue.code === 'unrecognized_keys') {
          const allowed = fieldsAt(schemas.frontmatter, issue.path);
          for (const key of issue.keys) {
            report(
              [...issue.path, key],
              `unknown field${didYouMean(key, allowed)}; allowed fields are ${allowed.join(', ')}`,
              'key',
            );
          }
          continue;
        }
        report(issue.path, issueMessage(issue));
      }
    }

    // Rules that need other files.
    const data = entry.data;
    if (entry.collection === 'research') {
      if (typeof data['id'] === 'string' && data['id'] !== entry.id) {
        report(['id'], `must equal the file name, ${JSON.stringify(entry.id)}, got ${JSON.stringify(data['id'])}`);
      }
      const refs: [string, CollectionName][] = [
        ['clients', 'clients'],
        ['specVersions', 'revisions'],
        ['capabilities', 'capabilities'],
        ['related', 'research'],
      ];
      for (const [field, target] of refs) {
        for (const [value, index] of stringsAt(data, field)) {
          if (field === 'related' && value === entry.id) {
            report([field, index], 'a note cannot be related to itself');
          } else if (!ids[target].has(value)) {
            report(
              [field, index],
              `unknown ${collectionSchemas[target].noun} ${JSON.stringify(value)}${didYouMean(value, ids[target])}`,
            );
          }
        }
      }
      const successor = data['supersededBy'];
      if (typeof successor === 'string') {
        if (successor === entry.id) report(['supersededBy'], 'a note cannot supersede itself');
        else if (!ids.research.has(successor))
          report(['supersededBy'], `unknown note ${JSON.stringify(successor)}${didYouMean(successor, ids.research)}`);
      }
      const canonical = data['canonical'];
      const derived = canonicalNoteUrl(options.site, entry.id);
      if (typeof canonical === 'string' && canonical !== derived) {
        report(['canonical'], `must equal the derived URL ${derived} (or be left out), got ${JSON.stringify(canonical)}`);
      }
    }

    checkLinks(entry.text, entry.file, ids, options.site, problems);
    // A marker is only news on a line with no other problem: a still-empty placeholder already
    // says what it expects.
    const flagged = new Set(problems.filter((problem) => problem.file === file).map((problem) => problem.line));
    entry.text.split('\n').forEach((line, index) => {
      const marker = TODO_MARKER.exec(line);
      if (marker && !flagged.has(index + 1)) {
        problems.push({
          file,
          line: index + 1,
          column: marker.index + 1,
          message: 'a TODO left by npm run new: fill it in and delete the marker',
        });
      }
    });

    if (result.success) {
      entry.valid = true;
      (content[entry.collection] as Entry<unknown>[]).push({
        id: entry.id,
        file: entry.file,
        absolutePath: entry.absolutePath,
        data: result.data,
        frontmatterBlock: parsed.frontmatterBlock,
        body: parsed.body,
        text: entry.text,
      });
    }
  }

  return { content, problems: sortProblems(problems) };
};

/** Why a link written in a body does not resolve on this site, or undefined where it does. */
const linkProblem = (href: string, ids: Record<CollectionName, Set<string>>, site: string): string | undefined => {
  const target = classifyLink(href, site);
  if (target.type === 'entry' && !ids[target.collection].has(target.id)) {
    const noun = collectionSchemas[target.collection].noun;
    return `link to ${href}: no ${noun} ${JSON.stringify(target.id)} exists${didYouMean(target.id, ids[target.collection])}`;
  }
  return target.type === 'unknown' ? `link to ${href}: no such page on this site` : undefined;
};

/**
 * Checks a body's links. Parsing Markdown is the slowest step of a check, so a liberal scan of the
 * text comes first; only a file where some candidate does not resolve is parsed, and then the
 * parser alone decides what is a link and where it stands.
 */
const checkLinks = (text: string, file: string, ids: Record<CollectionName, Set<string>>, site: string, problems: Problem[]) => {
  if (linkCandidates(text, site).every((href) => linkProblem(href, ids, site) === undefined)) return;
  for (const link of bodyLinks(text)) {
    const message = linkProblem(link.href, ids, site);
    if (message !== undefined) problems.push({ file, line: link.line, column: link.column, message });
  }
};
