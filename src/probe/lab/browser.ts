/**
 * The lab's browser: what stands in for a person's browser inside the sandbox. A client hands it an
 * authorization URL through the `BROWSER` variable, a system opener (shims first on `PATH`, each
 * calling browser-hook.ts), or in print (the runner reads its output); each hand-off is recorded as
 * an `auth` event with its `via` (FORMAT.md). A moment later the browser follows the URL as a person
 * who consents would: the authorization server redirects at once to the client's redirect URI, and
 * the browser calls that, recording the client's answer. Each URL is followed once. Loopback only:
 * the sandbox has no other network.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HandoffVia } from '../../schema/capture.ts';
import type { CaptureRecorder, HeaderList } from '../recorder.ts';

/** The names the browser answers to on `PATH`: Debian's and freedesktop's openers and the common browsers. */
export const OPENERS = [
  'xdg-open',
  'www-browser',
  'x-www-browser',
  'sensible-browser',
  'gio',
  'gnome-open',
  'kde-open',
  'firefox',
  'google-chrome',
  'chromium',
  'chromium-browser',
] as const;

/** The program `BROWSER` names: its own name, so a hand-off through it says so. */
export const BROWSER_PROGRAM = 'lab-browser';

/** What the browser's requests say of it. */
const USER_AGENT = 'canimcp-lab-browser';

/** How long the browser waits after a hand-off before it follows the URL, as a person would (the client starts listening first). */
const FOLLOW_AFTER_MS = 1000;
/** How long a URL printed in the output waits for a browser hand-off of the same URL before the browser follows it anyway. */
const PRINTED_GRACE_MS = 3000;
/** Redirects followed from one URL at most. */
const MAX_HOPS = 4;

/** The lab's browser for one run. */
export interface LabBrowser {
  /** Where the hook reports a hand-off. */
  controlUrl: string;
  /** A URL the client printed: recorded once; followed where no hand-off of it arrives soon. */
  printed: (url: string) => void;
  /** How many hand-offs of any kind were recorded. */
  handoffs: () => number;
  close: () => Promise<void>;
}

/** One GET on loopback without following redirects: status, headers, body. */
const get = (url: string, headers: [string, string][]): Promise<{ status: number; headers: HeaderList; body: string }> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', headers: Object.fromEntries(headers), timeout: 15_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = res.rawHeaders;
        const pairs: [string, string][] = [];
        for (let index = 0; index + 1 < raw.length; index += 2) pairs.push([raw[index] ?? '', raw[index + 1] ?? '']);
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 15 s')));
    req.on('error', reject);
    req.end();
  });

/** Starts the browser: its control endpoint on a free loopback port. `issuer` is the lab's authorization server's origin. */
export const startBrowser = async (recorder: CaptureRecorder, issuer: string): Promise<LabBrowser> => {
  const followed = new Set<string>();
  const handed = new Set<string>();
  const printedSeen = new Set<string>();
  let count = 0;
  let closed = false;

  /** Follows a URL: the authorization server records its own side; a hop elsewhere (the client's redirect URI) is recorded here. */
  const follow = async (start: string, via: HandoffVia) => {
    if (followed.has(start) || closed) return;
    followed.add(start);
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_AFTER_MS));
    let url = start;
    for (let hop = 0; hop < MAX_HOPS && !closed; hop += 1) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        recorder.lifecycle('error', `the lab's browser could not read the URL it was handed`);
        return;
      }
      if (parsed.protocol !== 'http:') {
        recorder.lifecycle('error', `the lab's browser follows only loopback http URLs, not ${parsed.protocol}`);
        return;
      }
      const headers: [string, string][] = [
        ['User-Agent', USER_AGENT],
        ['X-Lab-Handoff', via],
      ];
      const own = parsed.origin === issuer;
      if (!own) recorder.authRequest('GET', url, headers, '', 'probe');
      try {
        const answer = await get(url, headers);
        if (!own) recorder.authResponse(answer.status, answer.headers, answer.body, 'client');
        const location = answer.headers.find(([name]) => name.toLowerCase() === 'location')?.[1];
        if (answer.status < 300 || answer.status >= 400 || location === undefined) return;
        url = new URL(location, url).href;
      } catch (error) {
        recorder.lifecycle(
          'error',
          `the lab's browser got no answer from ${own ? 'the authorization server' : "the client's redirect URI"}: ${error instanceof Error ? error.message : String(error)}`,
        );
        return;
      }
    }
  };

  const control = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(204).end();
      let report: { program?: unknown; url?: unknown };
      try {
        report = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof report;
      } catch {
        return;
      }
      if (typeof report.url !== 'string' || typeof report.program !== 'string') return;
      const via: HandoffVia = report.program === BROWSER_PROGRAM ? 'browser-env' : 'opener';
      count += 1;
      handed.add(report.url);
      recorder.handoff(report.url, via, JSON.stringify({ program: report.program }));
      void follow(report.url, via);
    });
  });
  await new Promise<void>((resolve, reject) => {
    control.once('error', reject);
    control.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}/handoff`,
    printed: (url) => {
      if (printedSeen.has(url) || closed) return;
      printedSeen.add(url);
      count += 1;
      recorder.handoff(url, 'printed', JSON.stringify({ program: null }));
      setTimeout(() => {
        if (!handed.has(url)) void follow(url, 'printed');
      }, PRINTED_GRACE_MS).unref();
    },
    handoffs: () => count,
    close: () => {
      closed = true;
      return new Promise((resolve) => {
        control.closeAllConnections();
        control.close(() => resolve());
      });
    },
  };
};

/** The hook every shim runs. */
const HOOK = fileURLToPath(new URL('./browser-hook.ts', import.meta.url));

/** A word quoted for sh. */
const sh = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * Writes the browser's programs into `dir`: `lab-browser` (what BROWSER names) and one shim per
 * opener, each running the hook with the project's Node. Returns the path of `lab-browser`.
 */
export const writeBrowserShims = (dir: string, controlUrl: string): string => {
  mkdirSync(dir, { recursive: true });
  for (const name of [BROWSER_PROGRAM, ...OPENERS]) {
    const file = path.join(dir, name);
    writeFileSync(file, `#!/bin/sh\nexec ${sh(process.execPath)} ${sh(HOOK)} ${sh(controlUrl)} ${sh(name)} "$@"\n`);
    chmodSync(file, 0o755);
  }
  return path.join(dir, BROWSER_PROGRAM);
};
