/**
 * `utilities`: a slow tool that reports progress (to a call that carried a `progressToken`) and logs
 * a message, and a tool that never answers, so a client that gives up on it can say so with
 * `notifications/cancelled`; the server declares logging, so the judge also asks whether the client
 * set a level and took the log message (2025-11-25/basic/utilities/progress.mdx, cancellation.mdx;
 * server/utilities/logging.mdx, at SPEC_COMMIT).
 */
import { isRecord } from '../mcp/json.ts';
import { metaOf, paramsOf } from '../mcp/jsonrpc.ts';
import { CLIENT_NOTIFICATION, SERVER_NOTIFICATION } from '../mcp/methods.ts';
import { META } from '../mcp/protocol.ts';
import { callsOf, clientSent, ending, fact, probeSent } from './evidence.ts';
import { logMessageFact, setLevelFact } from './logging-facts.ts';
import type { FeatureFact, ParsedCapture, Scenario } from './scenario.ts';

const judge = (capture: ParsedCapture): FeatureFact[] => {
  const [slow] = callsOf(capture, 'slow_task');
  let progress: FeatureFact;
  if (slow === undefined) progress = fact('utilities.progress.token', 'not-observed', 'the client never called slow_task');
  else {
    const token = metaOf(slow.message)[META.progressToken];
    const sent = probeSent(capture, SERVER_NOTIFICATION.progress);
    progress =
      typeof token === 'string' || typeof token === 'number'
        ? fact(
            'utilities.progress.token',
            'yes',
            `the client sent a progressToken with tools/call; the probe sent ${sent.length} progress notification(s)`,
            [slow.seq, ...sent.map((item) => item.seq)],
          )
        : fact('utilities.progress.token', 'no', 'the client called slow_task without a progressToken', [slow.seq]);
  }
  const [hold] = callsOf(capture, 'wait_forever');
  let cancelled: FeatureFact;
  if (hold === undefined) cancelled = fact('utilities.cancellation', 'not-observed', 'the client never called wait_forever');
  else {
    const id = hold.message['id'];
    const cancel = clientSent(capture, CLIENT_NOTIFICATION.cancelled).find(
      ({ message }) => paramsOf(message)['requestId'] === id,
    );
    const end = ending(capture);
    cancelled =
      cancel !== undefined
        ? fact(
            'utilities.cancellation',
            'yes',
            `the client cancelled the call it abandoned${isRecord(cancel.message['params']) && typeof cancel.message['params']['reason'] === 'string' ? ' and gave a reason' : ''}`,
            [hold.seq, cancel.seq],
          )
        : fact(
            'utilities.cancellation',
            'not-observed',
            `the call was still open when the session ended (${end?.event ?? 'no end recorded'}): the client never abandoned it while connected`,
            [hold.seq, ...(end === undefined ? [] : [end.seq])],
          );
  }
  return [progress, cancelled, logMessageFact(capture), setLevelFact(capture)];
};

const noArgs = { type: 'object', properties: {} } as const;

/** The scenario. */
export const utilities: Scenario = {
  name: 'utilities',
  description:
    'A slow tool that reports progress and logs, and a tool that never answers: does the client send a progressToken, and cancel what it abandons?',
  revision: '2025-11-25',
  offers: {
    tools: [
      {
        name: 'slow_task',
        description: 'Takes a moment and reports its progress.',
        inputSchema: noArgs,
        annotations: { readOnlyHint: true },
      },
      {
        name: 'wait_forever',
        description: 'Never finishes: give up on it when you like.',
        inputSchema: noArgs,
        annotations: { readOnlyHint: true },
      },
    ],
  },
  results: {
    slow_task: { content: [{ type: 'text', text: 'cmcp-slow-p1 the slow task finished' }] },
    wait_forever: { content: [{ type: 'text', text: 'cmcp-wait-w1 this never comes' }] },
  },
  calls: [
    { tool: 'slow_task', arguments: {} },
    { tool: 'wait_forever', arguments: {} },
  ],
  prompt: 'Call slow_task, then wait_forever, on the lab server, then say done.',
  steps: [
    {
      when: { call: 'slow_task' },
      actions: [
        { notify: 'notifications/progress', params: { progress: 1, total: 2, message: 'half way' } },
        {
          notify: 'notifications/message',
          params: { level: 'info', logger: 'lab', data: 'cmcp-log-m1 the slow task is half way' },
        },
        { pause: 100 },
        { notify: 'notifications/progress', params: { progress: 2, total: 2, message: 'done' } },
        { pause: 100 },
      ],
    },
    { when: { call: 'wait_forever' }, actions: [{ hold: true }] },
  ],
  judge,
};
