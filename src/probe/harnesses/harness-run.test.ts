/**
 * A harness through the runner, inside the sandbox, with no registry: a scripted library (a venv the
 * test makes offline, with the lab's install marker) and a Python program of the test's own, made
 * into a kit by `harnessKit` as every harness is. The program reads `server.json`, starts the probe
 * over stdio, asks the stand-in model (OpenAI Chat) what to call, calls it and passes the result
 * back; the setting it is given after the task goes into its clientInfo, so the capture shows it
 * arrived. The capture must name the harness face and the setting, and its judge see the calls.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { clientInfoOf } from '../../lib/evidence/capture-facts.ts';
import { faceKind } from '../../lib/evidence/capture-face.ts';
import { judgeCapture, requireScenario } from '../../lib/scenarios/index.ts';
import { prefixOf } from '../lab/install.ts';
import { readCapture } from '../read-capture.ts';
import { runKit } from '../run-command.ts';

const program = `import json, subprocess, sys, os, urllib.request
server = json.load(open("server.json"))
proc = subprocess.Popen([server["command"], *server["args"]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
next_id = 0
def rpc(method, params):
    global next_id
    next_id += 1
    proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params}) + "\\n")
    proc.stdin.flush()
    while True:
        message = json.loads(proc.stdout.readline())
        if message.get("id") == next_id and "method" not in message:
            return message
        if "method" in message and "id" in message:
            proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": {}}) + "\\n")
            proc.stdin.flush()
version = sys.argv[2] if len(sys.argv) > 2 else "default"
rpc("initialize", {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "tiny-py", "version": version}})
proc.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\\n")
proc.stdin.flush()
tools = rpc("tools/list", {})["result"]["tools"]
offered = [{"type": "function", "function": {"name": t["name"], "description": t.get("description", ""), "parameters": t["inputSchema"]}} for t in tools]
messages = [{"role": "user", "content": sys.argv[1]}]
for _ in range(12):
    request = urllib.request.Request(os.environ["TINY_MODEL"] + "/v1/chat/completions", data=json.dumps({"model": "m", "messages": messages, "tools": offered}).encode(), headers={"content-type": "application/json", "authorization": "Bearer dummy"})
    message = json.load(urllib.request.urlopen(request))["choices"][0]["message"]
    messages.append(message)
    if not message.get("tool_calls"):
        break
    for call in message["tool_calls"]:
        result = rpc("tools/call", {"name": call["function"]["name"], "arguments": json.loads(call["function"]["arguments"] or "{}")})
        messages.append({"role": "tool", "tool_call_id": call["id"], "content": json.dumps(result.get("result", result.get("error")))})
proc.stdin.close()
proc.wait(timeout=5)
`;

let cache: string;
const saved = process.env['CANIMCP_LAB_CACHE'];
beforeEach(() => {
  cache = mkdtempSync(path.join(tmpdir(), 'probe-harness-cache-'));
  process.env['CANIMCP_LAB_CACHE'] = cache;
  // The "installed" library: a real venv made offline, marked as the lab's installer marks a finished install.
  const prefix = prefixOf('tiny-lib', '1.0.0', 'pypi');
  mkdirSync(path.dirname(prefix), { recursive: true });
  const venv = spawnSync('python3', ['-m', 'venv', '--without-pip', prefix], { encoding: 'utf8' });
  if (venv.status !== 0) throw new Error(`python3 -m venv failed: ${venv.stderr}`);
  writeFileSync(
    path.join(prefix, '.canimcp-installed.json'),
    `${JSON.stringify({ registry: 'pypi', package: 'tiny-lib', version: '1.0.0' })}\n`,
  );
  writeFileSync(path.join(cache, 'tiny_harness.py'), program);
  writeFileSync(
    path.join(cache, 'kit.mjs'),
    `import { harnessKit } from ${JSON.stringify(path.join(import.meta.dirname, 'harness.ts'))};
export const kit = harnessKit({
  client: 'python-sdk',
  package: 'tiny-lib',
  registry: 'pypi',
  language: 'python',
  file: ${JSON.stringify(path.join(cache, 'tiny_harness.py'))},
  doc: { url: 'https://example.com/docs', title: 'a test', date: '2026-12-07' },
  model: 'TINY_MODEL names the stand-in',
  modelApi: 'openai-chat',
  modelEnv: ({ modelUrl }) => ({ TINY_MODEL: modelUrl }),
  settings: [{ setting: 'mode=legacy', speaks: 'a setting the program passes on' }],
  speaks: 'a scripted test library',
  cannotShow: 'anything: it is a test',
  transports: ['stdio'],
  timeLimit: 60,
});
`,
  );
});
afterEach(() => {
  if (saved === undefined) delete process.env['CANIMCP_LAB_CACHE'];
  else process.env['CANIMCP_LAB_CACHE'] = saved;
});

test('a harness run writes the program and server.json beside it, runs the venv’s Python, and names the harness and its setting', async () => {
  const captures = mkdtempSync(path.join(tmpdir(), 'probe-harness-captures-'));
  const report = await runKit({
    client: 'python-sdk',
    kitFile: path.join(cache, 'kit.mjs'),
    version: '1.0.0',
    transport: 'stdio',
    face: 'mode-legacy',
    persona: 'observe',
    scenario: 'tool-results',
    captures,
    sandbox: true,
  });
  expect(report.rejected).toEqual([]);
  expect(report.written).toHaveLength(1);
  const written = report.written[0] ?? '';
  // The setting's value is part of the capture's id, so two settings' runs read apart.
  expect(path.basename(written)).toMatch(/^python-sdk-1-0-0-legacy-observe-tool-results-stdio-/);
  const { capture, problems } = readCapture(written, new Set(['python-sdk']));
  expect(problems).toEqual([]);
  if (capture === undefined) throw new Error('no capture');
  expect(capture.header).toMatchObject({
    face: 'harness',
    setting: 'mode=legacy',
    path: 'sdk',
    model: 'openai-chat',
    command: `python tiny_harness.py '${requireScenario('tool-results').prompt}' mode=legacy`,
  });
  expect(faceKind(capture)).toBe('harness');
  // The program was given the setting after the task.
  expect(clientInfoOf(capture)).toEqual({ name: 'tiny-py', version: 'mode=legacy' });
  expect(capture.events.at(-1)?.kind).toBe('lifecycle');
  expect(judgeCapture(capture).find((fact) => fact.feature === 'tools.call')?.state).toBe('yes');
}, 90_000);
