/**
 * The lab's authorization server over HTTP, on its own loopback origin (so a client that guesses the
 * authorization server from the MCP server's origin fails visibly), and the protected MCP endpoint's
 * sign-in side it issues tokens for: the pure rules of src/lib/lab/auth/ behind a socket. Every
 * exchange is recorded as an `auth` event of the run's capture (FORMAT.md), its secrets redacted;
 * tokens, codes and client secrets are random per run.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthorizationServer } from '../lib/lab/auth/authorization-server.ts';
import type { AuthHttpAnswer } from '../lib/lab/auth/exchange.ts';
import { ResourceServer } from '../lib/lab/auth/resource-server.ts';
import type { Limits } from '../lib/lab/limits.ts';
import type { AuthVariant } from '../lib/scenarios/scenario.ts';
import { sentHeaders, type SignInSide } from './http-side.ts';
import { decodeLine } from './lines.ts';
import type { CaptureRecorder, HeaderList } from './recorder.ts';

/** A client registered beforehand: its id, and its secret unless it is a public client. */
export interface Preregistered {
  clientId: string;
  clientSecret?: string | undefined;
}

/** The running authorization side of one run. */
export interface AuthSide {
  /** The authorization server's origin (its issuer). */
  issuer: string;
  /** The protected MCP endpoint's sign-in side, for the HTTP probe once it knows its URL. */
  signIn: (url: string) => SignInSide;
  /** How many sign-ins (authorization code grants) and refreshes have issued tokens so far. */
  signIns: () => number;
  refreshes: () => number;
  close: () => Promise<void>;
}

/** A fresh random value of `bytes` bytes, base64url: the run's tokens, codes and secrets. */
export const randomToken = (bytes: number): string => randomBytes(bytes).toString('base64url');

/** A client registered beforehand, new for each run: its id, and a secret unless the kit's client is public. */
export const newPreregistered = (secret: boolean): Preregistered => ({
  clientId: `lab-pre-${randomToken(6)}`,
  ...(secret ? { clientSecret: randomToken(24) } : {}),
});

const pairsOf = (raw: readonly string[]): [string, string][] => {
  const pairs: [string, string][] = [];
  for (let index = 0; index + 1 < raw.length; index += 2) pairs.push([raw[index] ?? '', raw[index + 1] ?? '']);
  return pairs;
};

/** Starts the authorization server on a free loopback port; its rules are made once the MCP endpoint's URL is known. */
export const startAuthSide = async (options: {
  variant: AuthVariant;
  recorder: CaptureRecorder;
  limits: Limits;
  preregistered?: Preregistered | undefined;
}): Promise<AuthSide> => {
  const { variant, recorder, limits } = options;
  let server: AuthorizationServer | undefined;
  const answer = (res: ServerResponse, reply: AuthHttpAnswer) => {
    const headers: [string, string][] = [...reply.headers, ['Content-Length', String(Buffer.byteLength(reply.body))]];
    res.writeHead(reply.status, headers.flat());
    res.end(reply.body);
    recorder.authResponse(reply.status, sentHeaders(res, headers), reply.body);
  };
  const http = createServer({ requestTimeout: limits.maxRequestMs }, (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limits.maxMessageBytes) chunks.push(chunk);
    });
    req.on('end', () => {
      const headers: HeaderList = pairsOf(req.rawHeaders);
      const { text } = decodeLine(Buffer.concat(chunks));
      const method = req.method ?? '';
      const target = req.url ?? '';
      recorder.authRequest(method, target, headers, size > limits.maxMessageBytes ? '' : text);
      if (size > limits.maxMessageBytes) {
        recorder.lifecycle('error', `a sign-in request body of ${size} bytes, over the limit: answered 413`);
        answer(res, { status: 413, headers: [], body: '' });
        return;
      }
      // Answered in the same tick as it was recorded, so its answer is the next event of the capture.
      answer(res, server?.handle({ method, target, headers, body: text }) ?? { status: 503, headers: [], body: '' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  recorder.lifecycle('start', `authorization server ${issuer}`);
  const now = () => Date.now();
  return {
    issuer,
    signIn: (url) => {
      server = new AuthorizationServer({
        issuer,
        resource: url,
        variant,
        random: randomToken,
        now,
        preregistered: options.preregistered,
      });
      return new ResourceServer({ resource: url, variant, server, issuer, now });
    },
    signIns: () => server?.signIns ?? 0,
    refreshes: () => server?.refreshes ?? 0,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
};
