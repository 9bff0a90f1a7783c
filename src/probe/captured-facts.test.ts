/**
 * The judges on the lab's own captures, where a judge once read them wrong: a capture in, facts out,
 * through `judgeCapture` as `npm run probe -- facts` and the build call it. Each row names the
 * capture that showed the fault and what the wire shows there.
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { judgeCapture } from '../lib/scenarios/index.ts';
import { clientIds, readCapture } from './read-capture.ts';

const content = path.join(import.meta.dirname, '../../content');
const clients = clientIds(content);

/** The fact a capture's judges give one feature. */
const factOf = (id: string, feature: string) => {
  const { capture, problems } = readCapture(path.join(content, 'captures', `${id}.jsonl`), clients);
  expect(problems).toEqual([]);
  if (capture === undefined) throw new Error(`${id}: no capture`);
  return judgeCapture(capture).find((item) => item.feature === feature);
};

describe('tools.result.isError: a key named error is a flag; words the capture elided decide nothing', () => {
  test.each([
    // Gemini CLI puts the result under functionResponse.response.error (seq 31).
    ['gemini-cli-0-61-0-observe-tool-results-stdio-20261202-064437', 'yes', /under a key named error/],
    ['gemini-cli-0-1-9-observe-tool-results-stdio-20261203-075737', 'yes', /./],
    // 0.19.1 passes the result's text as the plain output, nothing around it (seq 29).
    ['gemini-cli-0-19-1-observe-tool-results-stdio-20261203-075130', 'no', /nothing marking it/],
    // Qwen Code's wrapper around the result was elided (seq 41): only the result itself is in the capture.
    ['qwen-code-0-24-4-observe-tool-results-stdio-20261202-065009', 'not-observed', /elided/],
    ['gemini-cli-0-2-2-observe-tool-results-stdio-20261203-124220', 'not-observed', /elided/],
  ])('%s: %s', (id, state, detail) => {
    const found = factOf(id, 'tools.result.isError');
    expect(found?.state).toBe(state);
    expect(found?.detail).toMatch(detail);
  });
});
