/** What one client's captures show, for its page: the timeline of its versions and the identities it presented. */
import { captureData } from './captures.ts';
import {
  briefIdentities,
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
  /** Identities beyond those shown. */
  identitiesOmitted: number;
}

/** The captures of one client, shaped for its page. */
export const clientCaptures = async (client: string): Promise<ClientCaptures> => {
  const captures = (await captureData()).map((view) => view.capture).filter((capture) => capture.header.client === client);
  return {
    timeline: summariseTimeline(clientTimeline(captures)),
    ...(({ shown, omitted }) => ({ identities: shown, identitiesOmitted: omitted }))(briefIdentities(clientIdentities(captures))),
  };
};
