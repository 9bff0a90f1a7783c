import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { jsonSchemas } from '../../lib/outputs/jsonschema.ts';
import { jsonResponse } from '../../lib/outputs/responses.ts';
import { siteOrigin } from '../../data/environment.ts';

export const getStaticPaths = () => Object.entries(jsonSchemas(siteOrigin())).map(([name, schema]) => ({ params: { name }, props: { schema } }));
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = ({ props }) => jsonResponse(props.schema);
