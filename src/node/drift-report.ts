/**
 * Reads the drift report of a content folder (`drift.json`, written by `npm run drift -- --write`):
 * absent is fine (nothing is shown as stale); anything but a valid report is a problem at its line.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { issuePath } from '../lib/content/issues.ts';
import { jsonLocator, jsonSyntaxProblem } from '../lib/content/json-position.ts';
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
    return { problems: [jsonSyntaxProblem(file, error, 'write it again with npm run drift -- --write')] };
  }
  const result = parseAuthored(DriftReport, data);
  if (result.success) return { report: result.data, problems: [] };
  const locate = jsonLocator(text);
  return {
    problems: result.error.issues.map((issue) => ({
      file,
      ...locate(issue.path),
      ...(issue.path.length === 0 ? {} : { field: issuePath(issue.path) }),
      message: issue.message,
    })),
  };
};
