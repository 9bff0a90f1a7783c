// @ts-check
import { defineConfig } from 'astro/config';
import { headers } from './src/integrations/headers.ts';
import { noPrebundleInBuild } from './src/integrations/no-prebundle.ts';
import { pagefind } from './src/integrations/pagefind.ts';
import { reusedFiles } from './src/integrations/reused-files.ts';
import { sharedContext } from './src/integrations/shared-context.ts';
import { twins } from './src/integrations/twins.ts';
import { siteOrigin } from './src/node/environment.ts';
import { astroCacheDir } from './src/node/paths.ts';

export default defineConfig({
  site: siteOrigin(),
  output: 'static',
  // ASTRO_CACHE_DIR for `npm run dev` and a bare `astro build` too, as for `npm run build`: one set of caches.
  cacheDir: astroCacheDir(),
  // `/research/<id>` is served from `research/<id>.html` by plain static hosts, beside its `.md` twin.
  // A page waits on its file write: rendering a few at once keeps the core busy.
  build: { format: 'file', concurrency: 4 },
  trailingSlash: 'never',
  devToolbar: { enabled: false },
  // Bodies go through the project's own sanitizing pipeline (src/lib/markdown/markdown.ts), never Astro's:
  // its highlighter would only load at start-up (and warn that its inline styles need CSP hashes).
  markdown: { syntaxHighlight: false },
  // The build context first: one instance for every copy of the code. Twins and the kept files
  // before headers: _headers is made from the .md files in the output.
  integrations: [sharedContext(), pagefind(), twins(), reusedFiles(), headers(), noPrebundleInBuild()],
  // Defence in depth behind the Markdown sanitizer: no script or style runs unless it is the site's
  // own file or an inline block whose hash Astro (or the page, for is:inline) put in the policy.
  // Pagefind compiles WebAssembly ('wasm-unsafe-eval') in a worker loaded from the site itself.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' https:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "worker-src 'self'",
      ],
      scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"] },
    },
  },
});
