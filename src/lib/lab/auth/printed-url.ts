/**
 * The authorization URLs a client printed for its user, read back from its output (a terminal's
 * screen or its standard output), so the lab's browser can follow a URL the client handed over only
 * in print. A URL may be wrapped over several lines, inside a dialog's border (`│ … │`): where it
 * fills a line to its edge, each following line made of URL characters alone goes on with it. Only
 * URLs at the lab's authorization endpoint that carry a `client_id` are taken. Pure.
 */

/** ANSI escape sequences (colours, cursor moves) a terminal's output may carry. */
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007/g;

/** The characters a URL's text is made of (RFC 3986: unreserved, reserved and `%`). */
const URL_CHAR = /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/;

/** Box-drawing and block characters a dialog's border is drawn with, and the spaces beside them. */
const BORDER = /^[\s\u2500-\u259f|]+|[\s\u2500-\u259f|]+$/g;

/** A line's content inside any border. */
const inner = (line: string) => line.replace(BORDER, '');

/** The URL's characters from the start of `text`. */
const urlRun = (text: string): string => {
  let end = 0;
  while (end < text.length && URL_CHAR.test(text[end] ?? '')) end += 1;
  return text.slice(0, end);
};

/** Every distinct authorization URL at `authorizeUrl` that the output shows, in order. */
export const printedAuthorizationUrls = (output: string, authorizeUrl: string): string[] => {
  const lines = output.replace(ANSI, '').split(/\r?\n/);
  const found: string[] = [];
  lines.forEach((line, index) => {
    let from = line.indexOf(authorizeUrl);
    while (from >= 0) {
      let url = urlRun(line.slice(from));
      // The URL ran to the line's edge (inside any border): it may go on at the next line's start.
      let rest = line.slice(from + url.length);
      for (let next = index + 1; next < lines.length && inner(rest) === '' && url.length > authorizeUrl.length; next += 1) {
        const content = inner(lines[next] ?? '');
        const more = urlRun(content);
        // Only a line of URL characters alone goes on: "Or paste the URL here:" after a URL does not.
        if (more === '' || more !== content || more.startsWith('http')) break;
        url += more;
        rest = '';
      }
      if (isAuthorizationUrl(url, authorizeUrl) && !found.includes(url)) found.push(url);
      from = line.indexOf(authorizeUrl, from + 1);
    }
  });
  return found;
};

/** Whether a text is a whole authorization URL at `authorizeUrl`: it parses, and names a client. */
const isAuthorizationUrl = (text: string, authorizeUrl: string): boolean => {
  try {
    const url = new URL(text);
    return `${url.origin}${url.pathname}` === authorizeUrl && url.searchParams.has('client_id');
  } catch {
    return false;
  }
};
