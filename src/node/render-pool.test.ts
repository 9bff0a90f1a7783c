import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createRenderPool, type RenderPool } from './render-pool.ts';
import { renderMarkdownAndText } from '../lib/markdown.ts';

/** A worker script given as source, so each test can make one misbehave in its own way. */
const workerScript = (source: string) => new URL(`data:text/javascript,${encodeURIComponent(source)}`);

const origin = 'https://example.org';
const texts = Array.from({ length: 20 }, (_, index) => `# Note ${index}\n\nBody with *emphasis* ${index}.\n`);

let pool: RenderPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

/** Fails the test instead of hanging it when the pool never settles. */
const settlesWithin = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms)),
  ]);

describe('createRenderPool', () => {
  test('starts no worker before its first render', async () => {
    const marker = path.join(await mkdtemp(path.join(tmpdir(), 'canimcp-pool-')), 'started');
    const script = workerScript(`
      import { writeFileSync } from 'node:fs';
      import { parentPort } from 'node:worker_threads';
      writeFileSync(${JSON.stringify(marker)}, 'started');
      parentPort.on('message', ({ id, texts }) => parentPort.postMessage({ id, rendered: texts.map(() => ({ html: '', text: '' })) }));
    `);
    pool = createRenderPool({ size: 2, script });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(existsSync(marker)).toBe(false);
    await pool.render(texts, origin);
    expect(existsSync(marker)).toBe(true);
  });

  test('renders every body, in the order given, as the pipeline does', async () => {
    pool = createRenderPool({ size: 2 });
    expect(await pool.render(texts, origin)).toEqual(texts.map((text) => renderMarkdownAndText(text, origin)));
  });

  test.each([
    ['calls process.exit with a failure code', 'process.exit(3)', /stopped unexpectedly \(exit code 3\)/],
    ['calls process.exit(0) mid-job', 'process.exit(0)', /stopped unexpectedly \(exit code 0\)/],
    ['throws', 'throw new Error("boom")', /render worker failed: boom/],
  ])('a worker that %s fails the render with a message instead of hanging it', async (_, action, message) => {
    const script = workerScript(`
      import { parentPort } from 'node:worker_threads';
      parentPort.on('message', () => { ${action}; });
    `);
    pool = createRenderPool({ size: 2, script });
    await expect(settlesWithin(pool.render(texts, origin), 10_000)).rejects.toThrow(message);
    // The pool stays broken: later work fails at once rather than waiting on a dead worker.
    await expect(settlesWithin(pool.render(texts, origin), 1_000)).rejects.toThrow(message);
  });

  test('one dying worker fails the render even while the others keep answering', async () => {
    const script = workerScript(`
      import { parentPort, threadId } from 'node:worker_threads';
      parentPort.on('message', (job) => {
        if (threadId % 2 === 0) process.exit(137);
        parentPort.postMessage({ id: job.id, rendered: job.texts.map((text) => ({ html: text, text })) });
      });
    `);
    pool = createRenderPool({ size: 2, script });
    await expect(settlesWithin(pool.render(texts, origin), 10_000)).rejects.toThrow(/exit code 137/);
  });

  test('closing a pool that did its work settles without an error', async () => {
    pool = createRenderPool({ size: 2 });
    await pool.render(texts.slice(0, 2), origin);
    await expect(pool.close()).resolves.toBeUndefined();
    pool = undefined;
  });
});
