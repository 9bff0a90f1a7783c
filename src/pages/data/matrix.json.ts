import type { APIRoute } from 'astro';
import { matrixData } from '../../data/matrix.ts';
import { allCells, exportCell } from '../../lib/matrix.ts';
import { jsonResponse } from '../../lib/responses.ts';

export const GET: APIRoute = async () => jsonResponse(allCells((await matrixData()).matrices).map(exportCell));
