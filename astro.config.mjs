// @ts-check
import { defineConfig } from 'astro/config';
import { pagefind } from './src/integrations/pagefind.ts';

export default defineConfig({
  site: (process.env.SITE_URL ?? 'https://canimcp.io').replace(/\/+$/, ''),
  output: 'static',
  // `/research/<id>` is served from `research/<id>.html` by plain static hosts, beside its `.md` twin.
  // A page waits on its file writes (two with incremental builds): rendering a few at once keeps the core busy.
  build: { format: 'file', concurrency: 4 },
  trailingSlash: 'never',
  devToolbar: { enabled: false },
  integrations: [pagefind()],
  // Pages whose getStaticPaths() gives a cacheKey (notes and their twins) are reused from the last
  // build when the key and the page's code are unchanged: a one-note edit re-renders that note.
  experimental: { incrementalBuild: true },
});
