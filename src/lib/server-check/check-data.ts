/**
 * The server check's data from the site's published JSON: `/data/features.json`'s cells and
 * `/data/clients.json`'s names, core flags and tool-name runs. The page (in the browser) and the
 * command (in Node) both read the published files through this, so they cannot disagree about what
 * the data says.
 */
import { isRecord } from '../mcp/json.ts';
import { evidenceLabels } from '../cells/evidence-words.ts';
import type { CheckCell, CheckClient, CheckData } from './check-server.ts';
import type { NameRun, PastLimit } from '../evidence/tool-names.ts';

const states = new Set(['yes', 'partial', 'no', 'unknown']);

/** Whether a published cell's `evidence` is a kind the words know (keyed by every kind, without the schemas the page's script would carry). */
const isKind = (value: unknown): value is NonNullable<CheckCell['evidence']> =>
  typeof value === 'string' && Object.hasOwn(evidenceLabels, value);

const cellOf = (value: unknown): CheckCell[] => {
  if (!isRecord(value) || typeof value['feature'] !== 'string' || typeof value['client'] !== 'string') return [];
  const state = value['state'];
  if (typeof state !== 'string' || !states.has(state)) return [];
  // Runs are listed oldest first: the last one's `to` is the newest version captured.
  const ranges: unknown = value['ranges'];
  const last: unknown = Array.isArray(ranges) ? ranges.at(-1) : undefined;
  const version = isRecord(last) && typeof last['to'] === 'string' ? last['to'] : undefined;
  return [
    {
      feature: value['feature'],
      client: value['client'],
      state: state as CheckCell['state'],
      ...(isKind(value['evidence']) ? { evidence: value['evidence'] } : {}),
      ...(version === undefined ? {} : { version }),
    },
  ];
};

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []);

/** A published tool-name run, where it has the fields a run needs. */
const runOf = (value: unknown): NameRun[] => {
  if (!isRecord(value)) return [];
  const { from, to, api, name, reach, longest } = value;
  if (typeof from !== 'string' || typeof to !== 'string' || typeof api !== 'string' || typeof name !== 'string') return [];
  if ((reach !== 'definition' && reach !== 'bridge') || typeof longest !== 'number') return [];
  const chars = Array.isArray(value['serverChars'])
    ? value['serverChars'].flatMap((pair): [string, string][] =>
        Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string' ? [[pair[0], pair[1]]] : [],
      )
    : [];
  const keywords = value['keywords'];
  const pastLimit = Array.isArray(value['pastLimit']) ? value['pastLimit'].flatMap(pastLimitOf) : [];
  return [
    {
      from,
      to,
      captured: strings(value['captured']),
      captures: strings(value['captures']),
      api,
      name,
      ...(typeof value['namespace'] === 'string' ? { namespace: value['namespace'] } : {}),
      ...(chars.length === 0 ? {} : { serverChars: chars }),
      reach,
      longest,
      ...(isRecord(keywords) ? { keywords: { dropped: strings(keywords['dropped']), kept: strings(keywords['kept']) } } : {}),
      ...(pastLimit.length === 0 ? {} : { pastLimit }),
    },
  ];
};

const fates = new Set<string>(['intact', 'truncated', 'shortened', 'dropped']);

/** A published long name's fate, where it has the fields one needs. */
const pastLimitOf = (value: unknown): PastLimit[] => {
  if (!isRecord(value)) return [];
  const { tool, length, fate, as } = value;
  if (typeof tool !== 'string' || typeof length !== 'number' || typeof fate !== 'string' || !fates.has(fate)) return [];
  return [{ tool, length, fate: fate as PastLimit['fate'], ...(typeof as === 'string' ? { as } : {}) }];
};

/** The cells of a features export: a list of cells, or an object holding them under `cells`. */
const cellsOf = (features: unknown): unknown[] =>
  Array.isArray(features) ? features : isRecord(features) && Array.isArray(features['cells']) ? features['cells'] : [];

/** The check's data: every client the clients export names, in its order, and every readable cell. */
export const checkDataOf = (features: unknown, clients: unknown): CheckData => ({
  clients: (Array.isArray(clients) ? clients : []).flatMap((client): CheckClient[] =>
    isRecord(client) && typeof client['client'] === 'string' && typeof client['name'] === 'string'
      ? [
          {
            client: client['client'],
            name: client['name'],
            core: client['core'] === true,
            toolNames: Array.isArray(client['toolNames']) ? client['toolNames'].flatMap(runOf) : [],
          },
        ]
      : [],
  ),
  cells: cellsOf(features).flatMap(cellOf),
});
