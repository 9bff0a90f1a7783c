"""The OpenAI Agents SDK (Python) with an MCP server, as its MCP page writes it.

The lab's harness for `openai-agents` (PyPI): an Agent with one local MCP server, run once on the
task in argv[1]. A setting such as `use_structured_content=true` after the task is passed to the
server's constructor; without one, every default stays as the SDK ships it.
"""

import asyncio
import json
import sys

from agents import Agent, Runner
from agents.mcp import MCPServerStdio, MCPServerStreamableHttp


async def main() -> None:
    with open("server.json") as file:
        server = json.load(file)
    options = {name: json.loads(value) for name, value in (arg.split("=", 1) for arg in sys.argv[2:])}
    if "url" in server:
        mcp_server = MCPServerStreamableHttp(name="Lab Server", params={"url": server["url"]}, **options)
    else:
        mcp_server = MCPServerStdio(
            name="Lab Server", params={"command": server["command"], "args": server["args"]}, **options
        )
    async with mcp_server as connected:
        agent = Agent(
            name="Assistant",
            instructions="Use the MCP tools to answer the questions.",
            mcp_servers=[connected],
        )
        result = await Runner.run(agent, sys.argv[1])
        print(result.final_output)


if __name__ == "__main__":
    asyncio.run(main())
