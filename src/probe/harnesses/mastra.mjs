// Mastra's MCP client (`@mastra/mcp`) with a Mastra agent, as the package's README and Mastra's
// agent docs write them. The lab's harness: one server, its tools given to an Agent with an OpenAI
// model, run once on the task in argv[2].
import { readFileSync } from 'node:fs';
import { Agent } from '@mastra/core/agent';
import { MCPClient } from '@mastra/mcp';

const server = JSON.parse(readFileSync('server.json', 'utf8'));

const mcp = new MCPClient({
  servers: {
    lab: server.url === undefined ? { command: server.command, args: server.args } : { url: new URL(server.url) },
  },
});

const agent = new Agent({
  id: 'lab-agent',
  name: 'Lab Agent',
  instructions: 'You help the user with the tools of the lab server.',
  model: 'openai/gpt-4o',
  tools: await mcp.listTools(),
});

try {
  const result = await agent.generate(process.argv[2]);
  console.log(result.text);
} finally {
  await mcp.disconnect();
}
