/**
 * The build date, `YYYY-MM-DD` in UTC. `BUILD_DATE` pins it so that tests and reproducible builds
 * do not depend on the clock.
 */
export const buildDate = (): string => process.env['BUILD_DATE'] ?? new Date().toISOString().slice(0, 10);
