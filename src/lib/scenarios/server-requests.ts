/**
 * `server-requests`: over a legacy (2025-11-25) session the probe pings the client and asks for its
 * roots once the session is open, asks the user through elicitation (form, then URL mode) during a
 * call of `ask_user`, and asks the client's model through sampling during a call of `ask_model`,
 * sending only what the client declared. 2025-11-25/client/roots.mdx, sampling.mdx,
 * elicitation.mdx and basic/utilities/ping.mdx, at SPEC_COMMIT.
 */
import { legacyAnswerFact } from './answers.ts';
import { rootsListChangedFact } from './roots-facts.ts';
import type { FeatureFact, ParsedCapture, Scenario } from './scenario.ts';

/** The requests the server sends, shared with the 2026-07-28 scenario so both ask the same. */
export const ASK = {
  roots: { request: 'roots/list', params: {}, needs: 'roots', key: 'roots' },
  form: {
    request: 'elicitation/create',
    key: 'lab_form',
    needs: 'elicitation.form',
    params: {
      mode: 'form',
      message: 'The lab server asks for a colour (any answer will do).',
      requestedSchema: { type: 'object', properties: { colour: { type: 'string', title: 'Colour' } }, required: ['colour'] },
    },
  },
  url: {
    request: 'elicitation/create',
    key: 'lab_url',
    needs: 'elicitation.url',
    params: {
      mode: 'url',
      message: 'The lab server asks you to open a local page (nothing happens there).',
      url: 'http://127.0.0.1:9/canimcp-lab',
      elicitationId: 'cmcp-elicit-1',
    },
  },
  sampling: {
    request: 'sampling/createMessage',
    key: 'lab_sample',
    needs: 'sampling',
    params: {
      messages: [{ role: 'user', content: { type: 'text', text: 'Reply with the word cmcp-sample-q3.' } }],
      maxTokens: 20,
    },
  },
} as const;

const judge = (capture: ParsedCapture): FeatureFact[] => [
  legacyAnswerFact(capture, 'lifecycle.ping', 'ping', {}),
  legacyAnswerFact(capture, 'server-requests.roots', 'roots/list', { needs: 'roots', key: ASK.roots.key }),
  rootsListChangedFact(capture),
  legacyAnswerFact(capture, 'server-requests.sampling', 'sampling/createMessage', { needs: 'sampling', key: ASK.sampling.key }),
  legacyAnswerFact(capture, 'server-requests.elicitation.form', 'elicitation/create', {
    needs: 'elicitation.form',
    mode: 'form',
    key: ASK.form.key,
  }),
  legacyAnswerFact(capture, 'server-requests.elicitation.url', 'elicitation/create', {
    needs: 'elicitation.url',
    mode: 'url',
    key: ASK.url.key,
  }),
];

const noArgs = { type: 'object', properties: {} } as const;

/** The scenario. */
export const serverRequests: Scenario = {
  name: 'server-requests',
  description:
    'Over a 2025-11-25 session the server pings, lists roots, elicits (form and URL) and samples: does the client answer each?',
  revision: '2025-11-25',
  offers: {
    tools: [
      { name: 'ask_user', description: 'Asks the user two questions through the client, then returns.', inputSchema: noArgs },
      { name: 'ask_model', description: "Asks the client's model one question, then returns.", inputSchema: noArgs },
    ],
  },
  results: {
    ask_user: { content: [{ type: 'text', text: 'cmcp-asked-u1 the questions were asked' }] },
    ask_model: { content: [{ type: 'text', text: 'cmcp-asked-m1 the model was asked' }] },
  },
  calls: [
    { tool: 'ask_user', arguments: {} },
    { tool: 'ask_model', arguments: {} },
  ],
  prompt: 'Call ask_user, then ask_model, on the lab server, then say done.',
  steps: [
    { when: 'session', actions: [{ request: 'ping', params: {}, key: 'ping' }, ASK.roots] },
    { when: { call: 'ask_user' }, actions: [ASK.form, ASK.url] },
    { when: { call: 'ask_model' }, actions: [ASK.sampling] },
  ],
  judge,
};
