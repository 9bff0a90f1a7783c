/**
 * `prompts-resources`: the server offers a prompt, a resource and a resource template beside one
 * tool, and says its prompt and resource lists changed once the session is open. The judge asks
 * whether the client lists prompts, resources and templates by itself, whether it lists prompts and
 * resources again after the notifications, and whether the model got a resource's text through a
 * tool the client offers it (2025-11-25/server/prompts.mdx, resources.mdx, at
 * SPEC_COMMIT).
 */
import { paramsOf } from '../mcp/jsonrpc.ts';
import { CLIENT_REQUEST, SERVER_NOTIFICATION } from '../mcp/methods.ts';
import { clientSent, fact, modelSaw, NO_MODEL, noModel } from './evidence.ts';
import { listedFact, relistedFact } from './list-facts.ts';
import type { FeatureFact, ParsedCapture, Scenario } from './scenario.ts';

/** The resource the model may read, and the marker its text carries. */
export const NOTES = { uri: 'canimcp://lab/notes.txt', mark: 'cmcp-res-n3' } as const;

const judge = (capture: ParsedCapture): FeatureFact[] => {
  const reads = clientSent(capture, CLIENT_REQUEST.resourcesRead).filter(({ message }) => paramsOf(message)['uri'] === NOTES.uri);
  const [read] = reads;
  let modelRead: FeatureFact;
  if (read === undefined) modelRead = fact('resources.modelRead', 'not-observed', 'the client never read the resource');
  else if (noModel(capture))
    modelRead = fact('resources.modelRead', 'not-observed', `the client read the resource, but ${NO_MODEL}`, [read.seq]);
  else {
    const seen = modelSaw(capture, NOTES.mark, read.seq);
    modelRead =
      seen.length > 0
        ? fact('resources.modelRead', 'yes', 'the client read the resource and its text reached the model', [
            read.seq,
            seen[0] ?? 0,
          ])
        : fact('resources.modelRead', 'partial', 'the client read the resource, but its text reached no model request', [
            read.seq,
          ]);
  }
  return [
    listedFact(capture, 'prompts.list', CLIENT_REQUEST.promptsList, 'prompts'),
    listedFact(capture, 'resources.list', CLIENT_REQUEST.resourcesList, 'resources'),
    listedFact(capture, 'resources.templates', CLIENT_REQUEST.resourceTemplatesList, 'resource templates'),
    relistedFact(capture, 'prompts.listChanged', SERVER_NOTIFICATION.promptsListChanged, CLIENT_REQUEST.promptsList, 'prompts'),
    relistedFact(
      capture,
      'resources.listChanged',
      SERVER_NOTIFICATION.resourcesListChanged,
      CLIENT_REQUEST.resourcesList,
      'resources',
    ),
    modelRead,
  ];
};

/** The scenario. */
export const promptsResources: Scenario = {
  name: 'prompts-resources',
  description:
    'A prompt, a resource and a template beside one tool: does the client list them by itself, and can the model read the resource?',
  revision: '2025-11-25',
  offers: {
    tools: [
      {
        name: 'list_notes',
        description: 'Names the notes this server holds as resources.',
        inputSchema: { type: 'object', properties: {} },
        annotations: { readOnlyHint: true },
      },
    ],
    prompts: [
      {
        name: 'summarize_notes',
        title: 'Summarize notes',
        description: 'Asks for a summary of the lab notes.',
        arguments: [{ name: 'length', description: 'short or long', required: false }],
        messages: [{ role: 'user', content: { type: 'text', text: 'Summarize the lab notes (cmcp-prompt-s1).' } }],
      },
    ],
    resources: [
      {
        uri: NOTES.uri,
        name: 'notes.txt',
        title: 'Lab notes',
        description: 'The lab notes.',
        mimeType: 'text/plain',
        text: `${NOTES.mark} the lab notes say nothing else`,
      },
    ],
    resourceTemplates: [
      { uriTemplate: 'canimcp://lab/items/{id}', name: 'item', description: 'One lab item by id.', mimeType: 'text/plain' },
    ],
  },
  results: {
    list_notes: { content: [{ type: 'text', text: `The server holds one note, ${NOTES.uri}; read it as a resource.` }] },
  },
  calls: [{ tool: 'list_notes', arguments: {} }],
  prompt: 'Use the lab server to read its notes resource, then say done.',
  steps: [
    {
      when: 'session',
      actions: [
        { notify: 'notifications/prompts/list_changed', params: {} },
        { notify: 'notifications/resources/list_changed', params: {} },
      ],
    },
  ],
  judge,
};
