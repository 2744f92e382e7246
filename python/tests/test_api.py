"""The package's Python idiom beyond the shared tables: the typed consumer (also checked by mypy
--strict), errors as MCP answers, keyword arguments, the router's thread rule."""

from __future__ import annotations

import os
import pickle
import sys
import threading
from pathlib import Path

import pytest

import mcp_naming as n
from mcp_naming import NamingError, Router

sys.path.insert(0, str(Path(__file__).parent / "typing"))
import consumer  # noqa: E402


def test_the_installed_package_is_the_one_tested() -> None:
    if os.environ.get("PY_INSTALLED") == "1":
        assert "site-packages" in (n.__file__ or ""), n.__file__


def test_the_typed_consumer_runs_as_it_claims() -> None:
    out = consumer.gateway()
    assert out["exposed"] == ["serena_find_symbol", "serena_delete_file"]
    assert out["listed"] == ["serena_find_symbol"]
    assert (out["server"], out["mapped"], out["route"]) == ("serena", "find_symbol", "find_symbol")
    assert out["error"]["code"] == -32602 and out["error"]["data"]["suggestions"] == ["serena_find_symbol"]
    assert out["chora"] == [True, False]
    assert out["uri"] is not None and "myproject" in out["uri"]
    assert out["fitted"] == "admin_tools_list" and out["accepted"] is True
    assert out["duration"] == "PT2H"


def test_the_typed_sdk_consumer_runs_as_it_claims() -> None:
    out = consumer.sdk_gateway()
    assert out == {"listed": ["memory__read_graph"], "upstream": "read_graph", "result": "CallToolResult", "relist": "tools", "wrong": "invalid_argument"}


def test_the_typed_2026_consumer_runs_as_it_claims() -> None:
    out = consumer.revision_2026_gateway()
    assert out == {
        "era": "modern",
        "versions": ["2026-07-28"],
        "listed": ["db__query"],
        "upstream": "query",
        "headers": [("Mcp-Param-Region", "eu")],
        "type": "complete",
        "waiting": False,
        "ack": {},
        "control": None,
        "code": -32602,
    }


def test_errors_as_mcp_answers() -> None:
    r = Router(style="agent", servers=[{"name": "mem"}], disabled=["mem__delete*"])
    r.expose_tools("mem", {"tools": [{"name": "read_graph"}, {"name": "delete_entities"}]})
    with pytest.raises(NamingError) as info:
        r.map_call_tool({"name": "mem__delete_entities"})
    e = info.value
    assert e.code == "tool_disabled"
    rpc = e.to_jsonrpc_error()
    assert rpc["code"] == -32602 and rpc["data"]["code"] == "tool_disabled"
    result = e.to_call_tool_result()
    assert result["isError"] is True and e.message in result["content"][0]["text"]
    assert e.http_status == 200
    copy = pickle.loads(pickle.dumps(e))
    assert (copy.code, copy.message, copy.suggestions, copy.diagnostics) == (e.code, e.message, e.suggestions, e.diagnostics)
    with pytest.raises(NamingError) as info:
        r.map_call_tool({"name": "mem__read_graph"}, header="mem__other", protocol_version="2026-07-28")
    assert info.value.code == "name_mismatch" and info.value.to_jsonrpc_error()["code"] == -32020 and info.value.http_status == 400
    assert isinstance(info.value, ValueError)


def test_keyword_arguments_are_the_options() -> None:
    assert n.validate_tool_name("myproject:create_task", "chora", expected_namespace="myproject")["valid"]
    assert not n.validate_tool_name("other:create_task", "chora", expected_namespace="myproject")["valid"]
    assert n.validate_tool_name("other:create_task", "chora", {"expectedNamespace": "x"}, expected_namespace="other")["valid"]
    with pytest.raises(TypeError, match="expected_namespce"):
        n.validate_tool_name("a:b", "chora", expected_namespce="x")  # type: ignore[call-arg]
    r = Router({"style": "agent"}, servers=[{"name": "mem"}], prefix_mode="always")
    r.expose("mem", ["a1"])
    page = r.list_tools(page_size=1)
    assert len(page["tools"]) == 1


def test_the_router_stays_on_its_thread() -> None:
    r = Router(style="agent", servers=[{"name": "mem"}])
    r.expose("mem", ["read_graph"])
    seen: list[object] = []

    def other() -> None:
        seen.append(r.route("mem__read_graph")["tool"])  # a hit: answered in Python
        try:
            r.route("mem__nothing")
        except RuntimeError as e:
            seen.append("RuntimeError")
        except NamingError as e:
            seen.append(e.code)

    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert seen == ["read_graph", "RuntimeError"]


def test_payloads_stay_python_objects() -> None:
    class Schema(dict):  # type: ignore[type-arg]
        pass

    schema = Schema(type="object")
    tool = {"name": "read_graph", "inputSchema": schema, "annotations": {"readOnlyHint": True}}
    r = Router(style="agent", servers=[{"name": "mem"}])
    r.expose_tools("mem", {"tools": [tool]})
    listed = r.list_tools()["tools"][0]
    assert listed["inputSchema"] is schema and listed["annotations"] is tool["annotations"]
    args = {"deep": [object()]}
    mapped = r.map_call_tool({"name": "mem__read_graph", "arguments": args})
    assert mapped["params"]["arguments"] is args
