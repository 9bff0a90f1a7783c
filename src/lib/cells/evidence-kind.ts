/**
 * How a verdict is known, and which of a cell's verdicts decides it: the one rule the check, the
 * cells, the verdict history and drift all apply. A verdict is `observed` where one of its notes cites
 * a capture of its own client (that decides, whatever else is written), else of the kind its
 * `evidence` names; with neither it has no kind, which `npm run check` refuses. Of a cell's verdicts,
 * the one without a client setting and of the strongest kind (evidenceKinds' order) decides; the
 * others (another kind's claim, a claim under a setting) stand beside it.
 */
import { evidenceKinds, type EvidenceKind, type Verdict } from '../../schema/index.ts';

/** Whether a note cites a capture of a client. */
export type CitesCapture = (note: string, client: string) => boolean;

/** A verdict's kind: observed where a note cites a capture of the client, else its written evidence, else none. */
export const verdictKind = (
  verdict: { notes: readonly string[]; evidence?: Verdict['evidence'] },
  client: string,
  citesCapture: CitesCapture,
): EvidenceKind | undefined => (verdict.notes.some((note) => citesCapture(note, client)) ? 'observed' : verdict.evidence);

/** A verdict with its kind. */
export interface KnownVerdict<V> {
  verdict: V;
  kind: EvidenceKind;
}

/** A cell's verdicts sorted out: the one that decides it, where there is one, and the ones shown beside it. */
export interface CellVerdicts<V> {
  decides?: KnownVerdict<V>;
  beside: KnownVerdict<V>[];
}

const rank = (kind: EvidenceKind) => evidenceKinds.indexOf(kind);

/**
 * The verdicts of one cell (already narrowed to its axis and column), sorted out: the decider is the
 * strongest verdict without a setting; every other verdict with a kind is beside it, strongest first,
 * then in the author's order. A verdict without a kind is left out (check has refused it).
 */
export const sortCellVerdicts = <V extends Pick<Verdict, 'setting'>>(
  verdicts: readonly V[],
  kindOf: (verdict: V) => EvidenceKind | undefined,
): CellVerdicts<V> => {
  const known = verdicts
    .flatMap((verdict): KnownVerdict<V>[] => {
      const kind = kindOf(verdict);
      return kind === undefined ? [] : [{ verdict, kind }];
    })
    .map((item, order) => ({ ...item, order }))
    .sort((a, b) => rank(a.kind) - rank(b.kind) || a.order - b.order);
  const decides = known.find((item) => item.verdict.setting === undefined);
  const strip = ({ verdict, kind }: KnownVerdict<V>): KnownVerdict<V> => ({ verdict, kind });
  return {
    ...(decides === undefined ? {} : { decides: strip(decides) }),
    beside: known.filter((item) => item !== decides).map(strip),
  };
};

/** A verdict shown beside a cell's deciding one: its kind, state and evidence, and the setting it holds under. */
export interface BesideVerdict {
  evidence: EvidenceKind;
  state: Verdict['state'];
  notes: string[];
  caveat?: string;
  version?: string;
  setting?: string;
}

/** A verdict beside a cell, as cells and exports carry it. */
export const besideVerdict = ({ verdict, kind }: KnownVerdict<Verdict>): BesideVerdict => ({
  evidence: kind,
  state: verdict.state,
  notes: [...verdict.notes],
  ...(verdict.caveat === undefined ? {} : { caveat: verdict.caveat }),
  ...(verdict.version === undefined ? {} : { version: verdict.version }),
  ...(verdict.setting === undefined ? {} : { setting: verdict.setting }),
});
