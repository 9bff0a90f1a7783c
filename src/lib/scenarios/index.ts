/**
 * The lab's scenarios, by name, and the facts of any capture: a scenario capture is judged by the
 * scenario its header names, every capture by its handshake. The build and `npm run probe -- facts`
 * call `judgeCapture`; the stand-in model's elision keeps `serverStrings`, and the client's wrapping
 * of `answerStrings`.
 */
import { authChallengeMetadata } from './auth-challenge-metadata.ts';
import { authCimd } from './auth-cimd.ts';
import { authDcrCimd } from './auth-dcr-cimd.ts';
import { authDcr } from './auth-dcr.ts';
import { authNoBrowser } from './auth-no-browser.ts';
import { authOidc } from './auth-oidc.ts';
import { authPreregistered } from './auth-preregistered.ts';
import { authRefresh } from './auth-refresh.ts';
import { authStepUp } from './auth-step-up.ts';
import { catalogChanges } from './catalog-changes.ts';
import { handshake, handshakeFeatures } from './handshake.ts';
import { httpGetStream } from './http-get-stream.ts';
import { httpRedirect } from './http-redirect.ts';
import { httpResumption } from './http-resumption.ts';
import { httpSessionExpiry } from './http-session-expiry.ts';
import { httpSession } from './http-session.ts';
import { httpSseAnswer } from './http-sse-answer.ts';
import { listChanged } from './list-changed.ts';
import { promptsResources } from './prompts-resources.ts';
import { captureFormatVersion } from '../../schema/capture.ts';
import type { FeatureFact, ParsedCapture, Scenario } from './scenario.ts';
import { longToolNames } from './long-tool-names.ts';
import { serverRequestsModern } from './server-requests-modern.ts';
import { serverRequests } from './server-requests.ts';
import { toolMetadata } from './tool-metadata.ts';
import { toolResults } from './tool-results.ts';
import { utilities } from './utilities.ts';

/** Every scenario, in the order the lab runs them. */
export const scenarios: readonly Scenario[] = [
  toolResults,
  toolMetadata,
  longToolNames,
  serverRequests,
  serverRequestsModern,
  listChanged,
  promptsResources,
  utilities,
  catalogChanges,
  httpSession,
  httpSseAnswer,
  httpSessionExpiry,
  httpGetStream,
  httpResumption,
  httpRedirect,
  authDcrCimd,
  authDcr,
  authCimd,
  authPreregistered,
  authRefresh,
  authStepUp,
  authOidc,
  authChallengeMetadata,
  authNoBrowser,
];

/** The scenario a run plays: the one of this name, or the handshake alone where none is named. */
export const runScenario = (name: string | undefined): Scenario => (name === undefined ? handshake : requireScenario(name));

/** The scenario a capture's header names: none for the handshake alone (FORMAT.md, the header's `scenario`). */
export const headerScenario = (scenario: Scenario): string | undefined =>
  scenario.handshakeOnly === true ? undefined : scenario.name;

/** The scenario of this name, where there is one. */
export const scenarioByName = (name: string): Scenario | undefined => scenarios.find((scenario) => scenario.name === name);

/** The scenario of this name; an Error that lists the names where there is none. */
export const requireScenario = (name: string): Scenario => {
  const scenario = scenarioByName(name);
  if (scenario === undefined)
    throw new Error(`--scenario: expected one of ${scenarios.map((item) => item.name).join(', ')}, got ${JSON.stringify(name)}`);
  return scenario;
};

/**
 * The facts of any capture: its handshake's, then its scenario's (where its header names one). A
 * capture naming a scenario this code does not know gets its handshake facts only.
 */
export const judgeCapture = (capture: ParsedCapture): FeatureFact[] => {
  const name = capture.header.scenario;
  const scenario = typeof name === 'string' ? scenarioByName(name) : undefined;
  const facts = handshake.judge(capture);
  if (scenario === undefined) return facts;
  const own = scenario.judge(capture);
  // A scenario's own judgement wins over the handshake's for a feature both speak to.
  return [...facts.filter((item) => !own.some((mine) => mine.feature === item.feature)), ...own];
};

/** Every string in a JSON value, depth first. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(stringsOf)
      : typeof value === 'object' && value !== null
        ? Object.values(value).flatMap(stringsOf)
        : [];

/**
 * Every string the server sends in a scenario: instructions, tool names, titles, descriptions,
 * schema text, results, prompts, resources and what its steps send (the whole text of each
 * value, and each structured result also as the JSON a client may turn it into).
 */
export const serverStrings = (scenario: Scenario): string[] => {
  const values: unknown[] = [
    scenario.offers,
    scenario.results,
    scenario.steps.map((step) => step.actions),
    Object.values(scenario.results).map((result) =>
      result.structuredContent === undefined ? [] : JSON.stringify(result.structuredContent),
    ),
  ];
  return [...new Set(values.flatMap(stringsOf))].filter((text) => text !== '');
};

/**
 * The strings the server sends in answer to a client's request or asks it in one: tool results
 * (each structured result also as JSON), a resource's text, a prompt's messages, the server's own
 * requests. The client's words around these are what tells the model how to read them (an error
 * wrapper), so the elision keeps that wrapping (FORMAT.md "A capture"); instructions and tool
 * descriptions are not among them.
 */
export const answerStrings = (scenario: Scenario): string[] => {
  const values: unknown[] = [
    scenario.results,
    Object.values(scenario.results).map((result) =>
      result.structuredContent === undefined ? [] : JSON.stringify(result.structuredContent),
    ),
    (scenario.offers.resources ?? []).map((resource) => resource.text),
    (scenario.offers.prompts ?? []).map((prompt) => prompt.messages),
    scenario.steps.map((step) => step.actions.map((action) => ('request' in action ? action.params : []))),
  ];
  return [...new Set(values.flatMap(stringsOf))].filter((text) => text !== '');
};

/** A capture of a run of `scenario` in which nothing happened: the client connected and left. */
const nothingHappened = (scenario: Scenario): ParsedCapture => ({
  header: {
    capture: captureFormatVersion,
    client: 'nobody',
    version: '0',
    path: 'cli',
    transport: 'stdio',
    persona: 'observe',
    capturedAt: '2026-01-01T00:00:00Z',
    probe: '0',
    ...(headerScenario(scenario) === undefined ? {} : { scenario: scenario.name }),
  },
  events: [
    { seq: 1, t: 0, from: 'probe', kind: 'lifecycle', event: 'start', detail: 'stdio' },
    { seq: 2, t: 1, from: 'probe', kind: 'lifecycle', event: 'closed', detail: 'the client closed standard input' },
  ],
});

/**
 * The features a scenario decides: those its judge speaks to even of a capture in which nothing
 * happened (each then not observed). Read from the judge, so the mapping from features to
 * scenarios is stored once, in the features' `scenario` (content/features/, checked against this).
 */
export const decidedBy = (scenario: Scenario): string[] =>
  scenario.handshakeOnly === true
    ? [...handshakeFeatures]
    : scenario.judge(nothingHappened(scenario)).map((fact) => fact.feature);

/** Every scenario a run can play, the handshake alone first: what `npm run probe -- scenarios` lists. */
export const playable: readonly Scenario[] = [handshake, ...scenarios];
