/**
 * `list-changed`: a call of `add_tool` adds a tool and the server sends
 * `notifications/tools/list_changed` before the call's result (2025-11-25/server/tools.mdx, "List
 * Changed Notification", at SPEC_COMMIT). The judge asks whether the client listed its tools again
 * after the notification, and whether the new tool was then called.
 */
import { CLIENT_REQUEST, SERVER_NOTIFICATION } from '../mcp/methods.ts';
import { callsOf, clientSent, ending, fact, probeSent, wentOnAfter } from './evidence.ts';
import type { FeatureFact, ParsedCapture, Scenario, Tool } from './scenario.ts';

const noArgs = { type: 'object', properties: {} } as const;

const added: Tool = { name: 'added_tool', description: 'A tool the server added during the session.', inputSchema: noArgs };

const judge = (capture: ParsedCapture): FeatureFact[] => {
  const feature = 'tools.listChanged';
  const [notice] = probeSent(capture, SERVER_NOTIFICATION.toolsListChanged);
  if (notice === undefined) return [fact(feature, 'not-observed', 'the client never called add_tool, so the list never changed')];
  const relist = clientSent(capture, CLIENT_REQUEST.toolsList).find((item) => item.seq > notice.seq);
  const [call] = callsOf(capture, added.name);
  if (relist !== undefined && call !== undefined)
    return [
      fact(feature, 'yes', 'the client listed its tools again after the notification and called the new tool', [
        notice.seq,
        relist.seq,
        call.seq,
      ]),
    ];
  if (relist !== undefined)
    return [
      fact(feature, 'partial', 'the client listed its tools again after the notification, but the new tool was not called', [
        notice.seq,
        relist.seq,
      ]),
    ];
  if (call !== undefined)
    return [fact(feature, 'partial', 'the client called the new tool without listing its tools again', [notice.seq, call.seq])];
  const later = wentOnAfter(capture, notice.seq);
  const end = ending(capture);
  return later !== undefined
    ? [fact(feature, 'no', 'the client went on without listing its tools again after the notification', [notice.seq, later])]
    : [
        fact(feature, 'not-observed', `the session ended (${end?.event ?? 'no end recorded'}) right after the notification`, [
          notice.seq,
        ]),
      ];
};

/** The scenario. */
export const listChanged: Scenario = {
  name: 'list-changed',
  description: 'A call adds a tool and the server says its tool list changed: does the client list again and call the new tool?',
  revision: '2025-11-25',
  offers: { tools: [{ name: 'add_tool', description: 'Adds one more tool to this server.', inputSchema: noArgs }] },
  results: {
    add_tool: { content: [{ type: 'text', text: 'cmcp-added-a1 a tool named added_tool is now available' }] },
    added_tool: { content: [{ type: 'text', text: 'cmcp-added-a2 the added tool ran' }] },
  },
  calls: [
    { tool: 'add_tool', arguments: {} },
    { tool: 'added_tool', arguments: {} },
  ],
  prompt: 'Call add_tool on the lab server, then call the tool it adds, then say done.',
  steps: [
    { when: { call: 'add_tool' }, actions: [{ addTools: [added] }, { notify: 'notifications/tools/list_changed', params: {} }] },
  ],
  judge,
};
