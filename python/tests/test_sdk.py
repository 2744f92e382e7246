"""The Router on the official MCP SDK's own models (``mcp`` 2.x: ``mcp_types``, pydantic):
every method takes them as it takes dicts and gives back the kind it was given.

The shared router scenarios (tests/data/cases/router/*.json) run again with each MCP argument
turned into the SDK's model (where the SDK can hold it as it is: ``model_validate`` of the dict,
dumped back, gives the dict), each answer compared to the scenario's expected one as the SDK
would send it (``model_dump(by_alias=True, exclude_unset=True)``). Then what a gateway relies
on: the class it gave comes back, nothing is copied but the containers an edit runs through (a
10 MB result is not), and a wrong argument is the same error with a model as with a dict."""

from __future__ import annotations

import copy
import inspect
from typing import Any, Dict, List, Optional

import mcp_types as t
import pytest
from pydantic import BaseModel, ValidationError

from _shared import check_error, compare, python_keys, router_files, show, snake
from mcp_naming import NamingError, Router

# The SDK's notification classes, by the method each sends.
NOTIFICATIONS: Dict[str, Any] = {}
for _cls in vars(t).values():
    if inspect.isclass(_cls) and issubclass(_cls, BaseModel) and "method" in getattr(_cls, "model_fields", {}):
        default = _cls.model_fields["method"].default
        if isinstance(default, str) and default.startswith("notifications/"):
            NOTIFICATIONS[default] = _cls

LISTS = {
    "exposeTools": (t.ListToolsResult, t.Tool, "tools"),
    "rewriteToolsList": (t.ListToolsResult, t.Tool, "tools"),
    "exposePrompts": (t.ListPromptsResult, t.Prompt, "prompts"),
    "exposeResources": (t.ListResourcesResult, t.Resource, "resources"),
    "exposeResourceTemplates": (t.ListResourceTemplatesResult, t.ResourceTemplate, "resourceTemplates"),
}
PARAMS = {
    "mapCallTool": t.CallToolRequestParams,
    "discoveryResult": t.CallToolRequestParams,
    "mapGetPrompt": t.GetPromptRequestParams,
    "mapReadResource": t.ReadResourceRequestParams,
    "mapSubscribe": t.ReadResourceRequestParams,
    "mapUnsubscribe": t.ReadResourceRequestParams,
    "mapComplete": t.CompleteRequestParams,
}


def sent(value: Any) -> Any:
    """What the SDK would send of a value: its models dumped, anything else as it is."""
    if isinstance(value, BaseModel):
        return value.model_dump(by_alias=True, exclude_unset=True, mode="json")
    if isinstance(value, dict):
        return {k: sent(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [sent(v) for v in value]
    return value


def as_model(cls: Any, value: Any) -> Optional[Any]:
    """``value`` as the SDK's ``cls``, when the model holds it as it is; else ``None``."""
    try:
        m = cls.model_validate(value)
    except ValidationError:
        return None
    return m if sent(m) == value else None


def result_model(value: Any) -> Optional[Any]:
    if not isinstance(value, dict):
        return None
    for key, cls in (("content", t.CallToolResult), ("contents", t.ReadResourceResult), ("messages", t.GetPromptResult)):
        if key in value:
            return as_model(cls, value)
    return None


def with_models(call: str, args: List[Any]) -> List[Any]:
    """The step's arguments with each MCP object as the SDK's model, where it can be one."""
    out = list(args)
    if call in LISTS and len(args) > 1:
        result, item, key = LISTS[call]
        given = args[1]
        m = as_model(result, given) if isinstance(given, dict) else None
        if isinstance(given, list):
            items = [as_model(item, i) for i in given]
            m = items if given and all(i is not None for i in items) else None
        if m is not None:
            out[1] = m
    elif call in PARAMS and args:
        out[0] = as_model(PARAMS[call], args[0]) or args[0]
    elif call == "rewriteResult" and len(args) > 1:
        out[1] = result_model(args[1]) or args[1]
    elif call == "rewriteNotification" and len(args) > 1 and isinstance(args[1], dict):
        cls = NOTIFICATIONS.get(args[1].get("method"))
        out[1] = (as_model(cls, args[1]) if cls else None) or args[1]
    return out


def models_in(args: List[Any]) -> int:
    return sum(1 for a in args if isinstance(a, BaseModel) or (isinstance(a, list) and a and isinstance(a[0], BaseModel)))


SCENARIOS = [(file, s) for _, file in router_files() for s in file["scenarios"] if "error" not in s and s.get("config") is not None]
COUNTS = {"steps": 0, "with models": 0}


@pytest.mark.parametrize("file,scenario", SCENARIOS, ids=lambda v: v["title"][:80] if "title" in v else "file")
def test_router_scenario_on_sdk_models(file: Dict[str, Any], scenario: Dict[str, Any]) -> None:
    router = Router(scenario["config"])
    partial = file.get("partial", [])
    for step in scenario["steps"]:
        call, args = step["call"], with_models(step["call"], step["args"])
        at = f"{scenario['title']}: {show({'call': call, 'args': step['args']})}"
        fn = getattr(router, snake(call))
        given = models_in(args)
        COUNTS["steps"] += 1
        COUNTS["with models"] += bool(given)
        if "error" in step:
            with pytest.raises(NamingError) as info:
                fn(*args)
            check_error(info.value, step["error"], at)
            continue
        answer = fn(*args)
        # The kind given comes back: a model of the class given (a result of the SDK's own).
        if call in PARAMS and isinstance(args[0], BaseModel):
            back, want = (answer, t.CallToolResult) if call == "discoveryResult" else (answer["params"], type(args[0]))
            assert back is None or type(back) is want, f"{at}: {type(back).__name__}, not {want.__name__}"
        if call in ("rewriteResult", "rewriteNotification") and isinstance(args[1], BaseModel):
            back = answer if call == "rewriteResult" else answer["forward"]
            assert back is None or type(back) is type(args[1]), f"{at}: {type(back).__name__}, given {type(args[1]).__name__}"
        d = compare(sent(answer), python_keys(step["result"], call), call in partial)
        assert d is None, f"{at}: {d}\n  answer: {show(sent(answer))}"


def test_the_scenarios_ran_with_models() -> None:
    # Runs after the parametrized cases (pytest keeps file order).
    assert COUNTS["with models"] >= 50, COUNTS


def gateway() -> Router:
    router = Router(style="claude", servers=[{"name": "memory"}, {"name": "ui"}], tools=[{"server": "memory", "tool": "read_graph", "description": "The graph."}])
    router.expose_tools("memory", t.ListToolsResult(tools=[
        t.Tool(name="read_graph", description="Reads", input_schema={"type": "object", "properties": {"depth": {"type": "integer"}}}),
        t.Tool(name="create_entities", input_schema={"type": "object"}),
    ]))
    return router


def test_lists_come_back_as_the_sdk_s_result_class() -> None:
    router = gateway()
    listed = router.list_tools()
    assert type(listed) is t.ListToolsResult
    assert [x.name for x in listed.tools] == ["memory__read_graph", "memory__create_entities"]
    assert all(type(x) is t.Tool for x in listed.tools)
    # The configured description; the upstream's schema object itself, not a copy.
    assert listed.tools[0].description == "The graph."
    page = router.list_tools(page_size=1)
    assert type(page) is t.ListToolsResult and page.next_cursor and len(page.tools) == 1
    # A list of Tool models: the result is the SDK's ListToolsResult too.
    router.expose_tools("ui", [t.Tool(name="show", input_schema={"type": "object"})])
    assert type(router.list_tools()) is t.ListToolsResult
    out = router.rewrite_tools_list("ui", [t.Tool(name="show", input_schema={"type": "object"})])
    assert type(out) is t.ListToolsResult and out.tools[0].name == "ui__show"


def test_a_call_comes_back_as_the_params_given() -> None:
    router = gateway()
    args = {"depth": 2, "payload": ["x"] * 1000}
    params = t.CallToolRequestParams(name="memory__read_graph", arguments=args, _meta={"progressToken": 7})
    mapped = router.map_call_tool(params)
    assert type(mapped["params"]) is t.CallToolRequestParams
    assert mapped["params"].name == "read_graph" and mapped["server"] == "memory"
    assert mapped["params"].arguments is params.arguments, "the arguments are the caller's own object"
    assert mapped["params"].meta == params.meta and params.name == "memory__read_graph", "the params given are untouched"
    with_header = router.map_call_tool(params, header="memory__read_graph", protocol_version="2026-07-28")
    assert with_header["params"].name == "read_graph" and with_header["header"] == "read_graph"
    with pytest.raises(NamingError) as info:
        router.map_call_tool(t.CallToolRequestParams(name="memory__read_grahp"))
    assert info.value.code == "unknown_tool" and info.value.suggestions[0] == "memory__read_graph"


def test_prompts_resources_and_completions_on_models() -> None:
    router = Router(style="agent", servers=[{"name": "everything"}])
    router.expose_prompts("everything", t.ListPromptsResult(prompts=[t.Prompt(name="simple-prompt")]))
    router.expose_resources("everything", t.ListResourcesResult(resources=[t.Resource(uri="demo://resource/1", name="one")]))
    router.expose_resource_templates("everything", t.ListResourceTemplatesResult(resource_templates=[t.ResourceTemplate(uri_template="demo://resource/{id}", name="any")]))
    assert type(router.list_prompts()) is t.ListPromptsResult
    assert type(router.list_resources()) is t.ListResourcesResult
    assert type(router.list_resource_templates()) is t.ListResourceTemplatesResult
    prompt = router.list_prompts().prompts[0].name
    got = router.map_get_prompt(t.GetPromptRequestParams(name=prompt, arguments={"a": "b"}))
    assert type(got["params"]) is t.GetPromptRequestParams and got["params"].name == "simple-prompt"
    uri = router.list_resources().resources[0].uri
    read = router.map_read_resource(t.ReadResourceRequestParams(uri=uri))
    assert type(read["params"]) is t.ReadResourceRequestParams and read["params"].uri == "demo://resource/1"
    complete = router.map_complete(t.CompleteRequestParams(ref=t.PromptReference(name=prompt), argument=t.CompletionArgument(name="a", value="x")))
    assert type(complete["params"]) is t.CompleteRequestParams and type(complete["params"].ref) is t.PromptReference
    assert complete["params"].ref.name == "simple-prompt"
    relay = router.rewrite_notification("everything", t.ToolListChangedNotification())
    assert relay == {"forward": None, "relist": "tools"}
    updated = t.ResourceUpdatedNotification(params=t.ResourceUpdatedNotificationParams(uri="demo://resource/1"))
    forward = router.rewrite_notification("everything", updated)["forward"]
    assert type(forward) is t.ResourceUpdatedNotification and forward.params.uri == uri


def test_results_are_copied_only_where_an_edit_runs() -> None:
    router = Router(style="agent", servers=[{"name": "a"}, {"name": "b"}])
    router.expose_resources("a", t.ListResourcesResult(resources=[t.Resource(uri="memo://note/1", name="x")]))
    router.expose_resources("b", t.ListResourcesResult(resources=[t.Resource(uri="memo://note/1", name="x")]))
    big = t.TextContent(text="x" * 10_000_000)
    result = t.CallToolResult(content=[big, t.ResourceLink(uri="memo://note/1", name="x")], structured_content={"k": [1] * 1000})
    out = router.rewrite_result("b", result)
    assert type(out) is t.CallToolResult and out is not result
    assert out.content[0] is big, "the 10 MB block is the caller's own"
    assert out.structured_content is result.structured_content
    assert out.content[1].uri != "memo://note/1" and result.content[1].uri == "memo://note/1"
    unchanged = t.CallToolResult(content=[big])
    assert router.rewrite_result("b", unchanged) is unchanged, "nothing to rewrite: the same object"


def test_discovery_on_models() -> None:
    router = Router(style="claude", servers=[{"name": "fs"}], discovery={"mode": "search", "maxListed": 1})
    router.expose_tools("fs", t.ListToolsResult(tools=[
        t.Tool(name="read_file", description="Read a file", input_schema={"type": "object", "properties": {"path": {"type": "string"}}}),
        t.Tool(name="write_file", input_schema={"type": "object"}),
    ]))
    listed = router.list_tools()
    assert type(listed) is t.ListToolsResult and [x.name for x in listed.tools] == ["search_tools", "get_tool_details", "call_tool"]
    found = router.discovery_result(t.CallToolRequestParams(name="search_tools", arguments={"query": "read"}))
    assert type(found) is t.CallToolResult and not found.is_error
    details = router.discovery_result(t.CallToolRequestParams(name="get_tool_details", arguments={"name": "fs__read_file"}))
    assert type(details) is t.CallToolResult and details.structured_content["name"] == "fs__read_file"
    assert details.structured_content["inputSchema"]["properties"] == {"path": {"type": "string"}}
    assert router.discovery_result(t.CallToolRequestParams(name="fs__read_file")) is None
    inner = {"path": "/a"}
    mapped = router.map_call_tool(t.CallToolRequestParams(name="call_tool", arguments={"name": "fs__read_file", "arguments": inner}))
    assert type(mapped["params"]) is t.CallToolRequestParams
    assert mapped["params"].name == "read_file" and mapped["params"].arguments is inner


def test_ui_resource_uris_in_tool_models() -> None:
    router = Router(style="agent", servers=[{"name": "a"}, {"name": "b"}])
    ui = "ui://widget/main"
    for s in ("a", "b"):
        router.expose_resources(s, t.ListResourcesResult(resources=[t.Resource(uri=ui, name="w")]))
    meta = {"ui": {"resourceUri": ui}, "other": [1, 2]}
    tool = t.Tool(name="show", input_schema={"type": "object"}, _meta=meta)
    router.expose_tools("b", t.ListToolsResult(tools=[tool]))
    shown = router.list_tools().tools[0]
    assert type(shown) is t.Tool and shown.meta is not None
    assert shown.meta["ui"]["resourceUri"] != ui and shown.meta["other"] is meta["other"]
    assert tool.meta == {"ui": {"resourceUri": ui}, "other": [1, 2]}, "the upstream's tool is untouched"
    assert router.map_read_resource({"uri": shown.meta["ui"]["resourceUri"]})["server"] == "b"


def test_a_wrong_argument_is_the_same_error_for_a_model_and_a_dict() -> None:
    router = gateway()
    for given in (t.CallToolRequestParams(name="x"), {"name": "x"}):
        with pytest.raises(NamingError) as info:
            router.map_call_tool(given)
        assert info.value.code == "unknown_tool"
    # A model where the list's items go: the same error the dict would give, in Python's words.
    with pytest.raises(NamingError) as info:
        router.expose_tools("memory", t.CallToolResult(content=[]))
    assert info.value.code == "invalid_argument" and info.value.message == "result.tools is missing: pass a tools list result or its tools array"
    with pytest.raises(NamingError) as info:
        router.expose_tools("memory", copy.copy("text"))
    assert info.value.message == "result must be a dict or a list, got a str"
