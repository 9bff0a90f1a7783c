import type { Capability, Client, CollectionName, Feature, Note, Revision } from '../../schema/index.ts';
import type { DriftReport } from '../../schema/drift.ts';
import type { Capture } from '../evidence/capture.ts';
import type { CaptureBytes } from './capture-rules.ts';
import type { InvalidUtf8 } from './encoding.ts';
import type { ParsedFile } from './frontmatter.ts';
import type { Problem } from './problems.ts';

/** One content file as read from disk, before any rule has looked at it. */
export interface SourceFile {
  collection: CollectionName;
  /** The file name without `.md`. */
  id: string;
  /** The file, relative to the working directory, as problems name it. */
  file: string;
  absolutePath: string;
  text: string;
  /** A SHA-256 of `text` (base64url): what caches kept across runs know the file by. */
  hash: string;
  /** The frontmatter and body, or undefined where the file has no frontmatter block. */
  parsed: ParsedFile | undefined;
  /** Where the file stops being UTF-8; such a file is only reported, never published. */
  invalidUtf8: InvalidUtf8 | undefined;
}

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
  /** A SHA-256 of `text` (base64url). */
  hash: string;
}

/** Every valid entry of a content folder, by collection. */
export interface Content {
  research: Entry<Note>[];
  clients: Entry<Client>[];
  revisions: Entry<Revision>[];
  capabilities: Entry<Capability>[];
  features: Entry<Feature>[];
}

/** What reading a content folder found: the valid entries and every problem. */
export interface LoadResult {
  content: Content;
  problems: Problem[];
  /** The capture files read with the content, valid or not, sorted by name. */
  captures: readonly CaptureBytes[];
  /** The valid captures, by id, in the files' order: their header and events as check read them. */
  validCaptures: ReadonlyMap<string, Capture>;
  /** The drift report (`drift.json`), where the folder has a valid one. */
  drift?: DriftReport;
}

/** The ids that exist, by collection: what cross-file rules check references against. */
export type KnownIds = Record<CollectionName, ReadonlySet<string>>;

/** A mapping of fields as YAML gave it, or undefined for anything else. */
export const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
