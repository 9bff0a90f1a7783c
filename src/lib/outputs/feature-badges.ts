/**
 * What each README badge says: a feature's status over the core clients, or one client's state of
 * it, as the label, message and tone `badgeSvg` draws, and the Markdown a server author pastes.
 */
import { statusLabel, type FeatureStatus } from '../cells/feature-status.ts';
import type { CellState } from '../../schema/index.ts';
import type { BadgeTone } from './badge.ts';
import { absoluteUrl, badgeUrl, featureUrl } from '../routes/urls.ts';

const statusTone: Record<FeatureStatus, BadgeTone> = { everywhere: 'good', some: 'mixed', none: 'bad', unknown: 'unknown' };
const stateTone: Record<CellState, BadgeTone> = { yes: 'good', partial: 'mixed', no: 'bad', unknown: 'unknown' };
const stateWords: Record<CellState, string> = { yes: 'yes', partial: 'partial', no: 'no', unknown: 'not yet observed' };

/** A feature's status badge. */
export const statusBadge = (title: string, status: FeatureStatus) => ({
  label: title,
  message: statusLabel[status].toLowerCase(),
  tone: statusTone[status],
});

/** One client's badge for a feature. */
export const clientBadge = (title: string, clientName: string, state: CellState) => ({
  label: `${clientName}: ${title}`,
  message: stateWords[state],
  tone: stateTone[state],
});

/** The Markdown of a badge that links its feature page: `[![alt](svg)](page)`. */
export const badgeMarkdown = (origin: string, feature: string, alt: string, client?: string): string =>
  `[![${alt.replace(/[[\]\\]/g, '\\$&')}](${absoluteUrl(origin, badgeUrl(feature, client))})](${absoluteUrl(origin, featureUrl(feature))})`;
