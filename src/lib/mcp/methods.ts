/**
 * The MCP method names, by who sends them: what a client asks a server, what a server asks a
 * client, and the notifications each way (2025-11-25/schema.ts; 2026-07-28/schema.ts at SPEC_COMMIT,
 * which removes `initialize`, `ping` and the server-initiated requests in favour of `server/discover`
 * and multi round-trip results).
 */

/** Requests a client sends a server. */
export const CLIENT_REQUEST = {
  initialize: 'initialize',
  ping: 'ping',
  discover: 'server/discover',
  toolsList: 'tools/list',
  toolsCall: 'tools/call',
  promptsList: 'prompts/list',
  promptsGet: 'prompts/get',
  resourcesList: 'resources/list',
  resourcesRead: 'resources/read',
  resourceTemplatesList: 'resources/templates/list',
  resourcesSubscribe: 'resources/subscribe',
  completion: 'completion/complete',
  loggingSetLevel: 'logging/setLevel',
  subscriptionsListen: 'subscriptions/listen',
} as const;

/** Requests a server sends a client (legacy revisions; 2026-07-28 carries them inside results). */
export const SERVER_REQUEST = {
  ping: 'ping',
  rootsList: 'roots/list',
  sampling: 'sampling/createMessage',
  elicitation: 'elicitation/create',
} as const;

/** Notifications a client sends a server. */
export const CLIENT_NOTIFICATION = {
  initialized: 'notifications/initialized',
  cancelled: 'notifications/cancelled',
  progress: 'notifications/progress',
  rootsListChanged: 'notifications/roots/list_changed',
} as const;

/** Notifications a server sends a client. */
export const SERVER_NOTIFICATION = {
  cancelled: 'notifications/cancelled',
  progress: 'notifications/progress',
  message: 'notifications/message',
  toolsListChanged: 'notifications/tools/list_changed',
  promptsListChanged: 'notifications/prompts/list_changed',
  resourcesListChanged: 'notifications/resources/list_changed',
  resourceUpdated: 'notifications/resources/updated',
  elicitationComplete: 'notifications/elicitation/complete',
} as const;

/** A server→client request's method. */
export type ServerRequestMethod = (typeof SERVER_REQUEST)[keyof typeof SERVER_REQUEST];
/** A server→client notification's method. */
export type ServerNotificationMethod = (typeof SERVER_NOTIFICATION)[keyof typeof SERVER_NOTIFICATION];
