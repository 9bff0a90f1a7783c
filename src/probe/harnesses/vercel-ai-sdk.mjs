// The AI SDK's MCP client (`@ai-sdk/mcp`) with generateText, as the AI SDK's "MCP Tools" page writes it.
// The lab's harness: one client (the AI SDK's own stdio transport, or its HTTP transport for a URL),
// its tools given to generateText with an OpenAI model, run once on the task in argv[2].
import { readFileSync } from 'node:fs';
import { createMCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport as StdioClientTransport } from '@ai-sdk/mcp/mcp-stdio';
import { openai } from '@ai-sdk/openai';
import { generateText, stepCountIs } from 'ai';

const server = JSON.parse(readFileSync('server.json', 'utf8'));

let mcpClient;
try {
  mcpClient = await createMCPClient({
    transport:
      server.url === undefined
        ? new StdioClientTransport({ command: server.command, args: server.args })
        : { type: 'http', url: server.url },
  });
  const tools = await mcpClient.tools();
  const result = await generateText({
    model: openai('gpt-4.1'),
    tools,
    // generateText stops after one step unless told: the tools' results go back to the model.
    stopWhen: stepCountIs(10),
    prompt: process.argv[2],
  });
  console.log(result.text);
} finally {
  await mcpClient?.close();
}
