"""Google's Agent Development Kit with an MCP server, as its MCP tools page writes the agent.

The lab's harness for `google-adk[mcp]` (PyPI): the page's LlmAgent with one McpToolset, run once on
the task in argv[1] by an InMemoryRunner (the ADK apps page's `run_debug`), every default as ADK
ships it.
"""

import asyncio
import json
import sys

from google.adk.agents import LlmAgent
from google.adk.runners import InMemoryRunner
from google.adk.tools.mcp_tool import McpToolset
from google.adk.tools.mcp_tool.mcp_session_manager import StdioConnectionParams, StreamableHTTPConnectionParams
from mcp import StdioServerParameters


def connection(server: dict):
    """The page's StdioConnectionParams, or its Streamable HTTP counterpart for a URL."""
    if "url" in server:
        return StreamableHTTPConnectionParams(url=server["url"])
    return StdioConnectionParams(server_params=StdioServerParameters(command=server["command"], args=server["args"]))


async def main() -> None:
    with open("server.json") as file:
        server = json.load(file)
    root_agent = LlmAgent(
        model="gemini-flash-latest",
        name="lab_assistant_agent",
        instruction="Help the user with the tools of the lab server.",
        tools=[McpToolset(connection_params=connection(server))],
    )
    runner = InMemoryRunner(agent=root_agent)
    await runner.run_debug(sys.argv[1])
    await runner.close()


if __name__ == "__main__":
    asyncio.run(main())
