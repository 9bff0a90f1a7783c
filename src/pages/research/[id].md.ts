import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { notePaths } from '../../data/paths.ts';
import { markdownResponse } from '../../lib/responses.ts';
import { noteTwin } from '../../lib/twin.ts';

export const getStaticPaths = notePaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = ({ props }) => markdownResponse(noteTwin(props.note));
