/**
 * `draft` on captures the SDK client wrote: the facts cite their `seq`, the note draft cites the
 * capture by id and SHA-256 and is refused by `npm run check` until its title and summary are
 * written, and verdicts are proposed only where the persona makes the capture conclusive, never over
 * a published verdict that disagrees. Also `config`, run as a user runs it.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client as OldClient } from 'mcp-sdk-1.23/client/index.js';
import { StreamableHTTPClientTransport as OldHttp } from 'mcp-sdk-1.23/client/streamableHttp.js';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { Capture } from '../lib/evidence/capture.ts';
import { runCheck } from '../node/check.ts';
import { repoRoot } from '../node/paths.ts';
import { startHttp } from './capture-run.ts';
import { draftOf, type DraftContext } from '../lib/lab/draft.ts';
import { readServeOptions } from './flags.ts';
import { launchConfig } from './launch.ts';
import { readCapture } from './read-capture.ts';

const capabilities = ['elicitation', 'protocolVersions', 'roots', 'sampling', 'tools'];
const revisions = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];
const context = (verdicts: DraftContext['verdicts'] = []): DraftContext => ({
  today: '2026-12-01',
  revisions,
  capabilities,
  verdicts,
});

/** Options for a capture of the client `codex` (a real client id, so the site's check accepts the note). */
const options = (persona: string) => {
  const out = mkdtempSync(path.join(tmpdir(), 'probe-draft-'));
  return readServeOptions(
    ['--persona', persona, '--out', out, '--client', 'codex', '--client-version', '0.0.1-test', '--path', 'sdk'],
    process.cwd(),
  );
};

const captureIn = (out: string): Capture => {
  const [file] = readdirSync(out);
  const { capture, problems } = readCapture(path.join(out, file ?? ''), new Set(['codex']));
  expect(problems).toEqual([]);
  if (capture === undefined) throw new Error('no capture');
  return capture;
};

/** The capture in `out` once the probe has ended it: a stdio probe ends a moment after its client. */
const endedCapture = (out: string): Promise<Capture> =>
  vi.waitFor(
    () => {
      const capture = captureIn(out);
      const last = capture.events.at(-1);
      if (last?.kind !== 'lifecycle' || last.event === 'start') throw new Error('the probe has not ended the capture yet');
      return capture;
    },
    { timeout: 10_000, interval: 50 },
  );

const overStdio = async (persona: string, fail = false) => {
  const serve = options(persona);
  const config = launchConfig(serve);
  const client = new Client({ name: 'draft-test', version: '2.0.0' }, { capabilities: { roots: {}, elicitation: { form: {} } } });
  const connecting = client.connect(new StdioClientTransport({ command: config.command, args: config.args, stderr: 'pipe' }));
  if (fail) await expect(connecting).rejects.toThrow();
  else {
    await connecting;
    await client.listTools();
  }
  await client.close();
  return endedCapture(serve.out);
};

describe('draft', () => {
  let observedHttp: Capture;
  beforeAll(async () => {
    const serve = options('observe');
    const { run } = await startHttp(serve);
    const client = new OldClient({ name: 'draft-http', version: '1.2.3' }, { capabilities: { sampling: {} } });
    await client.connect(new OldHttp(new URL(run.url)) as unknown as Parameters<typeof client.connect>[0]);
    await client.listTools();
    await client.close();
    run.stop('the test ended');
    await run.done;
    observedHttp = captureIn(serve.out);
  });

  test('the facts name the first method, the versions offered, capabilities, clientInfo and User-Agent, each with its seq', () => {
    const { facts } = draftOf(observedHttp, context());
    const init = observedHttp.events.find((event) => event.kind === 'http' && event.from === 'client');
    expect(facts[0]).toBe(`- First method: \`initialize\` (seq ${init?.seq}).`);
    expect(facts[1]).toMatch(
      new RegExp(
        `^- Protocol versions offered, in order: \`2025-06-18\` in initialize \\(seq ${init?.seq}\\); \`2025-06-18\` in the MCP-Protocol-Version header`,
      ),
    );
    expect(facts).toContain(`- Capabilities declared in initialize: \`{"sampling":{}}\` (seq ${init?.seq}); no extensions.`);
    expect(facts).toContain(`- clientInfo (initialize): \`{"name":"draft-http","version":"1.2.3"}\` (seq ${init?.seq}).`);
    expect(facts.some((line) => /^- User-Agent: `.+` \(seq \d+\)\.$/.test(line))).toBe(true);
    expect(facts.some((line) => line.startsWith('- MCP-Protocol-Version header and _meta agree on 0 request(s).'))).toBe(true);
  });

  test('a client that leaves out MCP-Protocol-Version after initialize is named, with the seq of each request', () => {
    expect(draftOf(observedHttp, context()).facts.some((line) => line.includes('No MCP-Protocol-Version header'))).toBe(false);
    // Committed evidence: Gemini CLI 0.61.0's session client over Streamable HTTP.
    const file = path.join(repoRoot, 'content/captures/gemini-cli-0-61-0-observe-http-20261201-200151.jsonl');
    const { capture } = readCapture(file, new Set(['gemini-cli']));
    if (capture === undefined) throw new Error('the committed capture does not pass check');
    expect(draftOf(capture, context()).facts).toContain(
      '- No MCP-Protocol-Version header on 3 request(s) after initialize (seq 4, 6, 8).',
    );
  });

  test('the note draft cites the capture by id and SHA-256, fills clients, specVersions and capabilities, and check refuses it for its TODOs only', async () => {
    const draft = draftOf(observedHttp, context());
    expect(draft.note).toContain(`  - capture: ${observedHttp.id}\n    sha256: ${observedHttp.sha256}\n`);
    expect(draft.note).toContain('clients: [codex]\n');
    expect(draft.note).toContain('specVersions: [2025-06-18]\n');
    expect(draft.note).toContain('capabilities: [protocolVersions, sampling]\n');
    expect(draft.note).toMatch(/^title: "" # TODO/m);
    expect(draft.note).toMatch(/^summary: "" # TODO/m);

    const content = mkdtempSync(path.join(tmpdir(), 'probe-draft-content-'));
    cpSync(path.join(repoRoot, 'content'), content, { recursive: true });
    cpSync(observedHttp.file, path.join(content, 'captures', `${observedHttp.id}.jsonl`));
    // The registry's list gains the test's version, as `npm run probe -- releases` would write it.
    const releasesFile = path.join(content, 'releases', 'codex.json');
    const releases = JSON.parse(readFileSync(releasesFile, 'utf8')) as { versions: Record<string, string> };
    releases.versions['0.0.1-test'] = '2026-12-01T00:00:00.000Z';
    writeFileSync(releasesFile, `${JSON.stringify(releases, null, 2)}\n`);
    writeFileSync(path.join(content, 'research', `${draft.noteId}.md`), draft.note);
    const refused = await runCheck(['--format', 'json'], content);
    expect(refused.code).toBe(1);
    const fields = (JSON.parse(refused.stdout) as { problems: { file: string; field?: string }[] }).problems
      .filter((problem) => problem.file.includes(draft.noteId))
      .map((problem) => problem.field);
    expect(new Set(fields)).toEqual(new Set(['title', 'summary']));

    // Once a person writes the claim, the same draft passes.
    const written = draft.note
      .replace(/^title: .*$/m, 'title: The SDK client 1.23.0 offers 2025-06-18 over HTTP')
      .replace(/^summary: .*$/m, 'summary: It offers 2025-06-18 in initialize and repeats it in the header.')
      .replace(/<!--[\s\S]*-->\n/, '');
    writeFileSync(path.join(content, 'research', `${draft.noteId}.md`), written);
    const accepted = await runCheck([], content);
    expect(accepted.stderr + accepted.stdout).not.toContain(draft.noteId);
  });

  test('observe proposes no verdict; legacy:2025-06-18 proposes yes where the client went on, with the version', async () => {
    expect(draftOf(observedHttp, context()).proposals).toEqual([]);
    const legacy = await overStdio('legacy:2025-06-18');
    const draft = draftOf(legacy, context());
    expect(draft.proposals).toHaveLength(1);
    expect(draft.proposals[0]).toMatch(
      /^ {2}- revision: 2025-06-18\n {4}state: yes\n {4}notes: \[.+\]\n {4}version: "0\.0\.1-test"\n/,
    );
  });

  test('modern-only proposes no for 2026-07-28 from a client that only tries initialize, and prints a disagreement instead of overriding yes', async () => {
    const modern = await overStdio('modern-only', true);
    expect(draftOf(modern, context()).proposals[0]).toMatch(/- revision: 2026-07-28\n {4}state: no/);
    const disagreeing = draftOf(modern, context([{ revision: '2026-07-28', state: 'yes', version: '9.9' }]));
    expect(disagreeing.proposals).toEqual([]);
    expect(disagreeing.disagreements[0]).toMatch(
      /^codex 2026-07-28: the capture says no .*, the published verdict says yes \(checked on 9\.9\): not proposed$/,
    );
  });
});

describe('config, as a user runs it', () => {
  test('prints one JSON object whose command is the project’s Node 24 and whose paths are absolute', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'probe-config-'));
    const stdout = execFileSync(
      process.execPath,
      [
        path.join(repoRoot, 'src/cli/probe.ts'),
        'config',
        '--persona',
        'legacy:2025-03-26',
        '--out',
        out,
        '--client',
        'codex',
        '--client-version',
        '1',
      ],
      { encoding: 'utf8' },
    );
    const config = JSON.parse(stdout) as { command: string; args: string[] };
    expect(Object.keys(config)).toEqual(['command', 'args']);
    expect(execFileSync(config.command, ['--version'], { encoding: 'utf8' })).toMatch(/^v24\./);
    expect(path.isAbsolute(config.args[0] ?? '')).toBe(true);
    expect(config.args.slice(1, 6)).toEqual(['stdio', '--persona', 'legacy:2025-03-26', '--out', out]);
  });
});
