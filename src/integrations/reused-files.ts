import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { pipelineRun } from 'canimcp/build-context';
import { linkReused } from '../node/page-reuse.ts';

/**
 * Hard-links into the new site every file this build takes from the published one instead of
 * rendering it (the plan, src/node/page-reuse.ts: the routes and the twins left them out because
 * their key did not change). After the twins, before `headers`, which lists the `.md` files in the
 * output.
 */
export const reusedFiles = (): AstroIntegration => ({
  name: 'canimcp:reused-files',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      const plan = await pipelineRun()?.plan;
      if (plan === undefined || plan.reused.size === 0) return;
      const linked = await linkReused(plan, fileURLToPath(dir));
      logger.info(`kept ${linked} unchanged files of the published site`);
    },
  },
});
