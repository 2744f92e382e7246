#!/usr/bin/env python3
"""An MCP gateway in Python on the official MCP SDK (``mcp`` 2.x), whose names and routes come
from mcp-naming's Router: it connects to every upstream server of its configuration (stdio
commands), exposes their tools under one naming style, answers ``tools/list`` with the merged
list and forwards each ``tools/call`` to the server that owns the tool, under its own name. A
misspelled or disabled tool is answered -32602 with the Router's suggestions. The Router takes
the SDK's own models (``ListToolsResult``, ``CallToolRequestParams``, ``CallToolResult``) and
gives back models of the same classes, so nothing here converts between models and dicts; only
names cross into the engine.

    python gateway.py gateway.example.json      # serves MCP over stdio
"""

from __future__ import annotations

import json
import os
import sys
from contextlib import AsyncExitStack
from typing import Any, Dict

import anyio
import mcp_types as types
from mcp import Client, StdioServerParameters
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError

from mcp_naming import NamingError, Router


class Gateway:
    """The upstream connections and the Router that names their tools."""

    def __init__(self, config: Dict[str, Any], base: str) -> None:
        self.config = config
        self.base = base
        routing = {k: v for k, v in config.items() if k != "servers"}
        routing["servers"] = [{k: v for k, v in s.items() if k not in ("command", "args")} for s in config["servers"]]
        self.router = Router(routing)
        self.clients: Dict[str, Client] = {}

    async def connect(self, stack: AsyncExitStack) -> None:
        for s in self.config["servers"]:
            command = s["command"]
            if command == "python":
                command = sys.executable
            params = StdioServerParameters(command=command, args=s.get("args", []), cwd=self.base, env=dict(os.environ))
            client = await stack.enter_async_context(Client(params))
            self.clients[s["name"]] = client
            exposure = self.router.expose_tools(s["name"], await client.list_tools(), on_invalid="skip")
            for skipped in exposure["skipped"]:
                print(f"gateway: {s['name']}: skipped {skipped['name']!r}: {skipped['message']}", file=sys.stderr)

    async def list_tools(self, _ctx: Any, _params: Any) -> types.ListToolsResult:
        listed: types.ListToolsResult = self.router.list_tools()
        return listed

    async def call_tool(self, _ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        try:
            mapped = self.router.map_call_tool(params)
        except NamingError as e:
            error = e.to_jsonrpc_error()
            raise MCPError(error["code"], error["message"], error["data"]) from None
        upstream = mapped["params"]
        result = await self.clients[mapped["server"]].call_tool(upstream.name, upstream.arguments)
        return self.router.rewrite_result(mapped["server"], result)


async def main(path: str) -> None:
    with open(path, encoding="utf-8") as f:
        config = json.load(f)
    gateway = Gateway(config, os.path.dirname(os.path.abspath(path)))
    async with AsyncExitStack() as stack:
        await gateway.connect(stack)
        server: Server[Any] = Server("mcp-naming-python-gateway", on_list_tools=gateway.list_tools, on_call_tool=gateway.call_tool)
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main, sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "gateway.example.json"))
