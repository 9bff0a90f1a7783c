/**
 * The server check's data from the site's published JSON: `/data/features.json`'s cells and
 * `/data/clients.json`'s names. The page (in the browser) and the command (in Node) both read the
 * published files through this, so they cannot disagree about what the data says.
 */
import { isRecord } from '../mcp/json.ts';
import { evidenceLabels } from '../cells/evidence-words.ts';
import type { CheckCell, CheckData } from './check-server.ts';

const states = new Set(['yes', 'partial', 'no', 'unknown']);

/** Whether a published cell's `evidence` is a kind the words know (keyed by every kind, without the schemas the page's script would carry). */
const isKind = (value: unknown): value is NonNullable<CheckCell['evidence']> =>
  typeof value === 'string' && Object.hasOwn(evidenceLabels, value);

const cellOf = (value: unknown): CheckCell[] => {
  if (!isRecord(value) || typeof value['feature'] !== 'string' || typeof value['client'] !== 'string') return [];
  const state = value['state'];
  if (typeof state !== 'string' || !states.has(state)) return [];
  const rename = value['rename'];
  return [
    {
      feature: value['feature'],
      client: value['client'],
      state: state as CheckCell['state'],
      ...(isKind(value['evidence']) ? { evidence: value['evidence'] } : {}),
      ...(typeof value['caveat'] === 'string' ? { caveat: value['caveat'] } : {}),
      ...(isRecord(rename) && typeof rename['form'] === 'string'
        ? {
            rename: {
              form: rename['form'],
              ...(typeof rename['maxLength'] === 'number' ? { maxLength: rename['maxLength'] } : {}),
            },
          }
        : {}),
    },
  ];
};

/** The cells of a features export: a list of cells, or an object holding them under `cells`. */
const cellsOf = (features: unknown): unknown[] =>
  Array.isArray(features) ? features : isRecord(features) && Array.isArray(features['cells']) ? features['cells'] : [];

/** The check's data: every client the clients export names, in its order, and every readable cell. */
export const checkDataOf = (features: unknown, clients: unknown): CheckData => ({
  clients: (Array.isArray(clients) ? clients : []).flatMap((client) =>
    isRecord(client) && typeof client['client'] === 'string' && typeof client['name'] === 'string'
      ? [{ client: client['client'], name: client['name'] }]
      : [],
  ),
  cells: cellsOf(features).flatMap(cellOf),
});
