import type { NameRun } from '../server-check/tool-names.ts';
import type { CaptureSummary } from './capture-view.ts';

/** One client as `/data/clients.json` lists it (FORMAT.md): who it is, and what captures observed of it. */
export interface ClientExport {
  client: string;
  name: string;
  clientInfoName?: string;
  /** Set for the core clients a feature's status is judged over. */
  core?: true;
  /** How its captured versions named a server's tools for the model (src/lib/server-check/tool-names.ts). */
  toolNames?: NameRun[];
  observed: {
    version: string;
    /** The clientInfo as the client sent it; null where it sent none. */
    clientInfo: Record<string, unknown> | null;
    userAgent?: string;
    transport: string;
    path: string;
    /** `session`, `health-check` or `lab-script` (the lab's SDK script: its clientInfo names no client). */
    face: string;
    command?: string;
    capture: string;
    capturedAt: string;
  }[];
}

/**
 * Every client with what captures observed of it, newest capture first, so a server operator can
 * map a `clientInfo.name` seen on the wire to a client here.
 */
export const clientsExport = (
  clients: readonly { id: string; data: { name: string; clientInfoName?: string | undefined; core?: string | undefined } }[],
  captures: readonly CaptureSummary[],
  toolNames: ReadonlyMap<string, readonly NameRun[]> = new Map(),
): ClientExport[] =>
  clients.map((client) => ({
    client: client.id,
    name: client.data.name,
    ...(client.data.clientInfoName === undefined ? {} : { clientInfoName: client.data.clientInfoName }),
    ...(client.data.core === undefined ? {} : { core: true as const }),
    ...((toolNames.get(client.id) ?? []).length === 0 ? {} : { toolNames: [...(toolNames.get(client.id) ?? [])] }),
    observed: captures
      .filter((capture) => capture.client === client.id)
      .sort((a, b) => b.capturedAt.localeCompare(a.capturedAt) || a.id.localeCompare(b.id))
      .map((capture) => ({
        version: capture.version,
        clientInfo: capture.clientInfo ?? null,
        ...(capture.userAgent === undefined ? {} : { userAgent: capture.userAgent }),
        transport: capture.transport,
        path: capture.path,
        face: capture.face,
        ...(capture.command === undefined ? {} : { command: capture.command }),
        capture: capture.id,
        capturedAt: capture.capturedAt,
      })),
  }));
