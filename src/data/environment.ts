/**
 * The build's settings, for pages and views: they get them here, like all their data, and never
 * from src/node (eslint.layers.js). src/node/environment.ts reads them from the environment.
 */
export { buildDate, configuredRepository, siteOrigin } from '../node/environment.ts';
