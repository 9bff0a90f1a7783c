import { configDefaults, defineConfig } from 'vitest/config';

/*
 * Where a test lives, and its name, say what it may do, so a test is in the right project wherever
 * its module moves (no list of paths here):
 * - `src/**` beside its module: pure (`pure`, the inner loop): no child process (a setup file refuses
 *   one), no build, no read of the whole content folder, 10 s at most. Except `src/probe/**`, the
 *   lab's input and output (servers, clients, the sandbox), and any `*.process.test.ts`, a module's
 *   test that starts a process (git, a command): those are `process` tests.
 * - `tests/*.test.ts`: commands run as users run them, the whole content, git (`process`).
 * - `tests/*.site.test.ts`: builds, and the two sites the global setup builds (`site`).
 * - `tests/*.oracle.test.ts`: the rebuild oracle's variants, a build each (`oracle`: CI, and on demand).
 * - `e2e/`: real browsers (`e2e`).
 */
const processTests = ['src/probe/**/*.test.ts', 'src/**/*.process.test.ts'];
const siteTests = ['tests/**/*.site.test.ts'];
const oracleTests = ['tests/**/*.oracle.test.ts'];
const buildsSites = ['tests/support/global-setup.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 240_000,
    projects: [
      {
        // Pure modules on small fixtures: in parallel, no process, nothing built; the inner loop.
        test: {
          name: 'pure',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...processTests],
          setupFiles: ['tests/support/no-process.ts'],
          testTimeout: 10_000,
          // Every core: vitest's default leaves one free, which is no parallelism on two cores.
          maxWorkers: '100%',
        },
      },
      {
        // Processes, commands, git and the whole content, in parallel with the pure tests; nothing built first.
        test: {
          name: 'process',
          include: [...processTests, 'tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...siteTests, ...oracleTests],
          maxWorkers: '100%',
        },
      },
      {
        // Builds, and the built sites read as files.
        test: { name: 'site', include: siteTests, globalSetup: buildsSites, sequence: { groupOrder: 1 } },
      },
      {
        // A copy of the project built after each kind of change: minutes of builds, so on its own.
        test: { name: 'oracle', include: oracleTests, sequence: { groupOrder: 1 } },
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
