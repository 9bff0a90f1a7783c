/**
 * The feature verdicts a capability verdict decides, so the matrix and the feature data rest on one
 * verdict and cannot disagree. A capability's `no` says the client does not declare it and handles
 * none of its requests (FORMAT.md: what a state means); every feature of that capability that a
 * handshake or a server request shows (`observe: handshake` or `server-request`: answering
 * `sampling/createMessage`, declaring tasks) is then `no` too, on the same notes. A feature the
 * model shows (`observe: model`) is not decided by a declaration, and a client's own verdict for a
 * feature always stands.
 */
import type { Verdict } from '../../schema/index.ts';

/** The feature fields the rule reads. */
export interface ImplyingFeature {
  id: string;
  data: { capability: string; observe: string };
}

/** How a declaration shows in the lab: the features a capability's `no` decides. */
const decidedByDeclaration = new Set(['handshake', 'server-request']);

/** The feature verdicts a client's capability verdicts imply, for features it has no verdict of its own for. */
export const impliedVerdicts = (support: readonly Verdict[], features: readonly ImplyingFeature[]): Verdict[] => {
  // The cell is the verdict without a setting: a verdict under a setting decides nothing here, either way.
  const own = new Set(
    support.flatMap((verdict) => (verdict.feature === undefined || verdict.setting !== undefined ? [] : [verdict.feature])),
  );
  return features.flatMap((feature): Verdict[] => {
    if (own.has(feature.id) || !decidedByDeclaration.has(feature.data.observe)) return [];
    const capability = support.find((verdict) => verdict.capability === feature.data.capability && verdict.setting === undefined);
    if (capability === undefined || capability.state !== 'no') return [];
    return [
      {
        feature: feature.id,
        state: 'no',
        notes: [...capability.notes],
        caveat: `${capability.caveat === undefined ? '' : `${capability.caveat} `}Decided by the client's ${feature.data.capability} verdict: what a client does not declare, a server may not ask of it.`,
        ...(capability.version === undefined ? {} : { version: capability.version }),
        ...(capability.since === undefined ? {} : { since: capability.since }),
        ...(capability.evidence === undefined ? {} : { evidence: capability.evidence }),
      },
    ];
  });
};

/** Clients with their capability verdicts' implied feature verdicts added to their own. */
export const withImpliedVerdicts = <C extends { data: { support?: readonly Verdict[] | undefined } }>(
  clients: readonly C[],
  features: readonly ImplyingFeature[],
): C[] =>
  clients.map((client) => {
    const support = client.data.support ?? [];
    const implied = impliedVerdicts(support, features);
    return implied.length === 0 ? client : { ...client, data: { ...client.data, support: [...support, ...implied] } };
  });
