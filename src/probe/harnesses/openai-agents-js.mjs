// The OpenAI Agents SDK (`@openai/agents`) with a local MCP server, as its MCP guide's stdio example
// writes it. The lab's harness: an Agent with one MCPServerStdio (or MCPServerStreamableHttp for a
// URL), run once on the task in argv[2]; a setting after the task goes to the server's options.
import { readFileSync } from 'node:fs';
import { Agent, run, MCPServerStdio, MCPServerStreamableHttp } from '@openai/agents';

const server = JSON.parse(readFileSync('server.json', 'utf8'));
const options = Object.fromEntries(
  process.argv.slice(3).map((arg) => [arg.split('=')[0], JSON.parse(arg.split('=').slice(1).join('='))]),
);

async function main() {
  const mcpServer =
    server.url === undefined
      ? new MCPServerStdio({ name: 'Lab Server', command: server.command, args: server.args, ...options })
      : new MCPServerStreamableHttp({ name: 'Lab Server', url: server.url, ...options });
  await mcpServer.connect();
  try {
    const agent = new Agent({
      name: 'Lab Assistant',
      instructions: 'Use the tools to answer questions.',
      mcpServers: [mcpServer],
    });
    const result = await run(agent, process.argv[2]);
    console.log(result.finalOutput);
  } finally {
    await mcpServer.close();
  }
}

main().catch(console.error);
