/**
 * `npm run verdict-diff`: the verdicts that differ between two commits of the content folder's
 * repository (cells changed, old → new), read the way the site's verdict history reads them. A pull
 * request's workflow posts the Markdown as a comment.
 *   usage: npm run verdict-diff -- <base> <head> [--format text|markdown|json]
 *   --format text|markdown|json   lines (default), the pull request comment, or the changes as JSON
 */
import { commandArgs, usageLine, UsageError } from '../node/command-line.ts';
import { diffFormats, formatDiff, type DiffFormat } from '../lib/matrix/verdict-diff.ts';
import { contentDir } from '../node/paths.ts';
import { verdictDiff } from '../node/verdict-history.ts';
import { fail } from './fail.ts';

const main = async () => {
  const args = commandArgs(import.meta.url, {
    options: { format: { type: 'string', default: 'text' } },
    allowPositionals: true,
  });
  if (args === undefined) return;
  const { values, positionals } = args;
  const [base, head, ...rest] = positionals;
  if (base === undefined || head === undefined || rest.length > 0) throw new UsageError(usageLine(import.meta.url));
  const format = values.format;
  if (!(diffFormats as readonly string[]).includes(format)) {
    throw new UsageError(`--format: expected text, markdown or json, got ${JSON.stringify(format)}`);
  }
  const changes = await verdictDiff(contentDir(), base, head);
  process.stdout.write(formatDiff(changes, { base, head }, format as DiffFormat));
};

main().catch(fail);
