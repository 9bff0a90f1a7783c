/** `npm run preview`: serves the built `dist/` like a plain static host. PORT picks the port. */
import path from 'node:path';
import { repoRoot } from '../node/paths.ts';
import { serveStatic } from '../node/serve.ts';

export const serve = (dist = path.join(repoRoot, 'dist'), port = Number(process.env['PORT'] ?? 4321)) => {
  const server = serveStatic(dist);
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(error.code === 'EADDRINUSE' ? `error: port ${port} is in use; set PORT to another` : `error: ${error.message}`);
    process.exitCode = 1;
  });
  server.listen(port, '127.0.0.1', () => console.log(`canimcp is served at http://localhost:${port}/ (Ctrl-C stops it)`));
  return server;
};

if (import.meta.main) serve();
