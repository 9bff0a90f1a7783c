import { expect, test } from 'vitest';
import { apiOfTarget } from './index.ts';

test('a request’s target names the model API that answers it, with or without /v1 and a query', () => {
  expect(apiOfTarget('/v1/responses')).toBe('openai-responses');
  expect(apiOfTarget('/chat/completions')).toBe('openai-chat');
  expect(apiOfTarget('/v1/messages?beta=true')).toBe('anthropic-messages');
  expect(apiOfTarget('/v1beta/models/gemini-flash-latest:streamGenerateContent?alt=sse')).toBe('gemini');
  expect(apiOfTarget('/v1/models')).toBeUndefined();
});
