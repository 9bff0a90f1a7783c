/**
 * An HTTP exchange of the lab's authorization side as its pure rules see it: the request as it
 * arrived (method, target, headers in order, body as text) and the answer to send. The HTTP servers
 * in src/probe/ carry them; the rules here never touch a socket.
 */

/** Pairs of `[name, value]`, as HTTP sent them. */
export type Headers = readonly (readonly [string, string])[];

/** A request to the authorization side. */
export interface AuthHttpRequest {
  method: string;
  /** The request target: a path with its query. */
  target: string;
  headers: Headers;
  body: string;
}

/** The answer to send. */
export interface AuthHttpAnswer {
  status: number;
  headers: [string, string][];
  body: string;
}

/** A header's first value by name, case ignored. */
export const headerOf = (headers: Headers, name: string): string | undefined =>
  headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

/** A target's path and query parameters (the target is a path; the origin does not matter here). */
export const parseTarget = (target: string): { path: string; query: URLSearchParams } => {
  const url = new URL(target, 'http://lab.invalid');
  return { path: url.pathname, query: url.searchParams };
};

/** A JSON answer; `note` becomes a `Lab-Note` header, where the lab says what it did that a real server might not. */
export const jsonAnswer = (status: number, value: unknown, extra: [string, string][] = []): AuthHttpAnswer => ({
  status,
  headers: [['Content-Type', 'application/json'], ['Cache-Control', 'no-store'], ...extra],
  body: JSON.stringify(value),
});

/** A plain-text answer (a page a browser would show). */
export const textAnswer = (status: number, text: string, extra: [string, string][] = []): AuthHttpAnswer => ({
  status,
  headers: [['Content-Type', 'text/plain; charset=utf-8'], ...extra],
  body: `${text}\n`,
});

/** The header the lab adds where it says what it did that a real server would do otherwise (CIMD not fetched). */
export const LAB_NOTE = 'Lab-Note';
