import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Rendered, RenderMany } from './render-cache.ts';

/** Renders many Markdown bodies on every core; the result is in the order of the input. */
export interface RenderPool {
  render: RenderMany;
  close: () => Promise<void>;
}

/** How many workers, and which script they run (tests swap in one that misbehaves). */
export interface RenderPoolOptions {
  size?: number;
  script?: URL;
}

interface Job {
  resolve: (rendered: Rendered[]) => void;
  reject: (error: Error) => void;
}

/**
 * A pool of worker threads running the project's Markdown pipeline. Rendering is the costliest
 * step per note and each note is independent, so a cold build of thousands of notes uses every core.
 * A worker that dies (an uncaught error, `process.exit`, or killed for memory) fails the jobs it held
 * and every later one: nothing would ever answer them, and the build would hang.
 */
export const createRenderPool = ({
  size = availableParallelism(),
  script = new URL('./render-worker.ts', import.meta.url),
}: RenderPoolOptions = {}): RenderPool => {
  let nextId = 0;
  let closing = false;
  // Once one worker is gone the output would be incomplete, so the whole pool stops.
  let broken: Error | undefined;
  const jobs = new Map<number, Job>();
  const failAll = (error: Error) => {
    broken ??= error;
    for (const job of jobs.values()) job.reject(broken);
    jobs.clear();
  };
  // Started on the first render: a build whose bodies are all cached, or few, never needs them.
  let started: Worker[] | undefined;
  const start = () =>
    (started ??= Array.from({ length: Math.max(1, size) }, () => {
      const worker = new Worker(script);
      worker.on('message', (message: { id: number; rendered: Rendered[] }) => {
        const job = jobs.get(message.id);
        jobs.delete(message.id);
        job?.resolve(message.rendered);
      });
      worker.on('error', (error: unknown) =>
        failAll(new Error(`a Markdown render worker failed: ${error instanceof Error ? error.message : String(error)}`)),
      );
      worker.on('exit', (code) => {
        if (!closing) failAll(new Error(`a Markdown render worker stopped unexpectedly (exit code ${code}); out of memory?`));
      });
      return worker;
    }));
  const run = (worker: Worker, origin: string, texts: string[]) =>
    new Promise<Rendered[]>((resolve, reject) => {
      if (broken) return reject(broken);
      const id = nextId++;
      jobs.set(id, { resolve, reject });
      worker.postMessage({ id, origin, texts });
    });
  return {
    render: async (texts, origin) => {
      if (texts.length === 0) return [];
      const workers = start();
      // Small batches interleaved across workers, so one slow note does not hold a whole half.
      const batch = Math.max(1, Math.ceil(texts.length / (workers.length * 8)));
      const batches: string[][] = [];
      for (let first = 0; first < texts.length; first += batch) batches.push(texts.slice(first, first + batch));
      const results: Rendered[][] = new Array<Rendered[]>(batches.length);
      let next = 0;
      await Promise.all(
        workers.map(async (worker) => {
          while (next < batches.length) {
            const index = next++;
            results[index] = await run(worker, origin, batches[index] ?? []);
          }
        }),
      );
      return results.flat();
    },
    close: async () => {
      closing = true;
      failAll(new Error('the Markdown render pool was closed'));
      await Promise.all((started ?? []).map((worker) => worker.terminate()));
    },
  };
};
