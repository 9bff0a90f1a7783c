import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { kitFor, kits } from './index.ts';
import { adHocServer } from './mcporter.ts';
import { mcpc } from './mcpc.ts';
import { mcpUseCli } from './mcp-use-cli.ts';
import {
  commandLine,
  displayContext,
  environmentOf,
  kitFace,
  NO_SERVICE,
  packageLabel,
  setupOf,
  type KitContext,
} from './kit.ts';

const context = (transport: 'stdio' | 'http'): KitContext => ({
  home: '/h',
  work: '/w',
  server:
    transport === 'stdio'
      ? { transport, launch: { command: '/node', args: ['probe.ts', 'stdio'] } }
      : { transport, url: 'http://127.0.0.1:5/mcp' },
  name: 'canimcp-probe',
  modelUrl: 'http://127.0.0.1:7',
  prompt: 'call the tools',
  prefix: '/p',
  version: '3.0.0',
});

test('every kit has a face for each transport it names, and every face sets up without throwing', () => {
  for (const kit of kits) {
    for (const transport of kit.transports) {
      expect(kitFace(kit, transport), `${kit.client} ${transport}`).toBeDefined();
      for (const face of kit.faces.filter((item) => (item.transports ?? kit.transports).includes(transport))) {
        expect(() => setupOf(kit, face, context(transport))).not.toThrow();
        expect(face.args(context(transport)).length).toBeGreaterThan(0);
      }
    }
    if (kit.scenarioFace !== undefined) {
      const face = kitFace(kit, 'stdio', undefined, true);
      expect(face?.session === true || face?.callsTools === true, kit.client).toBe(true);
    }
  }
});

test('the command line is derived from the face: the binary, its arguments quoted, no secrets', () => {
  const claude = kitFor('claude-code');
  if (claude === undefined) throw new Error('no kit');
  const session = kitFace(claude, 'stdio', 'session');
  if (session === undefined) throw new Error('no face');
  expect(commandLine(claude, session, displayContext('stdio', 'call the tools', '2.1.332'))).toBe(
    "claude -p 'call the tools' --tools ToolSearch --allowedTools mcp__canimcp-probe --output-format stream-json --verbose",
  );
  const amp = kitFor('amp');
  const doctor = amp?.faces[0];
  if (amp === undefined || doctor === undefined) throw new Error('no kit');
  // AMP_API_KEY is left out, the service URL shown.
  expect(commandLine(amp, doctor, displayContext('stdio', 'x', '0.0.1'))).toBe('AMP_URL=http://127.0.0.1:MODEL amp mcp doctor');
});

/** The words of a label's command before the condition in brackets, a double-quoted string one word. */
const labelWords = (label: string): string[] =>
  [...(label.split(' (')[0] ?? '').matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? '');

test('a face with a label names the binary and the arguments the lab runs, and only its condition besides', () => {
  const labelled = kits.flatMap((kit) => kit.faces.filter((face) => face.label !== undefined).map((face) => ({ kit, face })));
  expect(labelled.length).toBeGreaterThan(0);
  for (const { kit, face } of labelled) {
    const display = displayContext('stdio', face.prompt ?? 'hi', '1.0.0');
    expect(labelWords(commandLine(kit, face, display)), `${kit.client} ${face.name}`).toEqual([kit.bin, ...face.args(display)]);
  }
});

test("Copilot CLI's dead-model face writes the label of the captures made before the kits, and its model is on a dead port", () => {
  const copilot = kitFor('copilot-cli');
  const face = copilot === undefined ? undefined : kitFace(copilot, 'stdio', 'dead-model');
  if (copilot === undefined || face === undefined) throw new Error('no face');
  const old = readFileSync(
    path.join(import.meta.dirname, '../../../content/captures/copilot-cli-1-0-44-observe-stdio-20261201-205853.jsonl'),
    'utf8',
  );
  const header = JSON.parse(old.split('\n')[0] ?? '') as { command: string };
  expect(commandLine(copilot, face, displayContext('stdio', face.prompt ?? '', '1.0.50'))).toBe(header.command);
  const env = environmentOf(copilot, face, context('stdio'));
  expect(env).toMatchObject({ COPILOT_OFFLINE: 'true', COPILOT_PROVIDER_BASE_URL: `${NO_SERVICE}/v1` });
  expect(face.args(context('stdio'))).not.toContain('--allow-all-tools');
  // Every other face's command is still derived: the session face's shows its own arguments.
  const session = kitFace(copilot, 'stdio', 'session');
  if (session === undefined) throw new Error('no face');
  expect(commandLine(copilot, session, displayContext('stdio', 'say hi please', '1.0.50'))).toBe(
    "copilot -p 'say hi please' --allow-all-tools",
  );
});

test('the model’s and the server’s fragments of one file are merged; TOML keys come before the tables', () => {
  const opencode = kitFor('opencode');
  const face = opencode === undefined ? undefined : kitFace(opencode, 'stdio', 'session');
  if (opencode === undefined || face === undefined) throw new Error('no kit');
  const [file] = setupOf(opencode, face, context('stdio')).files;
  expect(JSON.parse(file?.text ?? '')).toMatchObject({
    mcp: { 'canimcp-probe': { type: 'local', command: ['/node', 'probe.ts', 'stdio'] } },
    provider: { lab: { options: { baseURL: 'http://127.0.0.1:7/v1' } } },
  });
  const codex = kitFor('codex');
  const modern = codex === undefined ? undefined : kitFace(codex, 'stdio', 'mcp-2026-07-28');
  if (codex === undefined || modern === undefined) throw new Error('no kit');
  const toml = setupOf(codex, modern, context('stdio')).files[0]?.text ?? '';
  expect(toml.indexOf('model_provider')).toBeLessThan(toml.indexOf('[model_providers.lab]'));
  expect(toml).toMatch(
    /\[mcp_servers\.canimcp-probe\]\ncommand = "\/node"\nargs = \["probe\.ts", "stdio"\]\nrequired = true\nenv = \{ CODEX_MCP_PROTOCOL_VERSION/,
  );
});

test("pi's scenario face gives the server direct exposure in the same entry, and says so as its setting", () => {
  const pi = kitFor('pi');
  const face = pi === undefined ? undefined : kitFace(pi, 'http', undefined, true);
  if (pi === undefined || face === undefined) throw new Error('no kit');
  expect(face.setting).toBe('exposure=direct');
  const files = setupOf(pi, face, context('http')).files;
  const config = files.find((file) => file.path === '/h/.pi/agent/mcp.json');
  expect(JSON.parse(config?.text ?? '')).toEqual({
    mcpServers: { 'canimcp-probe': { url: 'http://127.0.0.1:5/mcp', exposure: 'direct' } },
  });
  const models = files.find((file) => file.path === '/h/.pi/agent/models.json');
  expect(JSON.parse(models?.text ?? '')).toMatchObject({ providers: { lab: { baseUrl: 'http://127.0.0.1:7/v1' } } });
  expect(kitFace(pi, 'stdio')?.setting).toBeUndefined();
});

test("OpenClaw's one config file holds the stand-in provider and the server; a URL is named Streamable HTTP, not its SSE default", () => {
  const openclaw = kitFor('openclaw');
  if (openclaw === undefined) throw new Error('no kit');
  for (const transport of ['stdio', 'http'] as const) {
    const face = kitFace(openclaw, transport);
    if (face === undefined) throw new Error('no face');
    const files = setupOf(openclaw, face, context(transport)).files;
    expect(files.map((file) => file.path)).toEqual(['/h/.openclaw/openclaw.json']);
    const config = JSON.parse(files[0]?.text ?? '') as { mcp: { servers: Record<string, unknown> } };
    expect(config).toMatchObject({
      agents: { defaults: { model: { primary: 'lab/m' } } },
      models: { providers: { lab: { baseUrl: 'http://127.0.0.1:7/v1', api: 'openai-completions' } } },
    });
    expect(config.mcp.servers['canimcp-probe']).toEqual(
      transport === 'stdio'
        ? { command: '/node', args: ['probe.ts', 'stdio'] }
        : { url: 'http://127.0.0.1:5/mcp', transport: 'streamable-http' },
    );
  }
  expect(commandLine(openclaw, openclaw.faces[0]!, displayContext('stdio', 'hi', '2026.9.6'))).toBe(
    'openclaw agent exec hi --model lab/m --json',
  );
  // Before `agent exec` (2026.8.1) the one embedded turn is `agent --local`, on the default agent.
  expect(commandLine(openclaw, openclaw.faces[0]!, displayContext('stdio', 'hi', '2026.7.35'))).toBe(
    'openclaw agent --local --agent main --message hi --model lab/m --json',
  );
});

test("mcporter names the server ad hoc: the probe's command as one --stdio string a shell reads back word for word, or its URL", () => {
  const stdio = context('stdio');
  expect(
    adHocServer({ ...stdio, server: { transport: 'stdio', launch: { command: '/n ode', args: ["it's", 'a.ts'] } } }),
  ).toEqual(['--stdio', "'/n ode' 'it'\\''s' a.ts", '--name', 'canimcp-probe']);
  expect(adHocServer(context('http'))).toEqual([
    '--http-url',
    'http://127.0.0.1:5/mcp',
    '--allow-http',
    '--name',
    'canimcp-probe',
  ]);
});

test('mcpc reads a stdio server from an mcpServers file entry and a URL as it is; the capture names every command, calls included', () => {
  const session = kitFace(mcpc, 'stdio', 'session');
  const calling = kitFace(mcpc, 'stdio', undefined, true);
  if (session === undefined || calling === undefined) throw new Error('no face');
  const [file] = setupOf(mcpc, session, context('stdio')).files;
  expect(file?.path).toBe('/h/mcp.json');
  expect(JSON.parse(file?.text ?? '')).toEqual({
    mcpServers: { 'canimcp-probe': { command: '/node', args: ['probe.ts', 'stdio'] } },
  });
  expect(session.args(context('http'))).toEqual(['connect', 'http://127.0.0.1:5/mcp', '@lab']);
  expect(setupOf(mcpc, session, context('http')).files).toEqual([]);
  expect(commandLine(mcpc, session, displayContext('stdio', 'hi', '0.2.6'))).toBe(
    'mcpc connect ~/mcp.json:canimcp-probe @lab; mcpc @lab tools-list --full; mcpc @lab close',
  );
  // The scenario's face makes the model's calls itself, one command each, and closes the session after them.
  expect(calling.callsTools).toBe(true);
  const calls = [
    { tool: 'get_reading', arguments: {} },
    { tool: 'ask_user', arguments: { question: "it's" } },
  ];
  expect(commandLine(mcpc, calling, { ...displayContext('stdio', 'hi', '0.2.6'), calls })).toBe(
    "mcpc connect ~/mcp.json:canimcp-probe @lab; mcpc @lab tools-call get_reading '{}'; mcpc @lab tools-call ask_user '{\"question\":\"it'\\''s\"}'; mcpc @lab close",
  );
});

test('the mcp-use CLI is driven as each release takes it: --session before 3.2, the name first after, --protocol from 4.0, stdio through a script', () => {
  const list = kitFace(mcpUseCli, 'stdio', 'tools-list');
  const modern = kitFace(mcpUseCli, 'http', 'tools-list-modern');
  if (list === undefined || modern === undefined) throw new Error('no face');
  const at = (version: string, transport: 'stdio' | 'http') => ({ ...context(transport), version });
  expect(list.args(at('2.6.1', 'stdio'))).toEqual(['client', 'connect', 'sh /w/probe.sh', '--name', 'lab', '--stdio']);
  expect(list.after?.(at('3.1.3', 'stdio'))).toEqual([['client', 'tools', 'list', '--session', 'lab']]);
  expect(list.args(at('3.2.0', 'stdio'))).toEqual(['client', 'connect', 'lab', 'sh /w/probe.sh', '--stdio']);
  expect(list.after?.(at('3.6.7', 'http'))).toEqual([['client', 'lab', 'tools', 'list']]);
  expect(modern.args(at('4.1.14', 'http'))).toEqual([
    'client',
    'connect',
    'lab',
    'http://127.0.0.1:5/mcp',
    '--protocol',
    'modern',
  ]);
  // The client splits its stdio string at every space, so the probe starts from a script with no space in a word.
  const [script] = setupOf(mcpUseCli, list, {
    ...at('3.6.7', 'stdio'),
    server: { transport: 'stdio', launch: { command: '/n ode', args: ["it's"] } },
  }).files;
  expect(script).toEqual({ path: '/w/probe.sh', text: "exec '/n ode' 'it'\\''s'\n" });
});

test('the clients that had recipes keep a kit, with their health-check faces', () => {
  for (const client of [
    'claude-code',
    'codex',
    'gemini-cli',
    'opencode',
    'cline',
    'cline-cli',
    'qwen-code',
    'typescript-sdk',
    'factory-droid',
    'continue-cli',
    'amp',
    'kilo-code-cli',
    'copilot-cli',
    'auggie',
  ])
    expect(kitFor(client), client).toBeDefined();
  expect(kitFor('gemini-cli')?.faces.map((face) => face.name)).toContain('health-check');
  expect(kitFor('qwen-code')?.faces.map((face) => face.name)).toContain('health-check');
  expect(kitFace(kitFor('claude-code') ?? kits[0]!, 'http')?.name).toBe('mcp-list');
});

test("an MCPHost tag whose pinned sonic no longer builds is built with sonic raised, and its capture's package says so; other tags name the module alone", () => {
  const mcphost = kitFor('mcphost');
  if (mcphost === undefined) throw new Error('no mcphost kit');
  expect(mcphost.requires?.('v0.32.0')).toEqual(['github.com/bytedance/sonic@v1.15.0']);
  expect(packageLabel(mcphost, 'v0.32.0')).toBe(
    'github.com/mark3labs/mcphost, built with github.com/bytedance/sonic@v1.15.0 in place of what its go.mod pins',
  );
  expect(mcphost.requires?.('v0.34.0')).toEqual([]);
  expect(packageLabel(mcphost, 'v0.34.0')).toBe('github.com/mark3labs/mcphost');
  // A harness's requires are packages beside it (its model SDK), not a different build of it.
  const springAi = kitFor('spring-ai');
  if (springAi === undefined) throw new Error('no spring-ai kit');
  expect(packageLabel(springAi, '1.1.2')).toBe('org.springframework.ai:spring-ai-starter-mcp-client');
});

test("Spring AI's harness imports the Spring Boot bom of its line, as a Boot project has it from its parent", () => {
  const springAi = kitFor('spring-ai');
  if (springAi === undefined) throw new Error('no spring-ai kit');
  // Without Boot 3's bom, 1.1.2 got jackson-core 2.17.2 under jackson-databind 2.19.4 and never finished its handshake.
  expect(springAi.requires?.('1.1.2')).toContain('org.springframework.boot:spring-boot-dependencies:3.5.7:bom');
  expect(springAi.requires?.('1.0.1')).toContain('org.springframework.boot:spring-boot-dependencies:3.5.7:bom');
  expect(springAi.requires?.('2.0.1')).toContain('org.springframework.boot:spring-boot-dependencies:4.0.7:bom');
  expect(springAi.requires?.('1.1.2')).toContain('org.springframework.ai:spring-ai-starter-model-anthropic:1.1.2');
});

test('faces set up differently never leave the same capture header: a run never joins two faces unsaid', () => {
  // A capture speaks for its face, which the header says by command line and setting alone; two faces
  // that differ only in set-up (a feature switch in a file) would write one header and share a run.
  for (const kit of kits) {
    for (const transport of kit.transports) {
      for (const version of ['0.0.1', '3.0.0']) {
        const seen = new Map<string, { name: string; setup: string }>();
        for (const face of kit.faces.filter((item) => (item.transports ?? kit.transports).includes(transport))) {
          const shown = displayContext(transport, 'x', version);
          const header = `${commandLine(kit, face, shown)} · ${face.setting ?? ''} · ${face.path ?? ''} · ${face.kind ?? ''}`;
          const setup = JSON.stringify(setupOf(kit, face, { ...context(transport), version }));
          const other = seen.get(header);
          expect(
            other === undefined || other.setup === setup,
            `${kit.client} ${transport}: ${face.name} and ${other?.name} both write ${header}`,
          ).toBe(true);
          seen.set(header, { name: face.name, setup });
        }
      }
    }
  }
});
