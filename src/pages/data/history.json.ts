import type { APIRoute } from 'astro';
import { historyData } from '../../data/history.ts';
import { jsonResponse } from '../../lib/outputs/responses.ts';
import { exportHistory } from '../../lib/matrix/verdict-history.ts';

export const GET: APIRoute = () => jsonResponse(exportHistory(historyData()));
