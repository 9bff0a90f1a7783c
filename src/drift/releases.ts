/**
 * Release drift: verdicts checked on a client version older than the newest release of the
 * client's registry package (its `package` field).
 */
import type { Entry } from '../lib/content/entries.ts';
import { mapLimited } from '../lib/tasks/map-limited.ts';
import { isCaptureSource, verdictAxes, type Client, type Note } from '../schema/index.ts';
import type { ReleaseCheck, VerdictDrift } from '../schema/drift.ts';
import { fieldPosition } from './position.ts';
import { newestRelease, type RegistryOptions } from './registry.ts';
import { isOlder } from '../lib/evidence/versions.ts';

/** Per note id, the clients whose captures it cites (capture ids to clients given). */
export const observedClients = (
  notes: readonly Entry<Note>[],
  captureClients: ReadonlyMap<string, string | undefined>,
): Map<string, Set<string>> => {
  const observed = new Map<string, Set<string>>();
  for (const note of notes) {
    for (const source of note.data.sources) {
      const client = isCaptureSource(source) ? captureClients.get(source.capture) : undefined;
      if (client !== undefined) observed.set(note.id, (observed.get(note.id) ?? new Set()).add(client));
    }
  }
  return observed;
};

/** Asks the registry for the newest release of every client that names its package. */
export const checkReleases = (
  clients: readonly Entry<Client>[],
  options: RegistryOptions,
  root: string,
): Promise<ReleaseCheck[]> =>
  mapLimited(
    clients.filter((client) => client.data.package !== undefined),
    4,
    async (client): Promise<ReleaseCheck> => {
      const pkg = client.data.package as string;
      const release = await newestRelease(pkg, options);
      const at = fieldPosition(client, root, ['package']);
      if ('unreachable' in release) return { client: client.id, package: pkg, unreachable: release.unreachable, at };
      return {
        client: client.id,
        package: pkg,
        version: release.version,
        ...(release.date === undefined ? {} : { date: release.date }),
        at,
      };
    },
  );

/**
 * The verdicts whose `version` is older than their client's newest release; those a capture of the
 * client proves (`observed`) come first, as the first to capture again.
 */
export const staleVerdicts = (
  clients: readonly Entry<Client>[],
  releases: readonly ReleaseCheck[],
  observed: ReadonlyMap<string, ReadonlySet<string>>,
  root: string,
): VerdictDrift[] => {
  const newest = new Map(
    releases.flatMap((release) => (release.version === undefined ? [] : [[release.client, release] as const])),
  );
  const found = clients.flatMap((client) => {
    const release = newest.get(client.id);
    if (release?.version === undefined) return [];
    return (client.data.support ?? []).flatMap((verdict, index): VerdictDrift[] => {
      if (verdict.version === undefined || !isOlder(verdict.version, release.version as string)) return [];
      // A verdict is about one revision, capability or feature (the schema holds it to one).
      const axis = verdictAxes.find((name) => verdict[name] !== undefined);
      const column = axis === undefined ? undefined : verdict[axis];
      if (axis === undefined || column === undefined) return [];
      return [
        {
          client: client.id,
          axis,
          column,
          version: verdict.version,
          newest: release.version as string,
          ...(release.date === undefined ? {} : { released: release.date }),
          evidence: verdict.notes.some((note) => observed.get(note)?.has(client.id)) ? 'observed' : 'read',
          at: fieldPosition(client, root, ['support', index, 'version']),
        },
      ];
    });
  });
  return [...found.filter((item) => item.evidence === 'observed'), ...found.filter((item) => item.evidence === 'read')];
};
