import type { APIRoute } from 'astro';
import { siteOrigin } from '../data/environment.ts';
import { checkServerTwin } from '../lib/outputs/check-server-twin.ts';
import { markdownResponse } from '../lib/outputs/responses.ts';

export const GET: APIRoute = () => markdownResponse(checkServerTwin(siteOrigin()));
