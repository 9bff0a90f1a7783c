import type { AstroIntegration } from 'astro';
import type { DepOptimizationOptions, Plugin } from 'vite';

/** Turns Vite's dependency optimizer off in a config or an environment's: nothing discovered, nothing listed. */
export const withoutPrebundling = (config: { optimizeDeps?: DepOptimizationOptions }): void => {
  config.optimizeDeps = { ...config.optimizeDeps, noDiscovery: true, include: [] };
};

/**
 * A build serves no browser, so it does not pre-bundle dependencies for one. Astro's build still
 * starts a Vite server to sync the content, and Astro lists dependencies for its client to
 * pre-bundle (the dev toolbar's) even with the toolbar off: the server re-bundled them, half a
 * second, whenever `node_modules/.vite` had last been written by `npm run dev`, and the next
 * `npm run dev` re-bundled them back. Astro's lists are merged into the config, so they are emptied
 * in late hooks, which Vite lets mutate the config where merging cannot say "none".
 */
export const noPrebundleInBuild = (): AstroIntegration => ({
  name: 'canimcp:no-prebundle-in-build',
  hooks: {
    'astro:config:setup': ({ command, updateConfig }) => {
      if (command !== 'build') return;
      const plugin: Plugin = {
        name: 'canimcp:no-prebundle',
        enforce: 'post',
        config: withoutPrebundling,
        configEnvironment: (_name, options) => withoutPrebundling(options),
      };
      updateConfig({ vite: { plugins: [plugin] } });
    },
  },
});
