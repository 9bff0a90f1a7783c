/**
 * The server check's state in the page's URL, so a result can be shared: the pasted JSON,
 * compressed (`deflate-raw`) and written as base64url in the fragment, which browsers never send to
 * a server. A real server's list is long (GitHub's MCP server lists 128 KB of tools, mostly their
 * descriptions), so where the whole text would make a link longer than links survive, the fragment
 * holds what the check reads of it instead: every part a finding rests on (tool names, annotations,
 * task support, schema keywords, which results carry which blocks), descriptions and the rest left
 * out. That reduced input is itself valid input, and gives the same findings.
 */
import { isRecord } from '../mcp/json.ts';
import { keywordsOf } from './tool-names.ts';

/** Longest fragment written: links longer than this break in mail, chats and some browsers. */
export const MAX_SHARED = 6000;

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): Uint8Array => {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

const through = async (bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> =>
  new Uint8Array(await new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream)).arrayBuffer());

const compress = async (text: string): Promise<string> =>
  toBase64Url(await through(new TextEncoder().encode(text), new CompressionStream('deflate-raw')));

/** A JSON-RPC response's `result`, or the value itself. */
const unwrap = (value: unknown): unknown =>
  isRecord(value) && value['jsonrpc'] === '2.0' && 'result' in value ? value['result'] : value;

/** A schema with the same keywords, each once, and the same required arguments: what the check reads of it. */
const schemaSkeleton = (schema: unknown): Record<string, unknown> => {
  const required = isRecord(schema) && Array.isArray(schema['required']) ? schema['required'] : [];
  const skeleton: Record<string, unknown> = { type: 'object' };
  for (const keyword of keywordsOf(schema))
    if (!(keyword in skeleton)) skeleton[keyword] = keyword === 'required' ? required : keyword === 'properties' ? {} : true;
  return skeleton;
};

const reducedTool = (tool: unknown): unknown => {
  if (!isRecord(tool)) return tool;
  const annotations = isRecord(tool['annotations']) ? tool['annotations'] : {};
  const execution = isRecord(tool['execution']) ? tool['execution'] : {};
  return {
    name: tool['name'],
    inputSchema: schemaSkeleton(tool['inputSchema']),
    ...(isRecord(tool['outputSchema']) ? { outputSchema: { type: 'object' } } : {}),
    ...(annotations['readOnlyHint'] === true ? { annotations: { readOnlyHint: true } } : {}),
    ...(typeof execution['taskSupport'] === 'string' ? { execution: { taskSupport: execution['taskSupport'] } } : {}),
  };
};

/** A list part (one result, or its pages) with each item reduced; the last page's cursor kept, since it says a page is missing. */
const reducedList = (value: unknown, key: string, item: (entry: unknown) => unknown): unknown => {
  const pages = Array.isArray(value) ? value.map(unwrap) : [unwrap(value)];
  const reduced = pages.map((page) =>
    isRecord(page) && Array.isArray(page[key])
      ? { [key]: (page[key] as unknown[]).map(item), ...(typeof page['nextCursor'] === 'string' ? { nextCursor: 'more' } : {}) }
      : page,
  );
  return Array.isArray(value) ? reduced : reduced[0];
};

const reducedResult = (result: unknown): unknown => {
  const value = unwrap(result);
  if (!isRecord(value)) return value;
  return {
    content: Array.isArray(value['content'])
      ? (value['content'] as unknown[]).map((block) =>
          isRecord(block) && typeof block['type'] === 'string' ? { type: block['type'] } : block,
        )
      : [],
    ...('structuredContent' in value && value['structuredContent'] !== undefined ? { structuredContent: {} } : {}),
    ...(value['isError'] === true ? { isError: true } : {}),
  };
};

/** What the check reads of an input, as input: the same findings from a fraction of the text. */
export const reducedInput = (input: unknown): unknown => {
  if (!isRecord(input)) return input;
  const init = unwrap(input['initialize']);
  const out: Record<string, unknown> = {};
  if (isRecord(init)) {
    const serverInfo = isRecord(init['serverInfo']) ? init['serverInfo'] : {};
    out['initialize'] = {
      capabilities: init['capabilities'],
      serverInfo: { name: serverInfo['name'] },
      ...(typeof init['instructions'] === 'string' ? { instructions: init['instructions'].slice(0, 200) } : {}),
    };
  } else out['initialize'] = init;
  if (input['tools'] !== undefined) out['tools'] = reducedList(input['tools'], 'tools', reducedTool);
  for (const part of ['prompts', 'resources'] as const)
    if (input[part] !== undefined)
      out[part] = reducedList(input[part], part, (entry) => (isRecord(entry) ? { name: entry['name'] } : entry));
  if (isRecord(input['results']))
    out['results'] = Object.fromEntries(Object.entries(input['results']).map(([tool, result]) => [tool, reducedResult(result)]));
  for (const part of ['uses', 'auth'] as const) if (input[part] !== undefined) out[part] = input[part];
  return out;
};

/** What a shared link holds: the text itself, or what the check reads of it where the text is too long to share. */
export interface Shared {
  value: string;
  reduced: boolean;
}

/**
 * The fragment's value for a text: the whole text where it fits in `MAX_SHARED`, else the reduced
 * input's JSON where that fits; undefined where neither does.
 */
export const encodeShared = async (text: string, parsed?: unknown): Promise<Shared | undefined> => {
  const whole = await compress(text);
  if (whole.length <= MAX_SHARED) return { value: whole, reduced: false };
  if (parsed === undefined) return undefined;
  const reduced = await compress(JSON.stringify(reducedInput(parsed), null, 1));
  return reduced.length <= MAX_SHARED ? { value: reduced, reduced: true } : undefined;
};

/** The text a fragment's value holds, or undefined where it is not one this page wrote. */
export const decodeShared = async (value: string): Promise<string | undefined> => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(
      await through(fromBase64Url(value), new DecompressionStream('deflate-raw')),
    );
  } catch {
    return undefined;
  }
};
