/**
 * An HTTP run whose client refuses the server's set-up: a scripted client (a package in a throwaway
 * lab cache) whose `add --transport http` fails as Claude Code 1.0.17's did, before HTTP existed in
 * it. The runner must still write the capture, the refusal in it and a lifecycle event last, and the
 * judge must read it as no for Streamable HTTP (a version without it is evidence, not a lost run).
 */
import { expect, test } from 'vitest';
import { judgeCapture } from '../../lib/scenarios/index.ts';
import { runFakeClient, useFakeClientCache } from './fake-client-cache.ts';

const refusingClient = `#!/usr/bin/env node
if (process.argv[2] === 'add') {
  console.error('Invalid transport type: http. Must be one of: stdio, sse');
  process.exit(1);
}
process.exit(0);
`;

const kitModule = `export const kit = {
  client: 'codex',
  package: 'tiny-client',
  bin: 'tiny-client',
  transports: ['stdio', 'http'],
  server: ({ name, server }) => ({ commands: [['add', '--transport', 'http', name, server.url]] }),
  faces: [{ name: 'session', args: ({ prompt }) => ['-p', prompt], speaks: 'a scripted test client', session: true, cannotShow: 'anything' }],
  timeLimit: 30,
  cannotShow: 'anything: it is a test',
};
`;

const cache = useFakeClientCache('probe-refused-cache-', refusingClient, kitModule);

test('a client whose own set-up refuses the HTTP server leaves a capture that says so, judged no', async () => {
  const { capture } = await runFakeClient(cache(), 'http');
  expect(capture.events.filter((event) => event.kind === 'http')).toEqual([]);
  expect(capture.events.at(-1)).toMatchObject({
    kind: 'lifecycle',
    event: 'closed',
    detail: "the client's set-up command ended (exit 1); its session was not started",
  });
  expect(judgeCapture(capture).find((fact) => fact.feature === 'transports.streamableHttp')).toMatchObject({
    state: 'no',
    detail: expect.stringMatching(
      /refused to add the server by its URL: tiny-client add --transport http … failed \(1\): Invalid transport type: http/,
    ) as unknown,
  });
}, 90_000);
