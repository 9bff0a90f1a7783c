import { describe, expect, test } from 'vitest';
import { featureVersionLabel } from '../cells/feature-cells.ts';
import { faceKeys, keyFaces } from './run-faces.ts';

const LONG = 'claude -p … --allowedTools mcp__canimcp-probe --output-format stream-json --verbose (cli, stdio)';
const run = (from: string, to: string, state: 'yes' | 'no', face?: string) => ({
  from,
  to,
  state,
  captured: [from, to],
  ...(face === undefined ? {} : { face }),
});

describe('the faces of runs, each said once', () => {
  const cells = [
    { ranges: [run('1.0.0', '1.0.5', 'no', LONG), run('2.0.0', '2.0.1', 'yes', 'claude mcp list (cli, stdio)')] },
    { ranges: [run('1.0.0', '1.0.1', 'yes')] },
    { ranges: [run('2.0.0', '2.0.1', 'yes', LONG)] },
  ];
  test('keys each face by a letter in the order the runs first name it', () => {
    expect([...faceKeys(cells)]).toEqual([
      [LONG, 'setting A'],
      ['claude mcp list (cli, stdio)', 'setting B'],
    ]);
  });
  test("a cell's runs name their face by its key; runs with no face are as they were", () => {
    const keys = faceKeys(cells);
    expect(featureVersionLabel({ ...keyFaces(cells[0] as (typeof cells)[0], keys) })).toBe(
      '1.0.0–1.0.5: no (in setting A) · 2.0.0–2.0.1: yes (in setting B)',
    );
    expect(keyFaces(cells[1] as (typeof cells)[1], keys)).toEqual(cells[1]);
  });
  test('past Z the keys go on as AA, AB, …', () => {
    const many = Array.from({ length: 28 }, (_, index) => ({ ranges: [run('1.0.0', '1.0.0', 'yes', `face ${index}`)] }));
    expect([...faceKeys(many).values()].slice(24)).toEqual(['setting Y', 'setting Z', 'setting AA', 'setting AB']);
  });
});
