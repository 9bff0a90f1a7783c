import type { APIRoute } from 'astro';
import { captureData } from '../../data/captures.ts';
import { siteData } from '../../data/site.ts';
import { clientsExport } from '../../lib/outputs/clients-export.ts';
import { jsonResponse } from '../../lib/outputs/responses.ts';

export const GET: APIRoute = async () => {
  const [site, captures] = await Promise.all([siteData(), captureData()]);
  return jsonResponse(
    clientsExport(
      site.clients,
      captures.map((view) => view.summary),
    ),
  );
};
