import * as z from 'zod';
import { parseAuthored } from './errors.ts';
import { OneLine, Slug, oneOf } from './fields.ts';
import { settingPattern } from './verdict.ts';

/**
 * A capture file (`content/captures/<id>.jsonl`, FORMAT.md "A capture"): JSON Lines, a header line
 * then one event per line. The probe writes it with these schemas' types; check reads it back with
 * the same schemas, so the writer and the checker cannot disagree on a field.
 */

/** The capture format's version, the header's `capture` field. */
export const captureFormatVersion = 1;

/** Which face of a client connected: its command line, an IDE, a desktop app, a hosted service or an SDK. */
export const capturePaths = ['cli', 'ide', 'desktop', 'hosted', 'sdk'] as const;
/** How the client reached the probe. */
export const captureTransports = ['stdio', 'http'] as const;
/** Who wrote a line to the wire: the client under test, or the probe answering it. */
export const captureSides = ['client', 'probe'] as const;
/** What happened to the connection itself, outside its messages. */
export const lifecycleEvents = ['start', 'closed', 'timeout', 'error'] as const;

/**
 * What made the client connect (FORMAT.md: the header's `face`): its own agent run, a health check,
 * a program of the lab's own, a harness (the smallest program a library's docs show), or its
 * interactive face: a login command or full-screen interface driven in a terminal with scripted keys
 * (then, where its kit says, a session with what that sign-in stored).
 */
export const captureFaces = ['session', 'health-check', 'lab-script', 'harness', 'interactive'] as const;

/** How an authorization URL reached the lab's browser (FORMAT.md, an `auth` hand-off's `via`). */
export const handoffVias = ['browser-env', 'opener', 'printed'] as const;

/** The model APIs the stand-in model answers in (FORMAT.md: the header's `model`). */
export const modelApis = ['anthropic-messages', 'openai-chat', 'openai-responses', 'gemini'] as const;

export type CapturePath = (typeof capturePaths)[number];
export type CaptureFace = (typeof captureFaces)[number];
export type HandoffVia = (typeof handoffVias)[number];
export type CaptureTransport = (typeof captureTransports)[number];
export type CaptureSide = (typeof captureSides)[number];
export type LifecycleEvent = (typeof lifecycleEvents)[number];

const isRealInstant = (value: string) => {
  const time = new Date(value);
  // Date rolls 2026-02-30 over into March: compare the date and time fields back to catch that.
  return !Number.isNaN(time.getTime()) && time.toISOString().slice(0, 19) === value.slice(0, 19);
};

/** An ISO 8601 instant in UTC, `2026-12-01T07:35:48Z`, with optional fractions of a second. */
export const UtcInstant = z
  .string({ error: (issue) => (issue.input === undefined ? 'required field is missing' : 'expected an ISO 8601 UTC time') })
  .superRefine((value, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'expected an ISO 8601 UTC time like 2026-12-01T07:35:48Z' });
    } else if (!isRealInstant(value)) {
      ctx.addIssue({ code: 'custom', message: 'expected a real calendar time' });
    }
  });

/** A persona: `observe`, `modern-only`, or a name with an argument such as `legacy:2025-06-18`. */
export const Persona = z
  .string({ error: (issue) => (issue.input === undefined ? 'required field is missing' : 'expected a persona') })
  .regex(
    /^[a-z][a-z0-9]*(-[a-z0-9]+)*(:[A-Za-z0-9][A-Za-z0-9.-]*)?$/,
    'expected a persona such as observe, modern-only or legacy:2025-06-18',
  );

/** The first line of a capture: who connected, how, and how the probe answered. */
export const CaptureHeader = z.strictObject({
  capture: z
    .literal(captureFormatVersion, { error: `expected ${captureFormatVersion}, the capture format's version` })
    .meta({ title: 'Format', description: "The capture format's version: 1." }),
  client: Slug.meta({ title: 'Client', description: 'The id of a file in clients/: the client that connected.' }),
  version: OneLine.meta({
    title: 'Client version',
    description: "The client's version, as installed or as the client reports it, as text.",
  }),
  package: OneLine.optional().meta({ title: 'Package', description: 'Where the client came from: a registry package name.' }),
  command: OneLine.optional().meta({ title: 'Command', description: 'What was run to make the client connect.' }),
  path: oneOf(capturePaths).meta({
    title: 'Path',
    description: 'Which face of the client connected: cli, ide, desktop, hosted or sdk.',
  }),
  transport: oneOf(captureTransports).meta({ title: 'Transport', description: 'How the client connected: stdio or http.' }),
  persona: Persona.meta({
    title: 'Persona',
    description: 'How the probe answered: observe, legacy:<revision>, modern-only, …',
  }),
  capturedAt: UtcInstant.meta({ title: 'Captured at', description: 'When the capture began, as an ISO 8601 UTC time.' }),
  probe: OneLine.meta({ title: 'Probe version', description: "The probe's version." }),
  scenario: Slug.optional().meta({
    title: 'Scenario',
    description: 'The lab scenario that was run (what the probe did after the handshake), where not only a handshake.',
  }),
  model: oneOf(modelApis)
    .optional()
    .meta({ title: 'Model API', description: "The stand-in model's API, where one answered the client." }),
  face: oneOf(captureFaces)
    .optional()
    .meta({
      title: 'Face',
      description:
        'What made the client connect: session, health-check, lab-script, harness (a library driven by the smallest program its docs show; command names it), or interactive (a login command or full-screen interface driven in a terminal with scripted keys).',
    }),
  setting: OneLine.regex(settingPattern, 'expected <name>=<value>, the client setting the run was made with')
    .optional()
    .meta({
      title: 'Setting',
      description: 'The client setting the run was made with, as <name>=<value>, where it flipped one from its default.',
    }),
});

/** One HTTP header as sent: name and value, name in the case it was sent in. */
export const HeaderPair = z.tuple([z.string(), z.string()], { error: 'expected a [name, value] pair of strings' });

const eventBase = {
  /** 1, 2, 3, … with no gaps; check verifies the run across lines. */
  seq: z
    .number({ error: (issue) => (issue.input === undefined ? 'required field is missing' : 'expected a number') })
    .int('expected a whole number')
    .min(1, 'expected 1 or more'),
  /** Milliseconds since the capture began; never decreasing from one event to the next. */
  t: z
    .number({ error: (issue) => (issue.input === undefined ? 'required field is missing' : 'expected a number') })
    .min(0, 'expected 0 or more milliseconds'),
  /** Who sent it. */
  from: oneOf(captureSides),
};

/** A stdio line, exactly as sent without its newline, kept even where it is not valid JSON. */
export const MessageEvent = z.strictObject({ ...eventBase, kind: z.literal('message'), raw: z.string() });

const headers = z.array(HeaderPair, { error: 'expected a list of [name, value] pairs' });

/** An HTTP request as the client sent it: method, target with its query, headers in order, body. */
export const HttpRequestEvent = z.strictObject({
  ...eventBase,
  from: z.literal('client', { error: 'an HTTP request comes from the client' }),
  kind: z.literal('http'),
  method: z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'expected an HTTP method such as POST'),
  target: z.string().min(1, 'expected a request target such as /mcp'),
  headers,
  body: z.string(),
});

/** An HTTP response as the probe sent it: status, headers in order, body. */
export const HttpResponseEvent = z.strictObject({
  ...eventBase,
  from: z.literal('probe', { error: 'an HTTP response comes from the probe' }),
  kind: z.literal('http'),
  status: z.number().int('expected a whole number').min(100, 'expected an HTTP status').max(599, 'expected an HTTP status'),
  headers,
  body: z.string(),
});

/** A request the client sent the stand-in model: as an HTTP request, its body elided (FORMAT.md). */
export const ModelRequestEvent = HttpRequestEvent.extend({
  from: z.literal('client', { error: 'a model request comes from the client' }),
  kind: z.literal('model'),
});

/** The stand-in model's answer: status, headers, and the whole body (a stream as its full text). */
export const ModelResponseEvent = HttpResponseEvent.extend({
  from: z.literal('probe', { error: 'a model answer comes from the probe' }),
  kind: z.literal('model'),
});

/**
 * An exchange with the lab's authorization side (FORMAT.md, `auth`): a request to its authorization
 * server or protected-resource metadata (from the client), a request of the lab's browser to the
 * client's redirect URI (from the probe), or a browser hand-off: the authorization URL as the client
 * handed it over, and `via` how (the BROWSER variable, a system opener, or printed in its output).
 */
export const AuthRequestEvent = z.strictObject({
  ...eventBase,
  kind: z.literal('auth'),
  method: z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'expected an HTTP method such as POST'),
  target: z.string().min(1, 'expected a request target such as /token'),
  headers,
  body: z.string(),
  via: oneOf(handoffVias).optional(),
});

/** The answer to an `auth` request: the lab's (from the probe), or the client's redirect URI's (from the client). */
export const AuthResponseEvent = z.strictObject({
  ...eventBase,
  kind: z.literal('auth'),
  status: z.number().int('expected a whole number').min(100, 'expected an HTTP status').max(599, 'expected an HTTP status'),
  headers,
  body: z.string(),
});

/** Something that happened to the connection: it started, closed, ran out of time or failed. */
export const LifecycleEventLine = z.strictObject({
  ...eventBase,
  kind: z.literal('lifecycle'),
  event: oneOf(lifecycleEvents),
  detail: z.string().optional(),
});

const kinds = ['message', 'http', 'model', 'auth', 'lifecycle'] as const;

/**
 * Any event line. `kind` picks the shape first, so an error names the field that is wrong for that
 * kind rather than every alternative; an http event is a request when it has `method`, else a response.
 */
export const CaptureEvent = z.looseObject({ kind: oneOf(kinds) }).transform((value, ctx) => {
  const result =
    value.kind === 'message'
      ? parseAuthored(MessageEvent, value)
      : value.kind === 'lifecycle'
        ? parseAuthored(LifecycleEventLine, value)
        : value.kind === 'model'
          ? 'method' in value || !('status' in value)
            ? parseAuthored(ModelRequestEvent, value)
            : parseAuthored(ModelResponseEvent, value)
          : value.kind === 'auth'
            ? 'method' in value || !('status' in value)
              ? parseAuthored(AuthRequestEvent, value)
              : parseAuthored(AuthResponseEvent, value)
          : 'method' in value || !('status' in value)
            ? parseAuthored(HttpRequestEvent, value)
            : parseAuthored(HttpResponseEvent, value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ ...issue });
  return z.NEVER;
});

export type CaptureHeader = z.output<typeof CaptureHeader>;
export type CaptureEvent = z.output<typeof CaptureEvent>;
export type MessageEvent = z.output<typeof MessageEvent>;
export type HttpRequestEvent = z.output<typeof HttpRequestEvent>;
export type HttpResponseEvent = z.output<typeof HttpResponseEvent>;
export type LifecycleEventLine = z.output<typeof LifecycleEventLine>;
export type ModelRequestEvent = z.output<typeof ModelRequestEvent>;
export type ModelResponseEvent = z.output<typeof ModelResponseEvent>;
export type AuthRequestEvent = z.output<typeof AuthRequestEvent>;
export type AuthResponseEvent = z.output<typeof AuthResponseEvent>;

/** What a redacted value is written as; the name beside it stays. */
export const redactedValue = '<redacted>';

/**
 * Which header and query parameter names carry secrets (FORMAT.md "A capture"), compared without
 * case. The probe redacts by these rules before a line is written; check verifies them on every
 * capture. Environment variables are never recorded, so they need no rule.
 */
export const redactionRules = {
  /** Names redacted whole. */
  exact: ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'],
  /** Names redacted where they contain one of these anywhere (`x-api-key`, `access_token`). */
  containing: ['token', 'key', 'secret', 'password'],
} as const;

/** Whether a header or query parameter of this name has its value redacted. */
export const isRedactedName = (name: string): boolean => {
  const lower = name.toLowerCase();
  return (
    (redactionRules.exact as readonly string[]).includes(lower) || redactionRules.containing.some((part) => lower.includes(part))
  );
};

/** A query parameter's name as a server reads it: `+` is a space, percent escapes decoded where valid. */
const queryName = (raw: string) => {
  const spaced = raw.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
};

/** The pieces of a target's query, split so that joining them gives the target back byte for byte. */
const splitTarget = (target: string) => {
  const question = target.indexOf('?');
  if (question < 0) return undefined;
  const hash = target.indexOf('#', question);
  const end = hash < 0 ? target.length : hash;
  return { before: target.slice(0, question + 1), params: target.slice(question + 1, end).split('&'), after: target.slice(end) };
};

/**
 * The fields of the lab's sign-in that carry its secrets (FORMAT.md: its tokens, codes and client
 * secrets are random per run and redacted like any other secret): in an `auth` exchange's body
 * (a token request's form, a token or registration answer's JSON) and in the query of its target or
 * `Location` (an authorization code on its way to the client), compared without case. In a body
 * only these and names containing `secret` or `password` are redacted, so that `token_endpoint` and
 * `token_type` stay readable.
 */
export const authSecretFields = [
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'code',
  'code_verifier',
  'registration_access_token',
  'client_assertion',
  'assertion',
] as const;

/** Whether a body field or query parameter of an `auth` exchange carries a secret of the sign-in. */
export const isAuthSecretName = (name: string): boolean => {
  const lower = name.toLowerCase();
  return (authSecretFields as readonly string[]).includes(lower) || lower.includes('secret') || lower.includes('password');
};

/** Whether a query parameter of an `auth` exchange's URL is redacted: by either rule. */
const isAuthQueryName = (name: string): boolean => isRedactedName(name) || isAuthSecretName(name);

/** A request target with the value of every secret-named query parameter redacted; the rest kept byte for byte. */
export const redactTarget = (target: string, secret: (name: string) => boolean = isRedactedName): string => {
  const parts = splitTarget(target);
  if (parts === undefined) return target;
  const params = parts.params.map((param) => {
    const equals = param.indexOf('=');
    if (equals < 0 || !secret(queryName(param.slice(0, equals)))) return param;
    return `${param.slice(0, equals + 1)}${redactedValue}`;
  });
  return `${parts.before}${params.join('&')}${parts.after}`;
};

/** Headers with the value of every secret-named header redacted; names, order and duplicates kept. */
export const redactHeaders = (pairs: readonly (readonly [string, string])[]): [string, string][] =>
  pairs.map(([name, value]) => [name, isRedactedName(name) ? redactedValue : value]);

/** An `auth` target (a path, or a whole URL handed to the browser) with the sign-in's secrets in its query redacted. */
export const redactAuthTarget = (target: string): string => redactTarget(target, isAuthQueryName);

/** An `auth` exchange's headers redacted: secret-named headers whole, and the secrets in a `Location` URL's query. */
export const redactAuthHeaders = (pairs: readonly (readonly [string, string])[]): [string, string][] =>
  redactHeaders(pairs).map(([name, value]) => [name, name.toLowerCase() === 'location' ? redactAuthTarget(value) : value]);

/** A JSON string's contents (between its quotes) as text. */
const jsonText = (quoted: string): string => {
  try {
    return JSON.parse(`"${quoted}"`) as string;
  } catch {
    return quoted;
  }
};

/** Every `"name": "value"` pair of JSON text whose value is a string, wherever it stands. */
const JSON_STRING_PAIR = /("((?:[^"\\]|\\.)*)"\s*:\s*)"((?:[^"\\]|\\.)*)"/g;

/** Whether a body is a form (`a=1&b=2`): no JSON punctuation, no spaces. */
const isFormBody = (body: string): boolean => body !== '' && /^[^\s{}[\]"]*$/.test(body) && body.includes('=');

/**
 * An `auth` body with the sign-in's secrets redacted, everything else kept byte for byte: in JSON
 * the string value of each secret field, wherever it stands; in a form, each secret parameter.
 */
export const redactAuthBody = (body: string): string => {
  if (isFormBody(body)) return redactTarget(`?${body}`, isAuthSecretName).slice(1);
  return body.replace(JSON_STRING_PAIR, (whole, head: string, name: string, value: string) =>
    isAuthSecretName(jsonText(name)) && jsonText(value) !== redactedValue ? `${head}"${redactedValue}"` : whole,
  );
};

/** One value left in the clear under a name that must be redacted, for check's message. */
export interface UnredactedValue {
  /** `headers[2]`, `target` or `body`. */
  field: string;
  /** The header, query parameter or body field's name as written. */
  name: string;
  /** Set where the value is a query parameter of a header's URL (an `auth` exchange's `Location`). */
  inUrl?: true;
}

/** The names of the query parameters of a target (or URL) whose value is not `<redacted>` though `secret` says it must be. */
const leakedParams = (target: string, secret: (name: string) => boolean): string[] =>
  (splitTarget(target)?.params ?? []).flatMap((param) => {
    const equals = param.indexOf('=');
    if (equals < 0) return [];
    const name = queryName(param.slice(0, equals));
    return secret(name) && param.slice(equals + 1) !== redactedValue ? [name] : [];
  });

/** The secret fields of an `auth` body left in the clear. */
const leakedBodyFields = (body: string): string[] => {
  if (isFormBody(body)) return leakedParams(`?${body}`, isAuthSecretName);
  return [...body.matchAll(JSON_STRING_PAIR)].flatMap(([, , name = '', value = '']) =>
    isAuthSecretName(jsonText(name)) && jsonText(value) !== redactedValue ? [jsonText(name)] : [],
  );
};

/** Every value a capture event shows under a secret name instead of `<redacted>`; empty when it is clean. */
export const unredactedValues = (event: CaptureEvent): UnredactedValue[] => {
  if (event.kind !== 'http' && event.kind !== 'model' && event.kind !== 'auth') return [];
  const auth = event.kind === 'auth';
  const found: UnredactedValue[] = event.headers.flatMap(([name, value], index) => {
    if (isRedactedName(name)) return value !== redactedValue ? [{ field: `headers[${index}]`, name }] : [];
    if (auth && name.toLowerCase() === 'location')
      return leakedParams(value, isAuthQueryName).map((param) => ({ field: `headers[${index}]`, name: param, inUrl: true as const }));
    return [];
  });
  if ('target' in event)
    for (const name of leakedParams(event.target, auth ? isAuthQueryName : isRedactedName)) found.push({ field: 'target', name });
  if (auth) for (const name of leakedBodyFields(event.body)) found.push({ field: 'body', name });
  return found;
};
