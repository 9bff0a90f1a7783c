/**
 * A capture's header and file name, from what the run knows about the client. Whoever starts the
 * probe may say who the client is (`--client`, `--client-version`, `--package`, `--command`,
 * `--path`; the recipe runner always does). Where `--client` or `--client-version` is left out, the
 * header waits for the client's first clientInfo: its `name` is looked up among the clients'
 * `clientInfoName` (or ids), its `version` taken as sent.
 */
import { CaptureHeader, captureFormatVersion, capturePaths, type CapturePath, type CaptureTransport } from '../schema/capture.ts';
import { PROBE_VERSION } from '../lib/lab/version.ts';

/** Who the client is, as the run was told; `client` and `version` may wait for the client's clientInfo. */
export interface ClientLabel {
  client?: string | undefined;
  version?: string | undefined;
  package?: string | undefined;
  command?: string | undefined;
  path: CapturePath;
}

/** Whether a text is one of the capture paths (cli, ide, desktop, hosted, sdk). */
export const isCapturePath = (value: string): value is CapturePath => (capturePaths as readonly string[]).includes(value);

/** A client file's id and the clientInfo.name it sends, where its file says. */
export interface KnownClient {
  id: string;
  clientInfoName?: string | undefined;
}

/** What stands in the header where nothing says who the client is. */
export const UNKNOWN = 'unknown';

/**
 * The label completed from a clientInfo: the client whose `clientInfoName` (or id) is the info's
 * `name`, and the info's `version`. A client nobody knows keeps the name it sent, as a slug, so check
 * names it as an unknown client: add its file, then capture again.
 */
export const labelFrom = (
  label: ClientLabel,
  info: Record<string, unknown> | undefined,
  known: readonly KnownClient[],
): ClientLabel => {
  const name = typeof info?.['name'] === 'string' ? info['name'] : undefined;
  const match = name === undefined ? undefined : known.find((item) => item.clientInfoName === name || item.id === name);
  const sentVersion = typeof info?.['version'] === 'string' && info['version'].trim() !== '' ? info['version'].trim() : undefined;
  return {
    ...label,
    client: label.client ?? match?.id ?? (name === undefined ? UNKNOWN : slugPart(name) || UNKNOWN),
    version: label.version ?? sentVersion ?? UNKNOWN,
  };
};

/** The header of a capture that begins now; an Error naming the flag where a value is not valid. */
export const captureHeader = (
  label: ClientLabel,
  transport: CaptureTransport,
  persona: string,
  now: Date,
  scenario?: string,
): CaptureHeader => {
  const header = {
    capture: captureFormatVersion,
    client: label.client ?? UNKNOWN,
    version: label.version ?? UNKNOWN,
    ...(label.package === undefined ? {} : { package: label.package }),
    ...(label.command === undefined ? {} : { command: label.command }),
    path: label.path,
    transport,
    persona,
    capturedAt: `${now.toISOString().slice(0, 19)}Z`,
    probe: PROBE_VERSION,
    ...(scenario === undefined ? {} : { scenario }),
  };
  const parsed = CaptureHeader.safeParse(header);
  if (!parsed.success) {
    const flags: Record<string, string> = {
      client: '--client',
      version: '--client-version',
      path: '--path',
      persona: '--persona',
    };
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    throw new Error(`${flags[field] ?? field}: ${issue?.message ?? 'not valid'}`);
  }
  return parsed.data;
};

const slugPart = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * A capture's id: client, version, persona, scenario (where one ran), transport and the second it began, as a slug:
 * `claude-code-2-1-328-observe-stdio-20261201-073548`. One run of a client may start the probe more
 * than once; `serial` (2, 3, …) tells those apart.
 */
export const captureId = (header: CaptureHeader, serial = 1): string => {
  const stamp = header.capturedAt.slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const parts = [
    header.client,
    header.version,
    header.persona,
    header.scenario ?? '',
    header.transport,
    stamp,
    serial > 1 ? String(serial) : '',
  ]
    .map(slugPart)
    .filter((part) => part !== '');
  return parts.join('-');
};
