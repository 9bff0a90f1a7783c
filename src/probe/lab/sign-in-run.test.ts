/**
 * A whole sign-in through the runner, inside the sandbox, with no real client: a tiny scripted
 * client (a package in a throwaway lab cache) signs in with its login command, driven in a terminal
 * (tmux): it meets the protected endpoint's 401, reads the protected-resource metadata and the
 * authorization server's, registers by DCR, hands the authorization URL to BROWSER, takes the code
 * at its loopback redirect URI and exchanges it with PKCE; then its session, in print mode, sends the
 * stored token, lists the tools, asks the stand-in model and calls the tool. The capture must pass
 * check, carry `auth` events with the secrets redacted, and its judge must decide the sign-in.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { judgeCapture } from '../../lib/scenarios/index.ts';
import { runFakeClient, useFakeClientCache } from './fake-client-cache.ts';

const tinyClient = `#!/usr/bin/env node
const http = require('node:http');
const crypto = require('node:crypto');
const { spawn } = require('node:child_process');
const { readFileSync, writeFileSync } = require('node:fs');
const config = JSON.parse(readFileSync(process.env.HOME + '/.tiny/config.json', 'utf8'));
const store = process.env.HOME + '/.tiny/token.json';
const b64 = (buffer) => buffer.toString('base64url');
const post = (url, body, headers = {}) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(body) });
const login = async () => {
  const first = await post(config.url, { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} });
  const challenge = first.headers.get('www-authenticate');
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)[1];
  const scope = /scope="([^"]+)"/.exec(challenge)[1];
  const resource = await (await fetch(metadataUrl)).json();
  const issuer = resource.authorization_servers[0];
  const server = await (await fetch(issuer + '/.well-known/oauth-authorization-server')).json();
  const verifier = b64(crypto.randomBytes(32));
  const challengeText = b64(crypto.createHash('sha256').update(verifier).digest());
  const code = await new Promise((resolve) => {
    const callback = http.createServer((req, res) => {
      const url = new URL(req.url, 'http://127.0.0.1');
      res.end('signed in');
      callback.close();
      resolve({ code: url.searchParams.get('code'), redirect: redirectUri });
    });
    let redirectUri;
    callback.listen(0, '127.0.0.1', async () => {
      redirectUri = 'http://127.0.0.1:' + callback.address().port + '/callback';
      const registered = await (await post(server.registration_endpoint, { redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', client_name: 'tiny' })).json();
      config.clientId = registered.client_id;
      const query = new URLSearchParams({ response_type: 'code', client_id: registered.client_id, redirect_uri: redirectUri, code_challenge: challengeText, code_challenge_method: 'S256', state: 'x', scope, resource: config.url });
      console.log('Open this URL to sign in: ' + server.authorization_endpoint + '?' + query);
      spawn(process.env.BROWSER, [server.authorization_endpoint + '?' + query], { stdio: 'ignore' });
    });
  });
  const token = await (await fetch(server.token_endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'authorization_code', code: code.code, code_verifier: verifier, client_id: config.clientId, redirect_uri: code.redirect, resource: config.url }) })).json();
  writeFileSync(store, JSON.stringify(token));
  console.log('signed in');
};
const session = async (prompt) => {
  const token = JSON.parse(readFileSync(store, 'utf8')).access_token;
  let next = 0;
  let sessionId;
  const rpc = async (method, params, notify) => {
    const headers = { authorization: 'Bearer ' + token, ...(sessionId ? { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' } : {}) };
    const response = await post(config.url, notify ? { jsonrpc: '2.0', method, params } : { jsonrpc: '2.0', id: next++, method, params }, headers);
    sessionId = response.headers.get('mcp-session-id') ?? sessionId;
    if (notify) return undefined;
    const text = await response.text();
    return JSON.parse(response.headers.get('content-type').startsWith('text/event-stream') ? /^data: (.*)$/m.exec(text)[1] : text);
  };
  await rpc('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'tiny', version: '1' } });
  await rpc('notifications/initialized', {}, true);
  const { tools } = (await rpc('tools/list', {})).result;
  const messages = [{ role: 'user', content: prompt }];
  const offered = tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } }));
  for (let turn = 0; turn < 6; turn += 1) {
    const response = await fetch(process.env.TINY_MODEL + '/v1/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', messages, tools: offered }) });
    const message = (await response.json()).choices[0].message;
    messages.push(message);
    if (!message.tool_calls || message.tool_calls.length === 0) break;
    for (const call of message.tool_calls) {
      const result = await rpc('tools/call', { name: call.function.name, arguments: {} });
      messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result.result ?? result.error) });
    }
  }
};
(process.argv[2] === 'login' ? login() : session(process.argv[2])).then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });
`;

const kitModule = `export const kit = {
  client: 'codex',
  package: 'tiny-client',
  bin: 'tiny-client',
  transports: ['stdio', 'http'],
  server: ({ home, server }) => ({ files: [{ path: home + '/.tiny/config.json', json: server.transport === 'http' ? { url: server.url } : server.launch }] }),
  model: { api: 'openai-chat', setup: ({ modelUrl }) => ({ env: { TINY_MODEL: modelUrl } }) },
  faces: [{ name: 'session', args: ({ prompt }) => [prompt], speaks: 'a scripted test client', session: true, cannotShow: 'anything' }],
  scenarioFace: 'session',
  signIn: () => ({
    face: {
      name: 'login',
      args: () => ['login'],
      steps: () => [{ until: 'signed-in', seconds: 30 }, { until: 'exit', seconds: 15 }],
      speaks: 'a scripted test client',
      cannotShow: 'anything',
    },
    session: 'session',
  }),
  timeLimit: 60,
  cannotShow: 'anything: it is a test',
};
`;

const cache = useFakeClientCache('probe-sign-in-cache-', tinyClient, kitModule);

test('a scripted client signs in through the lab in a terminal, then calls the protected tool, and the judge decides its sign-in', async () => {
  const { file, capture } = await runFakeClient(cache(), 'http', 'auth-dcr-cimd');
  expect(capture.header).toMatchObject({ scenario: 'auth-dcr-cimd', face: 'interactive', transport: 'http' });
  expect(capture.header.command).toMatch(
    /^tiny-client login in a terminal, keys: \(until signed-in\) \(until exit\); then tiny-client /,
  );
  const handoffs = capture.events.filter((event) => event.kind === 'auth' && 'via' in event && event.via !== undefined);
  expect(handoffs.map((event) => ('via' in event ? event.via : undefined))).toContain('browser-env');
  // Tokens, codes and verifiers never reach the file.
  const text = readFileSync(file, 'utf8');
  expect(text).toContain('\\"access_token\\":\\"<redacted>\\"');
  expect(text).toContain('code_verifier=<redacted>');
  expect(text).toContain('callback?code=<redacted>&state=x');
  expect(text).not.toMatch(/access_token\\":\\"[A-Za-z0-9_-]{20,}/);
  const facts = Object.fromEntries(judgeCapture(capture).map((fact) => [fact.feature, fact.state]));
  expect(facts).toMatchObject({
    'auth.oauth': 'yes',
    'auth.pkce.s256': 'yes',
    'auth.resourceIndicators': 'yes',
    'auth.scope': 'yes',
  });
  // The protected tool ran, and its result reached the stand-in model.
  expect(text).toMatch(/cmcp-signed-in-a1/);
  expect(capture.events.some((event) => event.kind === 'model' && event.body.includes('cmcp-signed-in-a1'))).toBe(true);
}, 120_000);
