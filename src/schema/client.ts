import * as z from 'zod';
import { HttpUrl, OneLine } from './fields.ts';
import { VerdictList } from './verdict.ts';

/** An MCP client's frontmatter; the body describes it. */
export const ClientFrontmatter = z.strictObject({
  name: OneLine.meta({ title: 'Display name', description: 'The name readers know it by, e.g. Claude Code.' }),
  homepage: HttpUrl.meta({ title: 'Home page', description: "The product's home page, https://…" }),
  repository: HttpUrl.optional().meta({ title: 'Repository', description: 'The public source repository, where there is one.' }),
  clientInfoName: OneLine.optional().meta({
    title: 'clientInfo.name',
    description: 'What the client sends as clientInfo.name in initialize, where known.',
  }),
  package: OneLine.optional().meta({
    title: 'Package',
    description: 'The registry package it is published as, e.g. @openai/codex, where there is one.',
  }),
  registry: z
    .enum(['npm', 'pypi', 'go', 'maven'], { error: 'expected npm, pypi, go or maven' })
    .optional()
    .meta({
      title: 'Registry',
      description:
        'The registry its package is published on (npm where not given): PyPI, the Go module proxy (a module path) or Maven Central (group:artifact).',
    }),
  core: OneLine.optional().meta({
    title: 'Core client',
    description:
      "Why the client is in the core set that a feature's status is judged over (every core client's newest version supports it, some do, or none); absent for the others.",
  }),
  sdk: OneLine.optional().meta({ title: 'SDK', description: 'The MCP SDK it is built on, in a few words.' }),
  support: VerdictList.optional().meta({
    title: 'Support',
    description: 'Verdicts behind the support matrix: for one revision or capability each, a state and the notes that prove it.',
  }),
});

export type Client = z.output<typeof ClientFrontmatter>;
