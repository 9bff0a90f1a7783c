/**
 * What a page opens with, at a glance: a client's features and revisions, or a feature's clients,
 * grouped by the state of their verdicts (does, does in part, does not), with the unknown counted
 * apart (no verdict yet, which is not no). The detail of each is further down the page, where the
 * glance links.
 */
import { verdictStates, type CellState } from '../../schema/index.ts';

/** The known states, in the order the summary lists them. */
export const summaryStates = verdictStates;

/** One axis summed up: the ids in each known state, in the order given, and how many are unknown. */
export interface StateGroups {
  yes: string[];
  partial: string[];
  no: string[];
  unknown: number;
}

/** Groups ids by their cell's state, keeping the cells' order within each state. */
export const groupByState = <T>(cells: readonly T[], id: (cell: T) => string, state: (cell: T) => CellState): StateGroups => {
  const groups: StateGroups = { yes: [], partial: [], no: [], unknown: 0 };
  for (const cell of cells) {
    const at = state(cell);
    if (at === 'unknown') groups.unknown += 1;
    else groups[at].push(id(cell));
  }
  return groups;
};

/** Where a client's page keeps one feature's verdict: the anchor the summary links (feature ids are unique, dots and all). */
export const clientFeatureId = (feature: string): string => `feature-${feature}`;
