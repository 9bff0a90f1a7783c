/**
 * Which clients drift asks npm about: only those whose package is on npm. A package on PyPI, the Go
 * module proxy or Maven Central may share its name with another npm package (`mcp`, `llm`), so
 * asking npm would compare verdicts with another program's releases. The registry is a fake `npm`
 * that records what it was asked.
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import type { Entry } from '../lib/content/entries.ts';
import type { Client } from '../schema/index.ts';
import { checkReleases } from './releases.ts';

const entry = (id: string, data: Client): Entry<Client> => {
  const text = `---\nname: ${data.name}\nhomepage: ${data.homepage}\npackage: ${data.package ?? ''}\n---\n`;
  return {
    id,
    file: `clients/${id}.md`,
    absolutePath: `/c/clients/${id}.md`,
    data,
    frontmatterBlock: text,
    body: '',
    text,
    hash: '',
  };
};

test('drift asks npm only about npm packages: a PyPI, Go or Maven package is left out', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'drift-releases-'));
  const npm = path.join(dir, 'npm');
  writeFileSync(
    npm,
    `#!/bin/sh\necho "$2" >> ${JSON.stringify(path.join(dir, 'asked'))}\necho '{"dist-tags":{"latest":"1.0.0"},"time":{"1.0.0":"2026-01-01T00:00:00.000Z"}}'\n`,
  );
  chmodSync(npm, 0o755);
  const home = 'https://example.com';
  const checks = await checkReleases(
    [
      entry('codex', { name: 'Codex', homepage: home, package: '@openai/codex' }),
      entry('claude-agent-sdk', {
        name: 'Claude Agent SDK',
        homepage: home,
        package: '@anthropic-ai/claude-agent-sdk',
        registry: 'npm',
      }),
      entry('python-sdk', { name: 'Python SDK', homepage: home, package: 'mcp', registry: 'pypi' }),
      entry('mcphost', { name: 'MCPHost', homepage: home, package: 'github.com/mark3labs/mcphost', registry: 'go' }),
      entry('langchain4j', {
        name: 'LangChain4j',
        homepage: home,
        package: 'dev.langchain4j:langchain4j-mcp',
        registry: 'maven',
      }),
    ],
    { npm, timeoutMs: 10_000 },
    '/c',
  );
  expect(checks.map((check) => check.client)).toEqual(['codex', 'claude-agent-sdk']);
  expect(readFileSync(path.join(dir, 'asked'), 'utf8').trim().split('\n').sort()).toEqual([
    '@anthropic-ai/claude-agent-sdk',
    '@openai/codex',
  ]);
});
