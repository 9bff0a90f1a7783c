"""Pydantic AI with an MCP server, as its MCP client page writes it.

The lab's harness for `pydantic-ai-slim[mcp]` (PyPI): an Agent with one MCPToolset, run once on the
task in argv[1]. A setting such as `include_instructions=true` after the task is passed to the
toolset; without one, every default stays as the library ships it.
"""

import asyncio
import json
import sys

from fastmcp.client.transports import StdioTransport
from pydantic_ai import Agent
from pydantic_ai.mcp import MCPToolset


async def main() -> None:
    with open("server.json") as file:
        server = json.load(file)
    options = {name: json.loads(value) for name, value in (arg.split("=", 1) for arg in sys.argv[2:])}
    target = server["url"] if "url" in server else StdioTransport(command=server["command"], args=server["args"])
    toolset = MCPToolset(target, **options)
    agent = Agent("openai:gpt-5.2", toolsets=[toolset])
    result = await agent.run(sys.argv[1])
    print(result.output)


if __name__ == "__main__":
    asyncio.run(main())
