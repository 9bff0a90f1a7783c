/**
 * What a server author gives the server check: their server's `initialize` result and list results
 * (pasted, in a file, or asked of the running server), and optionally sample tool results and the
 * server→client requests the server makes. Read leniently (a JSON-RPC response is unwrapped to its
 * `result`), but every part the check relies on is checked for its shape, with a path to each problem.
 */
import { isRecord } from '../mcp/json.ts';

/** A tool as the check needs it. */
export interface ToolInfo {
  name: string;
  title?: string;
  readOnly: boolean;
  destructive: boolean;
  hasOutputSchema: boolean;
}

/** What one sample tool result carries. */
export interface ResultInfo {
  tool: string;
  text: boolean;
  structured: boolean;
  image: boolean;
  resourceLink: boolean;
  resource: boolean;
  isError: boolean;
}

/** The server requests a check knows (`uses`), as feature ids under `server-requests.`. */
export const serverRequestUses = ['roots', 'sampling', 'elicitation.form', 'elicitation.url'] as const;
export type ServerRequestUse = (typeof serverRequestUses)[number];

/** The server, as the check reads it. */
export interface ServerDescription {
  name?: string;
  instructions?: string;
  listChanged: boolean;
  tools: ToolInfo[];
  prompts: number;
  resources: number;
  results: ResultInfo[];
  uses: ServerRequestUse[];
}

/** A problem with the input's shape: where (a JSON path) and what. */
export interface InputProblem {
  path: string;
  message: string;
}

export type ServerRead = { ok: true; server: ServerDescription } | { ok: false; problems: InputProblem[] };

/** A JSON-RPC response's `result`, or the value itself. */
const unwrap = (value: unknown): unknown =>
  isRecord(value) && value['jsonrpc'] === '2.0' && 'result' in value ? value['result'] : value;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

const blockTypes = (content: unknown): Set<string> =>
  new Set(
    Array.isArray(content)
      ? content.flatMap((block) => (isRecord(block) && typeof block['type'] === 'string' ? [block['type']] : []))
      : [],
  );

/** Reads the check's input object: `{ initialize, tools?, prompts?, resources?, results?, uses? }`. */
export const readServerInput = (input: unknown): ServerRead => {
  const problems: InputProblem[] = [];
  if (!isRecord(input))
    return {
      ok: false,
      problems: [{ path: '$', message: 'expected an object with "initialize" (and "tools", "prompts", "resources")' }],
    };
  const known = new Set(['initialize', 'tools', 'prompts', 'resources', 'results', 'uses']);
  for (const key of Object.keys(input)) {
    if (!known.has(key))
      problems.push({ path: `$.${key}`, message: `unknown part "${key}": expected one of ${[...known].join(', ')}` });
  }
  const initialize = unwrap(input['initialize']);
  if (!isRecord(initialize))
    problems.push({
      path: '$.initialize',
      message: 'expected the initialize result (an object with "capabilities" and "serverInfo")',
    });
  const init = isRecord(initialize) ? initialize : {};
  const capabilities = isRecord(init['capabilities']) ? init['capabilities'] : {};
  if (isRecord(initialize) && !isRecord(init['capabilities']))
    problems.push({ path: '$.initialize.capabilities', message: 'expected an object' });
  const instructions = init['instructions'];
  if (instructions !== undefined && typeof instructions !== 'string')
    problems.push({ path: '$.initialize.instructions', message: 'expected a string' });

  const listOf = (part: 'tools' | 'prompts' | 'resources'): unknown[] => {
    const value = unwrap(input[part]);
    if (value === undefined) return [];
    const list = Array.isArray(value) ? value : isRecord(value) ? value[part] : undefined;
    if (!Array.isArray(list)) {
      problems.push({ path: `$.${part}`, message: `expected the ${part}/list result (an object with a "${part}" array)` });
      return [];
    }
    return list;
  };

  const tools = listOf('tools').flatMap((tool, index): ToolInfo[] => {
    const path = `$.tools.tools[${index}]`;
    if (!isRecord(tool) || typeof tool['name'] !== 'string' || tool['name'] === '') {
      problems.push({ path: `${path}.name`, message: 'expected a tool with a non-empty "name"' });
      return [];
    }
    const annotations = isRecord(tool['annotations']) ? tool['annotations'] : {};
    const title = text(tool['title']) ?? text(annotations['title']);
    return [
      {
        name: tool['name'],
        ...(title === undefined ? {} : { title }),
        readOnly: annotations['readOnlyHint'] === true,
        // The spec's default for destructiveHint is true where readOnlyHint is false.
        destructive: annotations['readOnlyHint'] !== true && annotations['destructiveHint'] !== false,
        hasOutputSchema: isRecord(tool['outputSchema']),
      },
    ];
  });
  const prompts = listOf('prompts').length;
  const resources = listOf('resources').length;

  const results: ResultInfo[] = [];
  const rawResults = input['results'];
  if (rawResults !== undefined) {
    if (!isRecord(rawResults))
      problems.push({ path: '$.results', message: 'expected an object of tool name → tools/call result' });
    else
      for (const [tool, raw] of Object.entries(rawResults)) {
        const result = unwrap(raw);
        if (!isRecord(result)) {
          problems.push({ path: `$.results.${tool}`, message: 'expected a tools/call result (an object with "content")' });
          continue;
        }
        const types = blockTypes(result['content']);
        results.push({
          tool,
          text: types.has('text'),
          structured: 'structuredContent' in result && result['structuredContent'] !== undefined,
          image: types.has('image'),
          resourceLink: types.has('resource_link'),
          resource: types.has('resource'),
          isError: result['isError'] === true,
        });
      }
  }

  const uses: ServerRequestUse[] = [];
  const rawUses = input['uses'];
  if (rawUses !== undefined) {
    if (!Array.isArray(rawUses)) problems.push({ path: '$.uses', message: `expected a list of ${serverRequestUses.join(', ')}` });
    else
      rawUses.forEach((use, index) => {
        const known = serverRequestUses.find((name) => name === use);
        if (known === undefined)
          problems.push({
            path: `$.uses[${index}]`,
            message: `expected one of ${serverRequestUses.join(', ')}, got ${JSON.stringify(use)}`,
          });
        else uses.push(known);
      });
  }

  if (problems.length > 0) return { ok: false, problems };
  const serverInfo = isRecord(init['serverInfo']) ? init['serverInfo'] : {};
  const name = text(serverInfo['name']);
  const toolsCapability = isRecord(capabilities['tools']) ? capabilities['tools'] : {};
  return {
    ok: true,
    server: {
      ...(name === undefined ? {} : { name }),
      ...(typeof instructions === 'string' && instructions.trim() !== '' ? { instructions } : {}),
      listChanged: toolsCapability['listChanged'] === true,
      tools,
      prompts,
      resources,
      results,
      uses,
    },
  };
};
