import { expect, test } from 'vitest';
import { kitFor } from './index.ts';
import { kitFace, setupOf, type KitContext } from './kit.ts';

const context = (version: string): KitContext => ({
  home: '/h',
  work: '/w',
  server: { transport: 'stdio', launch: { command: '/node', args: ['probe.ts', 'stdio'] } },
  name: 'canimcp-probe',
  modelUrl: 'http://127.0.0.1:7',
  prompt: 'call the tools',
  prefix: '/p',
  version,
});

/** The settings.json a Gemini CLI session run writes at this version. */
const settingsAt = (version: string): Record<string, unknown> => {
  const kit = kitFor('gemini-cli');
  const face = kit === undefined ? undefined : kitFace(kit, 'stdio', 'session');
  if (kit === undefined || face === undefined) throw new Error('no kit');
  const file = setupOf(kit, face, context(version)).files.find((item) => item.path === '/h/.gemini/settings.json');
  return JSON.parse(file?.text ?? '{}') as Record<string, unknown>;
};

test.each([
  ['0.1.1', false],
  ['0.1.4', undefined],
  ['0.61.0', undefined],
])('Gemini CLI %s: usage statistics switched off only where the flat key is needed', (version, expected) => {
  const settings = settingsAt(version);
  expect(settings['usageStatisticsEnabled']).toBe(expected);
  // The server entry and the model's auth type are there at every version.
  expect(settings).toMatchObject({
    security: { auth: { selectedType: 'gemini-api-key' } },
    mcpServers: { 'canimcp-probe': { command: '/node', trust: true } },
  });
});
