import { configDefaults, defineConfig } from 'vitest/config';

// The test files that run the build command or read the two sites the global setup builds (tests/support/site.ts).
const siteTests = [
  'tests/site.test.ts',
  'tests/build.test.ts',
  'tests/build-leftovers.test.ts',
  'tests/history.test.ts',
  'tests/rebuild-oracle.test.ts',
  'tests/drift-site.test.ts',
  'tests/data-package.test.ts',
  'tests/validators.test.ts',
  'tests/feature-status.test.ts',
  'tests/cloudflare-fold.test.ts',
  'tests/kinds.test.ts',
];
const buildsSites = ['tests/support/global-setup.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 240_000,
    projects: [
      {
        // Pure modules and commands on small fixtures: in parallel, and nothing is built first.
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...siteTests],
          // Every core: vitest's default leaves one free, which is no parallelism on two cores.
          maxWorkers: '100%',
        },
      },
      {
        // Builds, and the built sites read as files.
        test: { name: 'site', include: siteTests, globalSetup: buildsSites, sequence: { groupOrder: 1 } },
      },
      {
        // Real browsers: one file at a time, after the rest, so they do not compete with builds for two cores.
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: buildsSites,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
