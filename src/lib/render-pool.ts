import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Rendered, RenderMany } from './render-cache.ts';

/** Renders many Markdown bodies on every core; the result is in the order of the input. */
export interface RenderPool {
  render: RenderMany;
  close: () => Promise<void>;
}

/**
 * A pool of worker threads running the project's Markdown pipeline. Rendering is the costliest
 * step per note and each note is independent, so a cold build of thousands of notes uses every core.
 */
export const createRenderPool = (size = availableParallelism()): RenderPool => {
  const workers = Array.from({ length: Math.max(1, size) }, () => new Worker(new URL('./render-worker.ts', import.meta.url)));
  let nextId = 0;
  const run = (worker: Worker, site: string, texts: string[]) =>
    new Promise<Rendered[]>((resolve, reject) => {
      const id = nextId++;
      const onMessage = (message: { id: number; rendered: Rendered[] }) => {
        if (message.id !== id) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve(message.rendered);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.postMessage({ id, site, texts });
    });
  return {
    render: async (texts, site) => {
      if (texts.length === 0) return [];
      // Small batches interleaved across workers, so one slow note does not hold a whole half.
      const batch = Math.max(1, Math.ceil(texts.length / (workers.length * 8)));
      const batches: string[][] = [];
      for (let start = 0; start < texts.length; start += batch) batches.push(texts.slice(start, start + batch));
      const results: Rendered[][] = new Array<Rendered[]>(batches.length);
      let next = 0;
      await Promise.all(
        workers.map(async (worker) => {
          while (next < batches.length) {
            const index = next++;
            results[index] = await run(worker, site, batches[index] ?? []);
          }
        }),
      );
      return results.flat();
    },
    close: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
};
