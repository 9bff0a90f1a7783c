/**
 * A capture as evidence of how its client names a server's tools for the model: what the server
 * listed (the probe's `tools/list` answers on the wire) against what each model request offered,
 * read with the model API's own reader (src/lib/lab/model-apis), the one the stand-in model answers with.
 */
import { isRecord } from '../mcp/json.ts';
import { messagesFrom } from '../mcp/messages.ts';
import type { ListedTool, NameObservation } from '../server-check/tool-names.ts';
import type { Capture } from '../evidence/capture.ts';
import { modelApiByName, type ModelApi } from './model-apis/index.ts';
import { LAB_SERVER_NAME } from './version.ts';

const apis: Readonly<Record<string, ModelApi | undefined>> = modelApiByName;

/** The tools the probe listed in its `tools/list` answers, each once, as first listed. */
const listedBy = (capture: Capture): ListedTool[] => {
  const listed = new Map<string, ListedTool>();
  for (const { message } of messagesFrom(capture, 'probe')) {
    const result = message['result'];
    const tools = isRecord(result) ? result['tools'] : undefined;
    if (Array.isArray(tools))
      for (const tool of tools)
        if (isRecord(tool) && typeof tool['name'] === 'string' && !listed.has(tool['name']))
          listed.set(tool['name'], {
            name: tool['name'],
            ...(tool['inputSchema'] === undefined ? {} : { inputSchema: tool['inputSchema'] }),
          });
  }
  return [...listed.values()];
};

/** One capture as name evidence, where its client called a model API the lab reads. */
export const nameObservation = (capture: Capture): NameObservation | undefined => {
  const api = capture.header.model === undefined ? undefined : apis[capture.header.model];
  if (api === undefined) return undefined;
  const listed = listedBy(capture);
  if (listed.length === 0) return undefined;
  const requests = capture.events.flatMap((event) => {
    if (event.kind !== 'model' || event.from !== 'client') return [];
    let body: unknown;
    try {
      body = JSON.parse(event.body);
    } catch {
      return [];
    }
    const conversation = isRecord(body) ? api.read(body) : undefined;
    if (conversation === undefined || typeof conversation === 'string') return [];
    return [
      {
        tools: conversation.tools.map((tool) => ({
          name: tool.name,
          ...(tool.namespace === undefined ? {} : { namespace: tool.namespace }),
          ...(tool.parameters === undefined ? {} : { parameters: tool.parameters }),
        })),
        // The client's own words only: the model's turns are the stand-in's, and would name what it guessed.
        texts: [
          conversation.system,
          ...conversation.turns.filter((turn) => turn.role !== 'assistant').map((turn) => turn.text),
          ...conversation.tools.map((tool) => tool.description ?? ''),
        ],
      },
    ];
  });
  return {
    capture: capture.id,
    version: capture.header.version,
    api: api.name,
    server: LAB_SERVER_NAME,
    listed,
    requests,
  };
};
