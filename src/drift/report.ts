/** The drift report file: where it lives, and writing it so the build can read it. */
import { rename, writeFile } from 'node:fs/promises';
import { driftReportPath } from '../node/drift-report.ts';
import type { DriftReport } from '../schema/drift.ts';

/** The report as written: stable key order, two-space indents, one newline at the end. */
export const serializeReport = (report: DriftReport): string => `${JSON.stringify(report, null, 2)}\n`;

/** Writes the report whole or not at all: a reader never sees half a file. */
export const writeReport = async (contentDir: string, report: DriftReport): Promise<string> => {
  const target = driftReportPath(contentDir);
  const partial = `${target}.partial-${process.pid}`;
  await writeFile(partial, serializeReport(report));
  await rename(partial, target);
  return target;
};
