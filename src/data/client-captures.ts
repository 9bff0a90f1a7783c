/** What one client's captures show, for its page: the timeline of its versions and the identities it presented. */
import { captureData } from './captures.ts';
import {
  briefIdentity,
  clientIdentities,
  clientTimeline,
  summariseTimeline,
  type ClientIdentity,
  type TimelineSummary,
} from '../lib/outputs/client-captures.ts';

/** A client's timeline and identities; both empty where nothing of it has been captured. */
export interface ClientCaptures {
  timeline: TimelineSummary;
  identities: (ClientIdentity & { more: number })[];
}

/** The captures of one client, shaped for its page. */
export const clientCaptures = async (client: string): Promise<ClientCaptures> => {
  const captures = (await captureData()).map((view) => view.capture).filter((capture) => capture.header.client === client);
  return {
    timeline: summariseTimeline(clientTimeline(captures)),
    identities: clientIdentities(captures).map((identity) => briefIdentity(identity)),
  };
};
