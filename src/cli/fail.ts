import path from 'node:path';
import { commandName, USAGE_EXIT, usageError } from '../node/command-line.ts';

/**
 * Ends a command with one readable line instead of a stack trace; `DEBUG=1` shows the trace. Arguments
 * the command cannot read (a `UsageError`, an unknown option) exit 2, anything else 1.
 */
export const fail = (error: unknown): void => {
  const script = process.argv[1];
  const usage = usageError(error, script === undefined ? undefined : commandName(path.resolve(script)));
  const message = (usage ?? error) instanceof Error ? (usage ?? (error as Error)).message : String(error);
  console.error(`error: ${message}`);
  if (process.env['DEBUG'] && error instanceof Error) console.error(error.stack);
  process.exitCode = usage === undefined ? 1 : USAGE_EXIT;
};
