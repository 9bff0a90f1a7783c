/**
 * `draft`, pure: a checked capture in, the facts it establishes (each citing its event `seq`), a note
 * draft and verdict proposals out. The note is the project's own scaffold (src/lib/authoring/scaffold.ts) with
 * the capture as its source and the title and summary left as TODO, so `npm run check` refuses it
 * until a person writes the claim. A verdict is proposed only where the persona makes the capture
 * conclusive, and never over a published verdict that disagrees: the disagreement is printed instead.
 */
import type { Capture } from '../evidence/capture.ts';
import { codeSpan } from '../outputs/capture-view.ts';
import { scaffold } from '../authoring/scaffold.ts';
import { judgeCapture } from '../scenarios/index.ts';
import type { FeatureFact } from '../scenarios/scenario.ts';
import { capabilityDeclarations, extensionsOf } from '../mcp/capabilities.ts';
import { revisionOutcome } from '../scenarios/handshake.ts';
import { parsePersona } from './personas/index.ts';
import { MODERN_REVISION, META } from '../mcp/protocol.ts';
import {
  clientInfos,
  fallbackOf,
  firstMethod,
  headerAgreement,
  missingVersionHeader,
  userAgents,
  versionOffers,
} from '../evidence/event-facts.ts';

/** What the draft needs to know of the content folder. */
export interface DraftContext {
  today: string;
  revisions: readonly string[];
  capabilities: readonly string[];
  /** The client's published verdicts on revisions, from its `support`. */
  verdicts: readonly { revision: string; state: string; version?: string | undefined }[];
  /** The client's published verdicts on features, from its `support`. */
  featureVerdicts?: readonly { feature: string; state: string; version?: string | undefined }[];
}

/** A verdict the capture supports, or the reason it supports none. */
export interface Proposal {
  revision: string;
  state: 'yes' | 'no';
  because: string;
}

/** What `draft` prints and writes. */
export interface Draft {
  facts: string[];
  noteId: string;
  note: string;
  proposals: string[];
  /** Feature verdicts the capture's judged facts support (yes, partial, no). */
  featureProposals: string[];
  disagreements: string[];
  inconclusive: string[];
}

const json = (value: unknown) => codeSpan(JSON.stringify(value));

/** The facts, one Markdown list item each, client text inside code spans only. */
export const factLines = (capture: Capture): string[] => {
  const lines: string[] = [];
  const first = firstMethod(capture);
  lines.push(
    first === undefined ? '- The client sent no request.' : `- First method: ${codeSpan(first.method)} (seq ${first.seq}).`,
  );
  const offers = versionOffers(capture);
  // One entry per version and channel, in the order each first appeared, with every seq that repeats it.
  const grouped = new Map<string, { version: string; via: string; first: string; seqs: number[] }>();
  for (const offer of offers) {
    const key = `${offer.version}\u0000${offer.via}`;
    const where =
      offer.via === 'initialize' ? 'in initialize' : `in the ${offer.via} of ${codeSpan(offer.method || '(no method)')}`;
    const entry = grouped.get(key) ?? { version: offer.version, via: offer.via, first: where, seqs: [] };
    entry.seqs.push(offer.seq);
    grouped.set(key, entry);
  }
  const described = [...grouped.values()].map(
    (entry) =>
      `${codeSpan(entry.version)} ${entry.first} (seq ${entry.seqs[0]}${entry.seqs.length > 1 ? `; again at seq ${entry.seqs.slice(1).join(', ')}` : ''})`,
  );
  lines.push(
    offers.length === 0 ? '- No protocol version offered.' : `- Protocol versions offered, in order: ${described.join('; ')}.`,
  );
  for (const declared of capabilityDeclarations(capture)) {
    const extensions = extensionsOf(declared.capabilities);
    lines.push(
      `- Capabilities declared in ${declared.via === 'initialize' ? 'initialize' : `_meta ${codeSpan(META.clientCapabilities)}`}: ${json(declared.capabilities)} (seq ${declared.seq})${extensions.length > 0 ? `; extensions ${extensions.map(codeSpan).join(', ')}` : '; no extensions'}.`,
    );
  }
  for (const found of clientInfos(capture)) lines.push(`- clientInfo (${found.via}): ${json(found.info)} (seq ${found.seq}).`);
  for (const agent of userAgents(capture)) lines.push(`- User-Agent: ${codeSpan(agent.agent)} (seq ${agent.seq}).`);
  if (capture.header.transport === 'http') {
    const { agree, disagree } = headerAgreement(capture);
    lines.push(`- MCP-Protocol-Version header and _meta agree on ${agree} request(s).`);
    const missing = missingVersionHeader(capture);
    if (missing.length > 0) {
      lines.push(
        `- No MCP-Protocol-Version header on ${missing.length} request(s) after initialize (seq ${missing.join(', ')}).`,
      );
    }
    for (const item of disagree) {
      lines.push(`- MCP-Protocol-Version sent as ${json(item.headers)} with _meta ${json(item.meta ?? null)} (seq ${item.seq}).`);
    }
  }
  const fallback = fallbackOf(capture);
  if (fallback !== undefined) {
    const answer =
      fallback.answer === undefined
        ? 'no answer'
        : `the probe's answer${fallback.answer.error === undefined ? ' (a result)' : ` (error ${fallback.answer.error})`} at seq ${fallback.answer.seq}`;
    lines.push(
      `- Fallback: ${codeSpan(fallback.modern.method)} (seq ${fallback.modern.seq}), ${answer}, then initialize (seq ${fallback.initialize.seq}) ${fallback.delayMs} ms later.`,
    );
  }
  const end = capture.events.at(-1);
  if (end?.kind === 'lifecycle')
    lines.push(
      `- The capture ends with ${codeSpan(end.event)}${end.detail === undefined ? '' : `: ${codeSpan(end.detail)}`} (seq ${end.seq}).`,
    );
  return lines;
};

/** What the persona makes conclusive: the site's own decision (src/lib/scenarios/handshake.ts, `revisionOutcome`). */
export const proposalsOf = (capture: Capture): { proposals: Proposal[]; inconclusive: string[] } => {
  const { outcome, inconclusive } = revisionOutcome(capture);
  return { proposals: outcome === undefined ? [] : [outcome], inconclusive: inconclusive === undefined ? [] : [inconclusive] };
};

const capabilityIds = (capture: Capture, known: readonly string[]) => {
  const declared = new Set(capabilityDeclarations(capture).flatMap((item) => Object.keys(item.capabilities)));
  return ['protocolVersions', ...known.filter((id) => declared.has(id) && id !== 'protocolVersions')].filter((id) =>
    known.includes(id),
  );
};

/** A judged feature fact as one Markdown list item: the judge's words are the project's own, the id in code. */
export const featureLine = (item: FeatureFact): string =>
  `- Feature ${codeSpan(item.feature)}: ${item.state}, ${item.detail}${item.seq.length > 0 ? ` (seq ${item.seq.join(', ')})` : ''}.`;

/**
 * A feature verdict the capture's facts support: yes, partial (its detail as the caveat) or no.
 * Not observed proposes nothing: an unknown cell is never written down.
 */
const featureProposal = (item: FeatureFact, noteId: string, version: string): string | undefined =>
  item.state === 'not-observed'
    ? undefined
    : [
        `  - feature: ${item.feature}`,
        `    state: ${item.state}`,
        `    notes: [${noteId}]`,
        ...(item.state === 'partial'
          ? [`    caveat: ${JSON.stringify(`${item.detail.charAt(0).toUpperCase()}${item.detail.slice(1)}.`)}`]
          : []),
        `    version: ${JSON.stringify(version)}`,
        `    # ${item.detail}`,
      ].join('\n');

/** The draft for a checked capture whose file hashes to `sha256`. */
export const draftOf = (capture: Capture, context: DraftContext): Draft => {
  const judged = judgeCapture(capture);
  const facts = [...factLines(capture), ...judged.map(featureLine)];
  const { header } = capture;
  const persona = parsePersona(header.persona);
  const revisions = new Set(versionOffers(capture).map((offer) => offer.version));
  if (persona.kind === 'legacy') revisions.add(persona.revision);
  if (persona.kind === 'modern-only') revisions.add(MODERN_REVISION);
  const noteId = capture.id;
  const title = `${header.client} ${header.version}, ${header.command ?? header.transport}, persona ${header.persona}`;
  const note = scaffold(
    'note',
    noteId,
    {
      kind: 'support',
      clients: [header.client],
      revisions: context.revisions.filter((id) => revisions.has(id)),
      capabilities: capabilityIds(capture, context.capabilities),
      captureSource: { capture: capture.id, sha256: capture.sha256, title, date: header.capturedAt.slice(0, 10) },
      bodyLines: [
        `What the probe recorded (capture \`${capture.id}\`, ${header.transport}, persona ${header.persona}, face ${header.path}):`,
        '',
        ...facts,
        '',
      ],
    },
    { today: context.today, known: { revisions: context.revisions, capabilities: context.capabilities } },
  );
  const { proposals, inconclusive } = proposalsOf(capture);
  const lines: string[] = [];
  const disagreements: string[] = [];
  for (const proposal of proposals) {
    const published = context.verdicts.find((verdict) => verdict.revision === proposal.revision);
    if (published !== undefined && published.state !== proposal.state) {
      disagreements.push(
        `${header.client} ${proposal.revision}: the capture says ${proposal.state} (${proposal.because}), the published verdict says ${published.state}${published.version === undefined ? '' : ` (checked on ${published.version})`}: not proposed`,
      );
      continue;
    }
    lines.push(
      [
        `  - revision: ${proposal.revision}`,
        `    state: ${proposal.state}`,
        `    notes: [${noteId}]`,
        `    version: ${JSON.stringify(header.version)}`,
        `    # ${proposal.because}${published === undefined ? '' : '; agrees with the published verdict'}`,
      ].join('\n'),
    );
  }
  const featureProposals: string[] = [];
  for (const item of judged) {
    const published = context.featureVerdicts?.find((verdict) => verdict.feature === item.feature);
    if (published !== undefined && item.state !== 'not-observed' && published.state !== item.state) {
      disagreements.push(
        `${header.client} ${item.feature}: the capture says ${item.state} (${item.detail}), the published verdict says ${published.state}${published.version === undefined ? '' : ` (checked on ${published.version})`}: not proposed`,
      );
      continue;
    }
    const proposal = featureProposal(item, noteId, header.version);
    if (proposal !== undefined) featureProposals.push(proposal);
  }
  return { facts, noteId, note, proposals: lines, featureProposals, disagreements, inconclusive };
};
