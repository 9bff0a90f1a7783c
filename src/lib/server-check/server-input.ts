/**
 * What a server author gives the server check: their server's `initialize` result and list results
 * (pasted, in a file, or asked of the running server), and optionally sample tool results, the
 * server→client requests the server makes, and its authorization metadata. Read leniently (a
 * JSON-RPC response is unwrapped to its `result`; a list may be given page by page), but every part
 * the check relies on is checked for its shape, with a path to each problem.
 */
import { isRecord } from '../mcp/json.ts';
import { keywordsOf } from '../evidence/tool-names.ts';
import { registrationWays, type OfferedWays, type RegistrationWay } from './sign-in.ts';

/** A tool as the check needs it. */
export interface ToolInfo {
  name: string;
  readOnly: boolean;
  hasOutputSchema: boolean;
  /** `execution.taskSupport` as listed (`forbidden`, `optional`, `required`), where given. */
  taskSupport?: string;
  /** Whether its input schema requires any argument. */
  requiresArguments: boolean;
  /** The JSON Schema keywords its input schema uses, by name. */
  keywords: string[];
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

/** What the server's authorization metadata says (FORMAT.md's `auth` part). */
export interface AuthInfo {
  /** RFC 9728 protected resource metadata was given: the server asks for OAuth. */
  protectedResource: boolean;
  /** The scopes it names (`scopes_supported`). */
  scopes: string[];
  /** What the authorization server's RFC 8414 metadata offers, where given. */
  authorizationServer?: {
    registration: boolean;
    clientIdMetadataDocument: boolean;
    pkceS256: boolean;
  };
  /** The ways a client may register, as the author listed them (`registration`); the metadata cannot tell of clients registered beforehand. */
  registration?: RegistrationWay[];
  /** The protected-resource metadata is named only in the 401's `resource_metadata`, not at a well-known path. */
  metadataOnlyIn401: boolean;
  /** The authorization server publishes only OpenID Connect discovery (`/.well-known/openid-configuration`). */
  oidcOnly: boolean;
  /** Some tools answer 403 `insufficient_scope`, asking for a scope beyond the first sign-in's. */
  stepUp: boolean;
}

/** The keys of `auth` besides the two metadata documents: what the metadata cannot say. */
export const authTraits = ['registration', 'metadataOnlyIn401', 'oidcOnly', 'stepUp'] as const;

/** The words of `--auth` (and the page's choices), each the `auth` key it sets. */
export const authFlagWords = {
  dcr: ['registration', 'dcr'],
  cimd: ['registration', 'cimd'],
  preregistered: ['registration', 'preregistered'],
  'metadata-in-401': ['metadataOnlyIn401', true],
  'oidc-only': ['oidcOnly', true],
  'step-up': ['stepUp', true],
} as const satisfies Record<string, readonly [(typeof authTraits)[number], RegistrationWay | true]>;

/**
 * `--auth dcr,cimd,step-up` merged into the input's `auth` part: the ways listed become its whole
 * `registration`; an unknown word is an error naming the words known.
 */
export const withAuthFlag = (input: unknown, flag: string): { ok: true; input: unknown } | { ok: false; message: string } => {
  const words = flag
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');
  const known = Object.keys(authFlagWords);
  const unknown = words.find((word) => !Object.hasOwn(authFlagWords, word));
  if (unknown !== undefined) return { ok: false, message: `--auth: unknown word "${unknown}": expected ${known.join(', ')}` };
  const base = isRecord(input) ? input : {};
  const auth: Record<string, unknown> = isRecord(base['auth']) ? { ...base['auth'] } : {};
  const ways: RegistrationWay[] = [];
  for (const word of words) {
    const [key, value] = authFlagWords[word as keyof typeof authFlagWords];
    if (key === 'registration') ways.push(value);
    else auth[key] = true;
  }
  if (ways.length > 0) auth['registration'] = ways;
  return { ok: true, input: { ...base, auth } };
};

/** The server, as the check reads it. */
export interface ServerDescription {
  name?: string;
  instructions?: string;
  listChanged: boolean;
  tools: ToolInfo[];
  /** How the tool list came: in one page, in several (each given), or the first of several (a `nextCursor` with no page after it). */
  toolPages: 'one' | 'several' | 'first';
  prompts: number;
  resources: number;
  results: ResultInfo[];
  uses: ServerRequestUse[];
  auth?: AuthInfo;
}

/** A problem with the input's shape: where (a JSON path) and what. */
export interface InputProblem {
  path: string;
  message: string;
}

export type ServerRead = { ok: true; server: ServerDescription } | { ok: false; problems: InputProblem[] };

/** The parts the input may have (FORMAT.md, "Interfaces scripts rely on"). */
export const inputParts = ['initialize', 'tools', 'prompts', 'resources', 'results', 'uses', 'auth'] as const;

/** A JSON-RPC response's `result`, or the value itself. */
const unwrap = (value: unknown): unknown =>
  isRecord(value) && value['jsonrpc'] === '2.0' && 'result' in value ? value['result'] : value;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []);

const blockTypes = (content: unknown): Set<string> =>
  new Set(
    Array.isArray(content)
      ? content.flatMap((block) => (isRecord(block) && typeof block['type'] === 'string' ? [block['type']] : []))
      : [],
  );

const readAuth = (value: unknown, problems: InputProblem[]): AuthInfo | undefined => {
  if (value === undefined) return undefined;
  if (!isRecord(value)) {
    problems.push({
      path: '$.auth',
      message: 'expected an object with "protectedResource" (RFC 9728 metadata) and "authorizationServer" (RFC 8414 metadata)',
    });
    return undefined;
  }
  const keys = new Set<string>(['protectedResource', 'authorizationServer', ...authTraits]);
  for (const key of Object.keys(value))
    if (!keys.has(key))
      problems.push({
        path: `$.auth.${key}`,
        message: `unknown part "${key}": expected protectedResource, authorizationServer, ${authTraits.join(', ')}`,
      });
  const registration = value['registration'];
  const ways: RegistrationWay[] = [];
  if (registration !== undefined) {
    if (!Array.isArray(registration))
      problems.push({ path: '$.auth.registration', message: `expected a list of ${registrationWays.join(', ')}` });
    else
      registration.forEach((way, index) => {
        const known = registrationWays.find((name) => name === way);
        if (known === undefined)
          problems.push({
            path: `$.auth.registration[${index}]`,
            message: `expected one of ${registrationWays.join(', ')}, got ${JSON.stringify(way)}`,
          });
        else if (!ways.includes(known)) ways.push(known);
      });
  }
  const flag = (key: 'metadataOnlyIn401' | 'oidcOnly' | 'stepUp'): boolean => {
    const given = value[key];
    if (given !== undefined && typeof given !== 'boolean')
      problems.push({ path: `$.auth.${key}`, message: 'expected true or false' });
    return given === true;
  };
  const resource = value['protectedResource'];
  const server = value['authorizationServer'];
  if (resource !== undefined && !isRecord(resource))
    problems.push({ path: '$.auth.protectedResource', message: 'expected the RFC 9728 protected resource metadata (an object)' });
  if (server !== undefined && !isRecord(server))
    problems.push({
      path: '$.auth.authorizationServer',
      message: 'expected the RFC 8414 authorization server metadata (an object)',
    });
  return {
    protectedResource: isRecord(resource),
    scopes: isRecord(resource) ? strings(resource['scopes_supported']) : [],
    ...(isRecord(server)
      ? {
          authorizationServer: {
            registration: typeof server['registration_endpoint'] === 'string',
            clientIdMetadataDocument: server['client_id_metadata_document_supported'] === true,
            pkceS256: strings(server['code_challenge_methods_supported']).includes('S256'),
          },
        }
      : {}),
    ...(registration === undefined ? {} : { registration: ways }),
    metadataOnlyIn401: flag('metadataOnlyIn401'),
    oidcOnly: flag('oidcOnly'),
    stepUp: flag('stepUp'),
  };
};

/** The ways a server offers: as its author listed them, else as its authorization server metadata shows (never a client registered beforehand). */
export const offeredWays = (auth: AuthInfo | undefined): OfferedWays | undefined => {
  if (auth === undefined) return undefined;
  if (auth.registration !== undefined) return { ways: auth.registration, stated: true };
  const server = auth.authorizationServer;
  if (server === undefined) return undefined;
  const ways: RegistrationWay[] = [
    ...(server.registration ? (['dcr'] as const) : []),
    ...(server.clientIdMetadataDocument ? (['cimd'] as const) : []),
  ];
  // Neither offered: a client registered beforehand is the only way left.
  return ways.length === 0 ? { ways: ['preregistered'], stated: true } : { ways, stated: false };
};

/** Reads the check's input object: `{ initialize, tools?, prompts?, resources?, results?, uses?, auth? }`. */
export const readServerInput = (input: unknown): ServerRead => {
  const problems: InputProblem[] = [];
  if (!isRecord(input))
    return {
      ok: false,
      problems: [{ path: '$', message: 'expected an object with "initialize" (and "tools", "prompts", "resources")' }],
    };
  const known = new Set<string>(inputParts);
  for (const key of Object.keys(input)) {
    if (!known.has(key))
      problems.push({ path: `$.${key}`, message: `unknown part "${key}": expected one of ${inputParts.join(', ')}` });
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

  /** A list part: one result, or its pages in order; with whether a page named a next one that is not there. */
  const listOf = (part: 'tools' | 'prompts' | 'resources'): { items: unknown[]; pages: number; cut: boolean } => {
    const value = unwrap(input[part]);
    if (value === undefined) return { items: [], pages: 0, cut: false };
    const pages = Array.isArray(value) && value.every((page) => isRecord(unwrap(page))) ? value.map(unwrap) : [value];
    const items: unknown[] = [];
    let cut = false;
    pages.forEach((page, index) => {
      const list = isRecord(page) ? page[part] : undefined;
      if (!Array.isArray(list)) {
        const where = pages.length === 1 ? `$.${part}` : `$.${part}[${index}]`;
        problems.push({ path: where, message: `expected the ${part}/list result (an object with a "${part}" array)` });
        return;
      }
      items.push(...(list as unknown[]));
      cut = index === pages.length - 1 && isRecord(page) && typeof page['nextCursor'] === 'string';
    });
    return { items, pages: pages.length, cut };
  };

  const toolList = listOf('tools');
  const tools = toolList.items.flatMap((tool, index): ToolInfo[] => {
    const path = `$.tools.tools[${index}]`;
    if (!isRecord(tool) || typeof tool['name'] !== 'string' || tool['name'] === '') {
      problems.push({ path: `${path}.name`, message: 'expected a tool with a non-empty "name"' });
      return [];
    }
    const annotations = isRecord(tool['annotations']) ? tool['annotations'] : {};
    const execution = isRecord(tool['execution']) ? tool['execution'] : {};
    const schema = tool['inputSchema'];
    const taskSupport = text(execution['taskSupport']);
    return [
      {
        name: tool['name'],
        readOnly: annotations['readOnlyHint'] === true,
        hasOutputSchema: isRecord(tool['outputSchema']),
        ...(taskSupport === undefined ? {} : { taskSupport }),
        requiresArguments: isRecord(schema) && strings(schema['required']).length > 0,
        keywords: [...keywordsOf(schema)].sort(),
      },
    ];
  });
  const prompts = listOf('prompts').items.length;
  const resources = listOf('resources').items.length;

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
  const auth = readAuth(input['auth'], problems);

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
      toolPages: toolList.cut ? 'first' : toolList.pages > 1 ? 'several' : 'one',
      prompts,
      resources,
      results,
      uses,
      ...(auth === undefined ? {} : { auth }),
    },
  };
};
