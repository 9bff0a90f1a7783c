/**
 * The server check's sign-in finding: whether a client can register by any way the server's
 * authorization server offers (dynamic client registration, a client ID metadata document, a client
 * registered beforehand), from the three `auth.registration.*` cells together. A client whose cells
 * say no for every way offered cannot sign in; only an observed yes is called fine, since a yes its
 * maker documents was not seen on the wire.
 */
import type { CellState, EvidenceKind } from '../../schema/verdict.ts';

/** The ways an authorization server may let a client register. */
export const registrationWays = ['dcr', 'cimd', 'preregistered'] as const;
export type RegistrationWay = (typeof registrationWays)[number];

/** The ways offered, and whether the server's author said so (`registration`) or the metadata only suggests it. */
export interface OfferedWays {
  ways: RegistrationWay[];
  /** True where the author listed the ways: the list is then the whole of them. */
  stated: boolean;
}

/** A cell as the sign-in finding reads it. */
export interface SignInCell {
  state: CellState;
  known?: EvidenceKind;
  /** The newest version captured in the cell's runs. */
  version?: string;
}

/** What the sign-in finding says: the feature it links, its kind and words, and the cell it rests on. */
export interface SignInSaid {
  feature: string;
  kind: 'lost' | 'risk' | 'fine' | 'unknown';
  finding: string;
  cell?: SignInCell;
}

/** Each way's feature. */
export const registrationFeature: Record<RegistrationWay, string> = {
  dcr: 'auth.registration.dcr',
  cimd: 'auth.registration.cimd',
  preregistered: 'auth.registration.preregistered',
};

const wayWords: Record<RegistrationWay, string> = {
  dcr: 'dynamic client registration',
  cimd: 'a client ID metadata document',
  preregistered: 'a client registered beforehand',
};

const offerWords = (ways: readonly RegistrationWay[]): string =>
  ways.length === 0 ? 'no way to register a client' : ways.map((way) => wayWords[way]).join(' or ');

/** One cell in words: `auth.registration.cimd: no, observed at 0.61.0`. */
const cellWords = (way: RegistrationWay, cell: SignInCell): string =>
  `${registrationFeature[way]}: ${cell.state}${cell.known === undefined ? '' : `, ${cell.known}`}${cell.version === undefined ? '' : ` at ${cell.version}`}`;

/** The sign-in finding for one client, from its cells; undefined where no way is offered or known. */
export const signInSaid = (offered: OfferedWays, cellOf: (feature: string) => SignInCell): SignInSaid | undefined => {
  if (offered.ways.length === 0 && !offered.stated) return undefined;
  const cells = offered.ways.map((way) => ({ way, cell: cellOf(registrationFeature[way]) }));
  const all = cells.map(({ way, cell }) => cellWords(way, cell)).join('; ');
  const first = cells[0];
  if (first === undefined)
    return {
      feature: registrationFeature.preregistered,
      kind: 'lost',
      finding: 'the client cannot sign in: your authorization server offers no way to register a client',
    };
  const observedYes = cells.find(({ cell }) => cell.state === 'yes' && cell.known === 'observed');
  if (observedYes !== undefined)
    return {
      feature: registrationFeature[observedYes.way],
      kind: 'fine',
      finding: `the client signs in with ${wayWords[observedYes.way]}, which your authorization server offers (${cellWords(observedYes.way, observedYes.cell)})`,
      cell: observedYes.cell,
    };
  const likely = cells.find(({ cell }) => cell.state === 'yes' || cell.state === 'partial');
  if (likely !== undefined)
    return {
      feature: registrationFeature[likely.way],
      kind: 'risk',
      finding: `the client may sign in with ${wayWords[likely.way]}, but no capture shows it doing so in full (${all})`,
      cell: likely.cell,
    };
  const open = cells.find(({ cell }) => cell.state === 'unknown');
  if (open !== undefined)
    return {
      feature: registrationFeature[open.way],
      kind: 'unknown',
      finding: `not yet observed: whether the client can sign in with ${offerWords(offered.ways)}`,
    };
  // Every way offered is a no.
  return offered.stated
    ? {
        feature: registrationFeature[first.way],
        kind: 'lost',
        finding: `the client cannot sign in: your authorization server offers only ${offerWords(offered.ways)}, and the client uses none of them (${all})`,
        cell: first.cell,
      }
    : {
        feature: registrationFeature[first.way],
        kind: 'risk',
        finding: `the client cannot sign in with ${offerWords(offered.ways)}, which your metadata offers (${all}): it signs in only if you register it beforehand or offer another way`,
        cell: first.cell,
      };
};
