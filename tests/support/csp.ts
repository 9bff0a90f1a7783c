/** Content-Security-Policy violations in a real page, collected as the browser reports them. */
import type { Page } from 'playwright-core';

// Installed before any of the page's own scripts, so nothing the policy blocks goes unseen.
const listener = `document.addEventListener('securitypolicyviolation', (e) =>
  window.__reportCspViolation(e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + (e.sample ? ': ' + e.sample : '')));`;

/** A collector for the violations of every page it watches; `take` hands them over and starts again. */
export const cspWatcher = () => {
  let violations: string[] = [];
  return {
    /** Starts collecting a page's violations; call before its first navigation. */
    watch: async <T extends Page>(page: T): Promise<T> => {
      await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(`${page.url()}: ${text}`));
      await page.addInitScript(listener);
      return page;
    },
    /** The violations so far, left in place. */
    seen: (): string[] => [...violations],
    take: (): string[] => {
      const taken = violations;
      violations = [];
      return taken;
    },
  };
};

/**
 * Waits until a JavaScript expression is true in the page. Playwright's `waitForFunction` compiles
 * its predicate with eval, which the site's policy (no 'unsafe-eval') refuses; `evaluate` is exempt.
 */
export const waitUntil = async (page: Page, expression: string, timeout = 30_000): Promise<void> => {
  const deadline = Date.now() + timeout;
  while (!(await page.evaluate(`Boolean(${expression})`))) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
