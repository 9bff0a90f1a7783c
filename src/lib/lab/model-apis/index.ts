/**
 * The model APIs the stand-in model answers, one file each, by the name a capture header's `model`
 * and a kit's `model.api` give them. The server asks each, in this order, whether a path is its.
 */
import { anthropicMessages } from './anthropic-messages.ts';
import type { ModelApi, ModelApiName } from './api.ts';
import { gemini } from './gemini.ts';
import { openaiChat } from './openai-chat.ts';
import { openaiResponses } from './openai-responses.ts';

/** Every model API by name: a name the capture schema lists and no file answers does not compile. */
export const modelApiByName = {
  'anthropic-messages': anthropicMessages,
  'openai-chat': openaiChat,
  'openai-responses': openaiResponses,
  gemini,
} as const satisfies Record<ModelApiName, ModelApi>;

/** Every model API, in the order the server tries their paths. */
export const modelApiList: readonly ModelApi[] = Object.values(modelApiByName);

export type { ModelApi, ModelApiName };
