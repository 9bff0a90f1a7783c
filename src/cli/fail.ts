/** Ends a command with one readable line instead of a stack trace; `DEBUG=1` shows the trace. */
export const fail = (error: unknown): void => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`error: ${message}`);
  if (process.env['DEBUG'] && error instanceof Error) console.error(error.stack);
  process.exitCode = 1;
};
