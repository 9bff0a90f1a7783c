import { expect, test } from 'vitest';
import { kitFor } from './index.ts';

test('llm-tools-mcp before 0.4 is installed beside LLM 0.26, the release its toolbox API was written for; 0.4 on beside the newest', () => {
  const kit = kitFor('llm');
  if (kit?.requires === undefined) throw new Error('no kit');
  for (const version of ['0.1', '0.1.0a6', '0.2', '0.3']) expect(kit.requires(version), version).toEqual(['llm==0.26', 'mcp<2']);
  for (const version of ['0.4', '0.10', '1.0']) expect(kit.requires(version), version).toEqual(['llm', 'mcp<2']);
});
