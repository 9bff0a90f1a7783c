import { describe, expect, test } from 'vitest';
import type { Verdict } from '../../schema/index.ts';
import { impliedVerdicts, withImpliedVerdicts } from './implied-verdicts.ts';

const feature = (id: string, capability: string, observe: string) => ({ id, data: { capability, observe } });
const features = [
  feature('server-requests.sampling', 'sampling', 'server-request'),
  feature('server-requests.sampling.tools', 'sampling', 'server-request'),
  feature('extensions.tasks', 'tasks', 'handshake'),
  feature('tools.execution.taskSupport', 'tasks', 'model'),
  feature('server-requests.roots', 'roots', 'server-request'),
];

/** Amp's verdicts as its client file has them: observed `no` for sampling and tasks on the health check. */
const amp: Verdict[] = [
  {
    capability: 'sampling',
    state: 'no',
    notes: ['amp-declares-no-client-capabilities'],
    caveat: 'It declares no capabilities.',
    version: '0.0.2',
    since: '0.0.1',
  },
  { capability: 'tasks', state: 'no', notes: ['amp-declares-no-client-capabilities'] },
  { capability: 'roots', state: 'partial', notes: ['n'], caveat: 'Only at startup.' },
];

describe('impliedVerdicts', () => {
  test("a capability's no decides the features a declaration shows, on the same notes, version and since", () => {
    expect(impliedVerdicts(amp, features)).toEqual([
      {
        feature: 'server-requests.sampling',
        state: 'no',
        notes: ['amp-declares-no-client-capabilities'],
        caveat:
          "It declares no capabilities. Decided by the client's sampling verdict: what a client does not declare, a server may not ask of it.",
        version: '0.0.2',
        since: '0.0.1',
      },
      expect.objectContaining({ feature: 'server-requests.sampling.tools', state: 'no' }),
      expect.objectContaining({ feature: 'extensions.tasks', state: 'no', notes: ['amp-declares-no-client-capabilities'] }),
    ]);
  });

  test('what the model shows is not decided by a declaration; a partial decides nothing; a verdict of its own stands', () => {
    const implied = impliedVerdicts(amp, features).map((verdict) => verdict.feature);
    expect(implied).not.toContain('tools.execution.taskSupport');
    expect(implied).not.toContain('server-requests.roots');
    const own: Verdict[] = [...amp, { feature: 'server-requests.sampling', state: 'yes', notes: ['other'] }];
    expect(impliedVerdicts(own, features).map((verdict) => verdict.feature)).toEqual([
      'server-requests.sampling.tools',
      'extensions.tasks',
    ]);
  });

  test('a capability verdict under a setting implies nothing; the evidence kind carries over', () => {
    const read: Verdict[] = [
      { capability: 'sampling', state: 'no', notes: ['n'], evidence: 'read' },
      { capability: 'tasks', state: 'no', notes: ['n'], setting: 'experimental=true' },
    ];
    expect(impliedVerdicts(read, features)).toEqual([
      expect.objectContaining({ feature: 'server-requests.sampling', evidence: 'read' }),
      expect.objectContaining({ feature: 'server-requests.sampling.tools', evidence: 'read' }),
    ]);
  });

  test('clients gain them beside their own; a client with none is left as it was', () => {
    const plain = { id: 'x', data: { support: [{ capability: 'sampling', state: 'yes', notes: ['n'] }] as Verdict[] } };
    const [withAmp, same] = withImpliedVerdicts([{ id: 'amp', data: { support: amp } }, plain], features);
    expect(withAmp?.data.support).toHaveLength(amp.length + 3);
    expect(same).toBe(plain);
  });
});
