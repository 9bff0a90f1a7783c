import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { runKit } from '../run-command.ts';
import { kitFor } from './index.ts';
import { commandLine, displayContext, environmentOf, kitFace, setupOf, type KitContext } from './kit.ts';

const context = (transport: 'stdio' | 'http'): KitContext => ({
  home: '/h',
  work: '/w',
  server:
    transport === 'stdio'
      ? { transport, launch: { command: '/node', args: ['probe.ts', 'stdio', '--persona', 'legacy:2024-11-05'] } }
      : { transport, url: 'http://127.0.0.1:5/mcp' },
  name: 'canimcp-probe',
  modelUrl: 'http://127.0.0.1:7',
  prompt: 'call the tools, then say what you got',
  prefix: '/p',
  version: '0.96.1',
});

const crush = () => {
  const kit = kitFor('crush');
  if (kit === undefined) throw new Error('no crush kit');
  return kit;
};

const crushrc = (transport: 'stdio' | 'http') => {
  const face = kitFace(crush(), transport, undefined, true);
  if (face === undefined) throw new Error('no face');
  const files = setupOf(crush(), face, context(transport)).files;
  expect(files.map((file) => file.path)).toEqual(['/h/.config/crush/crushrc']);
  return files[0]?.text ?? '';
};

test('one crushrc holds the provider and its model first, then the probe as an mcp entry, each argument its own --args', () => {
  expect(crushrc('stdio').split('\n')).toEqual([
    'provider add lab --type openai-compat --base-url http://127.0.0.1:7/v1 --api-key dummy-offline-key',
    'model add lab/m --name m --context-window 128000 --default-max-tokens 4096',
    'model large lab/m',
    'model small lab/m',
    'mcp add canimcp-probe --command /node --args probe.ts --args stdio --args --persona --args legacy:2024-11-05',
    '',
  ]);
  expect(crushrc('http')).toMatch(/\nmcp add canimcp-probe --type http --url http:\/\/127\.0\.0\.1:5\/mcp\n$/);
});

test('a run is one `crush run` turn on the stand-in model, with metrics and the provider update switched off', () => {
  const face = kitFace(crush(), 'stdio', undefined, true);
  if (face === undefined) throw new Error('no face');
  expect(commandLine(crush(), face, displayContext('stdio', "it's a test", '0.96.1'))).toBe(
    "crush run --quiet --model lab/m 'it'\\''s a test'",
  );
  expect(environmentOf(crush(), face, context('stdio'))).toMatchObject({
    CRUSH_DISABLE_METRICS: '1',
    DO_NOT_TRACK: '1',
    CRUSH_DISABLE_PROVIDER_AUTO_UPDATE: '1',
  });
});

test('the runner refuses Crush before installing anything, saying why the npm package cannot install here', async () => {
  const captures = mkdtempSync(path.join(tmpdir(), 'crush-'));
  await expect(
    runKit({ client: 'crush', version: '0.96.1', transport: 'stdio', persona: 'observe', captures, sandbox: true }),
  ).rejects.toThrow(/^crush cannot be run: its npm package carries no binary: the install script downloads .* from GitHub/);
});
