"""Search and discovery mode (issue 26) in the Python idiom, beyond the shared scenarios:
keyword options, the texts reaching the core from the first search, the listing switching at
``maxListed``, ``call_tool`` mapped with its payload left a Python object, a misspelled name."""

from __future__ import annotations

from typing import Any, Dict, List

import sys
from pathlib import Path

import pytest

from mcp_naming import NamingError, Router

sys.path.insert(0, str(Path(__file__).parent / "typing"))
import consumer  # noqa: E402

GITHUB: List[Dict[str, Any]] = [
    {
        "name": "create_issue",
        "description": "Create a new issue in a GitHub repository",
        "inputSchema": {"type": "object", "properties": {"owner": {}, "repo": {}, "title": {}}},
    },
    {"name": "list_issues", "description": "List issues in a GitHub repository", "inputSchema": {"type": "object", "properties": {"state": {}}}},
    {"name": "search_code", "description": "Search code across repositories"},
]
FS: List[Dict[str, Any]] = [
    {"name": "read_file", "description": "Read the complete contents of a file", "inputSchema": {"type": "object", "properties": {"path": {}}}},
    {"name": "write_file", "description": "Create or overwrite a file", "inputSchema": {"type": "object", "properties": {"path": {}, "content": {}}}},
]
META = ["search_tools", "get_tool_details", "call_tool"]


def names(hits: List[Any]) -> List[str]:
    return [h["name"] for h in hits]


def test_search_after_expose_reads_the_kept_texts_and_follows_later_exposes() -> None:
    r = Router(style="claude", servers=[{"name": "github"}, {"name": "fs"}])
    r.expose_tools("github", {"tools": GITHUB})
    r.expose_tools("fs", FS)
    # Exposed before any search: the first search hands the core the kept tools' texts.
    hits = r.search_tools("contents")
    assert names(hits) == ["fs__read_file"]
    assert hits[0]["matched"] == ["description"] and hits[0]["score"] > 0
    assert hits[0]["description"] == "Read the complete contents of a file"
    # Parameter names are searched; keyword options and an options mapping are the same call.
    assert names(r.search_tools("state")) == ["github__list_issues"]
    assert r.search_tools("file", limit=1) == r.search_tools("file", {"limit": 1})
    assert len(r.search_tools("file", limit=1)) == 1
    assert {h["server"] for h in r.search_tools("repository", server="github")} == {"github"}
    # A later expose keeps the index up to date (texts now cross with the names).
    r.expose_tools("fs", [*FS, {"name": "move_file", "description": "Rename or relocate a file"}])
    assert names(r.search_tools("relocate")) == ["fs__move_file"]
    r.expose_tools("fs", FS)
    assert r.search_tools("relocate") == []


def test_search_refuses_bad_options_with_stable_codes() -> None:
    r = Router(style="claude", servers=[{"name": "fs"}])
    r.expose_tools("fs", FS)
    with pytest.raises(NamingError) as e:
        r.search_tools("file", {"limt": 2})
    assert e.value.code == "invalid_argument" and list(e.value.suggestions) == ["limit"]
    with pytest.raises(NamingError) as e:
        r.search_tools("file", limit=0)
    assert e.value.code == "invalid_argument"
    with pytest.raises(NamingError) as e:
        r.search_tools("file", server="gitlab")
    assert e.value.code == "unknown_server"
    # A misspelled keyword argument: the nearest one, and a TypeError as Python's own.
    with pytest.raises(TypeError, match='unexpected keyword argument "limt": did you mean "limit"?') as t:
        r.search_tools("file", limt=2)
    assert isinstance(t.value, NamingError) and t.value.code == "invalid_argument" and t.value.suggestions == ["limit"]
    with pytest.raises(TypeError, match="query must be a str, got a number"):
        r.search_tools(3)  # type: ignore[arg-type]


def discovery_router(**extra: Any) -> Router:
    config: Dict[str, Any] = {
        "style": "claude",
        "servers": [{"name": "github"}, {"name": "fs"}],
        "discovery": {"mode": "search", "maxListed": 3, "always": [{"server": "fs", "tool": "read_*"}]},
    }
    config.update(extra)
    return Router(config)


def test_discovery_listing_switches_at_max_listed() -> None:
    r = discovery_router()
    r.expose_tools("github", {"tools": GITHUB})
    # Three tools: not past maxListed, every tool listed and no meta-tool.
    assert [t["name"] for t in r.list_tools()["tools"]] == ["github__create_issue", "github__list_issues", "github__search_code"]
    # The meta-tools still answer a client that calls them unlisted (discovery is configured).
    early = r.discovery_result({"name": "search_tools", "arguments": {"query": "issue"}})
    assert early is not None and [t["name"] for t in early["structuredContent"]["tools"]] == ["github__create_issue", "github__list_issues"]
    exposure = r.expose_tools("fs", {"tools": FS})
    assert exposure["changed"] is True
    listed = r.list_tools()["tools"]
    assert [t["name"] for t in listed] == [*META, "fs__read_file"]
    assert all(isinstance(t["inputSchema"], dict) for t in listed[:3])
    # The always-listed tool is the kept object under its exposed name.
    assert listed[3] == {**FS[0], "name": "fs__read_file"}
    # Paged like any list.
    first = r.list_tools(page_size=2)
    assert [t["name"] for t in first["tools"]] == META[:2]
    rest = r.list_tools(cursor=first["nextCursor"], page_size=2)
    assert [t["name"] for t in rest["tools"]] == ["call_tool", "fs__read_file"] and "nextCursor" not in rest
    # The catalog shrinks below maxListed again: the plain list is back.
    r.expose_tools("github", [])
    assert [t["name"] for t in r.list_tools()["tools"]] == ["fs__read_file", "fs__write_file"]


def test_discovery_results_are_built_from_the_kept_objects() -> None:
    r = discovery_router(tools=[{"server": "github", "tool": "search_code", "name": "code_search", "description": "Find source code by keyword"}])
    r.expose_tools("github", GITHUB)
    r.expose_tools("fs", FS)
    found = r.discovery_result({"name": "search_tools", "arguments": {"query": "keyword"}})
    assert found is not None and "isError" not in found
    assert [t["name"] for t in found["structuredContent"]["tools"]] == ["code_search"]
    details = r.discovery_result({"name": "get_tool_details", "arguments": {"name": "fs__write_file"}})
    assert details is not None
    assert details["structuredContent"] == {**FS[1], "name": "fs__write_file"}
    overridden = r.discovery_result({"name": "get_tool_details", "arguments": {"name": "code_search"}})
    assert overridden is not None and overridden["structuredContent"]["description"] == "Find source code by keyword"
    missing = r.discovery_result({"name": "get_tool_details", "arguments": {"name": "fs__writ_file"}})
    assert missing is not None and missing["isError"] is True and "fs__write_file" in missing["content"][0]["text"]
    bad = r.discovery_result({"name": "search_tools", "arguments": {"qery": "x"}})
    assert bad is not None and bad["isError"] is True
    # Not a meta-tool (or call_tool, which map_call_tool maps): None.
    assert r.discovery_result({"name": "fs__read_file"}) is None
    assert r.discovery_result({"name": "call_tool", "arguments": {"name": "fs__read_file"}}) is None
    # The header is checked when given, as map_call_tool checks it.
    with pytest.raises(NamingError) as e:
        r.discovery_result({"name": "search_tools", "arguments": {"query": "x"}}, header="call_tool")
    assert e.value.code == "name_mismatch"
    assert r.discovery_result({"name": "search_tools", "arguments": {"query": "file"}}, header="search_tools") is not None
    with pytest.raises(NamingError) as e:
        r.discovery_result(["search_tools"])  # type: ignore[arg-type]
    assert e.value.code == "invalid_argument"


def test_call_tool_maps_to_the_named_tool_with_its_payload_untouched() -> None:
    r = discovery_router()
    r.expose_tools("github", GITHUB)
    r.expose_tools("fs", FS)

    class Blob:  # not JSON: it would fail to cross, so it must not
        pass

    inner = {"owner": "o", "repo": "r", "title": "t", "blob": Blob()}
    params = {"name": "call_tool", "arguments": {"name": "github__create_issue", "arguments": inner}, "_meta": {"progressToken": 7}}
    mapped = r.map_call_tool(params)
    assert mapped["server"] == "github" and mapped["header"] == "create_issue"
    assert mapped["params"] == {"name": "create_issue", "_meta": {"progressToken": 7}, "arguments": inner}
    assert mapped["params"]["arguments"] is inner
    # The same with the request's header (the called name) and revision.
    assert r.map_call_tool(params, header="call_tool", protocol_version="2026-07-28") == mapped
    with pytest.raises(NamingError) as e:
        r.map_call_tool(params, header="create_issue", protocol_version="2026-07-28")
    assert e.value.code == "name_mismatch"
    # Without inner arguments, none are sent.
    assert r.map_call_tool({"name": "call_tool", "arguments": {"name": "fs__read_file"}})["params"] == {"name": "read_file"}
    # A listed tool is still called by its own name.
    assert r.map_call_tool({"name": "fs__read_file", "arguments": {"path": "/x"}})["params"] == {"name": "read_file", "arguments": {"path": "/x"}}
    # The meta-tools the gateway answers itself are not mapped to an upstream.
    with pytest.raises(NamingError) as e:
        r.map_call_tool({"name": "get_tool_details", "arguments": {"name": "fs__read_file"}})
    assert e.value.code == "invalid_argument" and "answered by the gateway itself" in e.value.message
    with pytest.raises(NamingError) as e:
        r.map_call_tool({"name": "call_tool", "arguments": {"name": "fs__read_file", "arguments": ["x"]}})
    assert e.value.code == "invalid_argument"


def test_a_misspelled_call_tool_name_is_unknown_tool_with_suggestions() -> None:
    r = discovery_router()
    r.expose_tools("github", GITHUB)
    r.expose_tools("fs", FS)
    with pytest.raises(NamingError) as e:
        r.map_call_tool({"name": "call_tool", "arguments": {"name": "github__create_isue", "arguments": {}}})
    assert e.value.code == "unknown_tool"
    assert list(e.value.suggestions) == ["github__create_issue"]
    rpc = e.value.to_jsonrpc_error()
    assert rpc["code"] == -32602 and rpc["data"]["suggestions"] == ["github__create_issue"]


def test_meta_tool_names_without_discovery_are_ordinary_names() -> None:
    r = Router(style="agent", servers=[{"name": "fs"}])
    r.expose_tools("fs", FS)
    assert [t["name"] for t in r.list_tools()["tools"]] == ["fs__read_file", "fs__write_file"]
    assert r.discovery_result({"name": "search_tools", "arguments": {"query": "file"}}) is None
    with pytest.raises(NamingError) as e:
        r.map_call_tool({"name": "call_tool", "arguments": {"name": "fs__read_file"}})
    assert e.value.code == "unknown_tool"


def test_the_typed_discovery_consumer_runs_as_it_claims() -> None:
    out = consumer.discovery_gateway()
    assert out["listed"] == META
    assert out["hits"] == ["fs__read_file"] and out["best"] > 0
    assert out["answer"] is not None and out["answer"].startswith('1 tool matches "read":')
    assert out["mapped"] == ("fs", "read_file")
