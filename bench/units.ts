/** How the bench prints durations and sizes. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
export const millis = (ms: number) => `${Math.round(ms)} ms`;
export const mib = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GiB` : `${(bytes / 1024 ** 2).toFixed(0)} MiB`;
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;
