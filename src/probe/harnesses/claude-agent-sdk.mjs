// The Claude Agent SDK (`@anthropic-ai/claude-agent-sdk`) with an MCP server, as its MCP guide writes
// query() with mcpServers and allowedTools. The lab's harness: one server, run once on the task in
// argv[2], every other option as the SDK ships it.
import { readFileSync } from 'node:fs';
import { query } from '@anthropic-ai/claude-agent-sdk';

const server = JSON.parse(readFileSync('server.json', 'utf8'));

for await (const message of query({
  prompt: process.argv[2],
  options: {
    mcpServers: {
      lab: server.url === undefined ? { command: server.command, args: server.args } : { type: 'http', url: server.url },
    },
    allowedTools: ['mcp__lab__*'],
  },
})) {
  if (message.type === 'result' && message.subtype === 'success') console.log(message.result);
}
