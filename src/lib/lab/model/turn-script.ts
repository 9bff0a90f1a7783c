/**
 * The stand-in model's turn script: given a scenario's calls and one request, the next answer.
 * Clients resend the whole conversation every turn, so what has been done is read from the request
 * (which calls the model made, which searches), never kept between requests: the same request gets
 * the same answer, and two clients (or a client's side requests) can share one stand-in model.
 *
 * Each scenario tool is called under the name the client gave it: as the server named it, with a
 * prefix (`mcp__server__tool`, `server__tool`), inside a namespace (Codex's `mcp__server`), after a
 * tool-search step where the client defers MCP tools (Claude Code's `ToolSearch` with
 * `select:<name>`), or through a bridge tool (Qwen Code's `tool_search` / `tool_call`). Side
 * requests (a title, a router asking for JSON under a schema, a summary) and sampling requests that
 * a client forwards from the server get a short answer of the shape they ask for.
 */
import { isRecord } from '../../mcp/json.ts';
import type { Answer, Conversation, OfferedTool, PlannedCall, SeenCall } from './conversation.ts';
import { schemaInstance } from './schema-instance.ts';

/** One call the script makes, by the server's tool name (a scenario's `calls`). */
export interface ScriptCall {
  tool: string;
  arguments: Record<string, unknown>;
}

/** What the stand-in model does in a run: the scenario's calls in order, then its finishing text. */
export interface TurnScript {
  calls: readonly ScriptCall[];
  finish: string;
}

/** The text a request without tools gets: a sampling request the client forwarded, a summary. */
export const sampledText = 'Stand-in model: this is the sampled answer.';
/** The title a session-title side request gets. */
export const titleText = 'Stand-in lab session';

/** Separators clients put between a server's name and its tool's. */
const separators = ['__', '_', '-', '.', '/', ':'];
/** Names of tools that find deferred tools (Claude Code's, Qwen Code's and the like). */
const searchNames = /^(?:ToolSearch|tool_search|search_tools|toolsearch|find_tools)$/i;
/** Names of bridge tools that call another tool by name. */
const bridgeNames = /^(?:tool_call|call_tool|use_tool|invoke_tool|run_tool)$/i;

/** Names as a client may have sanitised them for its model API (only letters, digits, `_` and `-`). */
const sanitise = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '_');

/** Whether an offered or called name stands for the server's tool `tool`. */
const namesTool = (name: string, tool: string): boolean => {
  for (const [a, b] of [
    [name, tool],
    [sanitise(name), sanitise(tool)],
  ] as const) {
    if (a === b) return true;
    if (separators.some((separator) => a.endsWith(`${separator}${b}`))) return true;
  }
  return false;
};

/** The scenario tool a name stands for: the longest that matches, so `long_echo` is not taken for `echo`. */
const ownerOf = (name: string, tools: readonly string[]): string | undefined =>
  tools.filter((tool) => namesTool(name, tool)).sort((a, b) => b.length - a.length)[0];

const isSearch = (name: string) => searchNames.test(name);
const isBridge = (name: string) => bridgeNames.test(name);

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

/** Where the script stands: the index of the next scenario call, and whether a search for it has been made. */
interface Progress {
  next: number;
  searched: boolean;
}

/**
 * Replays the conversation's calls against the script: each call that names the next scenario tool
 * (directly or through the bridge) moves on; a search marks the next one as searched for. A
 * scenario tool that cannot be reached (not offered, no bridge, and not found by a search) is
 * skipped, the same way on every request.
 */
const progressOf = (
  script: TurnScript,
  calls: readonly SeenCall[],
  reachable: (index: number, searched: boolean) => boolean,
  bridge: OfferedTool | undefined,
): Progress => {
  const tools = script.calls.map((call) => call.tool);
  let next = 0;
  let searched = false;
  const skip = () => {
    while (next < script.calls.length && !reachable(next, searched)) {
      next += 1;
      searched = false;
    }
  };
  for (const call of calls) {
    skip();
    const wanted = script.calls[next];
    if (wanted === undefined) break;
    if (isSearch(call.name)) {
      searched = true;
      continue;
    }
    const name = isBridge(call.name) ? bridgedName(call, bridge) : call.name;
    if (name !== undefined && ownerOf(name, tools) === wanted.tool) {
      next += 1;
      searched = false;
    }
  }
  skip();
  return { next, searched };
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
  const reachable = (index: number, searched: boolean) =>
    callable(script.calls[index]?.tool ?? '', searched) !== undefined ||
    bridge !== undefined ||
    (search !== undefined && !searched);
  const calls = conversation.turns.filter((turn) => turn.role === 'assistant').flatMap((turn) => turn.calls);
  const { next, searched } = progressOf(script, calls, reachable, bridge);
  const wanted = script.calls[next];
  if (wanted === undefined) return { kind: 'text', reason: 'finish', text: script.finish };
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
