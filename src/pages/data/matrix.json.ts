import type { APIRoute } from 'astro';
import { matrixData } from '../../data/matrix.ts';
import { allCells, exportCell } from '../../lib/cells/matrix.ts';
import { jsonResponse } from '../../lib/outputs/responses.ts';

export const GET: APIRoute = async () => jsonResponse(allCells((await matrixData()).matrices).map(exportCell));
