import { describe, expect, test } from 'vitest';
import { lookup, type LookupClient } from './lookup.ts';
import type { RunsOf } from '../cells/version-state.ts';

/** A capture's view of a client as clients.json lists it: the release captured, and the clientInfo it sent. */
const seen = (version: string, name: string, sent: string, userAgent?: string): LookupClient['observed'][number] => ({
  version,
  clientInfo: { name, version: sent },
  ...(userAgent === undefined ? {} : { userAgent }),
});

/** The identities the project's captures show (content/captures, each release with what it sent). */
const clients: LookupClient[] = [
  {
    client: 'claude-code',
    clientInfoName: 'claude-code',
    observed: [
      seen('2.1.332', 'claude-code', '2.1.332'),
      seen('2.1.300', 'claude-code', '2.1.300'),
      seen('1.0.21', 'claude', '0.1.0'),
      seen('1.0.30', 'claude', '0.1.0'),
    ],
  },
  // The Claude Agent SDK runs Claude Code's engine and sends its clientInfo: the bundled CLI's name and version, not its own.
  {
    client: 'claude-agent-sdk',
    clientInfoName: 'claude-code',
    observed: [seen('0.3.300', 'claude-code', '2.1.300'), seen('0.3.337', 'claude-code', '2.1.337')],
  },
  {
    client: 'opencode',
    clientInfoName: 'opencode',
    observed: [seen('1.18.33', 'opencode', '1.18.33'), seen('1.17.0', 'opencode', '1.17.0')],
  },
  // Kilo Code CLI 7.0.33 sent opencode's name; its later releases send their own.
  {
    client: 'kilo-code-cli',
    clientInfoName: 'kilo',
    observed: [seen('7.7.7', 'kilo', '7.7.7'), seen('7.0.33', 'opencode', '7.0.33')],
  },
  // Qwen Code's session client puts the server's name after its own: the lab's server is canimcp-probe.
  {
    client: 'qwen-code',
    observed: [
      seen('0.24.4', 'qwen-cli-mcp-client-canimcp-probe', '0.0.1'),
      seen('0.15.6', 'qwen-cli-mcp-client-canimcp-probe', '0.0.1'),
      seen('0.24.4', 'mcp-test-client', '0.0.1', 'QwenCode/0.24.4'),
    ],
  },
  {
    client: 'gemini-cli',
    observed: [seen('0.61.0', 'gemini-cli-mcp-client', '0.61.0'), seen('0.61.0', 'mcp-test-client', '0.0.1', 'GeminiCLI/0.61.0')],
  },
  // Copilot CLI sent 1.0.0 across 1.0.10–1.0.24 and 0.0.0 across 1.0.81–1.0.83; 1.0.102 sends its release.
  {
    client: 'copilot-cli',
    clientInfoName: 'copilot-cli',
    observed: [
      seen('1.0.102', 'copilot-cli', '1.0.102'),
      seen('1.0.83', 'copilot-cli', '0.0.0'),
      seen('1.0.81', 'copilot-cli', '0.0.0'),
      seen('1.0.24', 'github-copilot-developer', '1.0.0'),
      seen('1.0.10', 'github-copilot-developer', '1.0.0'),
    ],
  },
  {
    client: 'amp',
    clientInfoName: 'amp-mcp-client',
    observed: [
      seen('0.0.1790142911-g7618fb', 'amp-mcp-client', '0.0.0-dev'),
      seen('0.0.1767830505-ga62310', 'amp-mcp-client', '0.0.0-dev'),
    ],
  },
];

const cell = (client: string, feature: string, ranges: RunsOf['ranges']) => ({ client, feature, ranges });

/** A cell no capture decides: no runs, its verdict's state and kind. */
const unobserved = (
  client: string,
  feature: string,
  state: 'yes' | 'partial' | 'no',
  evidence: 'read' | 'documented' | 'reported',
) => ({
  client,
  feature,
  ranges: [],
  state,
  evidence,
});

const features = [
  cell('claude-code', 'lifecycle.instructions', [
    { from: '1.0.21', to: '2.1.299', state: 'no', captured: ['1.0.21', '2.1.299'] },
    { from: '2.1.300', to: '2.1.332', state: 'yes', captured: ['2.1.300', '2.1.332'] },
  ]),
  cell('opencode', 'tools.call', [{ from: '1.1.11', to: '1.18.33', state: 'yes', captured: ['1.1.11', '1.18.33'] }]),
  cell('kilo-code-cli', 'tools.call', [{ from: '7.0.33', to: '7.7.7', state: 'partial', captured: ['7.0.33', '7.7.7'] }]),
  cell('qwen-code', 'tools.call', [
    { from: '0.15.6', to: '0.15.6', state: 'no', captured: ['0.15.6'] },
    { from: '0.24.4', to: '0.24.4', state: 'yes', captured: ['0.24.4'] },
  ]),
  cell('copilot-cli', 'lifecycle.instructions', [
    { from: '1.0.10', to: '1.0.24', state: 'yes', captured: ['1.0.10', '1.0.24'] },
    { from: '1.0.81', to: '1.0.102', state: 'no', captured: ['1.0.81', '1.0.102'] },
  ]),
  cell('amp', 'lifecycle.initialize', [
    {
      from: '0.0.1767830505-ga62310',
      to: '0.0.1790142911-g7618fb',
      state: 'yes',
      captured: ['0.0.1767830505-ga62310', '0.0.1790142911-g7618fb'],
    },
  ]),
  unobserved('claude-code', 'tools.result.content.image', 'partial', 'reported'),
  unobserved('opencode', 'tools.list', 'yes', 'read'),
];

const look = (clientInfo: { name: string; version?: string }, userAgent?: string) =>
  lookup({ clients, features }, { clientInfo, ...(userAgent === undefined ? {} : { userAgent }) });

describe('lookup', () => {
  test('opencode over stdio: the name Kilo Code CLI 7.0.33 also sent is decided by the version', () => {
    expect(look({ name: 'opencode', version: '1.18.33' })).toEqual({
      client: 'opencode',
      version: '1.18.33',
      versionKnown: true,
      features: { 'tools.call': 'yes', 'tools.list': 'yes' },
      evidence: { 'tools.call': 'observed', 'tools.list': 'read' },
    });
    expect(look({ name: 'opencode', version: '7.0.33' })).toMatchObject({
      client: 'kilo-code-cli',
      versionKnown: true,
      features: { 'tools.call': 'partial' },
    });
    // A release neither captured, told apart by its major version.
    expect(look({ name: 'opencode', version: '1.19.0' })?.client).toBe('opencode');
  });

  test("Qwen Code's name carries the server's own: a placeholder version, the client known", () => {
    expect(look({ name: 'qwen-cli-mcp-client-github', version: '0.0.1' })).toEqual({
      client: 'qwen-code',
      version: '0.0.1',
      versionKnown: false,
      extrapolatedFrom: '0.24.4',
      features: { 'tools.call': 'yes' },
      evidence: { 'tools.call': 'observed' },
    });
    // The name alone, without a server's after it, is not what Qwen Code sends.
    expect(look({ name: 'qwen-cli-mcp-client-', version: '0.0.1' })).toBeNull();
  });

  test('a placeholder version names the client, says the version is not known, and takes the newest release that sent it', () => {
    expect(look({ name: 'copilot-cli', version: '0.0.0' })).toEqual({
      client: 'copilot-cli',
      version: '0.0.0',
      versionKnown: false,
      extrapolatedFrom: '1.0.83',
      features: { 'lifecycle.instructions': 'no' },
      evidence: { 'lifecycle.instructions': 'observed' },
    });
    expect(look({ name: 'github-copilot-developer', version: '1.0.0' })).toMatchObject({
      client: 'copilot-cli',
      versionKnown: false,
      extrapolatedFrom: '1.0.24',
      features: { 'lifecycle.instructions': 'yes' },
    });
    expect(look({ name: 'amp-mcp-client', version: '0.0.0-dev' })).toMatchObject({
      client: 'amp',
      versionKnown: false,
      extrapolatedFrom: '0.0.1790142911-g7618fb',
      features: { 'lifecycle.initialize': 'yes' },
    });
    expect(look({ name: 'claude', version: '0.1.0' })).toMatchObject({
      client: 'claude-code',
      versionKnown: false,
      extrapolatedFrom: '1.0.30',
    });
  });

  test('Copilot CLI 1.0.102 with the clientInfo it sends: its own release, known', () => {
    expect(look({ name: 'copilot-cli', version: '1.0.102' })).toEqual({
      client: 'copilot-cli',
      version: '1.0.102',
      versionKnown: true,
      features: { 'lifecycle.instructions': 'no' },
      evidence: { 'lifecycle.instructions': 'observed' },
    });
  });

  test('a version newer than the newest captured gets its states, and says which version they are', () => {
    expect(look({ name: 'claude-code', version: '2.1.333' })).toEqual({
      client: 'claude-code',
      version: '2.1.333',
      versionKnown: true,
      extrapolatedFrom: '2.1.332',
      features: { 'lifecycle.instructions': 'yes', 'tools.result.content.image': 'partial' },
      evidence: { 'lifecycle.instructions': 'observed', 'tools.result.content.image': 'reported' },
    });
    // Between captured versions, the run it falls in decides; no run, unknown.
    expect(look({ name: 'claude-code', version: '2.1.310' })?.features).toEqual({
      'lifecycle.instructions': 'yes',
      'tools.result.content.image': 'partial',
    });
    expect(look({ name: 'claude-code', version: '2.1.310' })).not.toHaveProperty('extrapolatedFrom');
  });

  test("a name an SDK sends for the engine it embeds stays the engine's: the client whose own releases send their own version", () => {
    // Both sent claude-code 2.1.300; neither sent 2.1.333. Claude Code's releases send their own version, the SDK's another's.
    expect(look({ name: 'claude-code', version: '2.1.333' })).toMatchObject({
      client: 'claude-code',
      extrapolatedFrom: '2.1.332',
    });
    expect(look({ name: 'claude-code', version: '2.1.300' })?.client).toBe('claude-code');
    // A version only the SDK's release sent is the SDK's.
    expect(look({ name: 'claude-code', version: '2.1.337' })?.client).toBe('claude-agent-sdk');
  });

  test('no version: the client is known, its version is not', () => {
    expect(look({ name: 'claude-code' })).toMatchObject({
      client: 'claude-code',
      version: '',
      versionKnown: false,
      extrapolatedFrom: '2.1.332',
    });
  });

  test("a name several clients' health checks send is told apart by the User-Agent, or not at all", () => {
    expect(look({ name: 'mcp-test-client', version: '0.0.1' }, 'GeminiCLI/0.61.0 (linux)')?.client).toBe('gemini-cli');
    expect(look({ name: 'mcp-test-client', version: '0.0.1' })).toBeNull();
    expect(look({ name: 'unheard-of', version: '1.0.0' })).toBeNull();
  });

  test("a cell no capture decides keeps its verdict's state at every version, and says how it is known", () => {
    for (const version of ['2.1.332', '1.0.21', '9.9.9'])
      expect(look({ name: 'claude-code', version }), version).toMatchObject({
        features: { 'tools.result.content.image': 'partial' },
        evidence: { 'tools.result.content.image': 'reported' },
      });
    // An observed state outside every run is unknown, and an unknown state has no kind.
    expect(look({ name: 'claude-code', version: '0.5.0' })).toMatchObject({
      features: { 'lifecycle.instructions': 'unknown' },
      evidence: { 'tools.result.content.image': 'reported' },
    });
    expect(look({ name: 'claude-code', version: '0.5.0' })?.evidence).not.toHaveProperty(['lifecycle.instructions']);
  });
});
