/**
 * What every command does with its arguments: `--help` (or `-h`) prints the usage its file's header
 * comment documents and exits 0, and an option it does not know is one line and exit 2, never a
 * stack trace (`fail`, src/cli/fail.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { repoRoot } from './paths.ts';

/** Exit code of a command given arguments it cannot read. */
export const USAGE_EXIT = 2;

/** Arguments a command cannot read: `fail` prints the message as one line and exits 2. */
export class UsageError extends Error {}

/**
 * How the user runs a command file (an absolute path or a file URL): the npm script whose command
 * runs it (`npm run build`, `npm start`), else `node <file>`.
 */
export const commandName = (file: string): string => {
  const absolute = file.startsWith('file:') ? fileURLToPath(file) : file;
  const relative = path.relative(repoRoot, absolute).split(path.sep).join('/');
  const { scripts = {} } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const script = Object.entries(scripts).find(([, command]) => command === `node ${relative}`)?.[0];
  if (script === undefined) return `node ${relative}`;
  return script === 'start' || script === 'test' ? `npm ${script}` : `npm run ${script}`;
};

/**
 * The header comment of a command's file, as text: the command's reference, printed by `--help`, so
 * the two cannot drift apart.
 */
export const headerHelp = (fileUrl: string): string => {
  const source = readFileSync(fileURLToPath(fileUrl), 'utf8');
  const block = /^\/\*\*([\s\S]*?)\*\//.exec(source)?.[1] ?? '';
  return `${block
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n')
    .trim()}\n`;
};

/** The `usage:` line of a command's header comment: what a refusal of its arguments repeats. */
export const usageLine = (fileUrl: string): string =>
  headerHelp(fileUrl)
    .split('\n')
    .find((line) => line.trim().startsWith('usage:'))
    ?.trim() ?? commandName(fileUrl);

/** Whether the arguments ask for help (before any `--`, after which they belong to another program). */
export const asksHelp = (argv: readonly string[]): boolean => {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
};

/**
 * The command's arguments read with `config`, or undefined where they ask for help: the help is
 * printed then, and the command has nothing else to do. Arguments it cannot read throw a
 * `UsageError` naming the option.
 */
export const commandArgs = <T extends ParseArgsConfig>(
  fileUrl: string,
  config: T,
): ReturnType<typeof parseArgs<T>> | undefined => {
  const args = config.args ?? process.argv.slice(2);
  if (asksHelp(args)) {
    process.stdout.write(headerHelp(fileUrl));
    return undefined;
  }
  try {
    return parseArgs({ ...config, args }) as ReturnType<typeof parseArgs<T>>;
  } catch (error) {
    throw usageError(error, commandName(fileUrl)) ?? error;
  }
};

/** The node:util parseArgs error codes, each a mistake in the arguments. */
const PARSE_ERRORS = /^ERR_PARSE_ARGS_/;

/**
 * A parseArgs error reworded as one line that names the option and says where the options of
 * `command` (`npm run check`) are listed; undefined for any other error.
 */
export const usageError = (error: unknown, command?: string): UsageError | undefined => {
  if (error instanceof UsageError) return error;
  if (!(error instanceof Error) || !('code' in error) || !PARSE_ERRORS.test(String(error.code))) return undefined;
  const listed = `${command ?? 'the command'} -- --help lists the options`;
  const unknown = /^Unknown option '([^']+)'/.exec(error.message)?.[1];
  if (unknown !== undefined) return new UsageError(`unknown option ${unknown}; ${listed}`);
  const positional = /^Unexpected argument '([^']+)'/.exec(error.message)?.[1];
  if (positional !== undefined) return new UsageError(`unexpected argument ${positional}; ${listed}`);
  // The rest (a missing value, a value where none is taken) say so in their first sentence.
  return new UsageError(`${error.message.split(/\.(\s|$)/)[0]}; ${listed}`);
};
