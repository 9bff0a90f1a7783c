/**
 * The server check page's `.md` twin: for agents and for readers without JavaScript, how to run
 * the same check on the command line, what the input holds, and what the findings mean.
 */
import { absoluteUrl, routes } from '../routes/urls.ts';

/** The twin's Markdown. */
export const checkServerTwin = (origin: string): string => `# Check a server

What the site's feature data says each MCP client will do with what your server sends: its
\`instructions\`, its tools' names, titles, annotations and output schemas, and sample results
(\`structuredContent\`, text, images, \`resource_link\`, embedded resources, \`isError\`). Each finding
links the feature row it rests on; a feature nobody has observed for a client says so, and is never
counted as fine. The page ([${absoluteUrl(origin, routes.checkServer.path)}](${routes.checkServer.path})) runs the check in
the browser; nothing pasted leaves it.

## On the command line

In a clone of the site's repository:

\`\`\`sh
npm run check-server -- server.json                  # findings grouped by client
npm run check-server -- server.json --format json    # [{ client, feature, finding, evidence, kind }]
npm run check-server -- --run node my-server.js      # start the server over stdio and ask it
\`\`\`

It exits 1 where any finding is a loss (something a client drops or refuses), 2 where the input
cannot be read, else 0. The data is the site's own [\`/data/features.json\`](${routes.featuresJson.path}).

## The input

\`\`\`json
{
  "initialize": { "protocolVersion": "2025-11-25", "capabilities": { "tools": {} }, "serverInfo": { "name": "…", "version": "…" }, "instructions": "…" },
  "tools": { "tools": [{ "name": "…", "title": "…", "inputSchema": {}, "outputSchema": {}, "annotations": { "readOnlyHint": true } }] },
  "prompts": { "prompts": [] },
  "resources": { "resources": [] },
  "results": { "<tool name>": { "content": [], "structuredContent": {} } },
  "uses": ["roots", "sampling", "elicitation.form", "elicitation.url"]
}
\`\`\`

Only \`initialize\` is required. Each part may also be the whole JSON-RPC response, \`{ "jsonrpc": "2.0", "id": …, "result": … }\`.

## What a finding means

- **Lost**: the client drops or refuses what the server sends.
- **Risk**: it reaches the model changed, in part, or only under conditions.
- **Not yet observed**: nobody has captured or read how this client handles it.
- A finding resting on a cell no capture decides says how that cell is known: read in its code, documented by its maker, or reported by a third party (\`known\` in the JSON); only \`observed\` was seen on the wire.
- **Fine**: the evidence shows it reaches the model as sent.
`;
