/** Which file of the built site a URL path or a route's item is written to (`build.format: 'file'`). */

/**
 * The file the build writes for a URL path: `/clients/x` → `clients/x.html`; `/clients/x.md` as it
 * is (ids have no dots).
 */
export const outputFile = (urlPath: string): string => {
  const file = urlPath.replace(/^\/+/, '');
  return /\.[a-z]+$/.test(file.slice(file.lastIndexOf('/') + 1)) ? file : `${file}.html`;
};

/**
 * The file a route writes for one item: Astro's route pattern (`/clients/[id]/feed.xml`) with the
 * item's params filled in, as `outputFile` names it.
 */
export const routeFile = (routePattern: string, params: Readonly<Record<string, string>>): string =>
  outputFile(
    routePattern.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`page reuse: the route ${routePattern} has no value for its param ${name}`);
      return value;
    }),
  );
