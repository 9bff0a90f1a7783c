/**
 * The server check's findings as text: grouped by client for a person (losses first, each with the
 * absolute link to its evidence), or as the JSON list scripts read.
 */
import type { Finding, FindingKind } from './check-server.ts';

const order: Record<FindingKind, number> = { loss: 0, risk: 1, unknown: 2, fine: 3 };

/** Findings as `human` text or `json`, ending in a newline. */
export const formatFindings = (
  reports: readonly { client: string; name: string; findings: readonly Finding[] }[],
  format: 'human' | 'json',
  origin: string,
): string => {
  if (format === 'json')
    return `${JSON.stringify(
      reports.flatMap((report) =>
        report.findings.map(({ client, feature, finding, evidence, kind, known }) => ({
          client,
          feature,
          finding,
          evidence,
          kind,
          ...(known === undefined ? {} : { known }),
        })),
      ),
      null,
      2,
    )}\n`;
  const blocks = reports
    .filter((report) => report.findings.length > 0)
    .map((report) => {
      const counts = (['loss', 'risk', 'unknown', 'fine'] as const)
        .map((kind) => [kind, report.findings.filter((finding) => finding.kind === kind).length] as const)
        .filter(([, count]) => count > 0)
        .map(([kind, count]) => `${count} ${kind}`)
        .join(', ');
      const lines = [...report.findings]
        .sort((a, b) => order[a.kind] - order[b.kind])
        .map(
          (finding) =>
            `  ${finding.kind.padEnd(7)} ${finding.feature}: ${finding.finding}\n          ${origin}${finding.evidence}`,
        );
      return `${report.name} (${report.client}): ${counts}\n${lines.join('\n')}`;
    });
  return blocks.length === 0 ? 'Nothing this server sends is covered by the feature data yet.\n' : `${blocks.join('\n\n')}\n`;
};
