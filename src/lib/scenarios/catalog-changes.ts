/**
 * `catalog-changes`: a server that declares logging and completions, pages its tool list (one tool
 * a page, so the second tool is reached only through `nextCursor`), offers a prompt with an
 * argument, a resource and a resource template, and, during the call of its first tool (after the
 * client has listed what it lists), says its prompt and resource lists changed and logs a message,
 * then waits a moment before the result. The judge asks whether the client follows the cursor,
 * lists templates, lists prompts and resources again on the notifications, sets a log level, takes
 * the log message, asks for completions and announces root changes (2025-11-25/server/prompts.mdx,
 * resources.mdx, utilities/pagination.mdx, utilities/logging.mdx, utilities/completion.mdx,
 * client/roots.mdx, at SPEC_COMMIT).
 */
import { isRecord } from '../mcp/json.ts';
import { paramsOf } from '../mcp/jsonrpc.ts';
import { CLIENT_REQUEST, SERVER_NOTIFICATION } from '../mcp/methods.ts';
import { clientSent, fact } from './evidence.ts';
import { listedFact, paginationFact, RELIST_WINDOW_MS, relistedFact } from './list-facts.ts';
import { logMessageFact, setLevelFact } from './logging-facts.ts';
import { rootsListChangedFact } from './roots-facts.ts';
import type { FeatureFact, ParsedCapture, Scenario } from './scenario.ts';

/** The tools: the first on the first page, the second only on the page its cursor names. */
export const TOOLS = { first: 'catalog_first', second: 'catalog_second' } as const;

/**
 * `utilities.completion`: the client asked for completions. Completion answers a user typing an
 * argument, so a run nobody types in decides nothing by its absence.
 */
const completionFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'utilities.completion';
  const [asked] = clientSent(capture, CLIENT_REQUEST.completion);
  if (asked === undefined)
    return fact(
      feature,
      'not-observed',
      'the client sent no completion/complete: in a run nobody types in, that decides nothing',
    );
  const ref = paramsOf(asked.message)['ref'];
  const type = isRecord(ref) && typeof ref['type'] === 'string' ? ` for a ${ref['type']}` : '';
  return fact(feature, 'yes', `the client sent completion/complete${type}`, [asked.seq]);
};

const judge = (capture: ParsedCapture): FeatureFact[] => [
  paginationFact(capture, 'utilities.pagination', CLIENT_REQUEST.toolsList),
  listedFact(capture, 'resources.templates', CLIENT_REQUEST.resourceTemplatesList, 'resource templates'),
  relistedFact(capture, 'prompts.listChanged', SERVER_NOTIFICATION.promptsListChanged, CLIENT_REQUEST.promptsList, 'prompts'),
  relistedFact(
    capture,
    'resources.listChanged',
    SERVER_NOTIFICATION.resourcesListChanged,
    CLIENT_REQUEST.resourcesList,
    'resources',
  ),
  logMessageFact(capture),
  setLevelFact(capture),
  completionFact(capture),
  rootsListChangedFact(capture),
];

const noArgs = { type: 'object', properties: {} } as const;

/** The scenario. */
export const catalogChanges: Scenario = {
  name: 'catalog-changes',
  description:
    'A paged tool list, a template, logging and completions, and prompt and resource lists that change mid-call: does the client follow the cursor and the changes?',
  revision: '2025-11-25',
  offers: {
    tools: [
      {
        name: TOOLS.first,
        description: 'Reads the first part of the lab catalog.',
        inputSchema: noArgs,
        annotations: { readOnlyHint: true },
      },
      {
        name: TOOLS.second,
        description: 'Reads the second part of the lab catalog.',
        inputSchema: noArgs,
        annotations: { readOnlyHint: true },
      },
    ],
    toolsPageSize: 1,
    prompts: [
      {
        name: 'review_item',
        title: 'Review an item',
        description: 'Asks for a review of one lab item.',
        arguments: [{ name: 'item', description: 'The item to review', required: true }],
        messages: [{ role: 'user', content: { type: 'text', text: 'Review the lab item (cmcp-prompt-c1).' } }],
      },
    ],
    resources: [
      {
        uri: 'canimcp://lab/catalog.txt',
        name: 'catalog.txt',
        title: 'Lab catalog',
        description: 'The lab catalog.',
        mimeType: 'text/plain',
        text: 'cmcp-res-c2 the lab catalog lists two parts',
      },
    ],
    resourceTemplates: [
      {
        uriTemplate: 'canimcp://lab/parts/{part}',
        name: 'part',
        description: 'One catalog part by name.',
        mimeType: 'text/plain',
      },
    ],
    completions: { item: ['alpha', 'beta'], part: ['first', 'second'] },
  },
  results: {
    [TOOLS.first]: { content: [{ type: 'text', text: 'cmcp-cat-c3 the first part of the catalog' }] },
    [TOOLS.second]: { content: [{ type: 'text', text: 'cmcp-cat-c4 the second part of the catalog' }] },
  },
  calls: [
    { tool: TOOLS.first, arguments: {} },
    { tool: TOOLS.second, arguments: {} },
  ],
  prompt: 'Call catalog_first, then catalog_second, on the lab server, then say done.',
  steps: [
    {
      when: { call: TOOLS.first },
      actions: [
        { notify: 'notifications/prompts/list_changed', params: {} },
        { notify: 'notifications/resources/list_changed', params: {} },
        { notify: 'notifications/message', params: { level: 'info', logger: 'lab', data: 'cmcp-log-c5 the catalog was read' } },
        // Time for a client to list again while the call is still open.
        { pause: RELIST_WINDOW_MS + 500 },
      ],
    },
  ],
  judge,
};
