/**
 * What each model API the lab's clients call accepts as a tool's name, as the API's own
 * documentation states it (read at the commit or on the day named): the longest name and the
 * characters it allows. A client that passes a server's tool on under a longer name, or one with
 * other characters, sends a request the API's documentation says it refuses. Where the
 * documentation states no limit, none is assumed. One rule per API the capture schema lists (the
 * readers and writers of each are in src/lib/lab/model-apis/; the server check's page loads only this, and
 * the long-tool-names judge reads it).
 */
import type { modelApis } from '../../schema/capture.ts';

type ModelApiName = (typeof modelApis)[number];

/** One model API's rule for tool names, with where it is written. */
export interface ToolNameRule {
  /** The API, as a capture header's `model` names it. */
  api: ModelApiName;
  /** Its name for people. */
  title: string;
  /** The longest tool name it accepts, where its documentation states one. */
  maxLength?: number;
  /** The characters it accepts, as a character class, where its documentation states them. */
  characters?: RegExp;
  /** The characters in words, for a finding. */
  charactersText?: string;
  /** Where the rule is written. */
  source: { title: string; url: string; commit?: string; path?: string; date: string };
}

/** The rules, by API: an API the capture schema lists and this file does not does not compile. */
const rules = {
  'anthropic-messages': {
    api: 'anthropic-messages',
    title: 'Anthropic Messages API',
    maxLength: 64,
    characters: /^[a-zA-Z0-9_-]*$/,
    charactersText: 'letters, digits, `_` and `-`',
    source: {
      title: 'Claude API docs, "Define tools": a tool name must match ^[a-zA-Z0-9_-]{1,64}$',
      url: 'https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools',
      date: '2026-12-07',
    },
  },
  'openai-chat': {
    api: 'openai-chat',
    title: 'OpenAI Chat Completions API',
    maxLength: 64,
    characters: /^[a-zA-Z0-9_-]*$/,
    charactersText: 'letters, digits, `_` and `-`',
    source: {
      title: 'OpenAI OpenAPI description, FunctionObject.name: letters, digits, underscores and dashes, at most 64',
      url: 'https://github.com/openai/openai-openapi/blob/f85dbe223d40e1a31cba812ab2d755c7e98a92a3/openapi.yaml#L40629-L40632',
      commit: 'f85dbe223d40e1a31cba812ab2d755c7e98a92a3',
      path: 'openapi.yaml:40629-40632',
      date: '2026-08-21',
    },
  },
  'openai-responses': {
    api: 'openai-responses',
    title: 'OpenAI Responses API',
    source: {
      title: 'OpenAI OpenAPI description, FunctionTool.name: no length or characters stated',
      url: 'https://github.com/openai/openai-openapi/blob/f85dbe223d40e1a31cba812ab2d755c7e98a92a3/openapi.yaml#L68569-L68580',
      commit: 'f85dbe223d40e1a31cba812ab2d755c7e98a92a3',
      path: 'openapi.yaml:68569-68580',
      date: '2026-08-21',
    },
  },
  gemini: {
    api: 'gemini',
    title: 'Gemini API',
    maxLength: 64,
    characters: /^[a-zA-Z0-9_:.-]*$/,
    charactersText: 'letters, digits, `_`, `:`, `.` and `-`',
    source: {
      title:
        'Gemini API (generativelanguage v1beta), FunctionDeclaration.name: letters, digits, underscores, colons, dots and dashes, at most 64',
      url: 'https://github.com/googleapis/googleapis/blob/f8291d2b89f0017ab078a4c7378069bae5686f6f/google/ai/generativelanguage/v1beta/content.proto#L530-L533',
      commit: 'f8291d2b89f0017ab078a4c7378069bae5686f6f',
      path: 'google/ai/generativelanguage/v1beta/content.proto:530-533',
      date: '2026-08-22',
    },
  },
} as const satisfies Record<ModelApiName, ToolNameRule>;

/** The rule of an API named in published data, where it is one the lab knows. */
export const toolNameRules: Readonly<Record<string, ToolNameRule | undefined>> = rules;
