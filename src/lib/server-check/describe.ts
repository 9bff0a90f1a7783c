/**
 * The server in one line, as the check read it: its name, what it lists, and the name its tool
 * names were checked under, so a reader knows what the findings are about before reading them.
 */
import type { ServerDescription } from './server-input.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "`github-mcp-server`: 44 tools, 2 prompts, instructions (tool names as for a server named `github` in a client's settings)". */
export const describeServer = (server: ServerDescription, serverName: string): string => {
  const parts = [
    count(server.tools.length, 'tool', 'tools'),
    ...(server.toolPages === 'several' ? ['listed in pages'] : []),
    ...(server.toolPages === 'first' ? ['the first page of its tools only (its nextCursor had no page after it)'] : []),
    ...(server.prompts > 0 ? [count(server.prompts, 'prompt', 'prompts')] : []),
    ...(server.resources > 0 ? [count(server.resources, 'resource', 'resources')] : []),
    ...(server.instructions === undefined ? [] : ['instructions']),
    ...(server.results.length > 0 ? [count(server.results.length, 'sample result', 'sample results')] : []),
    ...(server.uses.length > 0 ? [`server requests: ${server.uses.join(', ')}`] : []),
    ...(server.auth === undefined ? [] : ['authorization metadata']),
  ];
  return `${server.name === undefined ? 'a server' : `\`${server.name}\``}: ${parts.join(', ')} (tool names as for a server named \`${serverName}\` in a client's settings)`;
};
