/**
 * `server-requests-modern`: the same questions as `server-requests`, as 2026-07-28 asks them. There
 * are no server-initiated requests in that revision: a `tools/call` is answered with an
 * `input_required` result whose `inputRequests` carry the roots, elicitation and sampling requests,
 * and the client retries the call with `inputResponses` (2026-07-28/basic/patterns/mrtr.mdx;
 * server/tools.mdx "Input Required Tool Results", at SPEC_COMMIT). `ping` is gone (changelog.mdx).
 */
import { modernAnswerFact } from './answers.ts';
import { ASK } from './server-requests.ts';
import type { FeatureFact, ParsedCapture, Scenario } from './scenario.ts';

const judge = (capture: ParsedCapture): FeatureFact[] => [
  modernAnswerFact(capture, 'server-requests.roots', ASK.roots.key, 'roots/list', 'roots'),
  modernAnswerFact(capture, 'server-requests.sampling', ASK.sampling.key, 'sampling/createMessage', 'sampling'),
  modernAnswerFact(capture, 'server-requests.elicitation.form', ASK.form.key, 'elicitation/create', 'elicitation.form'),
  modernAnswerFact(capture, 'server-requests.elicitation.url', ASK.url.key, 'elicitation/create', 'elicitation.url'),
];

const noArgs = { type: 'object', properties: {} } as const;

/** The scenario. */
export const serverRequestsModern: Scenario = {
  name: 'server-requests-modern',
  description:
    'Over 2026-07-28 a tool call answers input_required with roots, elicitation (form and URL) and sampling requests: does the client retry with the answers?',
  revision: '2026-07-28',
  offers: {
    tools: [
      { name: 'ask_user', description: 'Asks the user two questions through the client, then returns.', inputSchema: noArgs },
      { name: 'ask_model', description: "Asks the client's model one question, then returns.", inputSchema: noArgs },
      { name: 'ask_roots', description: 'Asks the client for its roots, then returns.', inputSchema: noArgs },
    ],
  },
  results: {
    ask_user: { content: [{ type: 'text', text: 'cmcp-asked-u1 the questions were asked' }] },
    ask_model: { content: [{ type: 'text', text: 'cmcp-asked-m1 the model was asked' }] },
    ask_roots: { content: [{ type: 'text', text: 'cmcp-asked-r1 the roots were asked' }] },
  },
  calls: [
    { tool: 'ask_roots', arguments: {} },
    { tool: 'ask_user', arguments: {} },
    { tool: 'ask_model', arguments: {} },
  ],
  prompt: 'Call ask_roots, ask_user, then ask_model, on the lab server, then say done.',
  steps: [
    { when: { call: 'ask_roots' }, actions: [ASK.roots] },
    { when: { call: 'ask_user' }, actions: [ASK.form, ASK.url] },
    { when: { call: 'ask_model' }, actions: [ASK.sampling] },
  ],
  judge,
};
