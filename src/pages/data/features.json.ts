import type { APIRoute } from 'astro';
import { featureData } from '../../data/features.ts';
import { exportFeatureCell } from '../../lib/cells/feature-cells.ts';
import { jsonResponse } from '../../lib/outputs/responses.ts';

export const GET: APIRoute = async () => jsonResponse((await featureData()).cells.map(exportFeatureCell));
