/**
 * `tool-results`: five tools, each answering one kind of result (text with structured content, an
 * image, a resource link, an embedded resource, an error), and instructions with a marker. The judge
 * looks for each result's marker in what the client then sent the stand-in model: what reached the
 * model is what the client passed on. 2025-11-25/server/tools.mdx ("Tool Result"), lifecycle.mdx
 * ("instructions"), at SPEC_COMMIT.
 */
import { CLIENT_REQUEST } from '../mcp/methods.ts';
import {
  callsOf,
  clientSent,
  fact,
  holdsWhole,
  modelRequests,
  modelSaw,
  NO_MODEL,
  noModel,
  probeResult,
  stringsIn,
} from './evidence.ts';
import type { FeatureFact, ParsedCapture, Scenario } from './scenario.ts';

/** The markers: short, distinctive, each sent once, so finding one in a model request says where it came from. */
export const MARK = {
  instructions: 'cmcp-instr-k2',
  text: 'cmcp-text-r4',
  structured: 'cmcp-struct-v9',
  link: 'canimcp://lab/cmcp-link-u5',
  embedded: 'cmcp-embed-w8',
  error: 'cmcp-fail-z1',
} as const;

/** A 1×1 PNG: its base64 is short enough to survive elision as a server string. */
export const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const noArgs = { type: 'object', properties: {} } as const;

/** The state of a result feature: the marker reached a model request after the call's result, or it did not. */
const reached = (
  capture: ParsedCapture,
  feature: string,
  tool: string,
  seen: (after: number) => number[],
  what: string,
): FeatureFact => {
  if (noModel(capture)) return fact(feature, 'not-observed', NO_MODEL);
  const [call] = callsOf(capture, tool);
  if (call === undefined) return fact(feature, 'not-observed', `the client never called ${tool}`);
  const answer = probeResult(capture, call);
  if (answer === undefined) return fact(feature, 'not-observed', `the probe never answered the call of ${tool}`, [call.seq]);
  const after = modelRequests(capture, answer.seq);
  if (after.length === 0)
    return fact(feature, 'not-observed', `the client sent the model nothing after ${tool}'s result`, [call.seq, answer.seq]);
  const seqs = seen(answer.seq);
  return seqs.length > 0
    ? fact(feature, 'yes', `${what} reached the model`, [call.seq, answer.seq, seqs[0] ?? 0])
    : fact(feature, 'no', `${what} was in ${tool}'s result but in none of the ${after.length} model request(s) after it`, [
        call.seq,
        answer.seq,
        ...after.map((event) => event.seq),
      ]);
};

const judge = (capture: ParsedCapture): FeatureFact[] => {
  const facts: FeatureFact[] = [];
  // tools.call: the model asked, the client called, and a result's marker came back to the model.
  const calls = clientSent(capture, CLIENT_REQUEST.toolsCall);
  if (noModel(capture))
    facts.push(
      fact(
        'tools.call',
        calls.length > 0 ? 'partial' : 'not-observed',
        calls.length > 0 ? `the client called ${calls.length} tool(s), but ${NO_MODEL}` : NO_MODEL,
        calls.map((c) => c.seq),
      ),
    );
  else if (calls.length === 0) facts.push(fact('tools.call', 'no', 'the client talked to the model but never called a tool'));
  else {
    const back = Object.values(MARK)
      .filter((mark) => mark !== MARK.instructions)
      .flatMap((mark) => modelSaw(capture, mark, calls[0]?.seq ?? 0));
    facts.push(
      back.length > 0
        ? fact('tools.call', 'yes', `the client called ${calls.length} tool(s) and a result reached the model`, [
            calls[0]?.seq ?? 0,
            Math.min(...back),
          ])
        : fact(
            'tools.call',
            'partial',
            `the client called ${calls.length} tool(s) but no result's marker reached the model`,
            calls.map((c) => c.seq),
          ),
    );
  }
  // lifecycle.instructions: the marker in any model request.
  if (noModel(capture)) facts.push(fact('lifecycle.instructions', 'not-observed', NO_MODEL));
  else {
    const seen = modelSaw(capture, MARK.instructions);
    facts.push(
      seen.length > 0
        ? fact('lifecycle.instructions', 'yes', 'the server instructions reached the model', [seen[0] ?? 0])
        : fact(
            'lifecycle.instructions',
            'no',
            `the server instructions were in none of the ${modelRequests(capture).length} model request(s)`,
            modelRequests(capture).map((e) => e.seq),
          ),
    );
  }
  const structured = reached(
    capture,
    'tools.result.structuredContent',
    'get_reading',
    (after) => modelSaw(capture, MARK.structured, after),
    'the structuredContent',
  );
  const text = reached(
    capture,
    'tools.result.structuredContent.textFallback',
    'get_reading',
    (after) => modelSaw(capture, MARK.text, after),
    'the text content beside structuredContent',
  );
  facts.push(structured, text);
  facts.push(
    reached(
      capture,
      'tools.result.content.image',
      'get_image',
      (after) =>
        modelRequests(capture, after)
          .filter((event) => holdsWhole(event.json, PNG_1X1))
          .map((event) => event.seq),
      'the image block, as image data (not as text)',
    ),
  );
  facts.push(
    reached(
      capture,
      'tools.result.content.resource_link',
      'get_link',
      (after) => modelSaw(capture, MARK.link, after),
      "the resource_link's URI",
    ),
  );
  facts.push(
    reached(
      capture,
      'tools.result.content.resource',
      'get_embedded',
      (after) => modelSaw(capture, MARK.embedded, after),
      "the embedded resource's text",
    ),
  );
  facts.push(isErrorFact(capture));
  return facts;
};

/**
 * tools.result.isError: the error result's text reached the model, and something beside it says it
 * failed: a flag such as Anthropic's `is_error`, or the word error added around the text (the text
 * itself never says so).
 */
const isErrorFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'tools.result.isError';
  const base = reached(capture, feature, 'get_missing', (after) => modelSaw(capture, MARK.error, after), 'the error result');
  if (base.state !== 'yes')
    return base.state === 'no'
      ? { ...base, state: 'not-observed', detail: `${base.detail}: whether it is told of the error cannot be seen` }
      : base;
  const seq = base.seq[base.seq.length - 1] ?? 0;
  const event = modelRequests(capture).find((item) => item.seq === seq);
  const placed = stringsIn(event?.json).filter((item) => item.text.includes(MARK.error));
  const flagged = placed.some(
    (item) =>
      /error|fail/i.test(item.text.replace(MARK.error, '')) ||
      item.ancestors
        .slice(-3)
        .some((parent) =>
          Object.entries(parent).some(
            ([key, value]) =>
              (/^is_?error$/i.test(key) && value === true) ||
              (key === 'status' && typeof value === 'string' && /error|fail|incomplete/i.test(value)),
          ),
        ),
  );
  return flagged
    ? fact(feature, 'yes', 'the error result reached the model marked as an error', base.seq)
    : fact(feature, 'no', 'the error result reached the model with nothing marking it as an error', base.seq);
};

/** The scenario. */
export const toolResults: Scenario = {
  name: 'tool-results',
  description:
    'Five tools answer text with structuredContent, an image, a resource_link, an embedded resource and an error; which reach the model?',
  revision: '2025-11-25',
  offers: {
    instructions: `${MARK.instructions}: this lab server's tools are harmless; call each one once.`,
    tools: [
      {
        name: 'get_reading',
        title: 'Get reading',
        description: 'Returns the current reading, as text and as structured content.',
        inputSchema: noArgs,
        outputSchema: { type: 'object', properties: { reading: { type: 'string' } }, required: ['reading'] },
        annotations: { readOnlyHint: true },
      },
      { name: 'get_image', description: 'Returns a tiny image.', inputSchema: noArgs, annotations: { readOnlyHint: true } },
      {
        name: 'get_link',
        description: 'Returns a link to a resource.',
        inputSchema: noArgs,
        annotations: { readOnlyHint: true },
      },
      {
        name: 'get_embedded',
        description: 'Returns an embedded resource.',
        inputSchema: noArgs,
        annotations: { readOnlyHint: true },
      },
      {
        name: 'get_missing',
        description: 'Looks up an item that does not exist.',
        inputSchema: noArgs,
        annotations: { readOnlyHint: true },
      },
    ],
  },
  results: {
    get_reading: {
      content: [{ type: 'text', text: `${MARK.text} the reading as text` }],
      structuredContent: { reading: MARK.structured },
    },
    get_image: { content: [{ type: 'image', data: PNG_1X1, mimeType: 'image/png' }] },
    get_link: { content: [{ type: 'resource_link', uri: MARK.link, name: 'lab-link', mimeType: 'text/plain' }] },
    get_embedded: {
      content: [
        {
          type: 'resource',
          resource: { uri: 'canimcp://lab/embedded', mimeType: 'text/plain', text: `${MARK.embedded} embedded text` },
        },
      ],
    },
    get_missing: { content: [{ type: 'text', text: `${MARK.error} no item has that name` }], isError: true },
  },
  calls: ['get_reading', 'get_image', 'get_link', 'get_embedded', 'get_missing'].map((tool) => ({ tool, arguments: {} })),
  prompt: 'Call each tool of the lab server once, then say done.',
  steps: [],
  judge,
};
