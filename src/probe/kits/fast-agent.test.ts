import { expect, test } from 'vitest';
import { kitFor } from './index.ts';

test('fast-agent 0.2.22 to 0.2.25, which name mcp only as a floor, are held to that mcp 1.8.0; releases that pin it exactly are not', () => {
  const kit = kitFor('fast-agent');
  if (kit?.requires === undefined) throw new Error('no kit');
  for (const version of ['0.2.22', '0.2.25']) expect(kit.requires(version), version).toContain('mcp==1.8.0');
  for (const version of ['0.2.21', '0.2.26', '0.2.36', '0.2.220']) {
    expect(
      kit.requires(version).filter((name) => name.startsWith('mcp')),
      version,
    ).toEqual([]);
  }
});
