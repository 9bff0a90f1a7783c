import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { expect, test } from 'vitest';
import { noPrebundleInBuild } from './no-prebundle.ts';

type Setup = NonNullable<AstroIntegration['hooks']['astro:config:setup']>;

/** The Vite plugins the integration adds for one Astro command. */
const pluginsFor = (command: 'build' | 'dev' | 'preview' | 'sync'): Plugin[] => {
  const plugins: Plugin[] = [];
  const setup = noPrebundleInBuild().hooks['astro:config:setup'] as Setup;
  const updateConfig = (config: { vite?: { plugins?: Plugin[] } }) => plugins.push(...(config.vite?.plugins ?? []));
  void setup({ command, updateConfig } as unknown as Parameters<Setup>[0]);
  return plugins;
};

test('in a build, the lists Astro merged in (its dev toolbar) are emptied, top level and per environment', () => {
  const [plugin] = pluginsFor('build');
  expect(plugin?.enforce).toBe('post');
  const config = { optimizeDeps: { include: ['astro > aria-query'], exclude: ['x'] } };
  (plugin?.config as (config: object) => void)(config);
  expect(config.optimizeDeps).toEqual({ include: [], exclude: ['x'], noDiscovery: true });
  const client = { optimizeDeps: { include: ['astro > html-escaper'], entries: ['src/**/*.astro'] } };
  (plugin?.configEnvironment as (name: string, options: object) => void)('client', client);
  expect(client.optimizeDeps).toEqual({ include: [], entries: ['src/**/*.astro'], noDiscovery: true });
});

test('the dev server keeps pre-bundling its dependencies', () => {
  for (const command of ['dev', 'preview', 'sync'] as const) expect(pluginsFor(command)).toEqual([]);
});
