/**
 * What a client starts when it opens a browser inside the lab's sandbox: the program `BROWSER` names,
 * or a shim named like a system opener (`xdg-open`, `www-browser`, …) first on `PATH`
 * (src/probe/lab/browser.ts writes them). It tells the lab's browser which URL it was given and under
 * which name, then exits at once, as a browser launcher does; the lab's browser follows the URL.
 * Usage (as the shims call it): node browser-hook.ts <control URL> <name> <arguments…>
 */
const [control, name, ...rest] = process.argv.slice(2);
const url = rest.find((argument) => /^https?:\/\//i.test(argument));
if (control !== undefined && name !== undefined && url !== undefined) {
  try {
    await fetch(control, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ program: name, url }),
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    // The lab's browser is gone (the run is ending): nothing else to do.
  }
}
process.exit(0);

/** A module (for top-level await); nothing is exported. */
export {};
