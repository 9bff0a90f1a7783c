/** The client × feature cells, built once per build from the site data and the captures. */
import { captureData, publishedVersions } from './captures.ts';
import { siteData, type EntityView, type SiteData } from './site.ts';
import {
  buildFeatureCells,
  featureRows,
  featuresByCapability,
  type CapturedVersion,
  type FeatureCell,
} from '../lib/cells/feature-cells.ts';
import { withImpliedVerdicts } from '../lib/features/implied-verdicts.ts';
import { judgeCapture } from '../lib/scenarios/index.ts';
import { faceOf, isHealthCheck } from '../lib/evidence/capture-face.ts';
import { faceLabel } from '../lib/cells/cell-observations.ts';
import { isCaptureSource, type Feature } from '../schema/index.ts';

/** Every cell, the features by capability, and lookups pages need. */
export interface FeatureData {
  site: SiteData;
  cells: FeatureCell[];
  groups: { capability: string; features: EntityView<Feature>[] }[];
  /** One feature's rows: the clients with a verdict, then the unknown ones. */
  rowsOf: (feature: string) => { known: FeatureCell[]; unknown: FeatureCell[] };
  /** One client's cells, in the features' order. */
  cellsOfClient: (client: string) => FeatureCell[];
  /** How many clients have a verdict for a feature. */
  knownCount: (feature: string) => number;
  clientName: (id: string) => string;
  featureTitle: (id: string) => string;
  noteTitle: (id: string) => string;
}

const load = async (): Promise<FeatureData> => {
  const [site, views] = await Promise.all([siteData(), captureData()]);
  const captures: CapturedVersion[] = views.map((view) => ({
    id: view.capture.id,
    client: view.capture.header.client,
    version: view.capture.header.version,
    face: faceOf(view.capture),
    faceLabel: faceLabel(faceOf(view.capture)),
    healthCheck: isHealthCheck(view.capture),
  }));
  const byId = new Map(captures.map((capture) => [capture.id, capture]));
  const noteCaptures = new Map(
    site.notes.map((note) => [
      note.id,
      note.data.sources.flatMap((source) =>
        isCaptureSource(source) ? [byId.get(source.capture)].filter((c) => c !== undefined) : [],
      ),
    ]),
  );
  const groups = featuresByCapability(
    site.features,
    site.capabilities.map((capability) => capability.id),
  );
  const ordered = groups.flatMap((group) => group.features);
  // A capability's `no` decides the features a declaration shows: one verdict behind the matrix and the cells.
  const clients = withImpliedVerdicts(site.clients, ordered);
  // A cell's runs name every capture of its client in the faces its cited captures decide in, and
  // the client's other faces can split them: every capture of a client with feature verdicts is judged, once.
  const judged = new Set(
    clients.filter((client) => client.data.support?.some((verdict) => verdict.feature !== undefined)).map((client) => client.id),
  );
  const facts = new Map(
    views.filter((view) => judged.has(view.capture.header.client)).map((view) => [view.capture.id, judgeCapture(view.capture)]),
  );
  const cells = buildFeatureCells({ features: ordered, clients, noteCaptures, captures, facts, releases: publishedVersions() });
  const byFeature = Map.groupBy(cells, (cell) => cell.feature);
  const byClient = Map.groupBy(cells, (cell) => cell.client);
  return {
    site,
    cells,
    groups,
    rowsOf: (feature) => featureRows(byFeature.get(feature) ?? [], feature),
    cellsOfClient: (client) => byClient.get(client) ?? [],
    knownCount: (feature) => (byFeature.get(feature) ?? []).filter((cell) => cell.state !== 'unknown').length,
    clientName: (id) => site.clientById.get(id)?.data.name ?? id,
    featureTitle: (id) => site.featureById.get(id)?.data.title ?? id,
    noteTitle: (id) => {
      const note = site.noteById.get(id);
      if (note === undefined) return id;
      return note.data.status === 'current' ? note.data.title : `${note.data.title} (${note.data.status})`;
    },
  };
};

let cached: Promise<FeatureData> | undefined;

/** The feature cells, built once per build (per request in dev, where the content changes). */
export const featureData = (): Promise<FeatureData> => {
  if (import.meta.env.DEV) return load();
  return (cached ??= load());
};
