/**
 * What one client's captures show across its versions: a timeline (each capture's version, what it
 * offered and which capabilities it declared) and the identities it presented (clientInfo,
 * User-Agent, face and transport). Everything here came from a client: text to show, never markup.
 */
import type { Capture } from '../content/capture-rules.ts';
import { infoText } from '../content/capture-facts.ts';
import { compareVersions } from '../content/versions.ts';
import { firstDeclaredCapabilities } from '../mcp/capabilities.ts';
import { isRecord } from '../mcp/json.ts';
import { captureSummary, type CaptureSummary } from './capture-view.ts';

/**
 * Orders client versions newest first, by the one rule the site compares versions with
 * (versions.ts, which drift uses too); versions with no number in them fall back to text.
 */
export const compareVersionsDescending = (a: string, b: string): number => compareVersions(b, a) ?? b.localeCompare(a);

/** One capture in a client's timeline: its summary, and what it declared. */
export interface TimelineRow extends CaptureSummary {
  /** Per capability the client declared, what it declared inside it (`listChanged`, `form, url`), or `''` for `{}`. */
  declared: Record<string, string>;
  /** Whether the capture holds any capability declaration at all. */
  declaredAny: boolean;
}

/** A client's captures, versions down; `capabilities` are the columns: every one any capture declared. */
export interface ClientTimeline {
  capabilities: string[];
  rows: TimelineRow[];
}

/** What a capability's declaration holds, in a few words: its own keys, or `''` where it is `{}` or not an object. */
const declarationText = (value: unknown): string => (isRecord(value) ? Object.keys(value).join(', ') : '');

/** The timeline of one client's captures: newest version first, then newest capture first. */
export const clientTimeline = (captures: readonly Capture[]): ClientTimeline => {
  const rows = captures
    .map((capture): TimelineRow => {
      const declared = firstDeclaredCapabilities(capture);
      return {
        ...captureSummary(capture),
        declared: Object.fromEntries(Object.entries(declared ?? {}).map(([name, value]) => [name, declarationText(value)])),
        declaredAny: declared !== undefined,
      };
    })
    .sort(
      (a, b) =>
        compareVersionsDescending(a.version, b.version) || b.capturedAt.localeCompare(a.capturedAt) || a.id.localeCompare(b.id),
    );
  const capabilities = [...new Set(rows.flatMap((row) => Object.keys(row.declared)))].sort((a, b) => a.localeCompare(b));
  return { capabilities, rows };
};

/** One identity a client presented, and the captures that show it. */
export interface ClientIdentity {
  name?: string;
  title?: string;
  version?: string;
  userAgent?: string;
  path: string;
  transport: string;
  /** The captures that show it, newest version first. */
  captures: { id: string; version: string }[];
}

/** Every distinct identity in a client's captures (clientInfo name, title, version, User-Agent, face, transport). */
export const clientIdentities = (captures: readonly Capture[]): ClientIdentity[] => {
  const identities = new Map<string, ClientIdentity>();
  for (const row of clientTimeline(captures).rows) {
    const [name, title, version, userAgent] = [
      infoText(row.clientInfo, 'name'),
      infoText(row.clientInfo, 'title'),
      infoText(row.clientInfo, 'version'),
      row.userAgent,
    ];
    const identity: Omit<ClientIdentity, 'captures'> = {
      ...(name === undefined ? {} : { name }),
      ...(title === undefined ? {} : { title }),
      ...(version === undefined ? {} : { version }),
      ...(userAgent === undefined ? {} : { userAgent }),
      path: row.path,
      transport: row.transport,
    };
    const key = JSON.stringify([identity.name, identity.title, identity.version, identity.userAgent, row.path, row.transport]);
    const known = identities.get(key) ?? { ...identity, captures: [] };
    known.captures.push({ id: row.id, version: row.version });
    identities.set(key, known);
  }
  return [...identities.values()];
};
