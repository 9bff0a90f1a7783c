import * as z from 'zod';
import { isRecord } from '../lib/mcp/json.ts';
import { CapabilityId, FeatureId, OneLine, PlainSentences, RevisionId, Slug, idList, oneOf } from './fields.ts';

/** What a verdict can say; a cell without one is *unknown*, which is never written down. */
export const verdictStates = ['yes', 'partial', 'no'] as const;
export type VerdictState = (typeof verdictStates)[number];

/**
 * What a cell can show, in the order tallies and legends list them: a verdict's state, or `unknown`
 * where no verdict was written and no run observed (never read as `no`). The one set every cell,
 * export, badge and the server check use.
 */
export const cellStates = [...verdictStates, 'unknown'] as const;
export type CellState = (typeof cellStates)[number];

/** What a judge says of a feature in one capture: a verdict's state, or `not-observed` where the capture cannot decide. */
export const factStates = [...verdictStates, 'not-observed'] as const;
export type FactState = (typeof factStates)[number];

/**
 * How a verdict is known where no capture of the client decides it (FORMAT.md, "a verdict's
 * evidence"). `observed` is never written: it is derived from a cited note's capture and then decides.
 */
export const writtenEvidenceKinds = ['read', 'documented', 'reported'] as const;
export type WrittenEvidence = (typeof writtenEvidenceKinds)[number];

/** Every kind a cell's evidence can be, strongest first: the observed one decides. */
export const evidenceKinds = ['observed', ...writtenEvidenceKinds] as const;
export type EvidenceKind = (typeof evidenceKinds)[number];

/** A client setting a verdict holds under, `<name>=<value>` (BCD's flags). */
export const settingPattern = /^[A-Za-z0-9_.\-/]+=\S(?:.*\S)?$/;

/** What a verdict can be about; exactly one of them names its cell's column. */
export const verdictAxes = ['revision', 'capability', 'feature'] as const;
export type VerdictAxis = (typeof verdictAxes)[number];

/** Whether a client supports one revision, capability or feature, and the notes that prove it. */
export const Verdict = z
  .strictObject({
    revision: RevisionId.optional().meta({
      title: 'Revision',
      description: 'The revision this verdict is about: an id of a file in revisions/ (or capability or feature, only one).',
    }),
    capability: CapabilityId.optional().meta({
      title: 'Capability',
      description: 'The capability this verdict is about: an id of a file in capabilities/ (or revision or feature, only one).',
    }),
    feature: FeatureId.optional().meta({
      title: 'Feature',
      description: 'The feature this verdict is about: an id of a file in features/ (or revision or capability, only one).',
    }),
    state: oneOf(verdictStates).meta({
      title: 'State',
      description: 'yes (it works), partial (it works with the gaps the caveat names) or no (it does not).',
    }),
    notes: idList(Slug, 'note', ': a verdict needs the notes that prove it').meta({
      title: 'Notes',
      description: 'The evidence: ids of current notes that name this client and this revision, capability or feature.',
    }),
    caveat: PlainSentences(1, 'expected one sentence')
      .optional()
      .meta({ title: 'Caveat', description: 'What a partial verdict leaves out, in one plain sentence; required when state is partial.' }),
    version: OneLine.optional().meta({
      title: 'Client version',
      description: 'The client version the verdict was established on, quoted so it stays text.',
    }),
    evidence: oneOf(writtenEvidenceKinds)
      .optional()
      .meta({
        title: 'Evidence',
        description:
          "How the verdict is known where no capture of this client decides it: read (the client's code at a pinned commit and lines), documented (its maker's documentation, dated) or reported (a third party, dated). observed is derived, never written.",
      }),
    setting: OneLine.regex(settingPattern, 'expected <name>=<value>, a client setting such as useInstructions=true')
      .optional()
      .meta({
        title: 'Setting',
        description:
          'The client setting the verdict holds under, as <name>=<value>; the verdict without a setting is the cell, these are shown beside it.',
      }),
    since: OneLine.optional().meta({
      title: 'Since',
      description: 'The earliest client version known to behave as the state says (the first capture that shows it), quoted so it stays text.',
    }),
  })
  .superRefine(
    (verdict, ctx) => {
      const given = verdictAxes.filter((axis) => verdict[axis] !== undefined);
      if (given.length > 1) {
        ctx.addIssue({
          code: 'custom',
          path: [given[1] ?? 'capability'],
          message: `give one of revision, capability or feature, not ${given.join(' and ')}: a verdict is about one of them`,
        });
      } else if (given.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: 'expected revision, capability or feature: name what this verdict is about',
        });
      }
      if (verdict.state === 'partial' && verdict.caveat === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['caveat'],
          message: 'required when state is partial: say in one sentence what is missing',
        });
      }
    },
    // Run even when other fields fail, so one check reports every problem at once.
    { when: () => true },
  );

/** One verdict per client and revision (or capability, or feature and setting): the first wins, a second is an error. */
export const VerdictList = z
  .array(Verdict, { error: 'expected a list of verdicts, each with revision, capability or feature, state and notes' })
  .superRefine(
    (verdicts, ctx) => {
      const first = new Map<string, number>();
      (verdicts as unknown[]).forEach((verdict, index) => {
        if (!isRecord(verdict)) return;
        for (const axis of verdictAxes) {
          const id = verdict[axis];
          if (typeof id !== 'string') continue;
          const setting = typeof verdict['setting'] === 'string' ? verdict['setting'] : '';
          const key = `${axis}\0${id}\0${setting}`;
          const earlier = first.get(key);
          if (earlier === undefined) first.set(key, index);
          else
            ctx.addIssue({
              code: 'custom',
              path: [index, axis],
              message: `a second verdict for ${axis} ${JSON.stringify(id)}${setting === '' ? '' : ` with setting ${setting}`} (the first is support[${earlier}]); keep one verdict per cell${setting === '' ? ' (a verdict under a client setting names it in setting)' : ''}`,
            });
        }
      });
    },
    { when: () => true },
  );

export type Verdict = z.output<typeof Verdict>;
