/**
 * The README's lines for other hosts (nginx, Apache) give every file the type the build's own
 * `_headers` gives it, so a site moved to one of them serves twins and captures as the site does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { twinHeaderRules } from '../src/lib/outputs/headers.ts';
import { repoRoot } from '../src/node/paths.ts';

const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8').replace(/\s+/g, ' ');
// Each rule the Netlify form types by extension: `/*.md` → md, `/captures/*.jsonl` → jsonl.
const typed = twinHeaderRules('https://canimcp.io', [], 'netlify').flatMap((rule) => {
  const type = rule.headers.find(([name]) => name === 'Content-Type')?.[1];
  const extension = /\*\.([a-z]+)$/.exec(rule.path)?.[1];
  return type === undefined || extension === undefined ? [] : [{ extension, type }];
});

describe("the README's configuration for other hosts", () => {
  test('covers twins and captures', () => {
    expect(typed.map((entry) => entry.extension).sort()).toEqual(['jsonl', 'md']);
  });

  test.each(typed)('gives .$extension files $type on nginx and Apache', ({ extension, type }) => {
    const media = type.split(';')[0] ?? type;
    const nginxTypes = /nginx `types \{([^}]*)\}`/.exec(readme)?.[1] ?? '';
    expect(nginxTypes).toContain(` ${media} ${extension};`);
    expect(/charset_types ([^;`]*);/.exec(readme)?.[1]?.split(' ')).toContain(media);
    expect(readme).toContain(`AddType "${type}" .${extension}`);
  });
});
