/**
 * The judges of the authorization lab and of Streamable HTTP sessions on captures of real clients,
 * as the lab wrote them (content/captures/): each row is a capture, a feature its scenario decides,
 * the state the wire shows and words the detail must carry. Read through `judgeCapture`, as the
 * build and `npm run probe -- facts` read them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { CaptureEvent, CaptureHeader } from '../../schema/capture.ts';
import { judgeCapture } from './index.ts';
import type { FeatureFact, ParsedCapture } from './scenario.ts';

/** A committed capture, parsed line by line. */
const captureOf = (id: string): ParsedCapture => {
  const [first = '', ...rest] = readFileSync(path.join('content', 'captures', `${id}.jsonl`), 'utf8')
    .trimEnd()
    .split('\n');
  return { header: JSON.parse(first) as CaptureHeader, events: rest.map((line) => JSON.parse(line) as CaptureEvent) };
};

/** The fact a capture gives for a feature. */
const factOf = (id: string, feature: string): FeatureFact | undefined =>
  judgeCapture(captureOf(id)).find((item) => item.feature === feature);

/** [capture id, feature, state, words the detail carries]. */
type Row = readonly [string, string, FeatureFact['state'], RegExp];

const rows: readonly Row[] = [
  // Claude Code's login command goes straight to the metadata and never meets the 401: it asks for the
  // protected-resource metadata's list with offline_access, which names mcp:read too. The judge once
  // called that the challenge's scope "with more" (yes); it is the metadata's.
  [
    'claude-code-2-1-332-observe-auth-dcr-cimd-http-20261207-153410',
    'auth.scope',
    'partial',
    /protected-resource metadata's scopes_supported, with offline_access; it had met no 401 before it asked/,
  ],
  ['claude-code-2-1-332-observe-auth-dcr-cimd-http-20261207-153410', 'auth.oauth', 'yes', /authorization code flow/],
  ['claude-code-2-1-332-observe-auth-dcr-cimd-http-20261207-153410', 'auth.pkce.s256', 'yes', /S256/],
  [
    'claude-code-2-1-332-observe-auth-dcr-cimd-http-20261207-153410',
    'auth.resourceIndicators',
    'yes',
    /in the token request: "http/,
  ],
  // mcp-remote (Continue's helper) meets the 401 first and asks for its scope, with offline_access.
  ['continue-cli-1-5-47-observe-auth-dcr-cimd-http-20261207-153653', 'auth.scope', 'yes', /the challenge's, with offline_access/],
  [
    'opencode-1-18-33-observe-auth-dcr-http-20261207-153536',
    'auth.registration.dcr',
    'yes',
    /registered 2 times \(client_name "OpenCode"/,
  ],
  ['claude-code-2-1-332-observe-auth-cimd-http-20261207-153717', 'auth.registration.cimd', 'yes', /claude-code-client-metadata/],
  // Gemini CLI, its token refused as revoked, registers a new client with no redirect URI (refused)
  // and never sends its refresh token: the judge once said only the latter.
  [
    'gemini-cli-0-61-0-observe-auth-refresh-http-20261207-154106',
    'auth.tokenRefresh',
    'no',
    /did not use its refresh token; it tried to register a new client \(refused: redirect_uris must list at least one URI\)/,
  ],
  ['qwen-code-0-24-4-observe-auth-refresh-http-20261207-154209', 'auth.tokenRefresh', 'no', /did not use its refresh token$/],
  [
    'claude-code-2-1-332-observe-auth-refresh-http-20261207-154049',
    'auth.tokenRefresh',
    'yes',
    /refreshed it and made the call again/,
  ],
  [
    'opencode-1-18-33-observe-auth-cimd-http-20261207-153747',
    'auth.registration.cimd',
    'no',
    /offered only Client ID Metadata Documents/,
  ],
  // Qwen Code's sign-in never started in this run (its dialog did not take the keys): nothing is decided.
  [
    'qwen-code-0-24-4-observe-auth-cimd-http-20261207-153936',
    'auth.registration.cimd',
    'not-observed',
    /never read the metadata/,
  ],
  [
    'codex-0-171-0-observe-auth-preregistered-http-20261207-154332',
    'auth.registration.preregistered',
    'yes',
    /registered beforehand and obtained a token/,
  ],
  // Claude Code's login finds no metadata at the well-known paths and stops; its print session reads
  // the metadata the 401 names, then registers at the MCP server's own origin. The judge once called
  // reading it yes; the metadata is for finding the authorization server, which it never asked.
  [
    'claude-code-2-1-332-observe-auth-challenge-metadata-http-20261207-154856',
    'auth.protectedResourceMetadata',
    'no',
    /never went to the authorization server it names; it asked the MCP server's own origin instead \(POST \/register/,
  ],
  [
    'codex-0-171-0-observe-auth-challenge-metadata-http-20261207-154907',
    'auth.protectedResourceMetadata',
    'yes',
    /\/lab\/resource-metadata \(200\)\) and went on to the authorization server/,
  ],
  // Qwen Code's sign-in did not start in this run: which client it would have used is not shown (the judge once said no).
  [
    'qwen-code-0-24-4-observe-auth-preregistered-http-20261207-154449',
    'auth.registration.preregistered',
    'not-observed',
    /never reached the authorization server/,
  ],
  // The lab's key script stopped before Qwen Code's dialog started the sign-in: the judge once called that no.
  [
    'qwen-code-0-24-4-observe-auth-dcr-cimd-http-20261207-155402',
    'auth.oauth',
    'not-observed',
    /the lab's key script stopped before any sign-in reached the authorization server/,
  ],
  // BROWSER unset: Claude Code opens nothing and prints the URL; Codex runs the first opener it finds.
  [
    'claude-code-2-1-332-observe-auth-no-browser-http-20261207-160417',
    'auth.browserHandoff',
    'yes',
    /from the URL the client printed; redirect URI http:\/\/localhost:\d+\/callback; the client's redirect URI took the code/,
  ],
  [
    'codex-0-171-0-observe-auth-no-browser-http-20261207-160429',
    'auth.browserHandoff',
    'yes',
    /from the opener x-www-browser and from the URL the client printed; redirect URI http:\/\/127\.0\.0\.1:/,
  ],
  // Streamable HTTP sessions: Codex starts a new session after the 404; Claude Code settles on
  // 2026-07-28 with the lab, which has no session ids, so there is no session to end.
  [
    'codex-0-171-0-observe-http-session-expiry-http-20261207-161226',
    'transports.streamableHttp.sessionExpiry',
    'yes',
    /sent a new initialize without a session id, then made its call in the new session/,
  ],
  [
    'claude-code-2-1-332-observe-http-session-http-20261207-161149',
    'transports.streamableHttp.terminate',
    'not-observed',
    /the server assigned no session id/,
  ],
  [
    'claude-code-2-1-332-observe-http-resumption-http-20261207-161200',
    'transports.streamableHttp.resumption',
    'yes',
    /sent GET with Last-Event-ID call1-0/,
  ],
  [
    'codex-0-171-0-observe-http-get-stream-http-20261207-163706',
    'transports.streamableHttp.serverPush',
    'yes',
    /opened the GET stream and answered the ping/,
  ],
  [
    'gemini-cli-0-61-0-observe-http-session-expiry-http-20261207-163746',
    'transports.streamableHttp.sessionExpiry',
    'no',
    /started no new session; it exited/,
  ],
  [
    'gemini-cli-0-61-0-observe-http-session-http-20261207-163830',
    'transports.streamableHttp.terminate',
    'no',
    /exited without sending DELETE/,
  ],
];

describe('the sign-in and session judges on captures of real clients', () => {
  test.each(rows)('%s: %s is %s', (id, feature, state, words) => {
    const fact = factOf(id, feature);
    expect(fact?.state).toBe(state);
    expect(fact?.detail).toMatch(words);
  });
});

describe('auth.tokenRefresh counts only a refresh after the refused call', () => {
  // Copilot CLI's capture: its sign-in's token exchange (seq 14) is an authorization code; the print
  // session's token was accepted until its first tool call (seq 45, answered 401 invalid_token at 46), then it sent
  // grant_type=refresh_token (seq 51) and made the call again (seq 65). A run where the token is refused
  // from the session's first request is another setting, which this capture does not show.
  test('Copilot CLI 1.0.102: call refused at seq 45, refreshed at 51, called again at 65', () => {
    const fact = factOf('copilot-cli-1-0-102-observe-auth-refresh-http-20261207-154308', 'auth.tokenRefresh');
    expect(fact?.state).toBe('yes');
    expect(fact?.seq).toEqual([45, 51, 65]);
  });
});
