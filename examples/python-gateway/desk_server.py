#!/usr/bin/env python3
"""A server of MCP 2026-07-28 behind the gateway: the official SDK's low-level ``Server`` over
stdio, with what the revision brings that a gateway must carry.

- ``query``: its ``region`` parameter is annotated ``x-mcp-header`` (SEP-2243), so a client over
  Streamable HTTP mirrors it in an ``Mcp-Param-Region`` header; ``bad_header`` puts one on a
  ``number`` parameter, which the revision forbids (the gateway leaves it out of its list).
- ``approve``: asks the user first. Its first answer is an ``input_required`` result (an
  elicitation, and a ``requestState`` of its own, unprotected: the gateway seals it); the retry
  carries the answer and the state back.
- ``whoami``: answers the request's ``_meta`` as this server received it.
- ``touch``: changes ``desk://status`` and announces it on the ``subscriptions/listen`` streams
  that subscribed to it; ``add_tool``: adds a tool and announces the list change.

    python desk_server.py            # serves MCP over stdio (both revisions, as the SDK does)
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler, ResourceUpdated, ToolsListChanged

STATUS = "desk://status"
bus = InMemorySubscriptionBus()
state: Dict[str, Any] = {"status": "idle", "touched": 0, "extra": []}


def schema(properties: Dict[str, Any], required: List[str]) -> Dict[str, Any]:
    return {"type": "object", "properties": properties, "required": required}


def tools() -> List[types.Tool]:
    listed = [
        types.Tool(
            name="query",
            description="Runs a query in a region",
            input_schema=schema({"region": {"type": "string", "x-mcp-header": "Region"}, "sql": {"type": "string"}}, ["region", "sql"]),
        ),
        types.Tool(name="bad_header", description="Breaks SEP-2243", input_schema=schema({"amount": {"type": "number", "x-mcp-header": "Amount"}}, [])),
        types.Tool(name="approve", description="Approves an item, asking the user first", input_schema=schema({"item": {"type": "string"}}, ["item"])),
        types.Tool(name="whoami", description="The request's _meta as this server received it", input_schema=schema({}, [])),
        types.Tool(name="touch", description="Changes desk://status", input_schema=schema({}, [])),
        types.Tool(name="add_tool", description="Adds a tool", input_schema=schema({"name": {"type": "string"}}, ["name"])),
    ]
    listed += [types.Tool(name=n, description="An added tool", input_schema=schema({}, [])) for n in state["extra"]]
    return listed


def text(value: str) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(text=value)])


async def list_tools(_ctx: Any, _params: Any) -> types.ListToolsResult:
    return types.ListToolsResult(tools=tools())


async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult | types.InputRequiredResult:
    args = params.arguments or {}
    if params.name == "query":
        return text(f"{args.get('region')}: {args.get('sql')}")
    if params.name == "approve":
        answer = (params.input_responses or {}).get("ok")
        if answer is None or params.request_state is None:
            ask = types.ElicitRequest(
                params=types.ElicitRequestFormParams(
                    message=f"Approve {args.get('item')}?",
                    requested_schema={"type": "object", "properties": {"by": {"type": "string"}}, "required": ["by"]},
                )
            )
            return types.InputRequiredResult(input_requests={"ok": ask}, request_state=json.dumps({"item": args.get("item")}))
        item = json.loads(params.request_state)["item"]
        by = answer.content.get("by") if isinstance(answer, types.ElicitResult) and answer.content else None
        link = types.ResourceLink(uri=STATUS, name="status")
        return types.CallToolResult(content=[types.TextContent(text=f"approved {item} by {by}"), link])
    if params.name == "whoami":
        return text(json.dumps(params.meta or {}, sort_keys=True))
    if params.name == "touch":
        state["touched"] += 1
        state["status"] = f"touched {state['touched']} times"
        await bus.publish(ResourceUpdated(uri=STATUS))
        return text(state["status"])
    if params.name == "add_tool":
        state["extra"].append(str(args.get("name")))
        await bus.publish(ToolsListChanged())
        return text(f"added {args.get('name')}")
    if params.name in state["extra"]:
        return text(f"{params.name} ran")
    raise ValueError(f"no tool {params.name}")


async def list_resources(_ctx: Any, _params: Any) -> types.ListResourcesResult:
    return types.ListResourcesResult(resources=[types.Resource(uri=STATUS, name="status", mime_type="text/plain")])


async def read_resource(_ctx: Any, params: types.ReadResourceRequestParams) -> types.ReadResourceResult:
    if params.uri != STATUS:
        raise ValueError(f"no resource {params.uri}")
    return types.ReadResourceResult(contents=[types.TextResourceContents(uri=STATUS, text=state["status"])])


server: Server[Any] = Server(
    "desk",
    version="1.0.0",
    on_list_tools=list_tools,
    on_call_tool=call_tool,
    on_list_resources=list_resources,
    on_read_resource=read_resource,
    on_subscriptions_listen=ListenHandler(bus),
)


async def main() -> None:
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def closed(e: BaseException) -> bool:
    """Whether ``e`` is the gateway closing this server's pipes (broken pipes, nothing else)."""
    inner: Any = getattr(e, "exceptions", None) or ()
    return isinstance(e, BrokenPipeError) or bool(inner) and all(closed(x) for x in inner)


if __name__ == "__main__":
    try:
        anyio.run(main)
    except BaseException as e:  # noqa: BLE001 - re-raised unless it is the pipes closing
        if not closed(e):
            raise
