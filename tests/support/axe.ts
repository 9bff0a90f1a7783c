/** axe-core in a real page: the serious and critical violations, in light and dark. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../src/node/paths.ts';

const axePath = path.join(repoRoot, 'node_modules/axe-core/axe.min.js');

/** Each colour scheme's serious or critical violations on the page as it is now. */
export const seriousViolations = async (page: Page): Promise<Record<'light' | 'dark', string[]>> => {
  // Evaluated, not added as a <script>: the page's Content-Security-Policy blocks inline scripts.
  await page.evaluate(await readFile(axePath, 'utf8'));
  const found = { light: [] as string[], dark: [] as string[] };
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    found[colorScheme] = await page.evaluate<string[]>(
      `axe.run(document, { resultTypes: ['violations'] }).then(r => r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', ')))`,
    );
  }
  return found;
};
