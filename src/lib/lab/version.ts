/** The probe's name and version, as its captures' headers and its serverInfo give them. */

/** The name the probe answers with in `serverInfo`. */
export const PROBE_NAME = 'canimcp-probe';

/** The probe's version: a capture's `probe` field. Raise it when what the probe answers changes. */
export const PROBE_VERSION = '0.1.0';
