/**
 * `npm run preview`: serves the built `dist/` like a plain static host (its `_headers` applied).
 *   usage: npm run preview        (no options; --help prints this)
 * Environment: PORT picks the port (default 4321).
 */
import path from 'node:path';
import { repoRoot } from '../node/paths.ts';
import { serveStatic } from '../node/serve.ts';
import { commandArgs } from '../node/command-line.ts';
import { fail } from './fail.ts';

export const serve = (dist = path.join(repoRoot, 'dist'), port = Number(process.env['PORT'] ?? 4321)) => {
  const server = serveStatic(dist);
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(error.code === 'EADDRINUSE' ? `error: port ${port} is in use; set PORT to another` : `error: ${error.message}`);
    process.exitCode = 1;
  });
  server.listen(port, '127.0.0.1', () => console.log(`canimcp is served at http://localhost:${port}/ (Ctrl-C stops it)`));
  return server;
};

if (import.meta.main) {
  try {
    if (commandArgs(import.meta.url, { options: {} }) !== undefined) serve();
  } catch (error) {
    fail(error);
  }
}
