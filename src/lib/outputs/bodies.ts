/**
 * Each entry's rendered body, source text and search record, and each note's twin, kept beside
 * Astro's data store rather than in it: the store then holds frontmatter only, so Astro does not
 * serialize and reload every note's HTML and Markdown as one huge module. The content loader
 * publishes them into the build context (src/node/build-context.ts); pages, twins and the search
 * integration read them there.
 */
import type { CaptureBytes } from '../content/capture-rules.ts';
import type { Capture } from '../evidence/capture.ts';
import type { CellDrift, NoteDrift } from './drift-marks.ts';
import type { SearchRecord } from '../search/search-records.ts';
import type { VerdictHistory } from '../matrix/verdict-history.ts';

/** What an entry's page and twin need beyond its frontmatter. */
export interface Body {
  /** The body rendered to safe HTML. */
  html: string;
  /** The frontmatter block exactly as written, `---` lines included. */
  frontmatterBlock: string;
  /** The body exactly as written. */
  body: string;
  /** The file, relative to the working directory. */
  file: string;
  /** The file's path from the project root, for "Edit this note"; absent when it lies outside the project. */
  source?: string;
  /** Written `last-updated`, else the last commit's date, else the build date. */
  lastUpdated: string;
  /** Changes whenever the file's text, its `last-updated`, the site origin or its drift marks do. */
  digest: string;
  /** A note's sources that changed upstream, by the drift report (drift-marks.ts). */
  drift?: NoteDrift;
  /** A client's verdicts checked before the newest release, by `cellKey`, by the drift report. */
  cells?: Record<string, CellDrift>;
}

/** What else the loader publishes about the content it loaded. */
export interface Publication {
  /** Every search record, built on first use (the dev server never asks). */
  records: () => readonly SearchRecord[];
  /** A note's `.md` twin, by id (lib/outputs/twin.ts); undefined for an id that is not a valid note. */
  noteTwin: (id: string) => string | undefined;
  /** The ids of the notes that have a twin. */
  noteIds: () => string[];
  /** The verdicts' history from git, or why there is none. */
  history: VerdictHistory;
  /** The capture files read with the content (`/captures/<id>.jsonl` and the capture pages). */
  captureFiles: readonly CaptureBytes[];
  /** The valid ones, by id, as check read them: pages take them from here instead of judging them again. */
  validCaptures: ReadonlyMap<string, Capture>;
}
