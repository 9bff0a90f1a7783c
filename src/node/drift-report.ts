/**
 * Reads the drift report of a content folder (`drift.json`, written by `npm run drift -- --write`):
 * absent is fine (nothing is shown as stale); anything but a valid report is a problem at its line.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LineCounter, isMap, isNode, isSeq, parseDocument, type Node } from 'yaml';
import { issuePath } from '../lib/content/issues.ts';
import type { Problem } from '../lib/content/problems.ts';
import { parseAuthored } from '../schema/errors.ts';
import { DriftReport } from '../schema/drift.ts';

/** `drift.json` in the content folder: committed beside the content it checked, as the site's "checked on" claim. */
const DRIFT_REPORT_FILE = 'drift.json';

/** The report file of a content folder. */
export const driftReportPath = (contentDir: string): string => path.join(contentDir, DRIFT_REPORT_FILE);

/** What reading the report found: the report, where there is a valid one, and its problems. */
export interface DriftRead {
  report?: DriftReport;
  problems: Problem[];
}

/** Where a field of a JSON text is: its line and column, from a YAML parse (JSON is YAML). */
const locator = (text: string) => {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  return (at: readonly PropertyKey[]): { line: number; column: number } => {
    let node: unknown = doc.contents;
    let found: Node | undefined = isNode(node) ? node : undefined;
    for (const segment of at) {
      if (isMap(node))
        node = node.items.find((pair) => String((pair.key as { value?: unknown })?.value) === String(segment))?.value;
      else if (isSeq(node) && typeof segment === 'number') node = node.items[segment];
      else break;
      if (!isNode(node)) break;
      found = node;
    }
    const offset = found?.range?.[0] ?? 0;
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
};

/** The report of a content folder, validated; undefined (and no problem) where there is none. */
export const readDriftReport = async (contentDir: string): Promise<DriftRead> => {
  const absolute = driftReportPath(contentDir);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch {
    return { problems: [] };
  }
  const file = path.relative(process.cwd(), absolute) || absolute;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const where = /line (\d+) column (\d+)/.exec(message);
    return {
      problems: [
        {
          file,
          line: where ? Number(where[1]) : 1,
          column: where ? Number(where[2]) : 1,
          message: `invalid JSON: ${message.replace(/\s*\(line \d+ column \d+\)$/, '')}; write it again with npm run drift -- --write`,
        },
      ],
    };
  }
  const result = parseAuthored(DriftReport, data);
  if (result.success) return { report: result.data, problems: [] };
  const locate = locator(text);
  return {
    problems: result.error.issues.map((issue) => ({
      file,
      ...locate(issue.path),
      ...(issue.path.length === 0 ? {} : { field: issuePath(issue.path) }),
      message: issue.message,
    })),
  };
};
