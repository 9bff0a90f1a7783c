import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { capturePaths } from '../../data/paths.ts';

export const getStaticPaths = capturePaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

// The file byte for byte, as the note that cites it pinned its SHA-256. Plain text: a browser shows it and runs nothing in it.
export const GET: APIRoute<Props> = ({ props }) =>
  new Response(props.view.capture.bytes, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
