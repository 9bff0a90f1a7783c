/** Responses for the non-HTML outputs, with the types static hosts and tests expect. */
export const markdownResponse = (body: string) =>
  new Response(body, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });

export const textResponse = (body: string) => new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

export const xmlResponse = (body: string, type = 'application/xml') =>
  new Response(body, { headers: { 'Content-Type': `${type}; charset=utf-8` } });

export const jsonResponse = (value: unknown) =>
  new Response(`${JSON.stringify(value, null, 2)}\n`, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
