/**
 * The stdio launch configuration `npm run probe -- config` prints: the project's own Node (24, the
 * binary running this command) and the probe's entry point, by absolute paths, so any client's MCP
 * configuration can start the probe from any folder without npm, whose own output would corrupt the
 * protocol on standard output.
 */
import path from 'node:path';
import { serveArgs, type ServeOptions } from './flags.ts';

/** What a client's configuration needs to launch the probe over stdio. */
export interface LaunchConfig {
  command: string;
  args: string[];
}

/** The probe's command line entry point, absolute. */
export const probeEntry = path.resolve(import.meta.dirname, '../cli/probe.ts');

/** The launch configuration for these options. */
export const launchConfig = (options: ServeOptions, node = process.execPath): LaunchConfig => ({
  command: node,
  args: [probeEntry, 'stdio', ...serveArgs(options)],
});
