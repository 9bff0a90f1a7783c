import { CapabilityId } from '../../schema/fields.ts';
import type { KnownIds } from './entries.ts';
import type { Report } from './file-rules.ts';
import { decidedBy, scenarioByName, scenarios } from '../scenarios/index.ts';
import { didYouMean } from './suggest.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The revision fields of a feature, each of which must name a file in revisions/ where it is a date. */
const revisionFields = ['introduced', 'deprecated', 'removed'] as const;

/**
 * The parents a feature's chain passes through, from `id` up, until a feature without a parent,
 * an unknown one, or a feature seen before (then the chain is a cycle and ends with it).
 */
const parentChain = (id: string, features: ReadonlyMap<string, unknown>): string[] => {
  const chain = [id];
  let current = id;
  for (;;) {
    const data = features.get(current);
    const parent = isRecord(data) ? data['parent'] : undefined;
    if (typeof parent !== 'string' || !features.has(parent)) return chain;
    chain.push(parent);
    if (chain.indexOf(parent) !== chain.length - 1) return chain;
    current = parent;
  }
};

/**
 * A feature's `scenario` must be a lab scenario whose judge decides the feature (FORMAT.md: check
 * refuses a scenario that does not decide it); the scenarios that do are named where there are any.
 */
const scenarioProblems = (id: string, scenario: unknown, report: Report): void => {
  if (typeof scenario !== 'string') return;
  const deciding = scenarios.filter((item) => decidedBy(item).includes(id)).map((item) => item.name);
  const named = scenarioByName(scenario);
  if (named === undefined)
    report(['scenario'], `unknown scenario ${JSON.stringify(scenario)}${didYouMean(scenario, new Set(scenarios.map((item) => item.name)))}`);
  else if (!decidedBy(named).includes(id))
    report(
      ['scenario'],
      deciding.length === 0
        ? `the ${scenario} scenario does not decide ${id}, and no scenario does: leave scenario out until one does`
        : `the ${scenario} scenario does not decide ${id}; ${deciding.join(', ')} does`,
    );
};

/**
 * A feature's rules that need other files: its capability and revisions exist, its parent exists,
 * is not itself, and following parents never comes back to it. Reads the frontmatter as written.
 */
export const featureProblems = (
  id: string,
  data: Record<string, unknown>,
  ids: KnownIds,
  features: ReadonlyMap<string, unknown>,
  report: Report,
): void => {
  const capability = data['capability'];
  // A value that is no capability id at all is the schema's to report, so it is reported once.
  if (CapabilityId.safeParse(capability).success && typeof capability === 'string' && !ids.capabilities.has(capability)) {
    report(['capability'], `unknown capability ${JSON.stringify(capability)}${didYouMean(capability, ids.capabilities)}`);
  }
  for (const field of revisionFields) {
    const value = data[field];
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !ids.revisions.has(value)) {
      report([field], `unknown revision ${JSON.stringify(value)}${didYouMean(value, ids.revisions)}`);
    }
  }
  scenarioProblems(id, data['scenario'], report);
  const parent = data['parent'];
  if (typeof parent !== 'string') return;
  if (parent === id) report(['parent'], 'a feature cannot be its own parent');
  else if (!ids.features.has(parent)) {
    report(['parent'], `unknown feature ${JSON.stringify(parent)}${didYouMean(parent, ids.features)}`);
  } else {
    const chain = parentChain(id, features);
    if (chain.at(-1) === id && chain.length > 1) {
      report(['parent'], `parents form a cycle (${chain.join(' → ')}): a feature cannot be its own ancestor`);
    }
  }
};

/**
 * A note's `features` against the features' files: each feature's capability must be among the
 * note's capabilities (that each id exists is a reference rule, reference-rules.ts).
 */
export const noteFeatureProblems = (data: Record<string, unknown>, features: ReadonlyMap<string, unknown>, report: Report) => {
  const capabilities = strings(data['capabilities']);
  const listed = data['features'];
  if (!Array.isArray(listed)) return;
  listed.forEach((feature: unknown, index) => {
    if (typeof feature !== 'string') return;
    const featureData = features.get(feature);
    const capability = isRecord(featureData) ? featureData['capability'] : undefined;
    if (typeof capability === 'string' && !capabilities.includes(capability)) {
      report(
        ['features', index],
        `feature ${JSON.stringify(feature)} belongs to capability ${JSON.stringify(capability)}, which is not among the note's capabilities${capabilities.length > 0 ? ` (${capabilities.join(', ')})` : ''}`,
      );
    }
  });
};

/** What makes two sources the same: one capture, or one url at one commit and path. */
const sourceIdentity = (source: unknown): string | undefined => {
  if (!isRecord(source)) return undefined;
  if (typeof source['capture'] === 'string') return `capture\0${source['capture']}`;
  if (typeof source['url'] !== 'string') return undefined;
  const part = (name: string) => (typeof source[name] === 'string' ? source[name] : '');
  return `url\0${source['url']}\0${part('commit')}\0${part('path')}`;
};

/** A note's sources, each at most once: a repeated source adds no evidence and reads as two. */
export const repeatedSourceProblems = (data: Record<string, unknown>, report: Report): void => {
  const sources = data['sources'];
  if (!Array.isArray(sources)) return;
  const first = new Map<string, number>();
  sources.forEach((source: unknown, index) => {
    const identity = sourceIdentity(source);
    if (identity === undefined) return;
    const earlier = first.get(identity);
    if (earlier === undefined) first.set(identity, index);
    else {
      const what = identity.startsWith('capture\0') ? 'the same capture' : 'the same url, commit and path';
      report(['sources', index], `repeats sources[${earlier}] (${what}); list each source once`);
    }
  });
};
