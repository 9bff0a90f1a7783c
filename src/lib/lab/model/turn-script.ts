/**
 * The stand-in model's turn script: given a scenario's calls and one request, the next answer.
 * Clients resend the whole conversation every turn, so what has been done is read from the request
 * (which calls the model made, which searches), never kept between requests: the same request gets
 * the same answer, and two clients (or a client's side requests) can share one stand-in model.
 *
 * Each scenario tool is called under the name the client gave it: as the server named it, with a
 * prefix (`mcp__server__tool`, `server__tool`), inside a namespace (Codex's `mcp__server`), after a
 * tool-search step where the client defers MCP tools (Claude Code's `ToolSearch` with
 * `select:<name>`), or through a bridge tool (Qwen Code's `tool_search` / `tool_call`). A tool the
 * server adds during the session (`late`) may reach the model only a turn after the client learns
 * of it, so where it is not offered yet the script gives the client one further turn (it calls the
 * previous tool again) before it moves on. After the calls, the script reads each of `reads`
 * through the client's own resource-reading tool (Claude Code's `ReadMcpResourceTool`,
 * `read_mcp_resource` in Gemini CLI, opencode, Codex and others), where the client offers one. Side
 * requests (a title, a router asking for JSON under a schema, a summary) and sampling requests that
 * a client forwards from the server get a short answer of the shape they ask for.
 */
import { isBridge, isResourceReader, isSearch, namesTool } from '../../evidence/tool-names.ts';
import { isRecord } from '../../mcp/json.ts';
import type { Answer, Conversation, OfferedTool, PlannedCall, SeenCall } from './conversation.ts';
import { schemaInstance } from './schema-instance.ts';

/** One call the script makes, by the server's tool name (a scenario's `calls`). */
export interface ScriptCall {
  tool: string;
  arguments: Record<string, unknown>;
  /**
   * The server adds this tool during the session: where the client does not offer it yet, the
   * model gives the client one further turn before it concludes that it never will.
   */
  late?: boolean;
}

/**
 * What the stand-in model does in a run: the scenario's calls in order, then each resource of
 * `reads` through the client's own reading tool, then its finishing text.
 */
export interface TurnScript {
  calls: readonly ScriptCall[];
  finish: string;
  /** Resource URIs the model reads through the client's own tool, where it offers one. */
  reads?: readonly string[];
  /** The MCP server's name in the client's configuration, for a reading tool that asks for it. */
  server?: string;
}

/**
 * How long the model takes over the further turn a late tool gets: a client refreshes its tools
 * in the background after a list-changed notification (Gemini CLI re-reads its context first),
 * and a stand-in that answered at once would ask again before any client could have caught up.
 */
export const furtherTurnMs = 2000;

/** The text a request without tools gets: a sampling request the client forwarded, a summary. */
export const sampledText = 'Stand-in model: this is the sampled answer.';
/** The title a session-title side request gets. */
export const titleText = 'Stand-in lab session';

/** The scenario tool a name stands for: the longest that matches, so `long_echo` is not taken for `echo`. */
const ownerOf = (name: string, tools: readonly string[]): string | undefined =>
  tools.filter((tool) => namesTool(name, tool)).sort((a, b) => b.length - a.length)[0];

/** A reader's name where a request's text mentions it (a deferred tool's listing). */
const readerNamed = /(?<![\w-])(ReadMcpResourceTool|read_mcp_resource)(?![\w-])/;

/** A tool's argument properties, where its schema has them. */
const propertiesOf = (tool: OfferedTool): Record<string, unknown> => {
  const parameters = tool.parameters;
  return isRecord(parameters) && isRecord(parameters['properties']) ? parameters['properties'] : {};
};

/** The first property of a tool's arguments whose name matches, else the first string property, else `fallback`. */
const propertyNamed = (tool: OfferedTool, pattern: RegExp, fallback: string): string => {
  const properties = propertiesOf(tool);
  const keys = Object.keys(properties);
  return (
    keys.find((key) => pattern.test(key)) ??
    keys.find((key) => {
      const property = properties[key];
      return isRecord(property) && property['type'] === 'string';
    }) ??
    fallback
  );
};

/** The tool name a bridge call names in its arguments. */
const bridgedName = (call: SeenCall, bridge: OfferedTool | undefined): string | undefined => {
  const args = typeof call.arguments === 'string' ? parseObject(call.arguments) : call.arguments;
  if (!isRecord(args)) return undefined;
  const key = bridge === undefined ? 'name' : propertyNamed(bridge, /^(?:tool_?name|name|tool)$/i, 'name');
  const value = args[key] ?? args['name'] ?? args['tool_name'] ?? args['toolName'];
  return typeof value === 'string' ? value : undefined;
};

const parseObject = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** Every text of the request, where a deferred or bridged tool's full name may be found. */
const allText = (conversation: Conversation) =>
  [
    conversation.system,
    ...conversation.turns.map((turn) => turn.text),
    ...conversation.tools.map((tool) => tool.description ?? ''),
  ].join('\n');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The full name a client gives a deferred tool (`mcp__lab__echo`), found in the request's text; the tool's own name else. */
const qualifiedName = (tool: string, conversation: Conversation): string => {
  const found = new RegExp(`(?<![\\w-])((?:mcp__[\\w-]+?__|[\\w-]+__)${escapeRegExp(tool)})(?![\\w-])`).exec(
    allText(conversation),
  );
  return found?.[1] ?? tool;
};

/** A tool that can be called for the scenario tool, as the client offered it. */
const offeredFor = (tool: string, direct: readonly OfferedTool[], tools: readonly string[]): OfferedTool | undefined =>
  direct.find((offered) => offered.name === tool && offered.namespace !== undefined) ??
  direct.find((offered) => offered.name === tool) ??
  direct.find((offered) => ownerOf(offered.name, tools) === tool);

/**
 * Where the script stands: the index of the next scenario call, whether a search for it has been
 * made, and whether the client was given its further turn for it (a late tool).
 */
interface Progress {
  next: number;
  searched: boolean;
  waited: boolean;
}

/**
 * Replays the conversation's calls against the script: each call that names the next scenario tool
 * (directly or through the bridge) moves on; a search marks the next one as searched for; a call of
 * an earlier scenario tool while a late one is wanted is the further turn, after which the search
 * may be made again. A scenario tool that cannot be reached (not offered, no bridge, not found by a
 * search, and no further turn left) is skipped, the same way on every request.
 */
const progressOf = (
  script: TurnScript,
  calls: readonly SeenCall[],
  reachable: (index: number, progress: Progress) => boolean,
  bridge: OfferedTool | undefined,
): Progress => {
  const tools = script.calls.map((call) => call.tool);
  const at: Progress = { next: 0, searched: false, waited: false };
  const skip = () => {
    while (at.next < script.calls.length && !reachable(at.next, at))
      Object.assign(at, { next: at.next + 1, searched: false, waited: false });
  };
  for (const call of calls) {
    skip();
    const wanted = script.calls[at.next];
    if (wanted === undefined) break;
    if (isSearch(call.name)) {
      at.searched = true;
      continue;
    }
    const name = isBridge(call.name) ? bridgedName(call, bridge) : call.name;
    const owner = name === undefined ? undefined : ownerOf(name, tools);
    if (owner === wanted.tool) Object.assign(at, { next: at.next + 1, searched: false, waited: false });
    else if (owner !== undefined && wanted.late === true) Object.assign(at, { searched: false, waited: true });
  }
  skip();
  return at;
};

/** The URI a reading call names in its arguments, where it names one. */
const readUri = (call: SeenCall): string | undefined => {
  const args = typeof call.arguments === 'string' ? parseObject(call.arguments) : call.arguments;
  if (!isRecord(args)) return undefined;
  const key = Object.keys(args).find((name) => /uri/i.test(name));
  const value = key === undefined ? undefined : args[key];
  return typeof value === 'string' ? value : undefined;
};

/** The argument names a reader takes for the URI and the server, from its schema's properties. */
const readArguments = (properties: Record<string, unknown>, uri: string, server: string | undefined) => {
  const keys = Object.keys(properties);
  const uriKey = keys.find((key) => /uri/i.test(key)) ?? 'uri';
  const serverKey = keys.find((key) => /server/i.test(key));
  return { ...(serverKey === undefined || server === undefined ? {} : { [serverKey]: server }), [uriKey]: uri };
};

/** The reading call for a resource: the URI under the reader's URI property, the server's name under its server property. */
const readCall = (reader: OfferedTool, uri: string, server: string | undefined, id: string): PlannedCall => ({
  id,
  name: reader.name,
  ...(reader.namespace === undefined ? {} : { namespace: reader.namespace }),
  arguments: readArguments(propertiesOf(reader), uri, server),
});

/** The argument property a bridge tool passes the bridged tool's arguments in. */
const bridgeArgsKey = (bridge: OfferedTool): string =>
  Object.keys(propertiesOf(bridge)).find((key) =>
    /^(?:arguments|args|params|parameters|input|tool_?input|tool_?args)$/i.test(key),
  ) ?? 'arguments';

/** The arguments a bridge call passed its tool. */
const bridgedArguments = (call: SeenCall, bridge: OfferedTool | undefined): unknown => {
  const args = typeof call.arguments === 'string' ? parseObject(call.arguments) : call.arguments;
  if (!isRecord(args)) return undefined;
  const inner = args[bridge === undefined ? 'arguments' : bridgeArgsKey(bridge)] ?? args['arguments'] ?? args['args'];
  return typeof inner === 'string' ? parseObject(inner) : inner;
};

/**
 * The properties of a tool's schema as a tool search described it in its result (a JSON document
 * naming the tool, or one per tool inside `<function>` tags), where the conversation holds one: a
 * bridged tool is called with them.
 */
const describedProperties = (conversation: Conversation, name: string): Record<string, unknown> => {
  for (const turn of [...conversation.turns].reverse()) {
    if (turn.role !== 'tool' || !turn.text.includes(name)) continue;
    // The result is a JSON document, or holds one per tool (Qwen Code: `<function>{…}</function>`).
    const documents = [turn.text, ...[...turn.text.matchAll(/<function>([\s\S]*?)<\/function>/g)].map((match) => match[1] ?? '')];
    const found = documents.map(parseObject).flatMap(function objects(value: unknown): Record<string, unknown>[] {
      if (Array.isArray(value)) return value.flatMap(objects);
      if (!isRecord(value)) return [];
      return [value, ...Object.values(value).flatMap(objects)];
    });
    const schema = found.find(
      (object) => isRecord(object['properties']) && Object.keys(object['properties']).some((key) => /uri/i.test(key)),
    );
    if (schema !== undefined && isRecord(schema['properties'])) return schema['properties'];
  }
  return {};
};

/**
 * After the scenario's calls: the next resource of `reads` through the client's own reading tool
 * (found by a search first where the client defers it, and called through its bridge tool where the
 * search does not make it a tool of its own), or undefined where every read is made or the client
 * offers no reader.
 */
const readAnswer = (
  script: TurnScript,
  conversation: Conversation,
  calls: readonly SeenCall[],
  search: OfferedTool | undefined,
  bridge: OfferedTool | undefined,
): Answer | undefined => {
  const reads = script.reads ?? [];
  const reader = conversation.tools.find((tool) => isResourceReader(tool.name));
  // A read through the bridge counts until the reader is offered as a tool of its own: then it is
  // read directly, with the arguments its schema names (Qwen Code 0.24.4 offers it after the search).
  const made = calls.flatMap((call) => {
    if (isResourceReader(call.name)) return [readUri(call)];
    const bridged = reader === undefined && isBridge(call.name) ? bridgedName(call, bridge) : undefined;
    return bridged !== undefined && isResourceReader(bridged)
      ? [readUri({ ...call, arguments: bridgedArguments(call, bridge) })]
      : [];
  });
  const uri = reads.find((item) => !made.includes(item));
  // A client that defers its reader names it only in the request's text (Claude Code lists deferred tools there).
  const name = reader?.name ?? readerNamed.exec(allText(conversation))?.[1];
  if (uri === undefined || name === undefined) return undefined;
  const id = String(calls.length + 1);
  const searchedFor = calls.some((call) => isSearch(call.name) && JSON.stringify(call.arguments).includes(name));
  if ((reader === undefined || reader.deferred === true) && search !== undefined && !searchedFor) {
    const key = propertyNamed(search, /^(?:query|q|search|keywords?)$/i, 'query');
    const selects =
      /select:/.test(`${search.description ?? ''}${JSON.stringify(search.parameters ?? {})}`) || search.name === 'ToolSearch';
    return {
      kind: 'call',
      reason: 'search',
      call: { id, name: search.name, arguments: { [key]: selects ? `select:${name}` : name } },
    };
  }
  if (reader !== undefined) return { kind: 'call', reason: 'read', call: readCall(reader, uri, script.server, id) };
  if (bridge === undefined) return undefined;
  const nameKey = propertyNamed(bridge, /^(?:tool_?name|name|tool)$/i, 'name');
  const inner = readArguments(describedProperties(conversation, name), uri, script.server);
  const argsProperty = propertiesOf(bridge)[bridgeArgsKey(bridge)];
  const asText = isRecord(argsProperty) && argsProperty['type'] === 'string';
  return {
    kind: 'call',
    reason: 'read',
    call: {
      id,
      name: bridge.name,
      arguments: { [nameKey]: name, [bridgeArgsKey(bridge)]: asText ? JSON.stringify(inner) : inner },
    },
  };
};

/** A side request's answer, where the request is one: JSON under a schema, a title, or text for a request without tools. */
const sideAnswer = (conversation: Conversation): Answer | undefined => {
  if (conversation.json !== undefined)
    return { kind: 'text', reason: 'json', text: JSON.stringify(schemaInstance(conversation.json.schema)) };
  if (conversation.tools.length > 0) return undefined;
  const text = `${conversation.system}\n${conversation.turns.map((turn) => turn.text).join('\n')}`;
  if (/\btitle\b/i.test(text)) {
    // A title request that asks for JSON in words (no schema) gets JSON; one that does not, a line.
    return { kind: 'text', reason: 'title', text: /\bjson\b/i.test(text) ? JSON.stringify({ title: titleText }) : titleText };
  }
  return { kind: 'text', reason: 'text', text: sampledText };
};

/** The next answer to one request: the next scenario call under the client's name for it, a step towards it, or text. */
export const nextAnswer = (script: TurnScript, conversation: Conversation): Answer => {
  const side = sideAnswer(conversation);
  if (side !== undefined) return side;
  const tools = script.calls.map((call) => call.tool);
  const search = conversation.tools.find((tool) => tool.namespace === undefined && isSearch(tool.name));
  const bridge = conversation.tools.find((tool) => tool.namespace === undefined && isBridge(tool.name));
  const direct = conversation.tools.filter((tool) => tool !== search && tool !== bridge);
  /** The offered tool for a scenario call, where it can be called now: a deferred one only after a search. */
  const callable = (tool: string, searched: boolean) => {
    const offered = offeredFor(tool, direct, tools);
    return offered !== undefined && (offered.deferred !== true || searched || search === undefined) ? offered : undefined;
  };
  /** The previous scenario tool, called again as the further turn a late tool gets, where it is callable. */
  const furtherTurn = (index: number) => {
    const previous = script.calls[index - 1];
    return script.calls[index]?.late === true && previous !== undefined ? callable(previous.tool, true) : undefined;
  };
  const reachable = (index: number, { searched, waited }: Progress) =>
    callable(script.calls[index]?.tool ?? '', searched) !== undefined ||
    bridge !== undefined ||
    (search !== undefined && !searched) ||
    (!waited && furtherTurn(index) !== undefined);
  const calls = conversation.turns.filter((turn) => turn.role === 'assistant').flatMap((turn) => turn.calls);
  const { next, searched } = progressOf(script, calls, reachable, bridge);
  const wanted = script.calls[next];
  if (wanted === undefined)
    return readAnswer(script, conversation, calls, search, bridge) ?? { kind: 'text', reason: 'finish', text: script.finish };
  const id = String(calls.length + 1);
  const offered = callable(wanted.tool, searched);
  if (offered !== undefined) {
    const call: PlannedCall = {
      id,
      name: offered.name,
      ...(offered.namespace === undefined ? {} : { namespace: offered.namespace }),
      arguments: wanted.arguments,
    };
    return { kind: 'call', reason: 'call', call };
  }
  if (search !== undefined && !searched) {
    const key = propertyNamed(search, /^(?:query|q|search|keywords?)$/i, 'query');
    // Claude Code's ToolSearch loads a deferred tool by its exact name with `select:`; other searches take words.
    const selects =
      /select:/.test(`${search.description ?? ''}${JSON.stringify(search.parameters ?? {})}`) || search.name === 'ToolSearch';
    const full = offeredFor(wanted.tool, direct, tools)?.name ?? qualifiedName(wanted.tool, conversation);
    const query = selects ? `select:${full}` : wanted.tool;
    return { kind: 'call', reason: 'search', call: { id, name: search.name, arguments: { [key]: query } } };
  }
  const again = bridge === undefined ? furtherTurn(next) : undefined;
  if (again !== undefined) {
    const previous = script.calls[next - 1];
    const call: PlannedCall = {
      id,
      name: again.name,
      ...(again.namespace === undefined ? {} : { namespace: again.namespace }),
      arguments: previous?.arguments ?? {},
    };
    return { kind: 'call', reason: 'again', call };
  }
  // Only a bridge is left (reachable() skipped every other case).
  const via = bridge as OfferedTool;
  const nameKey = propertyNamed(via, /^(?:tool_?name|name|tool)$/i, 'name');
  const argsKey =
    Object.keys(propertiesOf(via)).find((key) =>
      /^(?:arguments|args|params|parameters|input|tool_?input|tool_?args)$/i.test(key),
    ) ?? 'arguments';
  const argsProperty = propertiesOf(via)[argsKey];
  const asText = isRecord(argsProperty) && argsProperty['type'] === 'string';
  return {
    kind: 'call',
    reason: 'bridge',
    call: {
      id,
      name: via.name,
      arguments: {
        [nameKey]: qualifiedName(wanted.tool, conversation),
        [argsKey]: asText ? JSON.stringify(wanted.arguments) : wanted.arguments,
      },
    },
  };
};
