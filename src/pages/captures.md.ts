import type { APIRoute } from 'astro';
import { capturesTwin } from '../data/listings.ts';
import { markdownResponse } from '../lib/outputs/responses.ts';

export const GET: APIRoute = async () => markdownResponse(await capturesTwin());
