/**
 * `long-tool-names`: a server whose tools have names that pass the 64 characters the model APIs
 * accept (2025-11-25/server/tools.mdx lets a name have up to 128): two of 68 characters that differ
 * only after the 64th, one of 54 that fits alone but not once a client puts its prefix before it, and
 * a short one the model calls. The judge reads what the client offered its model for each: the name
 * whole (which the API would refuse), cut short, shortened some other way, or not at all.
 */
import { toolNameRules } from '../evidence/tool-name-rules.ts';
import { longNameFates, namesTool } from '../evidence/tool-names.ts';
import { fact, modelRequests, NO_MODEL, noModel, offeredNames } from './evidence.ts';
import type { FeatureFact, ParsedCapture, Scenario, Tool } from './scenario.ts';

/** Sixty-four characters both long names begin with: a client that cuts names at 64 or less makes them one. */
const STEM = 'cmcp_tool_name_long_enough_that_no_model_api_would_take_it_whole';

/** The tools, by what their names test. */
export const LONG_NAMES = {
  /** Past 64 characters on its own. */
  first: `${STEM}_one`,
  /** As `first`, differing only after the 64th character. */
  second: `${STEM}_two`,
  /** 54 characters: within 64 alone, past it behind a prefix of 11 or more. */
  prefixed: 'cmcp_tool_name_that_fits_alone_but_not_behind_a_prefix',
  /** The tool the model calls, so the run has a turn. */
  short: 'cmcp_short_tool',
} as const;

const noArgs = { type: 'object', properties: {} } as const;

const tool = (name: string, description: string): Tool => ({ name, description, inputSchema: noArgs });

const judge = (capture: ParsedCapture): FeatureFact[] => {
  if (noModel(capture)) return [fact('tools.name.constraints', 'not-observed', NO_MODEL)];
  const requests = modelRequests(capture);
  const offering = requests.find((event) => offeredNames(event.json).some((name) => namesTool(name, LONG_NAMES.short)));
  if (offering === undefined)
    return [
      fact(
        'tools.name.constraints',
        'not-observed',
        `none of the ${requests.length} model request(s) offered the server's short tool as a tool of its own (as a client that reaches tools only through its own search and call tools does), so no name form can be read`,
        requests.map((event) => event.seq),
      ),
    ];
  // Deferred tools are added to a request once the model has searched for them: every request counts.
  const offered = [...new Set(requests.flatMap((event) => offeredNames(event.json)))];
  const listed = Object.values(LONG_NAMES);
  const long = [LONG_NAMES.first, LONG_NAMES.second, LONG_NAMES.prefixed];
  const fates = longNameFates(offered, long, listed).map((fate, index) => ({ name: long[index] as string, fate }));
  const words = fates
    .map(({ name, fate }) =>
      fate.kind === 'dropped'
        ? `${name.length}-character \`…${name.slice(-8)}\` dropped`
        : `${name.length}-character \`…${name.slice(-8)}\` ${fate.kind === 'intact' ? 'passed whole' : fate.kind} as \`${fate.name}\` (${fate.name.length})`,
    )
    .join('; ');
  const names = fates.flatMap(({ fate }) => (fate.kind === 'dropped' ? [] : [fate.name]));
  const rule = capture.header.model === undefined ? undefined : toolNameRules[capture.header.model];
  const refused = names.filter(
    (name) => name.length > (rule?.maxLength ?? Infinity) || (rule?.characters !== undefined && !rule.characters.test(name)),
  );
  const dropped = fates.some(({ fate }) => fate.kind === 'dropped');
  const merged = new Set(names).size < names.length;
  const state = dropped || refused.length > 0 ? 'no' : merged ? 'partial' : 'yes';
  const limit =
    rule === undefined
      ? ''
      : rule.maxLength === undefined
        ? `; the ${rule.title}'s documentation states no limit`
        : `; the ${rule.title} accepts at most ${rule.maxLength}${refused.length > 0 ? `, so it would refuse ${refused.length} of these` : ''}`;
  return [
    fact(
      'tools.name.constraints',
      state,
      `the model was offered: ${words}${merged ? '; two tools reached it under one name' : ''}${limit}`,
      [offering.seq],
    ),
  ];
};

/** The scenario. */
export const longToolNames: Scenario = {
  name: 'long-tool-names',
  description:
    "A server whose tool names pass 64 characters, alone or behind the client's prefix: what name does the client give the model for each?",
  revision: '2025-11-25',
  offers: {
    tools: [
      tool(LONG_NAMES.first, 'Returns a word (the first of two long-named tools).'),
      tool(LONG_NAMES.second, 'Returns a word (the second of two long-named tools).'),
      tool(LONG_NAMES.prefixed, 'Returns a word (a name that fits until a prefix is put before it).'),
      tool(LONG_NAMES.short, 'Returns a word.'),
    ],
  },
  results: {
    [LONG_NAMES.first]: { content: [{ type: 'text', text: 'cmcp-long-1' }] },
    [LONG_NAMES.second]: { content: [{ type: 'text', text: 'cmcp-long-2' }] },
    [LONG_NAMES.prefixed]: { content: [{ type: 'text', text: 'cmcp-long-3' }] },
    [LONG_NAMES.short]: { content: [{ type: 'text', text: 'cmcp-short-4' }] },
  },
  // The model calls each tool it finds under a name the lab can tell (a deferred one after a search),
  // so a client that lists names but loads tools only when asked shows what it loads.
  calls: [
    { tool: LONG_NAMES.first, arguments: {} },
    { tool: LONG_NAMES.second, arguments: {} },
    { tool: LONG_NAMES.prefixed, arguments: {} },
    { tool: LONG_NAMES.short, arguments: {} },
  ],
  prompt: "Call each of the lab server's tools once, then say done.",
  steps: [],
  judge,
};
