import * as z from 'zod';
import { isRecord } from '../lib/mcp/json.ts';
import { CapabilityId, OneLine, PlainSentences, RevisionId, Slug, idList, oneOf } from './fields.ts';

/** What a verdict can say; a cell without one is *unknown*, which is never written down. */
export const verdictStates = ['yes', 'partial', 'no'] as const;
export type VerdictState = (typeof verdictStates)[number];

/** Whether a client supports one revision or one capability, and the notes that prove it. */
export const Verdict = z
  .strictObject({
    revision: RevisionId.optional().meta({
      title: 'Revision',
      description: 'The revision this verdict is about: an id of a file in revisions/ (or capability, never both).',
    }),
    capability: CapabilityId.optional().meta({
      title: 'Capability',
      description: 'The capability this verdict is about: an id of a file in capabilities/ (or revision, never both).',
    }),
    state: oneOf(verdictStates).meta({
      title: 'State',
      description: 'yes (it works), partial (it works with the gaps the caveat names) or no (it does not).',
    }),
    notes: idList(Slug, 'note', ': a verdict needs the notes that prove it').meta({
      title: 'Notes',
      description: 'The evidence: ids of current notes that name this client and this revision or capability.',
    }),
    caveat: PlainSentences(1, 'expected one sentence')
      .optional()
      .meta({ title: 'Caveat', description: 'What a partial verdict leaves out, in one plain sentence; required when state is partial.' }),
    version: OneLine.optional().meta({
      title: 'Client version',
      description: 'The client version the verdict was established on, quoted so it stays text.',
    }),
    since: OneLine.optional().meta({
      title: 'Since',
      description: 'The earliest client version known to behave as the state says (the first capture that shows it), quoted so it stays text.',
    }),
  })
  .superRefine(
    (verdict, ctx) => {
      const hasRevision = verdict.revision !== undefined;
      const hasCapability = verdict.capability !== undefined;
      if (hasRevision && hasCapability) {
        ctx.addIssue({
          code: 'custom',
          path: ['capability'],
          message: 'give revision or capability, not both: a verdict is about one of them',
        });
      } else if (!hasRevision && !hasCapability) {
        ctx.addIssue({ code: 'custom', path: [], message: 'expected revision or capability: name what this verdict is about' });
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

/** One verdict per client and revision (or capability): the first wins, a second is an error. */
export const VerdictList = z
  .array(Verdict, { error: 'expected a list of verdicts, each with revision or capability, state and notes' })
  .superRefine(
    (verdicts, ctx) => {
      const first = new Map<string, number>();
      (verdicts as unknown[]).forEach((verdict, index) => {
        if (!isRecord(verdict)) return;
        for (const axis of ['revision', 'capability'] as const) {
          const id = verdict[axis];
          if (typeof id !== 'string') continue;
          const earlier = first.get(`${axis}\0${id}`);
          if (earlier === undefined) first.set(`${axis}\0${id}`, index);
          else
            ctx.addIssue({
              code: 'custom',
              path: [index, axis],
              message: `a second verdict for ${axis} ${JSON.stringify(id)} (the first is support[${earlier}]); keep one verdict per cell`,
            });
        }
      });
    },
    { when: () => true },
  );

export type Verdict = z.output<typeof Verdict>;
