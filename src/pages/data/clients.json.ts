import type { APIRoute } from 'astro';
import { captureData } from '../../data/captures.ts';
import { siteData } from '../../data/site.ts';
import { toolNameRuns } from '../../data/tool-names.ts';
import { clientsExport } from '../../lib/outputs/clients-export.ts';
import { jsonResponse } from '../../lib/outputs/responses.ts';

export const GET: APIRoute = async () => {
  const [site, captures, toolNames] = await Promise.all([siteData(), captureData(), toolNameRuns()]);
  return jsonResponse(
    clientsExport(
      site.clients,
      captures.map((view) => view.summary),
      toolNames,
    ),
  );
};
