/**
 * Every scenario played to the official TypeScript SDK client, over stdio (the probe launched by the
 * configuration it prints) and over Streamable HTTP: the client declares and handles roots,
 * sampling and elicitation as each test sets it, plays the model's part (it calls the scenario's
 * tools in order), and the judge of the capture must report exactly what the client was set to do.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  ToolListChangedNotificationSchema,
  type ClientCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test, vi } from 'vitest';
import type { Capture } from '../lib/evidence/capture.ts';
import { decidedBy, judgeCapture, requireScenario } from '../lib/scenarios/index.ts';
import type { FeatureFact } from '../lib/scenarios/scenario.ts';
import { startHttp } from './capture-run.ts';
import { draftOf } from '../lib/lab/draft.ts';
import { readServeOptions } from './flags.ts';
import { launchConfig } from './launch.ts';
import { readCapture } from './read-capture.ts';

/** How the test's client is set: what it declares, how its handlers answer, and what it does once connected. */
interface Setup {
  capabilities?: ClientCapabilities;
  elicit?: (mode: string) => 'accept' | 'decline' | 'cancel';
  /** Plays the model's part; by default, calls the scenario's tools in order. */
  play?: (client: Client, calls: readonly { tool: string; arguments: Record<string, unknown> }[]) => Promise<void>;
}

const optionsFor = (scenario: string) => {
  const out = mkdtempSync(path.join(tmpdir(), 'probe-scenario-'));
  const flags = [
    '--out',
    out,
    '--client',
    'typescript-sdk',
    '--client-version',
    '0.0.0',
    '--path',
    'sdk',
    '--scenario',
    scenario,
  ];
  return { out, options: readServeOptions(flags, process.cwd()) };
};

const clientFor = (setup: Setup): Client => {
  const capabilities = setup.capabilities ?? {};
  const client = new Client({ name: 'lab-test', version: '1.0.0' }, { capabilities });
  if (capabilities.roots !== undefined)
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: 'file:///tmp/lab', name: 'lab' }] }));
  if (capabilities.sampling !== undefined)
    client.setRequestHandler(CreateMessageRequestSchema, () => ({
      role: 'assistant',
      content: { type: 'text', text: 'cmcp-sample-q3' },
      model: 'test',
      stopReason: 'endTurn',
    }));
  if (capabilities.elicitation !== undefined)
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      const mode = (request.params as { mode?: string }).mode ?? 'form';
      const action = setup.elicit?.(mode) ?? 'accept';
      return action === 'accept' && mode === 'form' ? { action, content: { colour: 'blue' } } : { action };
    });
  return client;
};

const callInOrder = async (client: Client, calls: readonly { tool: string; arguments: Record<string, unknown> }[]) => {
  await client.listTools();
  for (const call of calls) await client.callTool({ name: call.tool, arguments: call.arguments });
};

/** The one capture in a folder, checked as `npm run check` checks it. */
const onlyCapture = (dir: string): Capture => {
  const files = readdirSync(dir).filter((name) => name.endsWith('.jsonl'));
  expect(files).toHaveLength(1);
  const { capture, problems } = readCapture(path.join(dir, files[0] ?? ''), new Set(['typescript-sdk']));
  expect(problems).toEqual([]);
  if (capture === undefined) throw new Error('no capture');
  return capture;
};

/** Waits for the stdio probe's last event: it ends a moment after its client closes. Fails if it never comes. */
const settled = (dir: string) =>
  vi.waitFor(
    () => {
      const files = readdirSync(dir).filter((name) => name.endsWith('.jsonl'));
      const { capture } = files.length === 1 ? readCapture(path.join(dir, files[0] ?? ''), new Set(['typescript-sdk'])) : {};
      const last = capture?.events.at(-1);
      expect(last?.kind === 'lifecycle' && last.event !== 'start', 'the capture ends with a lifecycle event').toBe(true);
    },
    { timeout: 5_000, interval: 50 },
  );

const transports = {
  stdio: async (scenario: string, setup: Setup): Promise<Capture> => {
    const { out, options } = optionsFor(scenario);
    const config = launchConfig(options);
    const client = clientFor(setup);
    await client.connect(new StdioClientTransport({ command: config.command, args: config.args, stderr: 'pipe' }));
    // The session steps run once the client says it is initialized: let them finish first.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await (setup.play ?? callInOrder)(client, requireScenario(scenario).calls);
    await client.close();
    await settled(out);
    return onlyCapture(out);
  },
  http: async (scenario: string, setup: Setup): Promise<Capture> => {
    const { out, options } = optionsFor(scenario);
    const { run } = await startHttp(options);
    const client = clientFor(setup);
    await client.connect(new StreamableHTTPClientTransport(new URL(run.url)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await (setup.play ?? callInOrder)(client, requireScenario(scenario).calls);
    await client.close();
    run.stop('the test is done');
    await run.done;
    return onlyCapture(out);
  },
};

/** The judged states by feature, with each fact's detail. */
const judged = (capture: Capture): Record<string, FeatureFact> =>
  Object.fromEntries(judgeCapture(capture).map((item) => [item.feature, item]));

const everything: ClientCapabilities = { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } };

describe.each(['stdio', 'http'] as const)('the TypeScript SDK client over %s', (transport) => {
  const play = transports[transport];

  test('server-requests: a client that declares everything answers each request as its handlers say', async () => {
    const capture = await play('server-requests', {
      capabilities: everything,
      elicit: (mode) => (mode === 'form' ? 'decline' : 'accept'),
    });
    expect(capture.header.scenario).toBe('server-requests');
    const facts = judged(capture);
    expect(facts['lifecycle.ping']?.state).toBe('yes');
    expect(facts['server-requests.roots']).toMatchObject({
      state: 'yes',
      detail: 'the client answered roots/list with 1 root(s)',
    });
    expect(facts['server-requests.sampling']).toMatchObject({ state: 'yes' });
    expect(facts['server-requests.sampling']?.detail).toContain('stopReason "endTurn"');
    // A handler's decline comes at once from a program: the client's own refusal, not an answer.
    expect(facts['server-requests.elicitation.form']?.state).toBe('no');
    expect(facts['server-requests.elicitation.form']?.detail).toMatch(
      /^the client declined elicitation\/create, \d+ ms after the request, by itself: action "decline", an automatic refusal \(nobody sits at the lab's own script\), not an answer$/,
    );
    expect(facts['server-requests.elicitation.url']).toMatchObject({
      state: 'yes',
      detail: 'the client answered elicitation/create with action "accept"',
    });
    // Every fact cites events of this capture.
    const seqs = new Set(capture.events.map((event) => event.seq));
    expect(judgeCapture(capture).every((item) => item.seq.every((seq) => seqs.has(seq)))).toBe(true);
  });

  test('server-requests: a client without roots, sampling or elicitation gives no for each; form-only cancel is the client’s own refusal and no URL mode', async () => {
    const bare = judged(await play('server-requests', {}));
    expect(bare['lifecycle.ping']?.state).toBe('yes');
    for (const feature of [
      'server-requests.roots',
      'server-requests.sampling',
      'server-requests.elicitation.form',
      'server-requests.elicitation.url',
    ]) {
      expect(bare[feature]?.state, feature).toBe('no');
      expect(bare[feature]?.detail).toMatch(/^the client did not declare /);
    }
    const formOnly = judged(await play('server-requests', { capabilities: { elicitation: {} }, elicit: () => 'cancel' }));
    expect(formOnly['server-requests.elicitation.form']?.state).toBe('no');
    expect(formOnly['server-requests.elicitation.form']?.detail).toMatch(
      /^the client cancelled elicitation\/create, .*action "cancel", an automatic refusal/,
    );
    expect(formOnly['server-requests.elicitation.url']).toMatchObject({
      state: 'no',
      detail: 'the client did not declare elicitation.url',
    });
  });

  test('list-changed: a client that lists again on the notification and calls the new tool gives yes; one that ignores it gives no', async () => {
    const relisting = await play('list-changed', {
      play: async (client) => {
        const changed = new Promise<void>((resolve) =>
          client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
            await client.listTools();
            resolve();
          }),
        );
        await client.listTools();
        await client.callTool({ name: 'add_tool', arguments: {} });
        await changed;
        await client.callTool({ name: 'added_tool', arguments: {} });
      },
    });
    expect(judged(relisting)['tools.listChanged']?.state).toBe('yes');
    const ignoring = await play('list-changed', {
      play: async (client) => {
        client.setNotificationHandler(ToolListChangedNotificationSchema, () => undefined);
        await client.callTool({ name: 'add_tool', arguments: {} });
        await client.ping();
      },
    });
    expect(judged(ignoring)['tools.listChanged']).toMatchObject({ state: 'no' });
  });

  test('utilities: progress reaches a call with a token, and a call the client times out is cancelled', async () => {
    const progress: number[] = [];
    const capture = await play('utilities', {
      play: async (client) => {
        await client.callTool({ name: 'slow_task', arguments: {} }, undefined, {
          onprogress: (item) => progress.push(item.progress),
        });
        await expect(client.callTool({ name: 'wait_forever', arguments: {} }, undefined, { timeout: 300 })).rejects.toThrow(
          /timed out/i,
        );
        await client.ping();
      },
    });
    expect(progress).toEqual([1, 2]);
    const facts = judged(capture);
    expect(facts['utilities.progress.token']).toMatchObject({
      state: 'yes',
      detail: 'the client sent a progressToken with tools/call; the probe sent 2 progress notification(s)',
    });
    expect(facts['utilities.cancellation']?.state).toBe('yes');
    const without = judged(
      await play('utilities', {
        play: async (client) => {
          await client.callTool({ name: 'slow_task', arguments: {} });
        },
      }),
    );
    expect(without['utilities.progress.token']?.state).toBe('no');
    expect(without['utilities.cancellation']?.state).toBe('not-observed');
  });

  test('prompts-resources: listing and reading give yes (the model side undecided without a model); a client that only calls tools gives no', async () => {
    const reading = judged(
      await play('prompts-resources', {
        play: async (client) => {
          await client.listTools();
          await client.listPrompts();
          await client.getPrompt({ name: 'summarize_notes', arguments: {} });
          const listed = await client.listResources();
          expect(listed.resources.map((item) => item.uri)).toEqual(['canimcp://lab/notes.txt']);
          expect((await client.listResourceTemplates()).resourceTemplates).toHaveLength(1);
          const read = await client.readResource({ uri: 'canimcp://lab/notes.txt' });
          expect(JSON.stringify(read.contents)).toContain('cmcp-res-n3');
        },
      }),
    );
    expect(reading['prompts.list']?.state).toBe('yes');
    expect(reading['resources.list']?.state).toBe('yes');
    expect(reading['resources.modelRead']?.state).toBe('not-observed');
    const toolsOnly = judged(await play('prompts-resources', {}));
    expect(toolsOnly['prompts.list']?.state).toBe('no');
    expect(toolsOnly['resources.list']?.state).toBe('no');
  });

  test('catalog-changes: the probe pages tools/list, completes arguments and takes a level; the judge sees each', async () => {
    const capture = await play('catalog-changes', {
      capabilities: { roots: { listChanged: true } },
      play: async (client) => {
        const first = await client.listTools();
        expect(first.tools.map((tool) => tool.name)).toEqual(['catalog_first']);
        expect(first.nextCursor).toBeTypeOf('string');
        const second = await client.listTools({ cursor: first.nextCursor });
        expect(second.tools.map((tool) => tool.name)).toEqual(['catalog_second']);
        expect(second.nextCursor).toBeUndefined();
        await expect(client.listTools({ cursor: 'not-a-cursor' })).rejects.toThrow(/Invalid cursor/);
        await client.setLoggingLevel('warning');
        const completed = await client.complete({
          ref: { type: 'ref/prompt', name: 'review_item' },
          argument: { name: 'item', value: '' },
        });
        expect(completed.completion.values).toEqual(['alpha', 'beta']);
        await client.listPrompts();
        await client.callTool({ name: 'catalog_first', arguments: {} });
        await client.listPrompts();
        await client.sendRootsListChanged();
      },
    });
    const facts = judged(capture);
    expect(facts['utilities.pagination']?.state).toBe('yes');
    expect(facts['utilities.logging.setLevel']).toMatchObject({
      state: 'yes',
      detail: 'the client sent logging/setLevel (warning)',
    });
    expect(facts['utilities.completion']?.state).toBe('yes');
    expect(facts['prompts.listChanged']?.state).toBe('yes');
    expect(facts['resources.listChanged']?.state).toBe('no');
    expect(facts['utilities.logging']?.state).toBe('yes');
    expect(facts['server-requests.roots.listChanged']?.state).toBe('yes');
  });

  test('tool-results and tool-metadata: every result comes back to the client; without a model every model-side feature is not observed', async () => {
    const capture = await play('tool-results', {
      play: async (client, calls) => {
        await client.listTools();
        for (const call of calls) {
          const result = await client.callTool({ name: call.tool, arguments: call.arguments });
          expect(result.content).toEqual(requireScenario('tool-results').results[call.tool]?.content);
        }
      },
    });
    const facts = judged(capture);
    expect(facts['tools.call']?.state).toBe('partial');
    for (const feature of decidedBy(requireScenario('tool-results')).filter((id) => id !== 'tools.call'))
      expect(facts[feature]?.state, feature).toBe('not-observed');
    const metadata = judged(await play('tool-metadata', {}));
    expect(metadata['tools.annotations']?.state).toBe('not-observed');
    expect(metadata['tools.annotations']?.detail).toMatch(/ran both the read-only and the destructive tool/);
    // draft proposes a feature verdict only where a fact decides one.
    const draft = draftOf(capture, { today: '2026-12-02', revisions: ['2025-11-25'], capabilities: ['tools'], verdicts: [] });
    expect(draft.featureProposals.some((line) => line.includes('feature: tools.call') && line.includes('caveat:'))).toBe(true);
    expect(draft.featureProposals.some((line) => line.includes('tools.result.content.image'))).toBe(false);
  });
});
