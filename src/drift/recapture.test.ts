import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recapture } from './recapture.ts';

let root: string;
const at = { file: 'x.md', line: 1, column: 1 };
const stale = (evidence: 'observed' | 'read') => ({
  client: 'codex',
  axis: 'revision' as const,
  column: '2025-06-18',
  version: '0.169.0',
  newest: '0.171.0',
  evidence,
  at,
});

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'canimcp-recapture-'));
  await writeFile(path.join(root, 'package.json'), '{"name":"without-a-lab","scripts":{"build":"true"}}\n');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('recapture', () => {
  const options = () => ({ root, contentDir: root, timeoutMs: 1000, clients: new Set(['codex']) });

  test('without a probe script it says what it would run, and that nothing was captured', async () => {
    const result = await recapture([stale('observed')], options());
    expect(result.failed).toBe(true);
    expect(result.lines).toEqual([
      'recapture: the capture lab is not in this checkout (package.json has no "probe" script), so nothing was captured; once it is, this runs npm run probe -- run codex --version 0.171.0',
    ]);
  });

  test('only observed verdicts are re-captured', async () => {
    expect(await recapture([stale('read')], options())).toEqual({
      lines: ['recapture: no observed verdict is older than its newest release; nothing to capture'],
      failed: false,
    });
  });
});
