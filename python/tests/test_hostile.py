"""Hostile input through every public function (the strings of tests/js/hostile.test.mjs:
ASCII with control characters, any BMP unit with lone surrogates, astral characters, NUL,
right-to-left marks, 1 MB strings) and values of every wrong type. Expected: answers,
``NamingError`` with a stable code, or ``TypeError`` for a value of the wrong type; never a
Rust panic (``pyo3_runtime.PanicException``), never another exception; the package answers
correctly afterwards. ``HOSTILE_COUNT`` sets how many generated strings (default 200,000)."""

from __future__ import annotations

import re

import datetime
import os
from typing import Any, Callable, Iterator, List

import mcp_naming as n
from mcp_naming import NamingError, Router, openproject as op, registry as reg

COUNT = int(os.environ.get("HOSTILE_COUNT", "200000"))
SPICE = ["\u0000", "\u202e", "\u200f", "\u200b", "\ufeff", "\ud800", "\udfff", "😀", "ѕ", "ｇ", "ñ", ":", "__", "_", "-", ".", "/", "?", "=", "&", "%", " ", "\n", "mcp__syntropy__", "mcp__", "://"]
LETTERS = "abcdefghijklmnopqrstuvwxyz_"
M = 0xFFFFFFFF


def hostile_strings(seed: int = 0x2545F491) -> Iterator[str]:
    """tests/js/helpers.mjs's hostileStrings: the same xorshift32, the same kinds of string."""
    s = seed

    def rand(k: int) -> int:
        nonlocal s
        s ^= (s << 13) & M
        s ^= s >> 17
        s ^= (s << 5) & M
        return s % k

    while True:
        kind = rand(10)
        length = rand(400) if rand(10) == 0 else rand(40)
        out: List[str] = []
        for _ in range(length):
            if kind < 4:
                out.append(chr(rand(128)))
            elif kind < 6:
                out.append(chr(rand(0x10000)))
            elif kind < 7:
                out.append(chr(0x10000 + rand(0x100000)))
            else:
                out.append(SPICE[rand(len(SPICE))] if rand(3) == 0 else LETTERS[rand(27)])
        yield "".join(out)


def answer(fn: Callable[[], Any], what: Callable[[], str]) -> Any:
    """``fn()``'s answer, or the NamingError it raised (a wrong type: ``invalid_argument``, a
    TypeError too), or Python's own TypeError for a call of the wrong arity; anything else
    fails (a bare ``TypeError: unhashable type`` among them)."""
    try:
        return fn()
    except NamingError as e:
        assert isinstance(e.code, str) and e.code in n.CODES, f"{what()}: code {e.code!r}"
        assert e.code != "invalid_argument" or isinstance(e, TypeError), f"{what()}: invalid_argument is a TypeError"
        assert "null" not in e.message.split(), f"{what()}: JSON's words in {e.message!r}"
        return e
    except TypeError as e:
        assert re.search(r"positional argument|keyword argument|takes no arguments|arguments? \(\d+ given\)", str(e)), f"{what()} raised a bare TypeError: {e}"
        return e
    except BaseException as e:  # a PanicException is a BaseException
        raise AssertionError(f"{what()} raised {type(e).__module__}.{type(e).__name__}: {e}") from None


ROUTER = Router(
    style="syntropy",
    servers=[{"name": "serena"}, {"name": "context7", "upstream": "hyphens"}],
    builtins=["healthcheck"],
    aliases={"old_tool": "serena_find_symbol"},
    provider="anthropic",
)
ROUTER.expose("serena", ["find_symbol", "get_symbols_overview"])

RARE: List[Callable[[str], Any]] = [
    lambda s: n.parse_tool_name(s, "syntropy"),
    lambda s: n.convert_tool_name(s, "chora", "agent"),
    lambda s: n.convert_tool_name(s, "syntropy", "claude"),
    lambda s: n.detect_conventions(s),
    lambda s: n.explain_name(s),
    lambda s: n.format_tool_name({"namespace": s, "tool": s}, "chora"),
    lambda s: n.format_tool_name({"segments": [s, s]}, "registry"),
    lambda s: n.parse_resource_uri(s),
    lambda s: n.validate_resource_uri(s, expected_namespace="myproject"),
    lambda s: n.format_resource_uri({"namespace": "abc", "type": "docs", "id": s, "query": {s: s}}),
    lambda s: n.namespace_from_slug(s),
    lambda s: n.check_providers(s),
    lambda s: n.fit_tool_name(s, "gemini", taken=[s]),
    lambda s: n.syntropy_layers(s),
    lambda s: n.matches_permission(s, s),
    lambda s: n.normalize_server_name(s),
    lambda s: n.check_tool_state({"enabled": [s], "disabled": [s]}),
    lambda s: n.check_allow_list([s]),
    lambda s: n.client_view("claude-code", s, [s, s + "_"]),
    lambda s: n.encode_mcp_name_header(s),
    lambda s: n.decode_mcp_name_header(s),
    lambda s: op.parse_duration(s),
    lambda s: op.format_duration(s),
    lambda s: op.id_from_href(s),
    lambda s: op.link_value({"href": s, "title": s}),
    lambda s: op.error_message(422, s),
    lambda s: op.resolve_by_name(s, [{"name": s}, {"name": "x", "identifier": s}]),
    lambda s: op.custom_field_name(s),
    lambda s: op.parse_date(s),
    lambda s: reg.resolve_workspace_path("/ws", s),
    lambda s: reg.validate_tool_descriptor({"tool_id": s, s: s}),
    lambda s: reg.check_execute_request({"tool_id": s}, {s: s}, scopes=[s]),
    lambda s: reg.check_tool_output({"tool_id": s}, {s: s}),
    lambda s: ROUTER.route(s),
    lambda s: ROUTER.try_route(s),
    lambda s: ROUTER.is_enabled(s),
    lambda s: ROUTER.route_resource(s),
    lambda s: ROUTER.map_call_tool({"name": s, "arguments": {s: s}}),
    lambda s: ROUTER.map_read_resource({"uri": s}),
    lambda s: ROUTER.map_call_tool({"name": s}, header=s, protocol_version="2026-07-28"),
    lambda s: ROUTER.forward("tools/call", {"name": s, "arguments": {s: s}, "requestState": s, "_meta": {s: s}}, name=s, params={s: s}, protocol_version=s),
    lambda s: ROUTER.forward("resources/read", {"uri": s, "requestState": "mcpn1." + s}, protocol_version="2026-07-28"),
    lambda s: ROUTER.rewrite_response("serena", "tools/call", {"resultType": "input_required", "requestState": s, "content": [{"type": "resource_link", "uri": s}]}, s),
    lambda s: ROUTER.listen({"notifications": {"resourceSubscriptions": [s, s]}}),
    lambda s: ROUTER.listened("serena", {"method": "notifications/resources/updated", "params": {"uri": s}}, s),
    lambda s: ROUTER.upstream_answered("serena", {"supportedVersions": [s], "capabilities": {s: {s: True}}, "instructions": s}),
    lambda s: ROUTER.upstream_answered("context7", {"protocolVersion": s, "capabilities": {}}, True),
    lambda s: ROUTER.initialize(s),
    lambda s: Router({"style": {"separator": s, "pattern": s}, "servers": [{"name": s}], "aliases": {s: s}}),
    lambda s: Router(style="syntropy", servers=[{"name": "x"}]).expose("x", [s, s + "_", s.upper()]),
    lambda s: Router(style="agent", servers=[{"name": "x"}]).expose_tools("x", {"tools": [{"name": s}, {"name": s}]}, on_invalid="skip"),
]


def spans_fit(r: Any, s: str) -> None:
    for d in r["errors"] + r["warnings"]:
        assert 0 <= d["start"] <= d["end"] <= len(s), f"span {d['start']}..{d['end']} outside {s!r}"


def test_hostile_strings() -> None:
    megabyte = ["a" * (1 << 20), "😀" * (1 << 19), "\u202e" * (1 << 20), "x" * (1 << 20) + "\ud800"]
    for big in megabyte:
        for conv in n.CONVENTIONS:
            r = answer(lambda: n.validate_tool_name(big, conv), lambda: "validate_tool_name 1 MB")
            assert [d["code"] for d in r["errors"]] == ["too_long"]
        for i, f in enumerate(RARE):
            answer(lambda: f(big), lambda: f"RARE[{i}] on 1 MB")
    gen = hostile_strings()
    batch: List[str] = []
    for i in range(COUNT):
        s = next(gen)
        conv = n.CONVENTIONS[i % 7]
        verdict = answer(lambda: n.is_valid_tool_name(s, conv), lambda: f"is_valid_tool_name({s!r})")
        if i % 4 == 0:
            r = answer(lambda: n.validate_tool_name(s, conv), lambda: f"validate_tool_name({s!r})")
            assert r["valid"] == verdict, f"verdicts agree for {s!r}"
            spans_fit(r, s)
        if i % 40 == 0:
            k = (i // 40) % len(RARE)
            answer(lambda: RARE[k](s), lambda: f"RARE[{k}]({s!r})")
        batch.append(s)
        if len(batch) == 10_000:
            verdicts = n.validate_tool_names(batch, "mcp")
            assert len(verdicts) == len(batch)
            assert verdicts[17] == n.is_valid_tool_name(batch[17], "mcp")
            batch = []
    # The package still answers correctly.
    assert n.validate_tool_name("myproject:create_task", "chora")["valid"]
    assert n.parse_tool_name("mcp__syntropy__context7_get_library_docs", "syntropy") == {"server": "context7", "tool": "get_library_docs"}
    assert ROUTER.route("mcp__syntropy__serena_find_symbol")["tool"] == "find_symbol"


def test_every_string_of_every_lone_surrogate_spans_in_code_points() -> None:
    for s in ["\ud800", "a\udfffb", "\ud800\ud800x", "😀\ud83d", "my:\udc00tool"]:
        for conv in n.CONVENTIONS:
            spans_fit(n.validate_tool_name(s, conv), s)
        spans_fit(n.validate_resource_uri(s), s)


class _Weird:
    def __str__(self) -> str:
        return "mcp"


WRONG: List[Any] = [None, 0, -1, float("nan"), 1e300, 10**30, True, object(), {}, [], [1, 2], lambda: "x", datetime.date(2020, 1, 1), set(), b"mcp", bytearray(3), _Weird(),
                    {"expectedNamespace": 5}, {"servers": [1]}, {"name": 5}, {"tools": "x"}, {"href": 5}, {1: 2}, {"a": object()}, (1, "x")]


def public_functions() -> List[Any]:
    out = []
    for module in (n, op, reg):
        for name in module.__all__:
            f = getattr(module, name)
            if callable(f) and f not in (NamingError, n.InvalidArgumentError, Router) and (name, f) not in out:
                out.append((name, f))
    return out


def test_values_of_every_wrong_type() -> None:
    functions = public_functions()
    assert len(functions) >= 40, len(functions)
    for name, f in functions:
        for a in WRONG:
            for args in ([a], [a, a], ["x", a], [a, "mcp"], ["x", "mcp", a], [[a], "mcp"], ["x", a, a]):
                answer(lambda: f(*args), lambda: f"{name}({', '.join(map(repr, args))})")
            answer(lambda: f("x", "mcp", expected_namespace=a), lambda: f"{name}(x, mcp, expected_namespace={a!r})")
    methods = ["expose", "expose_tools", "expose_prompts", "expose_resources", "expose_resource_templates", "route", "try_route", "is_enabled",
               "rewrite_tools_list", "expose_resource", "route_resource", "map_call_tool", "map_get_prompt", "map_read_resource", "map_subscribe",
               "map_unsubscribe", "map_complete", "rewrite_notification", "rewrite_result", "list_tools", "list_prompts", "client_view", "migrate_name",
               # MCP 2026-07-28
               "upstream_answered", "initialize", "forward", "rewrite_response", "result_envelope", "list_result", "listen", "acknowledge",
               "listened", "control_listen", "listen_notice"]
    for a in WRONG:
        answer(lambda: Router(a), lambda: f"Router({a!r})")
        answer(lambda: Router({"style": a, "servers": a}), lambda: "Router with wrong fields")
        answer(lambda: Router(style="agent", servers=[{"name": "m"}], prefix_mode=a), lambda: "Router prefix_mode")
        for m in methods:
            fn = getattr(ROUTER, m)
            answer(lambda: fn(a, a), lambda: f"router.{m}({a!r}, {a!r})")
            answer(lambda: fn("serena", a), lambda: f"router.{m}('serena', {a!r})")
            answer(lambda: fn(a), lambda: f"router.{m}({a!r})")
        answer(lambda: ROUTER.map_call_tool({"name": "serena_find_symbol"}, header=a), lambda: f"map_call_tool header={a!r}")
        answer(lambda: ROUTER.list_tools(page_size=a), lambda: f"list_tools page_size={a!r}")
        answer(lambda: ROUTER.list_tools(cursor=a), lambda: f"list_tools cursor={a!r}")
        answer(lambda: ROUTER.map_complete({"ref": {"type": "ref/prompt", "name": a}}), lambda: f"map_complete {a!r}")
        answer(lambda: ROUTER.forward("tools/call", {"name": "serena_find_symbol"}, name=a, params=a, protocol_version=a), lambda: f"forward incoming {a!r}")
        answer(lambda: ROUTER.forward("tools/call", {"name": "serena_find_symbol", "requestState": a, "_meta": a}), lambda: f"forward state {a!r}")
        answer(lambda: ROUTER.rewrite_response("serena", "tools/call", {"resultType": a, "requestState": a, "_meta": a}, a), lambda: f"rewrite_response {a!r}")
        answer(lambda: ROUTER.listen({"notifications": {"toolsListChanged": a, "resourceSubscriptions": a}}), lambda: f"listen {a!r}")
        answer(lambda: ROUTER.acknowledge(ROUTER.listen({"notifications": {}}), [a, ("serena", a), (a, {})]), lambda: f"acknowledge {a!r}")
        answer(lambda: ROUTER.listened("serena", {"method": a, "params": a}, a), lambda: f"listened {a!r}")
        answer(lambda: ROUTER.upstream_answered("serena", {"supportedVersions": a, "protocolVersion": a, "capabilities": a}, a), lambda: f"upstream_answered {a!r}")
        answer(lambda: n.client_error_code(a, a), lambda: f"client_error_code({a!r}, {a!r})")
    # A structure that refers to itself is answered (too_deep), not followed forever.
    loop: dict[str, Any] = {"tool_id": "fs.write"}
    loop["self"] = loop
    assert [d["code"] for d in reg.validate_tool_descriptor(loop)["errors"]] == ["too_deep"]
    e = answer(lambda: n.validate_tool_name("a:b", "chora", loop), lambda: "options that refer to themselves")
    assert isinstance(e, NamingError) and e.code == "too_deep"
    assert n.is_valid_tool_name("getUser", "mcp")


def test_wrong_types_say_what_they_want() -> None:
    for call in (lambda: n.validate_tool_name(5, "mcp"), lambda: n.is_valid_tool_name(None, "mcp"), lambda: n.validate_tool_names("abc", "mcp")):
        try:
            call()  # type: ignore[no-untyped-call]
        except TypeError as e:
            assert "must be" in str(e)
        else:
            raise AssertionError("no TypeError")
    e = answer(lambda: n.validate_tool_name("a", "nope"), lambda: "unknown convention")
    assert isinstance(e, NamingError) and e.code == "invalid_argument"


def test_bounded_work() -> None:
    router = Router(style="agent", servers=[{"name": "big"}])
    router.expose("big", [f"tool_number_{i}" for i in range(10_000)])
    huge = "big__" + "tool_number_" * 100_000
    e = answer(lambda: router.route(huge), lambda: "route of a 1 MB name")
    assert isinstance(e, NamingError) and e.code == "unknown_tool"
    assert len(e.message) < 1000
    evil = Router({"style": {"separator": "__", "pattern": "^a__(a+)+$"}, "servers": [{"name": "a"}]})
    r = answer(lambda: evil.expose("a", ["a" * 100_000 + "!"]), lambda: "expose against (a+)+$")
    assert isinstance(r, NamingError) and r.code == "invalid_tool_name"
    assert len(evil.expose("a", ["aaaa"])) == 1
