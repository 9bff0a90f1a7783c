/**
 * `draft`, pure: a checked capture in, the facts it establishes (each citing its event `seq`), a note
 * draft and verdict proposals out. The note is the project's own scaffold (src/lib/authoring/scaffold.ts) with
 * the capture as its source and the title and summary left as TODO, so `npm run check` refuses it
 * until a person writes the claim. A verdict is proposed only where the persona makes the capture
 * conclusive, and never over a published verdict that disagrees: the disagreement is printed instead.
 */
import type { Capture } from '../lib/content/capture-rules.ts';
import { codeSpan } from '../lib/outputs/capture-view.ts';
import { scaffold } from '../lib/authoring/scaffold.ts';
import { capabilityDeclarations, extensionsOf } from '../lib/mcp/capabilities.ts';
import { isRecord } from '../lib/mcp/json.ts';
import { messagesFrom } from '../lib/mcp/messages.ts';
import { parsePersona } from './personas.ts';
import { MODERN_REVISION, META } from '../lib/mcp/protocol.ts';
import {
  answerTo,
  clientInfos,
  fallbackOf,
  firstMethod,
  headerAgreement,
  missingVersionHeader,
  userAgents,
  versionOffers,
} from './facts.ts';

/** What the draft needs to know of the content folder. */
export interface DraftContext {
  today: string;
  revisions: readonly string[];
  capabilities: readonly string[];
  /** The client's published verdicts on revisions, from its `support`. */
  verdicts: readonly { revision: string; state: string; version?: string | undefined }[];
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

const resultOf = (message: Record<string, unknown> | undefined) =>
  message !== undefined && isRecord(message['result']) ? message['result'] : undefined;

/**
 * What the persona makes conclusive. `legacy:<rev>` offers that revision only: a client that answers
 * the probe's `initialize` result with `notifications/initialized` holds a session at it (yes); one
 * that stops before is refused by it (no). `modern-only` offers 2026-07-28 only: a modern request
 * served with a result is a session (yes); a client that only ever tried `initialize` cannot (no).
 * `observe` lets the client choose, so it proves no revision verdict.
 */
export const proposalsOf = (capture: Capture): { proposals: Proposal[]; inconclusive: string[] } => {
  const persona = parsePersona(capture.header.persona);
  const client = messagesFrom(capture, 'client');
  if (persona.kind === 'observe') {
    return {
      proposals: [],
      inconclusive: ['observe lets the client choose its version: run legacy:<revision> or modern-only for a verdict'],
    };
  }
  if (persona.kind === 'legacy') {
    const revision = persona.revision;
    const inits = client.filter(({ message }) => message['method'] === 'initialize');
    for (const init of inits) {
      const reply = answerTo(capture, init.message['id'], init.seq);
      if (resultOf(reply?.message)?.['protocolVersion'] !== revision || reply === undefined) continue;
      const initialized = client.find(({ message, seq }) => seq > reply.seq && message['method'] === 'notifications/initialized');
      if (initialized !== undefined) {
        return {
          proposals: [
            {
              revision,
              state: 'yes',
              because: `initialize answered with ${revision} (seq ${reply.seq}), then notifications/initialized (seq ${initialized.seq})`,
            },
          ],
          inconclusive: [],
        };
      }
      return {
        proposals: [
          {
            revision,
            state: 'no',
            because: `initialize answered with ${revision} (seq ${reply.seq}), and the client went no further`,
          },
        ],
        inconclusive: [],
      };
    }
    return { proposals: [], inconclusive: [`the client never received an initialize result at ${revision}`] };
  }
  const modern = client.filter(({ message }) => {
    const meta = message['params'];
    return isRecord(meta) && isRecord(meta['_meta']) && meta['_meta'][META.protocolVersion] === MODERN_REVISION;
  });
  const served = modern.find(
    ({ message, seq }) =>
      message['method'] !== 'server/discover' && resultOf(answerTo(capture, message['id'], seq)?.message) !== undefined,
  );
  if (served !== undefined) {
    return {
      proposals: [
        {
          revision: MODERN_REVISION,
          state: 'yes',
          because: `${String(served.message['method'])} at ${MODERN_REVISION} served with a result (seq ${served.seq})`,
        },
      ],
      inconclusive: [],
    };
  }
  if (modern.length === 0 && client.some(({ message }) => message['method'] === 'initialize')) {
    return {
      proposals: [
        {
          revision: MODERN_REVISION,
          state: 'no',
          because: 'the client only tried initialize, refused with -32022, and never sent a 2026-07-28 request',
        },
      ],
      inconclusive: [],
    };
  }
  return {
    proposals: [],
    inconclusive: [
      `no ${MODERN_REVISION} request other than server/discover was served, but the client did not only try initialize either`,
    ],
  };
};

const capabilityIds = (capture: Capture, known: readonly string[]) => {
  const declared = new Set(capabilityDeclarations(capture).flatMap((item) => Object.keys(item.capabilities)));
  return ['protocolVersions', ...known.filter((id) => declared.has(id) && id !== 'protocolVersions')].filter((id) =>
    known.includes(id),
  );
};

/** The draft for a checked capture whose file hashes to `sha256`. */
export const draftOf = (capture: Capture, context: DraftContext): Draft => {
  const facts = factLines(capture);
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
  return { facts, noteId, note, proposals: lines, disagreements, inconclusive };
};
