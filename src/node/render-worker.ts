/** A worker thread that renders Markdown bodies (HTML and its text) for the build's render pool. */
import { parentPort } from 'node:worker_threads';
import { renderMarkdownAndText } from '../lib/markdown.ts';

parentPort?.on('message', (job: { id: number; origin: string; texts: string[] }) => {
  parentPort?.postMessage({ id: job.id, rendered: job.texts.map((text) => renderMarkdownAndText(text, job.origin)) });
});
