/** A worker thread that renders Markdown bodies for the build's render pool. */
import { parentPort } from 'node:worker_threads';
import { renderMarkdown } from './markdown.ts';

parentPort?.on('message', (job: { id: number; site: string; texts: string[] }) => {
  parentPort?.postMessage({ id: job.id, html: job.texts.map((text) => renderMarkdown(text, job.site)) });
});
