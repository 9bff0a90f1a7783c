import type { APIRoute } from 'astro';
import { collectionTwin } from '../data/listings.ts';
import { markdownResponse } from '../lib/outputs/responses.ts';

export const GET: APIRoute = async () => markdownResponse(await collectionTwin('revisions'));
