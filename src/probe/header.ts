/**
 * A capture's header and file name, from what the run knows about the client. The probe cannot
 * learn which client launched it before the client speaks, and the header is the file's first line,
 * so whoever starts the probe says it: the recipe runner passes `--client`, `--client-version`,
 * `--package`, `--command` and `--path` (a person does the same by hand). Nothing is guessed.
 */
import { CaptureHeader, captureFormatVersion, capturePaths, type CapturePath, type CaptureTransport } from '../schema/capture.ts';
import { PROBE_VERSION } from './version.ts';

/** Who the client is, as the run was told. */
export interface ClientLabel {
  client: string;
  version: string;
  package?: string | undefined;
  command?: string | undefined;
  path: CapturePath;
}

/** Whether a text is one of the capture paths (cli, ide, desktop, hosted, sdk). */
export const isCapturePath = (value: string): value is CapturePath => (capturePaths as readonly string[]).includes(value);

/** The header of a capture that begins now; an Error naming the flag where a value is not valid. */
export const captureHeader = (label: ClientLabel, transport: CaptureTransport, persona: string, now: Date): CaptureHeader => {
  const header = {
    capture: captureFormatVersion,
    client: label.client,
    version: label.version,
    ...(label.package === undefined ? {} : { package: label.package }),
    ...(label.command === undefined ? {} : { command: label.command }),
    path: label.path,
    transport,
    persona,
    capturedAt: `${now.toISOString().slice(0, 19)}Z`,
    probe: PROBE_VERSION,
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
 * A capture's id: client, version, persona, transport and the second it began, as a slug:
 * `claude-code-2-1-328-observe-stdio-20261201-073548`. One run of a client may start the probe more
 * than once; `serial` (2, 3, …) tells those apart.
 */
export const captureId = (header: CaptureHeader, serial = 1): string => {
  const stamp = header.capturedAt.slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const parts = [header.client, header.version, header.persona, header.transport, stamp, serial > 1 ? String(serial) : '']
    .map(slugPart)
    .filter((part) => part !== '');
  return parts.join('-');
};
