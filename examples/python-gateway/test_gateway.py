"""The Python gateway end to end: the SDK's Python client starts ``gateway.py`` (stdio), which
starts server-everything and server-memory through npx (from this directory's package-lock.json,
installed by scripts/python.sh) and the FastMCP server ``notes_server.py``; lists, calls through
renamed tools, a misspelled call answered -32602 with suggestions, a disabled tool. Everything
it starts is a child of the client's process tree and stops with it (stdio, no port)."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError

import mcp_naming

HERE = Path(__file__).resolve().parent


def params(tmp: Path) -> StdioServerParameters:
    env = dict(os.environ)
    env["MEMORY_FILE_PATH"] = str(tmp / "memory.jsonl")  # server-memory writes its graph here
    return StdioServerParameters(command=sys.executable, args=[str(HERE / "gateway.py"), str(HERE / "gateway.example.json")], cwd=str(HERE), env=env)


def text(result: Any) -> str:
    return "".join(c.text for c in result.content if getattr(c, "type", None) == "text")


async def session(tmp: Path) -> None:
    with anyio.fail_after(120):
        await check(tmp)


async def check(tmp: Path) -> None:
    async with Client(params(tmp)) as client:
        listed = [t.name for t in (await client.list_tools()).tools]
        # Lists: every server's tools under the agent style, the disabled ones left out.
        assert {"everything__echo", "everything__get_sum", "memory__read_graph", "memory__create_entities", "notes__notes_add", "notes__get_note"} <= set(listed), listed
        assert "notes__delete_all" not in listed
        assert not any(n.startswith("everything__toggle") for n in listed)
        assert len(listed) == len(set(listed))
        for name in listed:
            assert mcp_naming.is_valid_tool_name(name, "mcp"), name  # SEP-986
            assert mcp_naming.check_providers(name)["openai"], name

        # Calls, each through the name the gateway gave it.
        assert text(await client.call_tool("everything__echo", {"message": "hello"})) == "Echo: hello"
        assert "5" in text(await client.call_tool("everything__get_sum", {"a": 2, "b": 3}))  # upstream get-sum
        await client.call_tool("memory__create_entities", {"entities": [{"name": "gateway", "entityType": "test", "observations": ["python"]}]})
        graph = json.loads(text(await client.call_tool("memory__read_graph", {})))
        assert [e["name"] for e in graph["entities"]] == ["gateway"]
        assert text(await client.call_tool("notes__notes_add", {"title": "t", "text": "x"})) == "added t"  # upstream notes.add
        assert text(await client.call_tool("notes__get_note", {"title": "t"})) == "x"  # upstream getNote

        # A misspelled call: -32602 with the Router's suggestions.
        with pytest.raises(MCPError) as info:
            await client.call_tool("memory__read_grahp", {})
        assert info.value.code == -32602
        assert info.value.data["code"] == "unknown_tool"
        assert info.value.data["suggestions"][0] == "memory__read_graph"
        assert "did you mean memory__read_graph" in info.value.message

        # A disabled tool: -32602 tool_disabled, never forwarded.
        with pytest.raises(MCPError) as info:
            await client.call_tool("notes__delete_all", {})
        assert info.value.code == -32602 and info.value.data["code"] == "tool_disabled"
        assert text(await client.call_tool("notes__get_note", {"title": "t"})) == "x", "the disabled tool did not run"


def test_gateway_end_to_end(tmp_path: Path) -> None:
    if not (HERE / "node_modules" / ".bin" / "mcp-server-everything").exists():
        pytest.fail("no examples/python-gateway/node_modules: bash scripts/npm-ci.sh examples/python-gateway")
    assert shutil.which("npx"), "npx is needed for the npm servers"
    anyio.run(session, tmp_path)
