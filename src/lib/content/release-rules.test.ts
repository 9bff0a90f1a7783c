import { expect, test } from 'vitest';
import type { CaptureHeader } from '../../schema/capture.ts';
import { builtWith } from '../evidence/built-with.ts';
import { checkReleases } from './release-rules.ts';

const list = (versions: Record<string, string>) => {
  const text = `${JSON.stringify({ client: 'mcphost', registry: 'go', package: 'github.com/mark3labs/mcphost', checked: '2026-12-08T00:00:00.000Z', versions, only: 'captured' }, null, 2)}\n`;
  return { id: 'mcphost', file: 'content/releases/mcphost.json', text, sha256: '0'.repeat(64) };
};

const capture = (version: string, pkg: string) => ({
  id: `mcphost-${version}`,
  header: {
    capture: 1,
    client: 'mcphost',
    version,
    package: pkg,
    path: 'cli',
    transport: 'stdio',
    persona: 'observe',
    capturedAt: '2026-12-08T01:11:10Z',
    probe: '0.1.0',
  } as CaptureHeader,
});

test('a version the lab built with a dependency raised is dated by its own package’s list, which must list it', () => {
  const clients = new Map([['mcphost', { package: 'github.com/mark3labs/mcphost' }]]);
  const raised = builtWith('github.com/mark3labs/mcphost', ['github.com/bytedance/sonic@v1.15.0']);
  const captures = [capture('v0.34.0', 'github.com/mark3labs/mcphost'), capture('v0.32.0', raised)];
  const dated = checkReleases([list({ 'v0.32.0': '2025-12-09T18:35:07Z', 'v0.34.0': '2026-02-25T15:51:49Z' })], { clients, captures });
  expect(dated.problems).toEqual([]);
  expect(dated.releases.get('mcphost')?.versions['v0.32.0']).toBe('2025-12-09T18:35:07Z');
  const undated = checkReleases([list({ 'v0.34.0': '2026-02-25T15:51:49Z' })], { clients, captures });
  expect(undated.problems.map((problem) => problem.message)).toEqual([
    'captured version "v0.32.0" (capture mcphost-v0.32.0) is not listed; read the registry again with npm run probe -- releases mcphost',
  ]);
});
