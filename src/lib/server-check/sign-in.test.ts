/**
 * The server check's authorization input and its sign-in findings, through `readServerInput` and
 * `checkServer`, on the verdicts the site's client files publish (content/clients/*.md): which clients
 * cannot sign in where a server offers neither DCR nor CIMD, or CIMD only; OIDC-only discovery,
 * metadata named only in the 401, and step-up; each finding with its kind, version and evidence kind.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseFile } from '../content/frontmatter.ts';
import { isRecord } from '../mcp/json.ts';
import { checkServer, type CheckCell, type CheckClient, type CheckData, type Finding } from './check-server.ts';
import { readServerInput, withAuthFlag, type ServerDescription } from './server-input.ts';

const clientsDir = path.join('content', 'clients');

/**
 * The site's verdicts as its client files write them: every verdict citing a note, with its version.
 * A verdict that writes its kind (read, documented, reported) has it; the others rest on the lab's
 * captures, so they are observed.
 */
const siteData = (): CheckData => {
  const clients: CheckClient[] = [];
  const cells: CheckCell[] = [];
  for (const file of readdirSync(clientsDir)
    .filter((name) => name.endsWith('.md'))
    .sort()) {
    const data = parseFile(readFileSync(path.join(clientsDir, file), 'utf8'))?.data;
    if (!isRecord(data)) continue;
    const client = file.replace(/\.md$/, '');
    clients.push({ client, name: String(data['name']), core: data['core'] === 'true', toolNames: [] });
    for (const item of Array.isArray(data['support']) ? data['support'] : []) {
      if (!isRecord(item) || typeof item['feature'] !== 'string' || !item['feature'].startsWith('auth.')) continue;
      const state = item['state'];
      if ((state !== 'yes' && state !== 'no' && state !== 'partial') || !Array.isArray(item['notes'])) continue;
      cells.push({
        feature: item['feature'],
        client,
        state,
        evidence:
          item['evidence'] === 'read' || item['evidence'] === 'documented' || item['evidence'] === 'reported'
            ? item['evidence']
            : 'observed',
        ...(typeof item['version'] === 'string' ? { version: item['version'] } : {}),
      });
    }
  }
  return { clients, cells };
};

const data = siteData();

const serverWith = (auth: unknown): ServerDescription => {
  const read = readServerInput({ initialize: { capabilities: { tools: {} }, serverInfo: { name: 's' } }, auth });
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  return read.server;
};

/** Each client's finding for a feature family, as `client: kind`. */
const kinds = (server: ServerDescription, features: RegExp): Record<string, string> =>
  Object.fromEntries(
    checkServer(server, data).flatMap((report) =>
      report.findings.filter((finding) => features.test(finding.feature)).map((finding) => [report.client, finding.kind]),
    ),
  );

const findingOf = (server: ServerDescription, client: string, features: RegExp): Finding | undefined =>
  checkServer(server, data)
    .find((report) => report.client === client)
    ?.findings.find((finding) => features.test(finding.feature));

const registration = /^auth\.registration\./;

describe('the sign-in finding on the site’s data', () => {
  test('neither DCR nor CIMD (metadata without either): a client signs in only with an observed yes for a client registered beforehand', () => {
    const server = serverWith({
      authorizationServer: { issuer: 'https://as.example', code_challenge_methods_supported: ['S256'] },
    });
    const found = kinds(server, registration);
    for (const client of ['claude-code', 'codex', 'gemini-cli', 'opencode', 'kilo-code-cli', 'qwen-code', 'copilot-cli'])
      expect(found[client]).toBe('fine');
    // Continue's sign-in as a client registered beforehand was never run.
    expect(found['continue-cli']).toBe('unknown');
    expect(findingOf(server, 'copilot-cli', registration)).toMatchObject({
      feature: 'auth.registration.preregistered',
      known: 'observed',
      version: '1.0.102',
      evidence: '/features/auth/registration/preregistered#copilot-cli',
    });
    expect(findingOf(server, 'copilot-cli', registration)?.finding).toContain(
      'auth.registration.preregistered: yes, observed at 1.0.102',
    );
  });

  test('CIMD only, as the author states it: the clients with a CIMD no cannot sign in (lost), each saying how that is known', () => {
    const server = serverWith({ registration: ['cimd'] });
    const found = kinds(server, registration);
    const lost = Object.entries(found)
      .filter(([, kind]) => kind === 'lost')
      .map(([client]) => client)
      .sort();
    const knownOf = (client: string) => findingOf(server, client, registration)?.known;
    expect(lost.filter((client) => knownOf(client) === 'observed')).toEqual([
      'continue-cli',
      'gemini-cli',
      'kilo-code-cli',
      'opencode',
      // Qwen Code's run against a CIMD-only server read the metadata and stopped (qwen-code-0-24-4-observe-auth-cimd-http).
      'qwen-code',
    ]);
    // The clients no lab here runs lose too where their code or docs say no, and the finding says which.
    for (const client of lost.filter((item) => knownOf(item) !== 'observed')) {
      expect(['read', 'documented', 'reported']).toContain(knownOf(client));
      expect(findingOf(server, client, registration)?.finding).toMatch(
        /auth\.registration\.cimd: no, (read|documented|reported)/,
      );
    }
    expect([found['claude-code'], found['codex'], found['copilot-cli']]).toEqual(['fine', 'fine', 'fine']);
    const gemini = findingOf(server, 'gemini-cli', registration);
    expect(gemini).toMatchObject({ kind: 'lost', feature: 'auth.registration.cimd', version: '0.61.0', known: 'observed' });
    expect(gemini?.finding).toBe(
      'the client cannot sign in: your authorization server offers only a client ID metadata document, and the client uses none of them (auth.registration.cimd: no, observed at 0.61.0)',
    );
  });

  test('CIMD only as the metadata shows it (the author did not list the ways): a risk, since clients may be registered beforehand', () => {
    const server = serverWith({
      authorizationServer: { issuer: 'https://as.example', client_id_metadata_document_supported: true },
    });
    expect(findingOf(server, 'opencode', registration)).toMatchObject({ kind: 'risk', feature: 'auth.registration.cimd' });
  });

  test('DCR and a client registered beforehand: a client with either observed yes signs in', () => {
    const found = kinds(serverWith({ registration: ['dcr', 'preregistered'] }), registration);
    expect(found['continue-cli']).toBe('fine');
    expect(found['gemini-cli']).toBe('fine');
  });

  test('metadata named only in the 401, OIDC-only discovery, step-up: each from its feature’s cells', () => {
    const server = serverWith({ metadataOnlyIn401: true, oidcOnly: true, stepUp: true, registration: ['dcr'] });
    expect(kinds(server, /^auth\.protectedResourceMetadata$/)).toMatchObject({ 'claude-code': 'lost', codex: 'fine' });
    expect(findingOf(server, 'claude-code', /^auth\.protectedResourceMetadata$/)?.finding).toContain('your 401 names');
    expect(kinds(server, /^auth\.asMetadata\.oidc$/)).toMatchObject({ codex: 'fine', 'qwen-code': 'fine' });
    const stepUp = kinds(server, /^auth\.scopeStepUp$/);
    for (const client of ['claude-code', 'codex', 'gemini-cli', 'opencode', 'kilo-code-cli', 'qwen-code', 'copilot-cli'])
      expect(stepUp[client]).toBe('lost');
    expect(findingOf(server, 'codex', /^auth\.scopeStepUp$/)).toMatchObject({ version: '0.171.0', known: 'observed' });
  });

  test('a server saying nothing of its authorization gets no sign-in finding', () => {
    const read = readServerInput({ initialize: { capabilities: {}, serverInfo: { name: 's' } } });
    expect(read.ok && checkServer(read.server, data).flatMap((report) => report.findings)).toEqual([]);
  });
});

describe('the authorization input', () => {
  test('bad ways and flags name their path', () => {
    expect(
      readServerInput({ initialize: { capabilities: {} }, auth: { registration: ['dcr', 'magic'], stepUp: 'yes' } }),
    ).toEqual({
      ok: false,
      problems: [
        { path: '$.auth.registration[1]', message: 'expected one of dcr, cimd, preregistered, got "magic"' },
        { path: '$.auth.stepUp', message: 'expected true or false' },
      ],
    });
  });

  test('--auth words merge into the input’s auth part; an unknown word is refused', () => {
    expect(withAuthFlag({ initialize: {}, auth: { protectedResource: {} } }, 'cimd,step-up,metadata-in-401')).toEqual({
      ok: true,
      input: { initialize: {}, auth: { protectedResource: {}, stepUp: true, metadataOnlyIn401: true, registration: ['cimd'] } },
    });
    expect(withAuthFlag({}, 'dcr,sso')).toEqual({
      ok: false,
      message: '--auth: unknown word "sso": expected dcr, cimd, preregistered, metadata-in-401, oidc-only, step-up',
    });
  });
});
