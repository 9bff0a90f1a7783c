import { expect, test } from 'vitest';
import type { ClientReport, Finding } from './check-server.ts';
import { findingsJson, formatFindings } from './format.ts';

const finding = (client: string, feature: string, kind: Finding['kind'], text: string): Finding => ({
  client,
  feature,
  kind,
  finding: text,
  evidence: `/features/${feature.replaceAll('.', '/')}#${client}`,
});

const reports: ClientReport[] = [
  {
    client: 'copilot-cli',
    name: 'GitHub Copilot CLI',
    core: true,
    findings: [
      finding('copilot-cli', 'lifecycle.instructions', 'lost', 'your `instructions` never reach the model'),
      finding('copilot-cli', 'tools.call', 'fine', 'the model can call your tools'),
      finding('copilot-cli', 'tools.annotations', 'unknown', 'not yet observed: tool annotations'),
      finding('copilot-cli', 'prompts.list', 'unknown', 'not yet observed: prompts'),
    ],
  },
  { client: 'amp', name: 'Amp', core: false, findings: [finding('amp', 'tools.call', 'unknown', 'not yet observed: tools')] },
  { client: 'zed', name: 'Zed', core: false, findings: [] },
];

test('whose data, the loss summary, then each client: one link per finding, its unknowns on one line; clients with only unknowns named once at the end', () => {
  expect(
    formatFindings(reports, 'https://canimcp.io', { server: '`x`: 2 tools', data: 'https://canimcp.io, generated 2026-12-07' }),
  ).toBe(
    `Checked \`x\`: 2 tools.
Data: https://canimcp.io, generated 2026-12-07.

One client of the 1 with evidence drops something this server sends: GitHub Copilot CLI.

GitHub Copilot CLI (copilot-cli, core): 1 lost, 1 fine, 2 unknown
  lost   lifecycle.instructions: your \`instructions\` never reach the model
         https://canimcp.io/features/lifecycle/instructions#copilot-cli
  fine   tools.call: the model can call your tools
         https://canimcp.io/features/tools/call#copilot-cli
  unknown not yet observed: tool annotations (tools.annotations), prompts (prompts.list)

Not yet observed for what this server sends: Amp (amp).
`,
  );
});

test("the JSON keeps FORMAT.md's fields, in the order a person reads them", () => {
  expect(JSON.parse(findingsJson(reports))).toEqual([
    {
      client: 'copilot-cli',
      feature: 'lifecycle.instructions',
      finding: 'your `instructions` never reach the model',
      evidence: '/features/lifecycle/instructions#copilot-cli',
      kind: 'lost',
    },
    expect.objectContaining({ feature: 'tools.call', kind: 'fine' }),
    expect.objectContaining({ feature: 'tools.annotations', kind: 'unknown' }),
    expect.objectContaining({ feature: 'prompts.list', kind: 'unknown' }),
    expect.objectContaining({ client: 'amp', kind: 'unknown' }),
  ]);
});
