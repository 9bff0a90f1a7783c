// LangChain.js MCP adapters (`@langchain/mcp-adapters`) with a LangChain agent, as the package's
// README writes its MultiServerMCPClient example. The lab's harness: one server, the client's
// defaults (a setting after the task in argv[2] goes to the client's options), an OpenAI model.
import { readFileSync } from 'node:fs';
import { createAgent } from 'langchain';
import { ChatOpenAI } from '@langchain/openai';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';

const server = JSON.parse(readFileSync('server.json', 'utf8'));
const options = Object.fromEntries(
  process.argv.slice(3).map((arg) => [arg.split('=')[0], JSON.parse(arg.split('=').slice(1).join('='))]),
);

const client = new MultiServerMCPClient({
  ...options,
  mcpServers: {
    lab: server.url === undefined ? { transport: 'stdio', command: server.command, args: server.args } : { url: server.url },
  },
});

const tools = await client.getTools();

const model = new ChatOpenAI({
  model: 'gpt-4o-mini',
  temperature: 0,
});

const agent = createAgent({
  model,
  tools,
});

try {
  const response = await agent.invoke({
    messages: [{ role: 'user', content: process.argv[2] }],
  });
  console.log(response.messages.at(-1)?.content);
} catch (error) {
  console.error('Error during agent execution:', error);
}

await client.close();
