"""MCP 2026-07-28 through the Python package on the official SDK's models (``mcp`` 2.x,
``mcp_types``): what cases/revision-2026.json checks on dicts (test_scenarios.py), here with the
SDK's own classes in and out, and what only a host does: the ``requestState`` key drawn from
``os.urandom`` when the configuration has none."""

from __future__ import annotations

from typing import Any

import mcp_types as t
import pytest

import mcp_naming
from mcp_naming import NamingError, Router

V = "2026-07-28"


def gateway(**config: Any) -> Router:
    """Two upstreams that list the same tool and resource: ``a`` of 2026-07-28, ``b`` of
    2025-11-25 (its resource's gateway form is ``test://b/doc``)."""
    r = Router(style="claude", servers=[{"name": "a"}, {"name": "b"}], **config)
    for s in ("a", "b"):
        r.expose_tools(s, t.ListToolsResult(tools=[t.Tool(name="ask", input_schema={"type": "object"})]))
        r.expose_resources(s, t.ListResourcesResult(resources=[t.Resource(uri="test://doc", name="doc")]))
    caps = t.ServerCapabilities(resources=t.ResourcesCapability(subscribe=True), tools=t.ToolsCapability(list_changed=True))
    assert r.upstream_answered("a", t.DiscoverResult(supported_versions=[V], capabilities=caps))["era"] == "modern"
    init = t.InitializeResult(protocol_version="2025-11-25", capabilities=caps, server_info=t.Implementation(name="b", version="1"))
    assert r.upstream_answered("b", init, True) == {"era": "legacy", "version": "2025-11-25", "dropped": [], "warnings": []}
    return r


def input_required(state: str = "b-state") -> t.InputRequiredResult:
    ask = t.ElicitRequest(params=t.ElicitRequestFormParams(message="?", requested_schema={"type": "object", "properties": {}}))
    return t.InputRequiredResult(input_requests={"q": ask}, request_state=state)


def test_an_input_required_model_is_sealed_and_its_retry_goes_back_only_where_it_came_from() -> None:
    r = gateway()
    out = r.rewrite_response("b", "tools/call", input_required(), V)
    result = out["result"]
    assert out["input_required"] is True and isinstance(result, t.InputRequiredResult)
    assert result.request_state is not None and result.request_state.startswith("mcpn1.")
    assert result.meta == {"io.modelcontextprotocol/serverInfo": {"name": "gateway", "version": mcp_naming.__version__}}
    assert input_required().request_state == "b-state", "the upstream's model is not changed"
    answers = {"q": t.ElicitResult(action="accept", content={"x": "y"})}
    retry = t.CallToolRequestParams(name="b__ask", arguments={}, request_state=result.request_state, input_responses=answers)
    mapped = r.forward("tools/call", retry, name="b__ask", protocol_version=V)
    assert mapped["server"] == "b" and isinstance(mapped["params"], t.CallToolRequestParams)
    assert (mapped["params"].name, mapped["params"].request_state, mapped["params"].input_responses) == ("ask", "b-state", answers)
    # The state of b's tools/call opens for nothing else: another server, another method, a change.
    elsewhere = t.CallToolRequestParams(name="a__ask", request_state=result.request_state)
    with pytest.raises(NamingError) as info:
        r.forward("tools/call", elsewhere, name="a__ask", protocol_version=V)
    assert info.value.code == "invalid_request_state" and info.value.to_jsonrpc_error()["code"] == -32602
    prompt = t.GetPromptRequestParams(name="b__ask", request_state=result.request_state)
    r.expose_prompts("b", t.ListPromptsResult(prompts=[t.Prompt(name="ask")]))
    with pytest.raises(NamingError) as info:
        r.forward("prompts/get", prompt, name="b__ask", protocol_version=V)
    assert info.value.code == "invalid_request_state"
    with pytest.raises(NamingError) as info:
        r.forward("tools/call", retry.model_copy(update={"request_state": "b-state"}), name="b__ask", protocol_version=V)
    assert info.value.code == "invalid_request_state"


def test_without_a_key_each_router_draws_its_own_from_the_platform() -> None:
    one, two = gateway(), gateway()
    sealed = one.rewrite_response("b", "tools/call", input_required(), V)["result"].request_state
    assert sealed != two.rewrite_response("b", "tools/call", input_required(), V)["result"].request_state
    retry = t.CallToolRequestParams(name="b__ask", request_state=sealed)
    with pytest.raises(NamingError) as info:
        two.forward("tools/call", retry, name="b__ask", protocol_version=V)
    assert info.value.code == "invalid_request_state" and "sealed under another key" in info.value.message
    # Processes behind one address share a configured key: then either opens the other's.
    key = "a requestStateKey of at least 32 bytes, shared"
    three, four = gateway(request_state_key=key), Router({"style": "claude", "servers": [{"name": "a"}, {"name": "b"}], "requestStateKey": key})
    four.expose_tools("b", t.ListToolsResult(tools=[t.Tool(name="ask", input_schema={"type": "object"})]))
    sealed = three.rewrite_response("b", "tools/call", input_required(), V)["result"].request_state
    assert four.forward("tools/call", t.CallToolRequestParams(name="b__ask", request_state=sealed), name="b__ask", protocol_version=V)["params"].request_state == "b-state"
    with pytest.raises(NamingError) as info:
        Router(style="claude", servers=[], request_state_key="short")
    assert info.value.code == "invalid_config"


def test_results_get_the_envelope_of_the_clients_revision() -> None:
    r = gateway()
    link = t.CallToolResult(content=[t.ResourceLink(type="resource_link", uri="test://doc", name="doc")])
    modern = r.rewrite_response("b", "tools/call", link, V)
    assert modern["input_required"] is False and isinstance(modern["result"], t.CallToolResult)
    assert modern["result"].content[0].uri == "test://b/doc"
    assert modern["result"].meta == {"io.modelcontextprotocol/serverInfo": {"name": "gateway", "version": mcp_naming.__version__}}
    upstream_says = t.CallToolResult(content=[], meta={"io.modelcontextprotocol/serverInfo": {"name": "b", "version": "1"}, "k": 1})
    legacy = r.rewrite_response("a", "tools/call", upstream_says, "2025-11-25")["result"]
    assert legacy.model_dump(by_alias=True, exclude_none=True, mode="json") == {"_meta": {"k": 1}, "content": [], "isError": False}
    with pytest.raises(NamingError) as info:
        r.rewrite_response("a", "completion/complete", input_required(), V)
    assert info.value.code == "invalid_argument"
    listed = r.list_result("tools", V)
    assert isinstance(listed, t.ListToolsResult) and [x.name for x in listed.tools] == ["a__ask", "b__ask"]
    assert (listed.result_type, listed.ttl_ms, listed.cache_scope) == ("complete", 0, "private")
    assert listed.meta == {"io.modelcontextprotocol/serverInfo": {"name": "gateway", "version": mcp_naming.__version__}}
    own = r.result_envelope(t.CallToolResult(content=[]), V)
    assert isinstance(own, t.CallToolResult) and own.meta is not None and "io.modelcontextprotocol/serverInfo" in own.meta
    assert r.result_envelope({"content": []}, None) == {"content": []}
    assert (mcp_naming.client_error_code(-32002, V), mcp_naming.client_error_code(-32002, "2025-11-25"), mcp_naming.client_error_code(-32601, V)) == (-32602, -32002, -32601)


def test_discover_and_initialize_are_the_gateways_own() -> None:
    r = gateway()
    d = r.discover()
    assert d["supportedVersions"] == [V] and d["resultType"] == "complete"
    assert d["capabilities"] == {"resources": {"subscribe": True}, "tools": {"listChanged": True}}
    assert r.initialize("2025-06-18")["protocolVersion"] == "2025-06-18"
    with pytest.raises(NamingError) as info:
        r.initialize(V)
    assert info.value.code == "unsupported_protocol_version" and info.value.to_jsonrpc_error()["code"] == -32022
    with pytest.raises(NamingError) as info:
        r.upstream_answered("a", t.DiscoverResult(supported_versions=["2030-01-01"], capabilities=t.ServerCapabilities()))
    assert info.value.code == "unsupported_protocol_version"


def test_a_listen_stream_on_the_sdks_models() -> None:
    r = gateway()
    params = t.SubscriptionsListenRequestParams(notifications=t.SubscriptionFilter(resource_subscriptions=["test://doc", "test://b/doc"], tools_list_changed=True))
    d = r.listen(params)
    assert d["upstreams"] == [
        {"open": "listen", "server": "a", "notifications": {"resourceSubscriptions": ["test://doc"]}},
        {"open": "subscribe", "server": "b", "uris": ["test://doc"]},
    ]
    assert d["lists"] == {"toolsListChanged": True}
    acks = [("a", t.SubscriptionFilter(resource_subscriptions=["test://doc"])), ("b", {"resourceSubscriptions": []})]
    assert r.acknowledge(d, acks) == {"toolsListChanged": True, "resourceSubscriptions": ["test://doc"]}
    # The listen params themselves, as the npm package's acknowledge(params, acks) and the case
    # files take them: the same acknowledgement; malformed params refused as listen refuses them.
    assert r.acknowledge(params, acks) == r.acknowledge(d, acks)
    assert r.acknowledge(params.model_dump(by_alias=True, exclude_none=True), acks) == r.acknowledge(d, acks)
    with pytest.raises(NamingError) as info:
        r.acknowledge({}, acks)
    assert info.value.code == "invalid_argument" and "notifications" in info.value.message
    # An error about a URI or a server spans it, as the core's error does (in code points).
    with pytest.raises(NamingError) as info:
        r.acknowledge({"notifications": {"resourceSubscriptions": ["tëst://nowhere"]}}, [])
    assert info.value.code == "unknown_resource" and info.value.diagnostics[0]["end"] == len("tëst://nowhere")
    with pytest.raises(NamingError) as info:
        r.control_listen("nöbody")
    assert info.value.code == "unknown_server" and (info.value.diagnostics[0]["start"], info.value.diagnostics[0]["end"]) == (0, 6)
    updated = t.ResourceUpdatedNotification(params=t.ResourceUpdatedNotificationParams(uri="test://doc"))
    relay = r.listened("b", updated, 7)
    forward = relay["forward"]
    assert isinstance(forward, t.ResourceUpdatedNotification) and forward.params.uri == "test://b/doc"
    assert forward.params.meta == {"io.modelcontextprotocol/subscriptionId": 7}
    assert updated.params.uri == "test://doc", "the upstream's model is not changed"
    assert r.listened("a", t.ToolListChangedNotification(), 7) == {"forward": None, "relist": "tools"}
    assert r.listen_notice("tools", "s-1") == {"method": "notifications/tools/list_changed", "params": {"_meta": {"io.modelcontextprotocol/subscriptionId": "s-1"}}}
    assert (r.control_listen("a"), r.control_listen("b")) == ({"toolsListChanged": True}, None)
    with pytest.raises(NamingError) as info:
        r.listen({"notifications": {"resourceSubscriptions": ["test://dco"]}})
    assert info.value.code == "unknown_resource" and info.value.suggestions == ["test://doc"]


def test_param_headers_from_the_sdks_tools_and_params() -> None:
    r = Router(style="agent", servers=[{"name": "db"}])
    schema = {"type": "object", "properties": {"region": {"type": "string", "x-mcp-header": "Region"}, "n": {"type": "integer", "x-mcp-header": "N"}}}
    broken = {"type": "object", "properties": {"a": {"type": "number", "x-mcp-header": "A"}}}
    exposure = r.expose_tools("db", t.ListToolsResult(tools=[t.Tool(name="query", input_schema=schema), t.Tool(name="broken", input_schema=broken)]), on_invalid="throw")
    assert [x["name"] for x in exposure["exposed"]] == ["db__query"]
    assert [w["code"] for w in exposure["warnings"]] == ["invalid_param_header"] and "broken" in exposure["warnings"][0]["message"]
    params = t.CallToolRequestParams(name="db__query", arguments={"region": "Hello, 世界", "n": 3})
    sent = {"mcp-param-region": "=?base64?SGVsbG8sIOS4lueVjA==?=", "Mcp-Param-N": "3", "Mcp-Param-Other": "x"}
    mapped = r.forward("tools/call", params, {"name": "db__query", "params": sent, "protocolVersion": V})
    assert mapped["param_headers"] == [
        {"name": "Mcp-Param-Region", "value": "=?base64?SGVsbG8sIOS4lueVjA==?="},
        {"name": "Mcp-Param-N", "value": "3"},
        {"name": "Mcp-Param-Other", "value": "x"},
    ]
    with pytest.raises(NamingError) as info:
        r.forward("tools/call", params, name="db__query", params={"Mcp-Param-Region": "eu", "Mcp-Param-N": "3"}, protocol_version=V)
    e = info.value
    assert (e.code, e.to_jsonrpc_error()["code"], e.http_status) == ("param_mismatch", -32020, 400)
    # Before 2026-07-28 a client sends none: the gateway computes them for the upstream.
    assert len(r.forward("tools/call", params, name="db__query", protocol_version="2025-11-25")["param_headers"]) == 2
    with pytest.raises(NamingError) as info:
        r.forward("tools/call", params, {"nmae": "db__query"})
    assert info.value.code == "invalid_argument" and info.value.message == 'incoming.nmae: unknown key "nmae": did you mean "name"?'
