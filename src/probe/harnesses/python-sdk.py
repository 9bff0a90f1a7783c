"""The Python MCP SDK's Client with a model, as the "Build an MCP client" tutorial writes it.

The lab's harness for the `mcp` package (PyPI): the tutorial's Python program, run once on the
task in argv[1] instead of its interactive loop. A setting such as `mode=legacy` after the task is
passed to `Client` as a keyword; without one, every default stays as the SDK ships it.
"""

import asyncio
import json
import sys

from anthropic import Anthropic
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp_types import TextContent

MODEL = "claude-opus-5"
anthropic = Anthropic()


def server_target(server: dict):
    """What Client connects to: a URL means Streamable HTTP, a command a stdio subprocess."""
    if "url" in server:
        return server["url"]
    return stdio_client(StdioServerParameters(command=server["command"], args=server["args"]))


async def process_query(client: Client, query: str) -> str:
    """Process a query using the model and the server's tools."""
    messages = [{"role": "user", "content": query}]

    tool_list = await client.list_tools()
    available_tools = [
        {"name": tool.name, "description": tool.description, "input_schema": tool.input_schema}
        for tool in tool_list.tools
    ]

    final_text = []
    # The tutorial answers one round of tool calls; the lab's stand-in model asks for one tool per
    # turn, so the same steps repeat until the model stops asking.
    for _ in range(20):
        response = anthropic.messages.create(model=MODEL, max_tokens=1000, messages=messages, tools=available_tools)
        tool_results = []
        for content in response.content:
            if content.type == "text":
                final_text.append(content.text)
            elif content.type == "tool_use":
                result = await client.call_tool(content.name, content.input)
                final_text.append(f"[Calling tool {content.name} with args {content.input}]")
                tool_results.append(
                    {
                        "type": "tool_result",
                        "tool_use_id": content.id,
                        "content": "\n".join(block.text for block in result.content if isinstance(block, TextContent)),
                        "is_error": result.is_error,
                    }
                )
        if not tool_results:
            break
        messages.append({"role": "assistant", "content": response.content})
        messages.append({"role": "user", "content": tool_results})

    return "\n".join(final_text)


async def main() -> None:
    with open("server.json") as file:
        server = json.load(file)
    options = dict(arg.split("=", 1) for arg in sys.argv[2:])
    async with Client(server_target(server), **options) as client:
        tool_list = await client.list_tools()
        print("\nConnected to server with tools:", [tool.name for tool in tool_list.tools])
        print("\n" + await process_query(client, sys.argv[1]))


if __name__ == "__main__":
    asyncio.run(main())
