/**
 * `npm run dev`: Astro's dev server, on the same content folder as the build; edits show without a
 * restart, content problems on the page.
 *   usage: npm run dev        (no options; --help prints this)
 * Environment: CONTENT_DIR, SITE_URL, BUILD_DATE as for npm run build; PORT picks the port.
 */
import { repoRoot } from '../node/paths.ts';
import { commandArgs } from '../node/command-line.ts';
import { fail } from './fail.ts';

const main = async () => {
  if (commandArgs(import.meta.url, { options: {} }) === undefined) return;
  const written = process.env['PORT'];
  const port = written === undefined || written === '' ? undefined : Number(written);
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
    throw new Error(`PORT: expected a port number from 1 to 65535, got ${JSON.stringify(written)}`);
  }
  const { dev } = await import('astro');
  await dev({ root: repoRoot, ...(port === undefined ? {} : { server: { port } }) });
};

main().catch(fail);
