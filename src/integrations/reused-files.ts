import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { pipelineRun } from 'canimcp/build-context';
import { linkReused, retractManifestOf } from '../node/page-reuse.ts';

/**
 * Hard-links into the new site every file this build takes from the published one instead of
 * rendering it (the plan, src/node/page-reuse.ts: the routes and the twins left them out because
 * their key did not change). After the twins, before `headers`, which lists the `.md` files in the
 * output. A bare `astro build` has no plan and writes over the published files itself, with
 * settings of its own: before it writes, it retracts the manifest that describes that folder, so
 * the next `npm run build` takes nothing from it (each file's stamp would refuse them anyway).
 */
export const reusedFiles = (): AstroIntegration => {
  let outDir = '';
  let cacheDir = '';
  return {
    name: 'canimcp:reused-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:start': async () => {
        if (pipelineRun() === undefined) await retractManifestOf(cacheDir, outDir);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const plan = await pipelineRun()?.plan;
        if (plan === undefined || plan.reused.size === 0) return;
        const linked = await linkReused(plan, fileURLToPath(dir));
        logger.info(`kept ${linked} unchanged files of the published site`);
      },
    },
  };
};
