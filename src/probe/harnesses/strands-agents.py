"""Strands Agents with an MCP server, as its MCP tools page writes the quick start.

The lab's harness for `strands-agents[openai]` (PyPI): an Agent with one MCPClient in its tools (the
page's managed integration), run once on the task in argv[1]. Strands' default model is Amazon
Bedrock, which the stand-in does not speak: the model is its OpenAI provider, built as the OpenAI
provider page builds one for an OpenAI-compatible server.
"""

import json
import os
import sys

from mcp import StdioServerParameters, stdio_client
from strands import Agent
from strands.models.openai import OpenAIModel
from strands.tools.mcp import MCPClient

with open("server.json") as file:
    server = json.load(file)

if "url" in server:
    # The page's import; mcp 2.x names the same function streamable_http_client.
    try:
        from mcp.client.streamable_http import streamablehttp_client as http_client
    except ImportError:
        from mcp.client.streamable_http import streamable_http_client as http_client
    mcp_client = MCPClient(lambda: http_client(server["url"]))
else:
    mcp_client = MCPClient(
        lambda: stdio_client(StdioServerParameters(command=server["command"], args=server["args"]))
    )

model = OpenAIModel(
    client_args={"api_key": os.environ["LAB_OPENAI_KEY"], "base_url": os.environ["LAB_OPENAI_URL"]},
    model_id="gpt-4o",
)

agent = Agent(model=model, tools=[mcp_client])
agent(sys.argv[1])
