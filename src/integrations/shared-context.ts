import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

/** How every module imports the build context (src/node/build-context.ts, package.json's `exports`). */
const BUILD_CONTEXT = 'canimcp/build-context';

/**
 * Keeps the build context out of Vite's module graph, so each copy of the code Astro makes imports
 * Node's one instance of it. Astro runs the content loader and the dev server's pages through
 * Vite's module runner, which imports a bare specifier listed as external through Node (resolved by
 * the package's self-reference); the built pages are bundled chunks under a folder of Astro's
 * choosing, where the bare name may not resolve, so a build links them to the file itself.
 */
export const sharedContext = (): AstroIntegration => ({
  name: 'canimcp:shared-context',
  hooks: {
    'astro:config:setup': ({ updateConfig }) => {
      const file = import.meta.resolve(BUILD_CONTEXT);
      const plugin: Plugin = {
        name: 'canimcp:shared-context',
        enforce: 'pre',
        resolveId(id) {
          if (id === BUILD_CONTEXT && this.environment.mode === 'build') return { id: file, external: true };
          return undefined;
        },
      };
      updateConfig({ vite: { resolve: { external: [BUILD_CONTEXT] }, plugins: [plugin] } });
    },
  },
});
