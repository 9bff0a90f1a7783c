/** What one client's captures show, for its page: the timeline of its versions and the identities it presented. */
import { captureData } from './captures.ts';
import { clientIdentities, clientTimeline, type ClientIdentity, type ClientTimeline } from '../lib/outputs/client-captures.ts';

/** A client's timeline and identities; both empty where nothing of it has been captured. */
export interface ClientCaptures {
  timeline: ClientTimeline;
  identities: ClientIdentity[];
}

/** The captures of one client, shaped for its page. */
export const clientCaptures = async (client: string): Promise<ClientCaptures> => {
  const captures = (await captureData()).map((view) => view.capture).filter((capture) => capture.header.client === client);
  return { timeline: clientTimeline(captures), identities: clientIdentities(captures) };
};
