import type { APIRoute } from 'astro';
import { historyData } from '../../data/history.ts';
import { jsonResponse } from '../../lib/responses.ts';
import { exportHistory } from '../../lib/verdict-history.ts';

export const GET: APIRoute = () => jsonResponse(exportHistory(historyData()));
