// @ts-check
/**
 * The layers, enforced. Pure modules (src/lib, src/schema) run in a browser and in unit tests
 * without mocks: no Node, no `process`, so no environment (src/node/environment.ts reads it, and
 * pure code takes each value as a parameter); browser code (src/scripts) builds on them alone.
 * Node I/O (src/node, src/drift, src/probe) reads files, runs git, child processes and servers.
 * Astro glue (src/integrations, src/data, src/content.config.ts) is only meaningful inside Astro's
 * build; views (src/components, src/layouts) lay out what src/data hands them. Entry points
 * (src/cli, src/pages) sit on top. Type-only imports may cross any line but one: they vanish
 * before the code runs, but pure code that takes a type from Node I/O depends on it all the same
 * (the type lives in src/lib or src/schema, and Node I/O imports it from there). Inside src/lib the
 * evidence path is one layer in order: evidence/ (the capture and its readers), then scenarios/ (their
 * judges), then cells/; a folder imports none above it, not even a type (tests/lib-folders.test.ts
 * holds the same order for the whole folder graph).
 */
import { builtinModules } from 'node:module';

/**
 * A relative import of one of these src/ folders, from anywhere in src/.
 * @param {string[]} names
 */
const folders = (names) => `^(?:\\.{1,2}/)+(?:src/)?(?:${names.join('|')})/`;

const nodeBuiltins = {
  paths: builtinModules
    .filter((name) => !name.startsWith('_'))
    .map((name) => ({ name, message: 'Node I/O belongs in src/node.' })),
  patterns: [{ regex: '^node:', caseSensitive: true, message: 'Node I/O belongs in src/node.' }],
};
const astro = {
  regex: '^(?:astro(?:$|[:/])|@astrojs/)',
  caseSensitive: true,
  message: 'Only Astro glue, views and pages import Astro.',
};
const astroVirtual = { regex: '^astro:', caseSensitive: true, message: 'astro:* modules exist only inside an Astro build.' };
/**
 * Imports of these src/ folders; type-only imports pass.
 * @param {string} message
 * @param {...string} names
 */
const layer = (message, ...names) => ({
  regex: folders(names),
  caseSensitive: true,
  allowTypeImports: true,
  message,
});
/** @param {string} message */
const noProcess = (message) => ({ name: 'process', message });
const astroFiles = { regex: '\\.astro$', caseSensitive: true, message: 'Components belong to views and pages.' };
/** The build context is Node I/O's like src/node, under the bare name that keeps it one instance. */
const toContext = {
  regex: '^canimcp/build-context$',
  caseSensitive: true,
  allowTypeImports: true,
  message: 'The build context (src/node/build-context.ts) is for commands and Astro glue; views and pages read src/data.',
};

const toNode = layer('Only commands and Astro glue use Node I/O (src/node, src/drift, src/probe).', 'node', 'drift', 'probe');
const toGlue = layer('Astro glue (src/integrations, src/data) is for views, pages and other glue.', 'integrations', 'data');
const toViews = layer('Views (src/components, src/layouts) are only for pages.', 'components', 'layouts');
const toEntry = layer('Entry points (src/cli, src/pages) are imported by nothing else.', 'cli', 'pages');
const toBrowser = layer('Browser code (src/scripts) is only for pages and views.', 'scripts');

/**
 * @param {unknown[]} paths
 * @param {unknown[]} patterns
 * @returns {import('eslint').Linter.RuleEntry}
 */
const rule = (paths, patterns) => ['error', { paths, patterns }];
const tests = ['**/*.test.ts'];

/** Pure code takes not even a type from Node I/O. */
const pureToNode = {
  ...toNode,
  allowTypeImports: false,
  message: 'Pure code takes nothing from Node I/O, not even a type: put the type in src/lib or src/schema.',
};

/** What code that may run in a browser must not import: Node, Astro, and every layer built on them. */
const outsideBrowser = [...nodeBuiltins.patterns, astro, astroFiles, pureToNode, toContext, toGlue, toViews, toEntry];

/**
 * A folder of the evidence path imports none above it in the path, not even a type.
 * @param {...string} above
 */
const evidenceAbove = (...above) => ({
  ...layer(
    `The evidence path runs evidence, then scenarios, then cells: nothing imports a folder above it (${above.join(', ')}).`,
    ...above,
  ),
  allowTypeImports: false,
});
/** The pure rules, with what a folder of the evidence path must not import besides. */
/** @param {...unknown} extra */
const pureRule = (...extra) => rule(nodeBuiltins.paths, [...outsideBrowser, toBrowser, ...extra]);

/**
 * One rule per folder: a later block would replace an earlier one's options, not add to them.
 * @type {import('eslint').Linter.Config[]}
 */
export default [
  {
    // Pure: the browser's code and the unit tests' subjects.
    files: ['src/lib/**', 'src/schema/**'],
    ignores: tests,
    rules: {
      '@typescript-eslint/no-restricted-imports': pureRule(),
      'no-restricted-globals': [
        'error',
        noProcess('Pure modules take what the environment sets as a parameter (src/node/environment.ts reads it).'),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'globalThis', property: 'process', message: 'Pure modules have no process.' },
      ],
    },
  },
  {
    // The evidence path, in its order (the pure rules above, and the folders above each).
    files: ['src/lib/evidence/**'],
    ignores: tests,
    rules: { '@typescript-eslint/no-restricted-imports': pureRule(evidenceAbove('scenarios', 'cells')) },
  },
  {
    files: ['src/lib/scenarios/**'],
    ignores: tests,
    rules: { '@typescript-eslint/no-restricted-imports': pureRule(evidenceAbove('cells')) },
  },
  {
    // Browser code: pure modules and the DOM, nothing else.
    files: ['src/scripts/**'],
    ignores: tests,
    rules: {
      '@typescript-eslint/no-restricted-imports': rule(nodeBuiltins.paths, outsideBrowser),
      'no-restricted-globals': ['error', noProcess('Browser code has no process.')],
      'no-restricted-properties': [
        'error',
        { object: 'globalThis', property: 'process', message: 'Browser code has no process.' },
      ],
    },
  },
  {
    // Node I/O: pure modules and Node, never Astro. Drift (src/drift) is Node I/O: the registry and
    // git; so is the capture lab (src/probe): a local MCP server and the clients it runs.
    files: ['src/node/**', 'src/drift/**', 'src/probe/**'],
    ignores: tests,
    rules: {
      '@typescript-eslint/no-restricted-imports': rule([], [astro, astroFiles, toGlue, toViews, toEntry, toBrowser]),
    },
  },
  {
    // Astro glue: may use Node I/O and Astro, not views or entry points.
    files: ['src/integrations/**', 'src/data/**', 'src/content.config.ts'],
    ignores: tests,
    rules: {
      '@typescript-eslint/no-restricted-imports': rule([], [astroFiles, toViews, toEntry, toBrowser]),
    },
  },
  {
    // Views and pages get their data through src/data, never from Node I/O directly.
    files: ['src/components/**', 'src/layouts/**'],
    ignores: tests,
    rules: {
      '@typescript-eslint/no-restricted-imports': rule(nodeBuiltins.paths, [
        ...nodeBuiltins.patterns,
        toNode,
        toContext,
        layer('Views do not import Astro integrations or the content loader.', 'integrations'),
        toEntry,
      ]),
    },
  },
  {
    files: ['src/pages/**'],
    ignores: tests,
    rules: {
      '@typescript-eslint/no-restricted-imports': rule(nodeBuiltins.paths, [
        ...nodeBuiltins.patterns,
        toNode,
        toContext,
        layer('Pages do not import Astro integrations or the content loader.', 'integrations'),
        layer('Pages do not import commands.', 'cli'),
      ]),
    },
  },
  {
    // Commands run in plain Node: no astro:* virtual modules, nothing that needs them.
    files: ['src/cli/**'],
    ignores: tests,
    rules: {
      '@typescript-eslint/no-restricted-imports': rule(
        [],
        [astroVirtual, astroFiles, toGlue, toViews, layer('Commands do not import pages.', 'pages'), toBrowser],
      ),
    },
  },
];
