/** `npm run dev`: Astro's dev server, on the same content folder as the build. `PORT` picks the port. */
import { repoRoot } from '../node/paths.ts';
import { fail } from './fail.ts';

const main = async () => {
  const written = process.env['PORT'];
  const port = written === undefined || written === '' ? undefined : Number(written);
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
    throw new Error(`PORT: expected a port number from 1 to 65535, got ${JSON.stringify(written)}`);
  }
  const { dev } = await import('astro');
  await dev({ root: repoRoot, ...(port === undefined ? {} : { server: { port } }) });
};

main().catch(fail);
