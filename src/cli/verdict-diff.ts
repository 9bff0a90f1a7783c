/**
 * `npm run verdict-diff -- <base> <head> [--format text|markdown|json]`: the verdicts that differ
 * between two commits of the content folder's repository (cells changed, old → new), read the way
 * the site's verdict history reads them. A pull request's workflow posts the Markdown as a comment.
 */
import { parseArgs } from 'node:util';
import { diffFormats, formatDiff, type DiffFormat } from '../lib/matrix/verdict-diff.ts';
import { contentDir } from '../node/paths.ts';
import { verdictDiff } from '../node/verdict-history.ts';
import { fail } from './fail.ts';

const main = async () => {
  const { values, positionals } = parseArgs({
    options: { format: { type: 'string', default: 'text' } },
    allowPositionals: true,
  });
  const [base, head, ...rest] = positionals;
  if (base === undefined || head === undefined || rest.length > 0) {
    throw new Error('usage: npm run verdict-diff -- <base> <head> [--format text|markdown|json]');
  }
  const format = values.format;
  if (!(diffFormats as readonly string[]).includes(format)) {
    throw new Error(`--format: expected text, markdown or json, got ${JSON.stringify(format)}`);
  }
  const changes = await verdictDiff(contentDir(), base, head);
  process.stdout.write(formatDiff(changes, { base, head }, format as DiffFormat));
};

main().catch(fail);
