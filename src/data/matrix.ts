/** The support matrices, built from the site data: clients down, revisions (oldest first) or capabilities across. */
import { captureData, observedByNote, publishedVersions, releaseTimes } from './captures.ts';
import { siteData, type SiteData } from './site.ts';
import { buildMatrices, type Axis, type Matrix } from '../lib/cells/matrix.ts';
import { cellEvidence } from '../lib/cells/cell-observations.ts';
import { countReleases, versionRuns } from '../lib/cells/version-runs.ts';
import type { Capture } from '../lib/evidence/capture.ts';
import { isCaptureSource } from '../schema/index.ts';
import type { MatrixLabels } from '../lib/matrix/matrix-twin.ts';

/** Both matrices, how to name their rows and columns, and note titles (with any status but current) for links. */
export interface MatrixData {
  site: SiteData;
  matrices: Record<Axis, Matrix>;
  labels: MatrixLabels;
  titles: ReadonlyMap<string, string>;
}

const load = async (): Promise<MatrixData> => {
  const [site, observed, views] = await Promise.all([siteData(), observedByNote(), captureData()]);
  const captureById = new Map(views.map((view) => [view.capture.id, view.capture]));
  const noteById = new Map(site.notes.map((note) => [note.id, note]));
  const capturesOf = (id: string): Capture[] =>
    (noteById.get(id)?.data.sources ?? []).flatMap((source) => {
      const capture = isCaptureSource(source) ? captureById.get(source.capture) : undefined;
      return capture === undefined ? [] : [capture];
    });
  const byClient = Map.groupBy(
    views.map((view) => view.capture),
    (capture) => capture.header.client,
  );
  const published = publishedVersions();
  const times = releaseTimes();
  const matrices = buildMatrices({
    observed,
    // Every capture of the client in the cell's face is a captured version of its runs, cited or not;
    // another face's that shows another state splits the run it falls in.
    runs: (client, verdict) => {
      const { face, observations, otherFaces } = cellEvidence({
        client,
        verdict,
        capturesOf,
        others: byClient.get(client) ?? [],
      });
      return { face, runs: countReleases(versionRuns(observations, otherFaces), published.get(client), times.get(client)) };
    },
    clients: site.clients,
    // Freshness counts the releases after a capture: only from a list of every release, not one that dates the captured versions only.
    releaseTimes: new Map([...times].filter(([client]) => published.has(client))),
    revisions: site.revisions.map((revision) => revision.id).reverse(),
    capabilities: site.capabilities.map((capability) => capability.id),
  });
  const labels: MatrixLabels = {
    clientName: (id) => site.clientById.get(id)?.data.name ?? id,
    columnLabel: (axis, id) => (axis === 'revision' ? id : (site.capabilityById.get(id)?.data.title ?? id)),
  };
  // A verdict may cite a superseded note beside a current one; its link says so.
  const titles = new Map(
    site.notes.map((note) => [
      note.id,
      note.data.status === 'current' ? note.data.title : `${note.data.title} (${note.data.status})`,
    ]),
  );
  return { site, matrices, labels, titles };
};

let cached: Promise<MatrixData> | undefined;

/** The matrices, built once per build (per request in dev, where the content changes). */
export const matrixData = (): Promise<MatrixData> => {
  if (import.meta.env.DEV) return load();
  return (cached ??= load());
};
