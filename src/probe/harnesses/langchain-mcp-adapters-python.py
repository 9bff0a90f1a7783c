"""LangChain's MCP adapters (Python) with a LangChain agent, as the adapters' README writes it.

The lab's harness for `langchain-mcp-adapters` (PyPI): a MultiServerMCPClient with one server, its
tools given to create_agent, run once on the task in argv[1], every default as the adapters ship it.
"""

import asyncio
import json
import sys

from langchain.agents import create_agent
from langchain_mcp_adapters.client import MultiServerMCPClient


async def main() -> None:
    with open("server.json") as file:
        server = json.load(file)
    if "url" in server:
        connection = {"url": server["url"], "transport": "http"}
    else:
        connection = {"command": server["command"], "args": server["args"], "transport": "stdio"}
    client = MultiServerMCPClient({"lab": connection})
    tools = await client.get_tools()
    agent = create_agent("openai:gpt-4.1", tools)
    response = await agent.ainvoke({"messages": sys.argv[1]})
    print(response["messages"][-1].content)


if __name__ == "__main__":
    asyncio.run(main())
