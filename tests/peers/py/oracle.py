#!/usr/bin/env python3
"""Python peer oracle: the exact tool names other gateways expose, from their own code.

stdin:  {"cases": [{"servers": [{"name": "<server>", "tools": ["<tool>", ...]}, ...],
                    "reserved": ["<name>", ...]   # optional, openai-agents only
                   }, ...]}
stdout: {"openai-agents-py": [names | {"error": msg}, ...],   # one entry per case
         "fastmcp":          [names | {"error": msg}, ...],
         "fastmcp-resources":[uris  | {"error": msg}, ...]}

Run with the venv made by setup.sh:  tests/peers/py/.venv/bin/python oracle.py < in.json
`oracle.py --versions` prints the installed peer versions as JSON instead.

How each peer is driven (see rules.md for the rules themselves):

* openai-agents-py: an `agents.Agent` with `mcp_servers=[...]` and
  `mcp_config={"include_server_in_tool_names": True}`; we call its public
  `Agent.get_mcp_tools(run_context)` and report `FunctionTool.name` in order.
  Each server is a minimal in-process `agents.mcp.MCPServer` subclass whose
  `list_tools()` returns `mcp.types.Tool(name=<tool>)` in input order (what a
  real server's tools/list would hand back). Optional `reserved` names become
  agent-local `FunctionTool`s, which is how the SDK fills `reserved_tool_names`.

* fastmcp: one child `FastMCP` per input server with each tool registered
  (`FunctionTool.from_function(..., name=<tool>)` + `add_tool`), mounted on a
  parent with `parent.mount(child, namespace=<server name>)`; names are read
  through an in-memory `fastmcp.Client(parent)` (`tools/list` over the real
  MCP protocol handler, which also de-duplicates). No network.

* fastmcp-resources: same servers, each tool string becomes a
  `TextResource(uri="test://" + tool)` on the child; URIs come from the same
  client's `resources/list`.
"""

from __future__ import annotations

import asyncio
import importlib.metadata as md
import json
import logging
import os
import sys
import warnings
from typing import Any

warnings.filterwarnings("ignore")
os.environ.setdefault("FASTMCP_LOG_LEVEL", "CRITICAL")
os.environ.setdefault("OPENAI_AGENTS_DISABLE_TRACING", "1")
os.environ.setdefault("OPENAI_API_KEY", "sk-oracle-unused")  # never used: no model call

import mcp.types as mcp_types  # noqa: E402
from agents import Agent, FunctionTool, RunContextWrapper  # noqa: E402
from agents.mcp import MCPServer  # noqa: E402
from fastmcp import Client, FastMCP  # noqa: E402
from fastmcp.resources import TextResource  # noqa: E402
from fastmcp.tools import FunctionTool as FmTool  # noqa: E402

for _name in ("", "fastmcp", "mcp", "agents", "openai.agents", "FastMCP", "httpx", "httpx2"):
    logging.getLogger(_name).setLevel(logging.CRITICAL)
try:
    from agents import set_tracing_disabled

    set_tracing_disabled(True)
except Exception:  # pragma: no cover - older SDKs
    pass


def _err(e: BaseException) -> dict[str, str]:
    # Unwrap ExceptionGroups (anyio task groups) to the first real cause.
    while isinstance(e, BaseExceptionGroup) and e.exceptions:
        e = e.exceptions[0]
    return {"error": f"{type(e).__name__}: {e}"}


# ---------------------------------------------------------------- openai-agents


class _ListedServer(MCPServer):
    """In-process MCP server: only tools/list matters for naming."""

    def __init__(self, name: str, tools: list[str]) -> None:
        super().__init__()
        self._name = name
        self._tools = [
            mcp_types.Tool(name=t, input_schema={"type": "object", "properties": {}})
            for t in tools
        ]

    @property
    def name(self) -> str:
        return self._name

    async def connect(self) -> None:
        return None

    async def cleanup(self) -> None:
        return None

    async def list_tools(self, run_context: Any = None, agent: Any = None) -> list[Any]:
        return list(self._tools)

    async def call_tool(self, tool_name: str, arguments: Any, meta: Any = None) -> Any:
        raise NotImplementedError

    async def list_prompts(self) -> Any:
        return mcp_types.ListPromptsResult(prompts=[])

    async def get_prompt(self, name: str, arguments: Any = None) -> Any:
        raise NotImplementedError


def _reserved_tool(name: str) -> FunctionTool:
    async def _invoke(ctx: Any, args: str) -> str:
        return ""

    return FunctionTool(
        name=name,
        description="reserved",
        params_json_schema={"type": "object", "properties": {}, "additionalProperties": False},
        on_invoke_tool=_invoke,
    )


async def openai_agents_case(case: dict[str, Any]) -> Any:
    try:
        servers = [_ListedServer(s["name"], list(s["tools"])) for s in case["servers"]]
        agent = Agent(
            name="oracle",
            tools=[_reserved_tool(n) for n in case.get("reserved", [])],
            mcp_servers=servers,
            mcp_config={"include_server_in_tool_names": True},
        )
        tools = await agent.get_mcp_tools(RunContextWrapper(context=None))
        return [t.name for t in tools]
    except Exception as e:  # noqa: BLE001 - peer errors are data
        return _err(e)


# ---------------------------------------------------------------------- fastmcp


async def _noop() -> str:
    return ""


_TEMPLATE: FmTool | None = None


def _fm_tool(name: str) -> FmTool:
    # One FunctionTool built by from_function, copied under each name: building one per tool
    # (a pydantic schema each) was most of the oracle's time. from_function does nothing to the
    # name but log SEP-986 warnings, and model_copy keeps "" verbatim, as a proxied remote tool
    # (ProxyTool is built with name=mcp_tool.name) does.
    global _TEMPLATE
    if _TEMPLATE is None:
        _TEMPLATE = FmTool.from_function(_noop, name="_placeholder")
    return _TEMPLATE.model_copy(update={"name": name})


async def fastmcp_case(case: dict[str, Any]) -> tuple[Any, Any]:
    tools_out: Any
    res_out: Any
    res_build_error: Any = None
    try:
        parent = FastMCP("oracle-parent")
        for s in case["servers"]:
            child = FastMCP(s["name"] or "unnamed")
            for t in s["tools"]:
                child.add_tool(_fm_tool(t))
            if res_build_error is None:
                try:
                    for t in s["tools"]:
                        child.add_resource(
                            TextResource(uri="test://" + t, name=t or "r", text="")
                        )
                except Exception as e:  # noqa: BLE001
                    res_build_error = _err(e)
            parent.mount(child, namespace=s["name"])
    except Exception as e:  # noqa: BLE001
        err = _err(e)
        return err, err

    try:
        async with Client(parent) as client:
            try:
                tools_out = [t.name for t in await client.list_tools()]
            except Exception as e:  # noqa: BLE001
                tools_out = _err(e)
            if res_build_error is not None:
                res_out = res_build_error
            else:
                try:
                    res_out = [str(r.uri) for r in await client.list_resources()]
                except Exception as e:  # noqa: BLE001
                    res_out = _err(e)
    except Exception as e:  # noqa: BLE001
        err = _err(e)
        return err, err
    return tools_out, res_out


# ------------------------------------------------------------------------- main


async def run(cases: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "openai-agents-py": [],
        "fastmcp": [],
        "fastmcp-resources": [],
    }
    for case in cases:
        out["openai-agents-py"].append(await openai_agents_case(case))
        tools, res = await fastmcp_case(case)
        out["fastmcp"].append(tools)
        out["fastmcp-resources"].append(res)
    return out


def versions() -> dict[str, str]:
    return {
        p: md.version(p)
        for p in ("openai-agents", "fastmcp", "mcp", "pydantic", "pydantic-core")
    }


def main() -> None:
    if "--versions" in sys.argv[1:]:
        json.dump(versions(), sys.stdout)
        sys.stdout.write("\n")
        return
    data = json.load(sys.stdin)
    result = asyncio.run(run(data["cases"]))
    json.dump(result, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
