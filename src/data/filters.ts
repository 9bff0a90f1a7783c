/** The filters table (lib/search/filters.ts) with this build's options: ids as values, names as labels. */
import { filters, type FilterName } from '../lib/search/filters.ts';
import { noteKinds, noteStatuses } from '../schema/index.ts';
import type { SiteData } from './site.ts';

/** One filter as a form shows it. */
export interface FilterView {
  name: FilterName;
  label: string;
  options: { value: string; label: string }[];
}

const same = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

const optionsOf: Record<FilterName, (site: SiteData) => FilterView['options']> = {
  kind: () => same(noteKinds),
  client: (site) => site.clients.map((client) => ({ value: client.id, label: client.data.name })),
  revision: (site) => same(site.revisions.map((revision) => revision.id)),
  capability: (site) => site.capabilities.map((capability) => ({ value: capability.id, label: capability.data.title })),
  feature: (site) => site.features.map((feature) => ({ value: feature.id, label: feature.data.title })),
  status: () => same(noteStatuses),
};

/** Every filter, in URL order, with its options. */
export const filterViews = (site: SiteData): FilterView[] =>
  filters.map(({ name, label }) => ({ name, label, options: optionsOf[name](site) }));
