/**
 * `npm start`: builds the site from the content folder, then serves it on localhost.
 *   usage: npm start        (no options; --help prints this)
 * Environment: those of npm run build, and PORT (default 4321).
 */
import { buildSite } from './build.ts';
import { commandArgs } from '../node/command-line.ts';
import { fail } from './fail.ts';
import { serve } from './serve.ts';

const main = async () => {
  if (commandArgs(import.meta.url, { options: {} }) === undefined) return;
  if (await buildSite()) serve();
  else process.exitCode = 1;
};

main().catch(fail);
