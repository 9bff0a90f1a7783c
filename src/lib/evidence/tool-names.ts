/**
 * How clients name an MCP server's tools for their model, and the tools of their own that stand
 * between the model and the server's: the stand-in model's turn script calls the server's tools by
 * these names (src/lib/lab/model/turn-script.ts), and the judges find them in what a client sent
 * its model (src/lib/scenarios/). Read from the lab's captures of each client.
 */

/** Separators clients put between a server's name and its tool's. */
const separators = ['__', '_', '-', '.', '/', ':'];
/** Names of tools that find deferred tools (Claude Code's, Qwen Code's and the like). */
const searchNames = /^(?:ToolSearch|tool_search|search_tools|toolsearch|find_tools)$/i;
/** Names of bridge tools that call another tool by name. */
const bridgeNames = /^(?:tool_call|call_tool|use_tool|invoke_tool|run_tool)$/i;
/** Names of a client's own tool that reads an MCP server's resource (Claude Code's, and `read_mcp_resource`). */
const readerNames = /^(?:ReadMcpResourceTool|read_?mcp_?resource|mcp_?read_?resource|readMcpResource)$/i;

/** Names as a client may have sanitised them for its model API (only letters, digits, `_` and `-`). */
const sanitise = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '_');

/** Whether an offered or called name stands for the server's tool `tool` (as named, prefixed, or sanitised). */
export const namesTool = (name: string, tool: string): boolean => {
  for (const [a, b] of [
    [name, tool],
    [sanitise(name), sanitise(tool)],
  ] as const) {
    if (a === b) return true;
    if (separators.some((separator) => a.endsWith(`${separator}${b}`))) return true;
  }
  return false;
};

/** Whether a tool finds deferred tools (Claude Code's `ToolSearch`, Qwen Code's `tool_search`). */
export const isSearch = (name: string): boolean => searchNames.test(name);
/** Whether a tool calls another by name (Qwen Code's `tool_call`). */
export const isBridge = (name: string): boolean => bridgeNames.test(name);
/** Whether a tool is a client's own resource reader. */
export const isResourceReader = (name: string): boolean => readerNames.test(name);
