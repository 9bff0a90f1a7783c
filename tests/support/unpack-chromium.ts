/**
 * Unpacks the Chromium that `@sparticuz/chromium` carries into the temporary folder this process was
 * given (TMPDIR): the browser, its fonts and SwiftShader, and the NSS and expat libraries it links
 * against, so it starts on a machine that has none of Chromium's system packages. Run by
 * `tests/support/browser.ts` in a child process with TMPDIR set to a fresh folder, because the
 * package always unpacks into the temporary folder.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import chromium, { inflate } from '@sparticuz/chromium';

const bin = path.join(path.dirname(fileURLToPath(import.meta.resolve('@sparticuz/chromium'))), '..', 'bin');

await chromium.executablePath();
// Only unpacked by the package itself on Amazon Linux, where these libraries are missing too.
await inflate(path.join(bin, 'al2023.tar.br'));
