import type { APIRoute } from 'astro';
import { matrixData } from '../data/matrix.ts';
import { matrixMarkdown } from '../lib/matrix/matrix-twin.ts';
import { markdownResponse } from '../lib/outputs/responses.ts';

export const GET: APIRoute = async () => {
  const { matrices, labels } = await matrixData();
  return markdownResponse(matrixMarkdown(matrices, labels));
};
