import { expect, test } from 'vitest';
import { displayContext, setupOf, type KitContext } from './kit.ts';
import {
  MODEL_NAME,
  answerButton,
  codeServerArgs,
  languageModels,
  parseDriverArgs,
  setupCompleteEntries,
  vscode,
} from './vscode.ts';

const context: KitContext = {
  ...displayContext('stdio', 'call the tools', '4.139.1'),
  home: '/h',
  work: '/w',
  server: { transport: 'stdio', launch: { command: '/node', args: ['probe.ts', 'stdio'] } },
  modelUrl: 'http://127.0.0.1:7',
  prefix: '/p',
};

test('code-server serves the workspace on loopback without a password, its data and extensions in the throwaway HOME', () => {
  expect(codeServerArgs(context, 4100)).toEqual([
    '--bind-addr',
    '127.0.0.1:4100',
    '--auth',
    'none',
    '--config',
    '/h/code-server/config.yaml',
    '--user-data-dir',
    '/h/code-server/data',
    '--extensions-dir',
    '/h/code-server/extensions',
    '--disable-telemetry',
    '--disable-update-check',
    '/w',
  ]);
});

test('the set-up writes the Custom Endpoint model on the stand-in, the user settings, the workspace server and links the driver', () => {
  const face = vscode.faces[0];
  if (face === undefined) throw new Error('no face');
  const { files, links } = setupOf(vscode, face, context);
  const file = (name: string) => JSON.parse(files.find((item) => item.path === name)?.text ?? 'null') as unknown;
  expect(file('/h/code-server/data/User/chatLanguageModels.json')).toEqual(languageModels('http://127.0.0.1:7'));
  expect(languageModels('http://127.0.0.1:7')).toMatchObject([
    {
      vendor: 'customendpoint',
      models: [{ name: MODEL_NAME, url: 'http://127.0.0.1:7/v1/chat/completions', toolCalling: true }],
    },
  ]);
  expect(file('/h/code-server/data/User/settings.json')).toMatchObject({ 'chat.mcp.gallery.enabled': false });
  expect(file('/w/.vscode/mcp.json')).toEqual({
    servers: { 'canimcp-probe': { type: 'stdio', command: '/node', args: ['probe.ts', 'stdio'] } },
  });
  expect(links.map((item) => item.path)).toEqual(['/h/code-server-driver.ts']);
  expect(face.args(context).slice(0, 3)).toEqual(['/h/code-server-driver.ts', '--prefix', '/p']);
  const http = setupOf(vscode, face, { ...context, server: { transport: 'http', url: 'http://127.0.0.1:5/mcp' } });
  expect(JSON.parse(http.files.find((item) => item.path === '/w/.vscode/mcp.json')?.text ?? '')).toEqual({
    servers: { 'canimcp-probe': { type: 'http', url: 'http://127.0.0.1:5/mcp' } },
  });
});

test('marking setup complete keeps what the workbench stored and sets installed and completed; unreadable state starts empty', () => {
  expect(setupCompleteEntries('{"entitlement":4,"sku":"free","completed":false}')).toEqual([
    ['extensionsIdentifiers/disabled', '[]'],
    ['chat.setupContext', '{"entitlement":4,"sku":"free","completed":true,"installed":true}'],
  ]);
  for (const stored of [undefined, 'not json', '[1]'])
    expect(setupCompleteEntries(stored)[1]).toEqual(['chat.setupContext', '{"entitlement":1,"installed":true,"completed":true}']);
});

test('the driver answers approvals as a person who lets the model act would, and nothing else', () => {
  expect(answerButton(['Skip', 'Allow', 'Allow in this Session'])).toBe('Allow in this Session');
  expect(answerButton(['Cancel', 'Allow Once'])).toBe('Allow Once');
  expect(answerButton(['Decline', 'Submit'])).toBe('Submit');
  expect(answerButton(['Cancel', 'Open URL'])).toBe('Open URL');
  expect(answerButton(['Configure', 'Undo', 'Keep'])).toBeUndefined();
  expect(answerButton([])).toBeUndefined();
});

test('the driver names a missing or bad option instead of failing later', () => {
  const argv = ['--prefix', '/p', '--home', '/h', '--work', '/w', '--prompt', 'hi', '--seconds', '290'];
  expect(parseDriverArgs(argv)).toEqual({ prefix: '/p', home: '/h', work: '/w', prompt: 'hi', seconds: 290 });
  expect(() => parseDriverArgs(argv.slice(2))).toThrow('the code-server driver needs --prefix');
  expect(() => parseDriverArgs([...argv.slice(0, -1), 'soon'])).toThrow('--seconds must be a positive number, got soon');
});
