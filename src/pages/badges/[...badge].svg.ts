import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { featureData } from '../../data/features.ts';
import { featureStatusData } from '../../data/feature-status.ts';
import { badgeSvg } from '../../lib/outputs/badge.ts';
import { clientBadge, statusBadge } from '../../lib/outputs/feature-badges.ts';
import { featurePath } from '../../lib/routes/urls.ts';

export const getStaticPaths = async () => {
  const [{ site, cells, featureTitle, clientName }, { statusOf }] = await Promise.all([featureData(), featureStatusData()]);
  return [
    ...site.features.map((feature) => ({
      params: { badge: featurePath(feature.id) },
      props: { badge: statusBadge(feature.data.title, statusOf(feature.id).status, statusOf(feature.id).kinds) },
    })),
    ...cells.map((cell) => ({
      params: { badge: `${featurePath(cell.feature)}/${cell.client}` },
      props: { badge: clientBadge(featureTitle(cell.feature), clientName(cell.client), cell.state, cell.evidence) },
    })),
  ];
};
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = ({ props }) =>
  new Response(badgeSvg(props.badge), { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } });
