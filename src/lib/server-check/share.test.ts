import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { checkServer, type CheckData } from './check-server.ts';
import { decodeShared, encodeShared, MAX_SHARED, reducedInput } from './share.ts';
import { exampleServer } from './example.ts';
import { readServerInput } from './server-input.ts';

const github = readFileSync(new URL('../../../tests/fixtures/servers/github-all-toolsets.json', import.meta.url), 'utf8');

test('the example round-trips through the URL fragment whole, in URL-safe characters', async () => {
  const text = JSON.stringify(exampleServer, null, 2);
  const shared = await encodeShared(text, exampleServer);
  expect(shared?.reduced).toBe(false);
  expect(shared?.value).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(await decodeShared(shared?.value ?? '')).toBe(text);
});

test("GitHub's tool list, far too long to share whole, shares what the check reads of it, with the same findings", async () => {
  const parsed: unknown = JSON.parse(github);
  const shared = await encodeShared(github, parsed);
  expect(shared?.reduced).toBe(true);
  expect(shared?.value.length).toBeLessThanOrEqual(MAX_SHARED);
  const back = JSON.parse((await decodeShared(shared?.value ?? '')) ?? 'null') as unknown;
  expect(back).toEqual(JSON.parse(JSON.stringify(reducedInput(parsed))));
  // The check reads whether there are instructions, not their text: the reduced input keeps their start.
  const server = (value: unknown) => {
    const read = readServerInput(value);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    const { instructions, ...rest } = read.server;
    return instructions === undefined ? rest : { ...rest, instructions: instructions.slice(0, 200) };
  };
  expect(server(back)).toEqual(server(parsed));
  const data: CheckData = {
    clients: [{ client: 'c', name: 'C', core: true, toolNames: [] }],
    cells: [
      { client: 'c', feature: 'tools.annotations', state: 'yes' },
      { client: 'c', feature: 'tools.inputSchema.unchanged', state: 'no' },
    ],
  };
  expect(checkServer(server(back), data)).toEqual(checkServer(server(parsed), data));
});

test('a text too long to share, even reduced, is not encoded, and a fragment this page did not write is refused', async () => {
  const random = Array.from({ length: MAX_SHARED }, (_, index) => ((index * 7919) % 65_521).toString(36)).join('');
  expect(await encodeShared(random)).toBeUndefined();
  expect(await decodeShared('not-compressed')).toBeUndefined();
  expect(await decodeShared('%%%')).toBeUndefined();
});
