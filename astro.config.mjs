// @ts-check
import { defineConfig } from 'astro/config';
import { headers } from './src/integrations/headers.ts';
import { pagefind } from './src/integrations/pagefind.ts';

export default defineConfig({
  site: (process.env.SITE_URL ?? 'https://canimcp.io').replace(/\/+$/, ''),
  output: 'static',
  // `/research/<id>` is served from `research/<id>.html` by plain static hosts, beside its `.md` twin.
  build: { format: 'file' },
  trailingSlash: 'never',
  devToolbar: { enabled: false },
  integrations: [pagefind(), headers()],
});
