// @ts-check
import eslintPluginAstro from 'eslint-plugin-astro';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import layers from './eslint.layers.js';

export default defineConfig(
  { ignores: ['dist/', '.dist-*/', '.astro/', 'node_modules/', 'bench/.corpus/', 'schema/', 'public/'] },
  // Left by an interrupted build; the next build removes them.
  { ignores: ['dist.staging-*/', 'dist.previous-*/'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  ...eslintPluginAstro.configs.recommended,
  {
    files: ['**/*.astro', '**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  ...layers,
  {
    // What one part of a build hands another goes through the build context, one module Node loads
    // once (src/node/build-context.ts): no global channel beside it, and no relative import of it,
    // which Vite would copy into each of its module graphs.
    files: ['src/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Identifier[name='globalThis']",
          message: 'State shared across module copies belongs in the build context (canimcp/build-context).',
        },
        {
          selector: "MemberExpression[object.name='Symbol'][property.name='for']",
          message: 'State shared across module copies belongs in the build context (canimcp/build-context).',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(?:.*/)?build-context(?:\\.ts)?$',
              message: "Import it as 'canimcp/build-context': Vite leaves that one external.",
            },
          ],
        },
      ],
    },
  },
);
