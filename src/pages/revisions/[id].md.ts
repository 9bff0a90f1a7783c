import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { revisionPaths } from '../../data/paths.ts';
import { listedNotes, siteData } from '../../data/site.ts';
import { markdownResponse } from '../../lib/outputs/responses.ts';
import { entryTwin } from '../../lib/outputs/twin.ts';

export const getStaticPaths = revisionPaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = async ({ props: { revision } }) =>
  markdownResponse(entryTwin({ ...revision, heading: revision.id, notes: listedNotes(await siteData(), revision.notes) }));
