import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { hash } from 'node:crypto';
import { checkCaptures, readCheckedCapture, sameChecks } from './capture-checks.ts';
import { checkCapture, type CaptureFile } from './capture-rules.ts';
import { formatProblem } from './problems.ts';

const header =
  '{"capture":1,"client":"zed","version":"0.210.4","path":"ide","transport":"stdio","persona":"observe","capturedAt":"2026-11-30T12:00:00Z","probe":"0.1.0"}';
const start = '{"seq":1,"t":0,"from":"probe","kind":"lifecycle","event":"start"}';
const closed = '{"seq":2,"t":5,"from":"probe","kind":"lifecycle","event":"closed"}';
/** The same events with a gap in `seq`: a file the rules refuse. */
const gap = '{"seq":3,"t":5,"from":"probe","kind":"lifecycle","event":"closed"}';

const capture = (id: string, text: string): CaptureFile => ({
  id,
  file: `captures/${id}.jsonl`,
  text,
  sha256: hash('sha256', text, 'hex'),
});
const good = capture('zed-good', `${header}\n${start}\n${closed}\n`);
const bad = capture('zed-bad', `${header}\n${start}\n${gap}\n`);
const clients = new Set(['zed']);
const messages = (result: ReturnType<typeof checkCaptures>) => result.problems.map(formatProblem);

describe('checkCaptures', () => {
  test('with nothing kept, judges every file: the valid ones are read and kept, the others reported', () => {
    const result = checkCaptures([good, bad], clients);
    expect([...result.captures.keys()]).toEqual(['zed-good']);
    expect(result.captures.get('zed-good')).toEqual(checkCapture(good, clients).capture);
    expect(messages(result)).toEqual(['captures/zed-bad.jsonl:3:1: seq: expected 2, got 3']);
    expect(result.checks).toEqual(new Map([['zed-good', { sha256: good.sha256, client: 'zed' }]]));
    expect(result.kept).toBe(0);
  });

  test('takes a kept check for a file of the same name and hash without judging it again', () => {
    // The kept check claims the refused bytes passed: trusted, since name and hash are the same.
    const kept = new Map([['zed-bad', { sha256: bad.sha256, client: 'zed' }]]);
    const result = checkCaptures([bad], clients, kept);
    expect(result.problems).toEqual([]);
    expect(result.kept).toBe(1);
    expect(result.captures.get('zed-bad')?.events.map((event) => event.seq)).toEqual([1, 3]);
  });

  test('judges again a file whose bytes changed under a kept name', () => {
    const kept = new Map([['zed-bad', { sha256: good.sha256, client: 'zed' }]]);
    const result = checkCaptures([bad], clients, kept);
    expect(result.kept).toBe(0);
    expect(messages(result)).toEqual(['captures/zed-bad.jsonl:3:1: seq: expected 2, got 3']);
    expect(result.checks.size).toBe(0);
  });

  test('judges again a file of the same hash under another name', () => {
    const renamed = { ...good, id: 'Zed Good', file: 'captures/Zed Good.jsonl' };
    const result = checkCaptures([renamed], clients, new Map([['zed-good', { sha256: good.sha256, client: 'zed' }]]));
    expect(result.kept).toBe(0);
    expect(result.captures.size).toBe(0);
    expect(result.problems.map((problem) => problem.field)).toEqual(['file name']);
  });

  test('judges again a kept capture whose client no longer exists, and reports it', () => {
    const kept = new Map([['zed-good', { sha256: good.sha256, client: 'zed' }]]);
    const result = checkCaptures([good], new Set(['zeta']), kept);
    expect(result.kept).toBe(0);
    expect(messages(result)).toEqual([expect.stringContaining('captures/zed-good.jsonl:1:') as string]);
    expect(messages(result)[0]).toContain('unknown client "zed"');
  });

  test('keeps exactly the valid captures of this check: a file that went is not kept', () => {
    const kept = new Map([
      ['zed-good', { sha256: good.sha256, client: 'zed' }],
      ['zed-gone', { sha256: 'b'.repeat(64), client: 'zed' }],
    ]);
    const result = checkCaptures([good], clients, kept);
    expect([...result.checks.keys()]).toEqual(['zed-good']);
    expect(sameChecks(kept, result.checks)).toBe(false);
    expect(sameChecks(result.checks, new Map(result.checks))).toBe(true);
  });
});

describe('readCheckedCapture', () => {
  test('gives what the rules give, on every capture of the fixtures', async () => {
    const dir = path.join(import.meta.dirname, '../../../tests/fixtures/minimal/captures');
    const names = (await readdir(dir)).filter((name) => name.endsWith('.jsonl'));
    expect(names.length).toBeGreaterThan(2);
    for (const name of names) {
      const text = await readFile(path.join(dir, name), 'utf8');
      const file = capture(name.slice(0, -'.jsonl'.length), text);
      const judged = checkCapture(file, new Set(['fast-agent']));
      expect(judged.problems, name).toEqual([]);
      expect(readCheckedCapture(file), name).toStrictEqual(judged.capture);
    }
  });
});
