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
);
