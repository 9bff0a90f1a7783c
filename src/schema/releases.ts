import * as z from 'zod';
import { UtcInstant } from './capture.ts';
import { oneOf, Slug } from './fields.ts';

/** The registries a client's releases are read from; the lab reads npm today (`npm run probe -- releases`). */
export const releaseRegistries = ['npm', 'pypi', 'go', 'maven'] as const;
export type ReleaseRegistry = (typeof releaseRegistries)[number];

/**
 * `content/releases/<client>.json`: a client's published versions and when each was published, as
 * the lab read them from the client's registry (`npm run probe -- releases <client>`), so builds
 * stay offline. Pages count the releases between captured versions from it (FORMAT.md).
 */
export const ClientReleases = z.strictObject({
  client: Slug.meta({ description: 'The client’s id: the file’s name, and a file in content/clients/.' }),
  registry: oneOf(releaseRegistries).meta({ description: 'The registry the versions were read from.' }),
  package: z.string().min(1, 'must not be empty').meta({ description: 'The package as the registry names it.' }),
  checked: UtcInstant.meta({ description: 'When the registry was read, as an ISO 8601 UTC time.' }),
  versions: z
    .record(z.string().min(1, 'a version must not be empty'), UtcInstant)
    .meta({ description: 'Each published version and when it was published, as an ISO 8601 UTC time.' }),
});

export type ClientReleases = z.output<typeof ClientReleases>;
