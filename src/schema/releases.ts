import * as z from 'zod';
import { UtcInstant } from './capture.ts';
import { oneOf, Slug } from './fields.ts';

/** The registries a client's releases are read from (`npm run probe -- releases`, one writer for all four). */
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
  only: z.literal('captured').optional().meta({
    description:
      'Present where the registry would not list the package’s versions (the Go proxy answering 403 to @v/list): `versions` then dates only the captured versions, each asked for by name, and says nothing of the releases between or after them, so pages count no uncaptured releases and no freshness from it.',
  }),
});

export type ClientReleases = z.output<typeof ClientReleases>;
