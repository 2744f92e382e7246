"""A consumer of the package as a gateway or a chora-base server writes one: checked by
``mypy --strict`` against the installed wheel's stubs (scripts/python.sh), and run by
tests/test_api.py so that what it claims is also what happens."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import mcp_types as sdk

import mcp_naming
from mcp_naming import InvalidArgumentError, NamingError, Router, openproject, registry
from mcp_naming.types import (
    Diagnostic,
    Header,
    JsonRpcError,
    ListenDecision,
    Mapped,
    Relay,
    Report,
    ResponseRewrite,
    Route,
    SearchHit,
    SubscriptionFilter,
    ToolExposure,
    ToolResult,
    UpstreamDecision,
)


# chora-base's generated validators, replaced: the same names, one engine.
def validate_tool_name(name: str) -> bool:
    report: Report = mcp_naming.validate_tool_name(name, "chora", expected_namespace="myproject")
    return report["valid"]


def validate_resource_uri(uri: str) -> Optional[str]:
    """The first problem with a resource URI, or None."""
    report = mcp_naming.validate_resource_uri(uri, expected_namespace="myproject")
    errors: List[Diagnostic] = report["errors"]
    return errors[0]["message"] if errors else None


def gateway() -> Dict[str, Any]:
    router = Router(style="syntropy", servers=[{"name": "serena"}], disabled=["serena_delete_*"])
    exposure: ToolExposure = router.expose_tools(
        "serena", {"tools": [{"name": "find_symbol", "inputSchema": {"type": "object"}}, {"name": "delete_file"}]}
    )
    listed: List[str] = [t["name"] for t in router.list_tools()["tools"]]
    mapped: Mapped = router.map_call_tool({"name": "serena_find_symbol", "arguments": {"q": "x"}})
    route: Route = router.route("mcp__syntropy__serena_find_symbol")
    error: Optional[JsonRpcError] = None
    try:
        router.map_call_tool({"name": "serena_find_symbl"})
    except NamingError as e:
        error = e.to_jsonrpc_error()
    fitted: str = mcp_naming.fit_tool_name("admin.tools.list", "openai")
    accepted: Dict[str, bool] = mcp_naming.check_providers(fitted)
    duration: str = openproject.parse_duration("2h")
    check = registry.validate_tool_descriptor({"tool_id": "fs.write"})
    return {
        "exposed": [t["name"] for t in exposure["exposed"]],
        "listed": listed,
        "mapped": mapped["params"]["name"],
        "server": mapped["server"],
        "route": route["tool"],
        "error": error,
        "fitted": fitted,
        "accepted": accepted["openai"],
        "duration": duration,
        "descriptor_valid": check["valid"],
        "chora": [validate_tool_name("myproject:create_task"), validate_tool_name("MyProject:CreateTask")],
        "uri": validate_resource_uri("other://docs/readme"),
    }


def discovery_gateway() -> Dict[str, Any]:
    """A gateway in discovery mode: the meta-tools listed, search answered by the gateway,
    ``call_tool`` mapped to the tool it names."""
    router = Router(style="claude", servers=[{"name": "fs"}], discovery={"mode": "search", "maxListed": 1})
    router.expose_tools("fs", [{"name": "read_file", "description": "Read a file"}, {"name": "write_file"}])
    hits: List[SearchHit] = router.search_tools("read", limit=5)
    best: float = hits[0]["score"]
    answer: Optional[ToolResult] = router.discovery_result(
        {"name": "search_tools", "arguments": {"query": "read"}}, header="search_tools"
    )
    mapped: Mapped = router.map_call_tool({"name": "call_tool", "arguments": {"name": "fs__read_file", "arguments": {}}})
    return {
        "listed": [t["name"] for t in router.list_tools()["tools"]],
        "hits": [h["name"] for h in hits],
        "best": best,
        "answer": None if answer is None else answer["content"][0]["text"],
        "mapped": (mapped["server"], mapped["params"]["name"]),
    }


def sdk_gateway() -> Dict[str, Any]:
    """A gateway on the official SDK's models: the kind given comes back, typed."""
    router = Router(style="agent", servers=[{"name": "memory"}])
    router.expose_tools("memory", sdk.ListToolsResult(tools=[sdk.Tool(name="read_graph", input_schema={"type": "object"})]))
    listed: sdk.ListToolsResult = router.list_tools()
    mapped: Mapped[sdk.CallToolRequestParams] = router.map_call_tool(sdk.CallToolRequestParams(name="memory__read_graph"))
    upstream: str = mapped["params"].name
    result: sdk.CallToolResult = router.rewrite_result(mapped["server"], sdk.CallToolResult(content=[]))
    relay: Relay[sdk.ToolListChangedNotification] = router.rewrite_notification("memory", sdk.ToolListChangedNotification())
    wrong: Optional[str] = None
    try:
        router.map_call_tool({"name": ["memory__read_graph"]})
    except TypeError as e:  # an InvalidArgumentError: a NamingError and a TypeError
        wrong = e.code if isinstance(e, InvalidArgumentError) else None
    return {"listed": [t.name for t in listed.tools], "upstream": upstream, "result": type(result).__name__, "relist": relay["relist"], "wrong": wrong}
def code_mode_gateway() -> Dict[str, Any]:
    """Code mode over a router whose servers are MCP Registry names, and the way back."""
    from mcp_naming.codemode import code_mode, registry_prefixes, validate_server_name
    from mcp_naming.types import CodeMode, ServerNameReport

    report: ServerNameReport = validate_server_name("io.github.acme/weather")
    router = Router(style="claude", servers=[{"name": "io.github.acme/weather"}])
    router.expose_tools("io.github.acme/weather", [{"name": "get_forecast", "inputSchema": {"type": "object"}}])
    out: CodeMode = router.code_mode(language="python")
    mapped: Mapped = router.map_code_mode_call(out["namespaces"][0]["name"], "get_forecast", {}, language="python")
    plain: CodeMode = code_mode([{"server": "github", "tools": [{"name": "get-user"}]}], view="cloudflare-codemode")
    return {
        "valid": report["valid"],
        "prefixes": registry_prefixes(["io.github.acme/weather"]),
        "function": out["namespaces"][0]["tools"][0]["name"],
        "server": mapped["server"],
        "cloudflare": plain["namespaces"][0]["tools"][0]["name"],
    }


def revision_2026_gateway() -> Dict[str, Any]:
    """A gateway of MCP 2026-07-28: what the upstreams said, the gateway's discover result, a
    request forwarded with its headers, a result with its envelope, a listen stream."""
    router = Router(style="agent", servers=[{"name": "db"}])
    answered: UpstreamDecision = router.upstream_answered("db", sdk.DiscoverResult(supported_versions=["2026-07-28"], capabilities=sdk.ServerCapabilities()))
    era: str = answered["era"]
    discovered: Dict[str, Any] = router.discover()
    schema = {"type": "object", "properties": {"region": {"type": "string", "x-mcp-header": "Region"}}}
    router.expose_tools("db", sdk.ListToolsResult(tools=[sdk.Tool(name="query", input_schema=schema)]))
    listed: sdk.ListToolsResult = router.list_result("tools", "2026-07-28")
    params = sdk.CallToolRequestParams(name="db__query", arguments={"region": "eu"})
    mapped: Mapped[sdk.CallToolRequestParams] = router.forward("tools/call", params, name="db__query", params={"Mcp-Param-Region": "eu"}, protocol_version="2026-07-28")
    headers: List[Header] = mapped.get("param_headers", [])
    rewritten: ResponseRewrite[sdk.CallToolResult] = router.rewrite_response("db", "tools/call", sdk.CallToolResult(content=[]), "2026-07-28")
    waiting: bool = rewritten["input_required"]
    stream: ListenDecision = router.listen(sdk.SubscriptionsListenRequestParams(notifications=sdk.SubscriptionFilter(tools_list_changed=True)))
    ack: SubscriptionFilter = router.acknowledge(stream, [])
    control: Optional[SubscriptionFilter] = router.control_listen("db")
    code: int = mcp_naming.client_error_code(-32002, "2026-07-28")
    return {
        "era": era,
        "versions": discovered["supportedVersions"],
        "listed": [t.name for t in listed.tools],
        "upstream": mapped["params"].name,
        "headers": [(h["name"], h["value"]) for h in headers],
        "type": rewritten["result"].result_type,
        "waiting": waiting,
        "ack": ack,
        "control": control,
        "code": code,
    }


if __name__ == "__main__":
    print(gateway())
    print(discovery_gateway())
    print(sdk_gateway())
    print(code_mode_gateway())
    print(revision_2026_gateway())
