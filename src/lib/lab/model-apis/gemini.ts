/**
 * Gemini (`POST /v1beta/models/<model>:generateContent`, `:streamGenerateContent` with `?alt=sse`
 * or as one JSON array, and `:countTokens`): `systemInstruction`, `contents` (parts with `text`,
 * `functionCall`, `functionResponse`) and `tools[].functionDeclarations` read into a
 * conversation; answers as one `GenerateContentResponse`, or as `data:` events of them.
 */
import type { Conversation, OfferedTool, Turn } from '../model/conversation.ts';
import { isRecord } from '../../mcp/json.ts';
import { jsonWritten, listOf, MODEL_ID, sseEvents, textOf, type ApiPath, type ModelApi, type Written } from './api.ts';

const partsOf = (content: unknown): Record<string, unknown>[] =>
  isRecord(content) && Array.isArray(content['parts']) ? content['parts'].filter(isRecord) : [];

const turnsOf = (contents: unknown[]): Turn[] =>
  contents.filter(isRecord).flatMap((content): Turn[] => {
    const parts = partsOf(content);
    const text = parts
      .filter((part) => typeof part['text'] === 'string' && part['thought'] !== true)
      .map((part) => String(part['text']))
      .join('\n');
    if (content['role'] === 'model') {
      const calls = parts
        .map((part) => part['functionCall'])
        .filter(isRecord)
        .map((call) => ({
          ...(typeof call['id'] === 'string' ? { id: call['id'] } : {}),
          name: typeof call['name'] === 'string' ? call['name'] : '',
          arguments: call['args'] ?? {},
        }));
      return [{ role: 'assistant', text, calls }];
    }
    const responses = parts.map((part) => part['functionResponse']).filter(isRecord);
    return [
      ...(responses.length > 0
        ? [{ role: 'tool' as const, text: responses.map((response) => textOf(response['response'])).join('\n'), calls: [] }]
        : []),
      ...(text !== '' || responses.length === 0 ? [{ role: 'user' as const, text, calls: [] }] : []),
    ];
  });

const toolsOf = (tools: unknown): OfferedTool[] =>
  listOf(tools)
    .filter(isRecord)
    .flatMap((tool) => listOf(tool['functionDeclarations']))
    .filter(isRecord)
    .flatMap((fn) =>
      typeof fn['name'] === 'string'
        ? [
            {
              name: fn['name'],
              ...(typeof fn['description'] === 'string' ? { description: fn['description'] } : {}),
              ...(fn['parametersJsonSchema'] !== undefined
                ? { parameters: fn['parametersJsonSchema'] }
                : fn['parameters'] !== undefined
                  ? { parameters: fn['parameters'] }
                  : {}),
            },
          ]
        : [],
    );

/** JSON asked for under `generationConfig`: `responseJsonSchema` or `responseSchema`, or a JSON MIME type alone. */
const schemaOf = (body: Record<string, unknown>): { schema: unknown } | undefined => {
  const config = isRecord(body['generationConfig']) ? body['generationConfig'] : {};
  const schema = config['responseJsonSchema'] ?? config['responseSchema'];
  if (schema !== undefined) return { schema };
  return config['responseMimeType'] === 'application/json' ? { schema: {} } : undefined;
};

const read = (body: Record<string, unknown>): Conversation | string => {
  if (!Array.isArray(body['contents'])) return 'contents: expected a list of contents';
  const system = body['systemInstruction'] ?? body['system_instruction'];
  const json = schemaOf(body);
  return {
    system: partsOf(system).map(textOf).join('\n') || (typeof system === 'string' ? system : ''),
    turns: turnsOf(body['contents']),
    tools: toolsOf(body['tools']),
    ...(json === undefined ? {} : { json }),
  };
};

/**
 * What a Gemini path asks for: the model and the method are in the path, and a stream goes as SSE
 * only with `alt=sse` (else as one JSON array); undefined where it is not a Gemini model path.
 */
const geminiPath = (url: URL): ApiPath | undefined => {
  const match = /^\/v1(?:beta|alpha)?\d*\/models\/([^/:]+):(generateContent|streamGenerateContent|countTokens)$/.exec(
    url.pathname,
  );
  if (match === null) return undefined;
  const model = decodeURIComponent(match[1] ?? '');
  if (match[2] === 'countTokens') return { asks: 'count', model };
  return { asks: 'generate', model, stream: match[2] === 'streamGenerateContent', sse: url.searchParams.get('alt') === 'sse' };
};

const geminiModel = (name: string) => ({
  name: `models/${name}`,
  displayName: 'canimcp stand-in model',
  inputTokenLimit: 1_000_000,
  outputTokenLimit: 65_536,
  supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
});

/** The listing of the one model at `/v1beta/models` and `/v1beta/models/<id>`. */
const geminiModels = (pathname: string): Written | undefined => {
  if (/^\/v1(?:beta|alpha)?\/models$/.test(pathname)) return jsonWritten(200, { models: [geminiModel(MODEL_ID)] });
  const one = /^\/v1(?:beta|alpha)?\/models\/([^/:]+)$/.exec(pathname);
  return one === null ? undefined : jsonWritten(200, geminiModel(decodeURIComponent(one[1] ?? MODEL_ID)));
};

/** Gemini, as the stand-in model answers it: whether it streams, and how, comes from the path (geminiPath). */
export const gemini: ModelApi = {
  name: 'gemini',
  path: geminiPath,
  models: geminiModels,
  read,
  streams: () => false,
  answer: (answer, { model, stream, serial, inputTokens, path }) => {
    const part =
      answer.kind === 'call' ? { functionCall: { name: answer.call.name, args: answer.call.arguments } } : { text: answer.text };
    const response = {
      candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: inputTokens, candidatesTokenCount: 8, totalTokenCount: inputTokens + 8 },
      modelVersion: model,
      responseId: `standin-${serial}`,
    };
    if (!stream) return jsonWritten(200, response);
    return path.sse === false ? jsonWritten(200, [response]) : sseEvents([[undefined, response]]);
  },
  count: (tokens) => jsonWritten(200, { totalTokens: tokens }),
  error: (status, message) =>
    jsonWritten(status, {
      error: {
        code: status,
        message,
        status: status === 404 ? 'NOT_FOUND' : status === 413 ? 'RESOURCE_EXHAUSTED' : 'INVALID_ARGUMENT',
      },
    }),
};
