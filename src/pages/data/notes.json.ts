import type { APIRoute } from 'astro';
import { notesExport } from '../../data/outputs.ts';
import { jsonResponse } from '../../lib/outputs/responses.ts';

export const GET: APIRoute = async () => jsonResponse(await notesExport());
