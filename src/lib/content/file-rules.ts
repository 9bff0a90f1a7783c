import type * as z from 'zod';
import { parseAuthored } from '../../schema/errors.ts';
import { IsoDate } from '../../schema/fields.ts';
import type { CollectionName } from '../../schema/index.ts';
import { collectionSchemas } from '../../schema/index.ts';
import { asRecord, type SourceFile } from './entries.ts';
import { expandUnions, fieldsAt, issuePath } from './issues.ts';
import type { Problem } from './problems.ts';
import { didYouMean } from './suggest.ts';

/** Files a problem at a field of one file's frontmatter (its key or its value), else at line 1. */
export type Report = (fieldPath: readonly PropertyKey[], message: string, part?: 'key' | 'value') => void;

/** A `Report` that places problems in `file` and adds them to `problems`. */
export const reporter =
  (file: SourceFile, problems: Problem[]): Report =>
  (fieldPath, message, part) =>
    problems.push({
      file: file.file,
      ...(file.parsed?.locate(fieldPath, part) ?? { line: 1, column: 1 }),
      ...(fieldPath.length ? { field: issuePath(fieldPath) } : {}),
      message,
    });

const atStart = (file: SourceFile, message: string): Problem => ({ file: file.file, line: 1, column: 1, message });

/** The rules about file names: each is a valid id, and no two in a folder differ only in letter case. */
export const nameProblems = (files: readonly SourceFile[]): Problem[] => {
  const problems: Problem[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const invalid = collectionSchemas[file.collection].id.safeParse(file.id).error?.issues[0];
    if (invalid !== undefined) problems.push(atStart(file, `file name: ${invalid.message}`));
    const key = `${file.collection}/${file.id.toLowerCase()}`;
    const other = seen.get(key);
    if (other !== undefined) {
      problems.push(
        atStart(
          file,
          `duplicate id: ${JSON.stringify(file.id)} differs from ${other} only in case, and they would share one URL`,
        ),
      );
    }
    seen.set(key, file.file);
  }
  return problems;
};

/**
 * The frontmatter as a mapping of fields, or the one reason it cannot be read: the file is not
 * UTF-8, has no frontmatter block, is not valid YAML, or its YAML is not a mapping.
 */
export const frontmatterData = (file: SourceFile): { data: Record<string, unknown> } | { problems: Problem[] } => {
  const { parsed, invalidUtf8 } = file;
  if (invalidUtf8 !== undefined) {
    const hex = invalidUtf8.byte.toString(16).toUpperCase().padStart(2, '0');
    const { line, column } = invalidUtf8;
    return {
      problems: [
        { file: file.file, line, column, message: `not valid UTF-8: byte 0x${hex} cannot stand here; save the file as UTF-8` },
      ],
    };
  }
  if (parsed === undefined)
    return { problems: [atStart(file, 'missing YAML frontmatter: the file must start with a line "---"')] };
  if (parsed.syntaxErrors.length > 0) return { problems: parsed.syntaxErrors.map((error) => ({ file: file.file, ...error })) };
  const data = asRecord(parsed.data);
  return data === undefined ? { problems: [atStart(file, 'invalid YAML frontmatter: expected a mapping of fields')] } : { data };
};

/** The entry's own schema: every issue at its field, unknown fields with the allowed ones and a hint. */
export const schemaCheck = (file: SourceFile, data: Record<string, unknown>, report: Report): { data: unknown } | undefined => {
  const schema = collectionSchemas[file.collection].frontmatter as z.ZodType;
  const result = parseAuthored(schema, data);
  if (result.success) return { data: result.data };
  for (const issue of expandUnions(result.error.issues)) {
    if (issue.code !== 'unrecognized_keys') {
      report(issue.path, issue.message);
      continue;
    }
    const allowed = fieldsAt(schema, issue.path);
    for (const key of issue.keys) {
      report([...issue.path, key], `unknown field${didYouMean(key, allowed)}; allowed fields are ${allowed.join(', ')}`, 'key');
    }
  }
  return undefined;
};

/** The fields whose schema is `PastDate`: days that must have passed by the build date. */
const pastDateFields: Partial<Record<CollectionName, readonly string[]>> = { research: ['lastVerified'] };

/**
 * A `PastDate` after the build date (`today`, `YYYY-MM-DD`). A value that is no date at all is the
 * schema's to report, so each problem is reported once.
 */
export const pastDateProblems = (file: SourceFile, data: Record<string, unknown>, today: string, report: Report): void => {
  for (const field of pastDateFields[file.collection] ?? []) {
    const value = data[field];
    if (typeof value === 'string' && IsoDate.safeParse(value).success && value > today)
      report([field], `must not be after the build date (${today}), got ${value}`);
  }
};
