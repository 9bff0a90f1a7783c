/**
 * The server check page's `.md` twin: for agents and for readers without JavaScript, how to run
 * the same check on the command line, what the input holds, and what the findings mean.
 */
import { absoluteUrl, routes } from '../routes/urls.ts';

/** The twin's Markdown. */
export const checkServerTwin = (origin: string): string => `# Check a server

What the site's feature data says each MCP client will do with what your server sends: its
\`instructions\`, its tools (their names as each client passes them to its model, annotations,
output schemas, input-schema keywords, task support, a list in pages), and sample results
(\`structuredContent\`, text, images, \`resource_link\`, embedded resources, \`isError\`). Each finding
links the client's row of the feature it rests on; a feature nobody has observed for a client says
so, and is never counted as fine. Clients that lose something come first, core clients before the
others. The page ([${absoluteUrl(origin, routes.checkServer.path)}](${routes.checkServer.path})) runs the check in the
browser; nothing pasted leaves it, and a shared link holds the input (or, for a long tool list,
what the check reads of it) in the URL's fragment.

## On the command line

In a clone of the site's repository:

\`\`\`sh
npm run check-server -- server.json                        # findings grouped by client
npm run check-server -- server.json --format json          # [{ client, feature, finding, evidence, kind }]
npm run check-server -- server.json --server-name github   # tool names as for a server named github
npm run check-server -- server.json --auth cimd,step-up    # its authorization: which clients can sign in
npm run check-server -- --run npx @playwright/mcp --headless   # start the server over stdio and ask it
\`\`\`

\`--run\` takes the rest of the line as the server's command, its own flags included, so give it
last. It lists every page of tools, prompts and resources, calls each tool marked read-only that
needs no argument (for its results), and shows the server's standard error where it fails. The
command exits 1 where any finding is lost, 2 where the input cannot be read, else 0. It reads the
site's own [\`/data/features.json\`](${routes.featuresJson.path}) and [\`/data/clients.json\`](${routes.clientsJson.path}) from the
built site, says whose data that is, and refuses a \`dist/\` built from other content than the
project's.

## The input

\`\`\`json
{
  "initialize": { "protocolVersion": "2025-11-25", "capabilities": { "tools": {} }, "serverInfo": { "name": "…", "version": "…" }, "instructions": "…" },
  "tools": { "tools": [{ "name": "…", "inputSchema": {}, "outputSchema": {}, "annotations": { "readOnlyHint": true }, "execution": { "taskSupport": "optional" } }] },
  "prompts": { "prompts": [] },
  "resources": { "resources": [] },
  "results": { "<tool name>": { "content": [], "structuredContent": {} } },
  "uses": ["roots", "sampling", "elicitation.form", "elicitation.url"],
  "auth": { "protectedResource": {}, "authorizationServer": {}, "registration": ["dcr", "cimd", "preregistered"], "metadataOnlyIn401": false, "oidcOnly": false, "stepUp": false }
}
\`\`\`

Only \`initialize\` is required. Each part may also be the whole JSON-RPC response,
\`{ "jsonrpc": "2.0", "id": …, "result": … }\`, and a list may be given as its pages, in order.
\`auth\` holds RFC 9728 protected resource metadata and RFC 8414 authorization server metadata,
and what metadata cannot say: \`registration\`, every way a client may register (\`dcr\`, \`cimd\`,
\`preregistered\`: the whole list); \`metadataOnlyIn401\` (the protected resource metadata is named
only in the 401's \`resource_metadata\`); \`oidcOnly\` (only OpenID Connect discovery is published);
\`stepUp\` (some tools answer 403 \`insufficient_scope\` for a wider scope). \`--auth\` and the page's
choices set the same keys (\`--auth dcr,cimd,preregistered,metadata-in-401,oidc-only,step-up\`).
Without \`registration\`, the ways are read from the authorization server metadata
(\`registration_endpoint\`, \`client_id_metadata_document_supported\`; neither means clients registered
beforehand only). The check then says per client whether it can sign in, from the three
\`auth.registration.*\` cells together: **lost** where every way offered is a no (with
\`registration\` given; a risk where the metadata only suggests the ways), **fine** only for an
observed yes, each finding naming the cells' states, evidence kinds and versions. In the JSON,
\`version\` is the newest version the cell's runs captured.

## What a finding means

- **Lost**: the client drops or refuses what the server sends.
- **Gated** (needs approval): the client runs it only after the user approves, and a
  non-interactive run refuses it.
- **Risk**: it reaches the model changed, in part, or only under conditions the finding names.
- A finding resting on a cell no capture decides says how that cell is known: read in its code, documented by its maker, or reported by a third party (\`known\` in the JSON); only \`observed\` was seen on the wire.
- **Fine**: the evidence shows it reaches the model as sent.
- **Not yet observed**: nobody has captured or read how this client handles it.

Tool names: each client puts a prefix around the server's name and the tool's (Claude Code's
\`mcp__<server>__<tool>\`), read from what the lab's stand-in model received, version by version.
A name the prefix pushes past what the client's model API accepts (64 characters for the Anthropic
Messages, OpenAI Chat Completions and Gemini APIs, by their own documentation) is named, with the
client.
`;
