import { expect, test } from 'vitest';
import type { CaptureHeader } from '../../schema/capture.ts';
import { faceKind, harnessFileOf, harnessFiles } from './capture-face.ts';

const header = (extra: Partial<CaptureHeader>): CaptureHeader => ({
  capture: 1,
  client: 'python-sdk',
  version: '2.3.0',
  path: 'sdk',
  transport: 'stdio',
  persona: 'observe',
  capturedAt: '2026-12-07T14:10:24Z',
  probe: '0.1.0',
  ...extra,
});

test('the header’s face decides; without one, the sdk path is the lab’s own script and a list command a health check', () => {
  expect(faceKind({ header: header({ face: 'harness' }), events: [] })).toBe('harness');
  expect(faceKind({ header: header({}), events: [] })).toBe('lab-script');
  expect(faceKind({ header: header({ path: 'cli', command: 'claude mcp list' }), events: [] })).toBe('health-check');
  expect(faceKind({ header: header({ path: 'cli', command: 'claude -p hi' }), events: [] })).toBe('session');
});

test('a harness capture names its program; other faces name none; each file once, in order', () => {
  const python = { header: header({ face: 'harness', command: "python python-sdk.py 'say hi' mode=legacy" }) };
  const java = { header: header({ face: 'harness', command: "java -cp './lib/*' Langchain4jHarness.java 'say hi'" }) };
  const node = { header: header({ face: 'harness', command: 'node mastra.mjs hi' }) };
  expect(harnessFileOf(python)).toBe('python-sdk.py');
  expect(harnessFileOf(java)).toBe('Langchain4jHarness.java');
  expect(harnessFileOf({ header: header({ command: 'node sdk-client.cjs' }) })).toBeUndefined();
  expect(harnessFiles([python, node, python, java])).toEqual(['python-sdk.py', 'mastra.mjs', 'Langchain4jHarness.java']);
});
