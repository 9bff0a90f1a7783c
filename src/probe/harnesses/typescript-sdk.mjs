// The MCP TypeScript SDK's Client (1.x, `@modelcontextprotocol/sdk`) with a model, as the MCP docs'
// "Build an MCP client" tutorial (TypeScript, 2025-11-25 docs) writes it: a Client named
// mcp-client-cli, a StdioClientTransport, the Anthropic SDK. The lab's harness runs it once on the
// task in argv[2] instead of its chat loop, passes every tool to the model on every turn, and asks the
// model again after each tool result until it stops asking (the tutorial answers one tool call).
import { readFileSync } from 'node:fs';
import { Anthropic } from '@anthropic-ai/sdk';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const server = JSON.parse(readFileSync('server.json', 'utf8'));
const anthropic = new Anthropic({ apiKey: process.env.ANTHROPIC_API_KEY });
const mcp = new Client({ name: 'mcp-client-cli', version: '1.0.0' });

const transport =
  server.url === undefined
    ? new StdioClientTransport({ command: server.command, args: server.args })
    : new StreamableHTTPClientTransport(new URL(server.url));
await mcp.connect(transport);
const toolsResult = await mcp.listTools();
const tools = toolsResult.tools.map((tool) => ({
  name: tool.name,
  description: tool.description,
  input_schema: tool.inputSchema,
}));
console.log(
  'Connected to server with tools:',
  tools.map(({ name }) => name),
);

const messages = [{ role: 'user', content: process.argv[2] }];
const finalText = [];
try {
  for (let turn = 0; turn < 20; turn += 1) {
    const response = await anthropic.messages.create({ model: 'claude-sonnet-4-20250514', max_tokens: 1000, messages, tools });
    const calls = response.content.filter((content) => content.type === 'tool_use');
    for (const content of response.content) if (content.type === 'text') finalText.push(content.text);
    if (calls.length === 0) break;
    messages.push({ role: 'assistant', content: response.content });
    for (const content of calls) {
      const result = await mcp.callTool({ name: content.name, arguments: content.input });
      finalText.push(`[Calling tool ${content.name} with args ${JSON.stringify(content.input)}]`);
      // As the tutorial does: the result's text blocks, as the next user message.
      messages.push({
        role: 'user',
        content: result.content
          .filter((block) => block.type === 'text')
          .map((block) => block.text)
          .join('\n'),
      });
    }
  }
  console.log(finalText.join('\n'));
} finally {
  await mcp.close();
}
