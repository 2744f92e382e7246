"""A differential against the npm package: the same calls through the Python package and through
the built npm package (pkg/, by ``bash scripts/build.sh``; node runs python/tests/differential.mjs),
on generated names (every convention's report, providers, fitting, conversions, resource URIs,
headers) and generated router scenarios (exposing, listing, paging, routing, misspellings,
mapping calls). Each answer is compared as canonical JSON text, byte for byte: keys in snake_case
on both sides (MCP objects as they are), spans in UTF-16 units (the npm package's; the Python
package's code points converted). ``DIFF_NAMES`` / ``DIFF_ROUTERS`` set the sizes (defaults 1,500
names and 300 routers). Without node or pkg/ the test is skipped, saying which is missing, unless
``DIFF_REQUIRED=1`` (scripts/python.sh sets it), when that fails.

Bad input too (``test_bad_input_against_the_npm_package``): the same mistakes (a wrong type, a
missing member, a number that is not finite, an unknown option key, given to the npm package in
its options object and to the Python package as a misspelled keyword argument) answered with the
same code by both; the Python messages in Python's words (``None``, ``a dict``, ``a list``)."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
from typing import Any, Dict, List, Tuple

import pytest

import mcp_naming as n
from _shared import FUNCTIONS, REPO, python_words, snake
from mcp_naming import NamingError, Router
from test_hostile import hostile_strings

PKG = REPO / "pkg"
NAMES = int(os.environ.get("DIFF_NAMES", "1500"))
ROUTERS = int(os.environ.get("DIFF_ROUTERS", "300"))
VOCAB = ["find_symbol", "get", "list", "create_task", "read-file", "search", "getUser", "list_issues", "Fetch", "x", "a.b", "memory", "serena",
         "context7", "get_library_docs", "echo", "add", "toggle-logging", "tools", "my_server", "Srv", "ñame", "a-b-c", "longest_" * 6, "_x", "db"]
SEPS = [":", "__", "_", "-", ".", "/", "", " ", "::", "___"]
# Words of tools' descriptions and parameter names, and of search queries (issue 26).
WORDS = ["issue", "file", "read", "create", "search", "repository", "user", "symbol", "docs", "memory", "graph", "page", "query",
         "the", "a", "library", "path", "title", "logging", "échec"]


def names(rand: random.Random, count: int) -> List[str]:
    hostile = hostile_strings(0x1234567)
    out = ["", "mcp__syntropy__serena_find_symbol", "myproject:create_task", "a" * 200, "x" * 64 + "y", "😀tool", "tool\ud800name"]
    while len(out) < count:
        k = rand.random()
        if k < 0.3:
            out.append(next(hostile))
        else:
            parts = [rand.choice(VOCAB) for _ in range(rand.randint(1, 4))]
            name = parts[0]
            for p in parts[1:]:
                name += rand.choice(SEPS) + p
            if rand.random() < 0.2:
                name = rand.choice(["mcp__", "mcp__gw__", "MCP__", "server:"]) + name
            if rand.random() < 0.1:
                name = name.upper()
            out.append(name)
    # A surrogate pair written as two lone surrogates is one astral character once it is a
    # JavaScript string (JSON carries "\\ud800\\udfff"): both sides get the joined form.
    return [x.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass") for x in out]


def name_calls(rand: random.Random) -> List[Dict[str, Any]]:
    calls: List[Dict[str, Any]] = []
    conventions = list(n.CONVENTIONS)
    for s in names(rand, NAMES):
        for c in conventions:
            calls.append({"fn": "validateToolName", "args": [s, c]})
        calls.append({"fn": "validateToolName", "args": [s, "chora", {"expectedNamespace": "myproject"}]})
        calls.append({"fn": "parseToolName", "args": [s, rand.choice(conventions)]})
        calls.append({"fn": "convertToolName", "args": [s, rand.choice(conventions), rand.choice(conventions)]})
        calls.append({"fn": "detectConventions", "args": [s]})
        calls.append({"fn": "checkProviders", "args": [s]})
        for p in n.PROVIDERS:
            calls.append({"fn": "fitToolName", "args": [s, p]})
        calls.append({"fn": "fitToolNames", "args": [[s, s, s + "x"], rand.choice(n.PROVIDERS)]})
        calls.append({"fn": "normalizeServerName", "args": [s]})
        calls.append({"fn": "validateResourceUri", "args": [s]})
        calls.append({"fn": "validateResourceUri", "args": ["myproject://" + s]})
        calls.append({"fn": "parseResourceUri", "args": [s]})
        calls.append({"fn": "namespaceFromSlug", "args": [s]})
        calls.append({"fn": "encodeMcpNameHeader", "args": [s]})
        calls.append({"fn": "decodeMcpNameHeader", "args": [s]})
        calls.append({"fn": "syntropyLayers", "args": [s]})
        calls.append({"fn": "matchesPermission", "args": [s, "mcp__serena__find_symbol"]})
        calls.append({"fn": "clientView", "args": [rand.choice(list(n.CLIENTS)), rand.choice(VOCAB), [s, rand.choice(VOCAB)]]})
    return calls


STYLES = ["syntropy", "claude", "agent", "chora", "openai-agents", "langchain", "litellm", "contextforge", "docker", "fastmcp", "agentgateway", "metamcp", "cloudflare-agents", "toolhive", "envoy-ai-gateway", "bedrock-agentcore", "1mcp", "obot"]


def misspell(rand: random.Random, name: str) -> str:
    if not name:
        return "x"
    i = rand.randrange(len(name))
    return rand.choice([name[:i] + name[i + 1 :], name[:i] + "q" + name[i:], name.swapcase()])


def router_scenarios(rand: random.Random) -> List[Dict[str, Any]]:
    out = []
    bmp_vocab = VOCAB
    for _ in range(ROUTERS):
        servers = rand.sample(["serena", "context7", "memory", "everything", "db", "srv-1", "Git Hub", "a"], rand.randint(1, 3))
        config: Dict[str, Any] = {"style": rand.choice(STYLES), "servers": [{"name": s} for s in servers]}
        if rand.random() < 0.3:
            config["servers"][0]["upstream"] = "hyphens"
        if rand.random() < 0.3:
            config["provider"] = rand.choice(list(n.PROVIDERS))
        if rand.random() < 0.3:
            config["disabled"] = [f"*{rand.choice(['get', 'list', 'x', 'toggle'])}*"]
        if rand.random() < 0.2:
            config["builtins"] = ["healthcheck"]
        if rand.random() < 0.2:
            config["strict"] = False
        if rand.random() < 0.3:
            discovery: Dict[str, Any] = {"mode": "search"}
            if rand.random() < 0.7:
                discovery["maxListed"] = rand.randint(0, 6)
            if rand.random() < 0.5:
                discovery["always"] = [f"*{rand.choice(['get', 'list', 'x', 'search'])}*"]
            config["discovery"] = discovery
        steps: List[Dict[str, Any]] = []
        tools: Dict[str, List[str]] = {}
        for s in servers:
            ts = [rand.choice(bmp_vocab) for _ in range(rand.randint(0, 6))]
            tools[s] = ts
            items = [
                {
                    "name": t,
                    "description": " ".join([f"{t} tool", *rand.sample(WORDS, rand.randint(0, 4))]),
                    "inputSchema": {"type": "object", "properties": {w: {"type": "string"} for w in rand.sample(WORDS, rand.randint(0, 3))}},
                }
                for t in ts
            ]
            steps.append({"call": "exposeTools", "args": [s, {"tools": items}, {"onInvalid": "skip"}]})
        if rand.random() < 0.3:
            s = servers[0]
            steps.append({"call": "exposeTools", "args": [s, [{"name": t} for t in tools[s][:2]]]})
        steps.append({"call": "listTools", "args": []})
        steps.append({"call": "listTools", "args": [{"pageSize": 2}]})
        steps.append({"call": "tools", "args": []})
        if "discovery" in config or rand.random() < 0.3:
            queries = [rand.choice(WORDS), rand.choice(VOCAB), misspell(rand, rand.choice(WORDS)), f"{rand.choice(WORDS)} {rand.choice(VOCAB)}"]
            for q in queries:
                steps.append({"call": "searchTools", "args": [q]})
            steps.append({"call": "searchTools", "args": [rand.choice(WORDS), {"limit": rand.randint(1, 3), "server": rand.choice([*servers, "nowhere"])}]})
            steps.append({"call": "searchTools", "args": [" "]})
        out.append({"config": config, "steps": steps, "servers": servers, "tools": tools})
    return out


def follow_ups(r: Dict[str, Any], listed: Any, rand: random.Random) -> List[Dict[str, Any]]:
    """Steps that use the names the first answers exposed (the same on both sides, or the
    first difference has already failed)."""
    steps = []
    exposed = [t["qualified"] for t in listed] if isinstance(listed, list) else []
    for q in exposed[:6]:
        steps.append({"call": "route", "args": [q]})
        bare = q.split("__", 2)[-1] if q.startswith("mcp__") else q
        steps.append({"call": "mapCallTool", "args": [{"name": bare, "arguments": {"q": 1}, "_meta": {"progressToken": 7}}]})
        steps.append({"call": "route", "args": [misspell(rand, q)]})
        steps.append({"call": "tryRoute", "args": [misspell(rand, bare)]})
        steps.append({"call": "mapCallTool", "args": [{"name": misspell(rand, bare)}]})
        steps.append({"call": "isEnabled", "args": [bare]})
    steps.append({"call": "route", "args": ["nothing_here"]})
    steps.append({"call": "mapCallTool", "args": [{"name": "healthcheck"}]})
    if "discovery" in r["config"]:
        for q in exposed[:3]:
            bare = q.split("__", 2)[-1] if q.startswith("mcp__") else q
            steps.append({"call": "discoveryResult", "args": [{"name": "get_tool_details", "arguments": {"name": bare}}]})
            steps.append({"call": "discoveryResult", "args": [{"name": "get_tool_details", "arguments": {"name": misspell(rand, bare)}}]})
            steps.append({"call": "mapCallTool", "args": [{"name": "call_tool", "arguments": {"name": bare, "arguments": {"q": 1}}, "_meta": {"progressToken": 7}}]})
            steps.append({"call": "mapCallTool", "args": [{"name": "call_tool", "arguments": {"name": misspell(rand, bare)}}]})
            steps.append({"call": "discoveryResult", "args": [{"name": bare}]})
        steps.append({"call": "discoveryResult", "args": [{"name": "search_tools", "arguments": {"query": rand.choice(WORDS), "limit": rand.randint(1, 4)}}]})
        steps.append({"call": "discoveryResult", "args": [{"name": "search_tools", "arguments": {"qery": "x"}}]})
        steps.append({"call": "discoveryResult", "args": [{"name": "search_tools", "arguments": {"query": "file"}}, {"header": "call_tool"}]})
        steps.append({"call": "mapCallTool", "args": [{"name": "search_tools", "arguments": {"query": "x"}}]})
        steps.append({"call": "mapCallTool", "args": [{"name": "call_tool", "arguments": {"tool": "x"}}]})
    return steps


def py_call(target: Any, call: str, args: List[Any]) -> Dict[str, Any]:
    try:
        fn = getattr(target, snake(call)) if target is not None else FUNCTIONS[snake(call)]
        return {"ok": fn(*args)}
    except NamingError as e:
        return {"error": {"code": e.code, "message": e.message, "suggestions": list(e.suggestions), "diagnostics": e.diagnostics}}


def utf16(text: str, cp: int) -> int:
    return cp + sum(1 for c in text[:cp] if ord(c) > 0xFFFF)


def js_form(answer: Any, text: Any) -> Any:
    """Spans in UTF-16 units of the text they index (``text``, the call's string; a client
    view's tool, its name); integral floats as ints."""

    def walk(v: Any, text: Any) -> Any:
        if isinstance(v, dict):
            if "shown" in v and isinstance(v.get("name"), str):
                text = v["name"]
            out = {k: walk(x, text) for k, x in v.items()}
            if isinstance(text, str) and "severity" in v and isinstance(v.get("start"), int) and isinstance(v.get("end"), int):
                out["start"], out["end"] = utf16(text, v["start"]), utf16(text, v["end"])
            return out
        if isinstance(v, (list, tuple)):
            return [walk(x, text) for x in v]
        if isinstance(v, float) and v.is_integer():
            return int(v)
        return v

    return walk(answer, text)


def canonical(v: Any) -> str:
    return json.dumps(v, sort_keys=True, ensure_ascii=True, separators=(",", ":"))


def same_scores(at: str, mine: Dict[str, Any], theirs: Dict[str, Any], diffs: List[str]) -> Dict[str, Any]:
    """``mine`` with each search hit's score replaced by the npm package's when the two are
    within 1e-12 of each other (relative): the engine's BM25 weights take a logarithm, which
    the wasm build computes with Rust's libm and the native build with the C library's, apart
    by an ulp at times. Anything further apart is a difference (recorded); the order of the
    hits and everything else is compared exactly."""
    hits, other = mine.get("ok"), theirs.get("ok")
    if " searchTools[" not in at or not isinstance(hits, list) or not isinstance(other, list) or len(hits) != len(other):
        return mine
    out = []
    for h, o in zip(hits, other):
        a, b = h.get("score"), o.get("score") if isinstance(o, dict) else None
        if isinstance(a, float) and isinstance(b, (int, float)) and a != b:
            if abs(a - b) > 1e-12 * max(abs(a), abs(b), 1.0):
                diffs.append(f"{at}\n  score {a!r} against the npm package's {b!r}")
            h = {**h, "score": b}
        out.append(h)
    return {"ok": out}


def node_answers(payload: Dict[str, Any]) -> Dict[str, Any]:
    out = subprocess.run(
        ["node", str(REPO / "python" / "tests" / "differential.mjs"), str(PKG)],
        input=json.dumps(payload).encode(), capture_output=True, timeout=600, check=False,
    )
    assert out.returncode == 0, out.stderr.decode()[-3000:]
    result: Dict[str, Any] = json.loads(out.stdout)
    return result


def need_npm() -> None:
    missing = [] if shutil.which("node") else ["node"]
    if not (PKG / "node.cjs").exists():
        missing.append("pkg/ (bash scripts/build.sh)")
    if missing:
        if os.environ.get("DIFF_REQUIRED") == "1":
            pytest.fail(f"the differential needs {', '.join(missing)}")
        pytest.skip(f"the differential needs {', '.join(missing)}")


COUNTS: Dict[str, int] = {}


def test_names_against_the_npm_package() -> None:
    need_npm()
    rand = random.Random(28)
    calls = name_calls(rand)
    theirs = node_answers({"calls": calls, "routers": []})["calls"]
    assert len(theirs) == len(calls)
    diffs: List[Tuple[Dict[str, Any], str, str]] = []
    errors = 0
    for c, t in zip(calls, theirs):
        text = c["args"][1] if c["fn"] == "clientView" else c["args"][0]
        mine = canonical(js_form(py_call(None, c["fn"], c["args"]), text))
        if "error" in t:
            errors += 1
        if mine != canonical(t):
            diffs.append((c, mine[:400], canonical(t)[:400]))
    COUNTS["names"] = len(calls)
    print(f"\ndifferential: {len(calls)} name calls ({errors} NamingErrors), {len(diffs)} differences")
    assert not diffs, "\n".join(f"{json.dumps(c, ensure_ascii=True)[:200]}\n  python: {a}\n  npm:    {b}" for c, a, b in diffs[:5]) + f"\n({len(diffs)} in all)"


def details_of_a_twice_listed_name(s: Dict[str, Any], router: Any, step: Dict[str, Any]) -> bool:
    """Whether a step is ``get_tool_details`` of a tool whose server lists its name twice. The
    core's decision (src/router/decide/request.rs) describes the entry a call of the name
    reaches (a peer style may serve the last of the two); the npm package's glue in pkg/ that
    predates the decisions describes the first of the name in the list. Counted apart, and only
    these, until pkg/ is built from the glue that applies the decisions."""
    args = step["args"][0] if step["call"] == "discoveryResult" else None
    if not isinstance(args, dict) or args.get("name") != "get_tool_details" or not isinstance(args.get("arguments"), dict):
        return False
    route = router.try_route(args["arguments"].get("name"))
    return route is not None and s["tools"].get(route["server"], []).count(route["tool"]) > 1


def test_router_scenarios_against_the_npm_package() -> None:
    need_npm()
    rand = random.Random(2828)
    scenarios = router_scenarios(rand)
    # Round one: the configurations and the first steps; round two: steps on the names exposed.
    theirs = node_answers({"calls": [], "routers": [{"config": s["config"], "steps": s["steps"]} for s in scenarios]})["routers"]
    routers: List[Any] = []
    diffs: List[str] = []
    steps = 0

    def compare(at: str, mine: Dict[str, Any], t: Dict[str, Any], text: Any) -> None:
        mine = same_scores(at, mine, t, diffs)
        a, b = canonical(js_form(mine, text)), canonical(t)
        if a != b:
            diffs.append(f"{at}\n  python: {a[:400]}\n  npm:    {b[:400]}")

    second = []
    for s, t in zip(scenarios, theirs):
        try:
            router: Any = Router(s["config"])
            made: Dict[str, Any] = {"ok": None}
        except NamingError as e:
            router = None
            made = {"error": {"code": e.code, "message": e.message, "suggestions": list(e.suggestions), "diagnostics": e.diagnostics}}
        compare(f"Router({s['config']})", made, t[0], None)
        routers.append(router)
        listed = None
        if router is not None and "ok" in t[0]:
            for step, answer in zip(s["steps"], t[1:]):
                mine = py_call(router, step["call"], step["args"])
                steps += 1
                # Router names are in the Basic Multilingual Plane: spans need no conversion.
                compare(f"{s['config']} {step['call']}{json.dumps(step['args'])[:200]}", mine, answer, None)
                if step["call"] == "tools":
                    listed = answer.get("ok")
        second.append(follow_ups(s, listed, rand) if router is not None else [])
    theirs2 = node_answers({"calls": [], "routers": [{"config": s["config"], "steps": s["steps"] + f} for s, f in zip(scenarios, second)]})["routers"]
    known = 0
    for s, router, f, t in zip(scenarios, routers, second, theirs2):
        if router is None:
            continue
        for step, answer in zip(f, t[1 + len(s["steps"]) :]):
            mine = py_call(router, step["call"], step["args"])
            steps += 1
            before = len(diffs)
            compare(f"{s['config']} {step['call']}{json.dumps(step['args'])[:200]}", mine, answer, None)
            if len(diffs) > before and details_of_a_twice_listed_name(s, router, step):
                diffs.pop()
                known += 1
    made = sum(1 for r in routers if r is not None)
    print(f"\ndifferential: {len(scenarios)} router configurations ({made} accepted), {steps} steps, {len(diffs)} differences"
          f" (and {known} get_tool_details of a name its server lists twice, see details_of_a_twice_listed_name)")
    assert steps > ROUTERS * 5
    assert not diffs, "\n".join(diffs[:int(os.environ.get("DIFF_SHOW", "5"))]) + f"\n({len(diffs)} in all)"


# ----- bad input: the same code for the same mistake

NAN, INF = {"$": "NaN"}, {"$": "Infinity"}


def revive(v: Any) -> Any:
    """A value as the Python side passes it: the markers of what JSON cannot carry revived."""
    if isinstance(v, list):
        return [revive(x) for x in v]
    if isinstance(v, dict):
        if list(v) == ["$"]:
            return {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf"), "undefined": None}[v["$"]]
        return {k: revive(x) for k, x in v.items()}
    return v


GOOD_CONFIG = {"style": "claude", "servers": [{"name": "memory"}], "discovery": {"mode": "search", "maxListed": 100}}
# (call, args, Python keyword arguments standing for the npm package's last argument, or None).
BAD_ROUTER: List[Tuple[str, List[Any], Any]] = [
    ("mapCallTool", [None], None),
    ("mapCallTool", [[1]], None),
    ("mapCallTool", ["memory__read_graph"], None),
    ("mapCallTool", [{}], None),
    ("mapCallTool", [{"name": ["x"]}], None),
    ("mapCallTool", [{"name": 5}], None),
    ("mapCallTool", [{"name": None}], None),
    ("mapCallTool", [{"name": "memory__read_graph"}, {"header": 5}], {"header": 5}),
    ("mapCallTool", [{"name": "memory__read_graph"}, {"hedaer": "x"}], {"hedaer": "x"}),
    ("mapCallTool", [{"name": "memory__read_graph"}, {"protocolVersion": []}], {"protocol_version": []}),
    ("mapCallTool", [{"name": "call_tool", "arguments": 5}], None),
    ("mapCallTool", [{"name": "call_tool", "arguments": {"name": ["x"]}}], None),
    ("mapCallTool", [{"name": "call_tool", "arguments": {"name": "memory__read_graph", "arguments": 5}}], None),
    ("mapGetPrompt", [{"name": None}], None),
    ("mapGetPrompt", [5], None),
    ("mapReadResource", [{"uri": {}}], None),
    ("mapReadResource", [{}], None),
    ("mapSubscribe", [{"uri": 5}], None),
    ("mapComplete", [{"ref": 5}], None),
    ("mapComplete", [{}], None),
    ("mapComplete", [{"ref": {"type": "ref/x", "name": "a"}}], None),
    ("mapComplete", [{"ref": {"type": "ref/prompt"}}], None),
    ("mapComplete", [{"ref": {"type": "ref/resource", "uri": 5}}], None),
    ("exposeTools", ["memory", None], None),
    ("exposeTools", ["memory", "tools"], None),
    ("exposeTools", ["memory", 5], None),
    ("exposeTools", ["memory", {"tools": 5}], None),
    ("exposeTools", ["memory", {}], None),
    ("exposeTools", ["memory", [5]], None),
    ("exposeTools", ["memory", [{"name": 5}]], None),
    ("exposeTools", ["memory", [{"name": None}]], None),
    ("exposeTools", ["memory", [{}]], None),
    ("exposeTools", [5, []], None),
    ("exposeTools", [None, []], None),
    ("exposeTools", ["nowhere", []], None),
    ("exposeTools", ["memory", [], {"onInvalid": "maybe"}], {"on_invalid": "maybe"}),
    ("exposeTools", ["memory", [], {"onInvald": "skip"}], {"on_invald": "skip"}),
    ("exposeTools", ["memory", [], 5], None),
    ("exposePrompts", ["memory", {"prompts": [{"name": []}]}], None),
    ("exposeResources", ["memory", {"resources": [{"uri": 5}]}], None),
    ("exposeResourceTemplates", ["memory", {"resourceTemplates": [{}]}], None),
    ("listTools", [{"pageSize": 0}], {"page_size": 0}),
    ("listTools", [{"pageSize": "2"}], {"page_size": "2"}),
    ("listTools", [{"pageSize": NAN}], {"page_size": NAN}),
    ("listTools", [{"pageSize": INF}], {"page_size": INF}),
    ("listTools", [{"pageSize": 1.5}], {"page_size": 1.5}),
    ("listTools", [{"cursor": 5}], {"cursor": 5}),
    ("listTools", [{"cursor": "bogus"}], {"cursor": "bogus"}),
    ("listTools", [{"pageSise": 2}], {"page_sise": 2}),
    ("listTools", [5], None),
    ("searchTools", [5], None),
    ("searchTools", [None], None),
    ("searchTools", [""], None),
    ("searchTools", ["x", {"limit": NAN}], {"limit": NAN}),
    ("searchTools", ["x", {"limit": INF}], {"limit": INF}),
    ("searchTools", ["x", {"limit": 0}], {"limit": 0}),
    ("searchTools", ["x", {"limit": "3"}], {"limit": "3"}),
    ("searchTools", ["x", {"limt": 2}], {"limt": 2}),
    ("searchTools", ["x", {"server": 5}], {"server": 5}),
    ("route", [5], None),
    ("route", [None], None),
    ("route", [["x"]], None),
    ("route", [{"name": "x"}], None),
    ("tryRoute", [5], None),
    ("isEnabled", [None], None),
    ("routeResource", [5], None),
    ("rewriteResult", ["memory", None], None),
    ("rewriteResult", ["memory", []], None),
    ("rewriteResult", ["memory", "text"], None),
    ("rewriteResult", ["nowhere", {}], None),
    ("rewriteResult", [5, {}], None),
    ("rewriteNotification", ["memory", 5], None),
    ("rewriteNotification", ["memory", {}], None),
    ("rewriteNotification", ["memory", {"method": 5}], None),
    ("rewriteNotification", ["nowhere", {"method": "notifications/tools/list_changed"}], None),
    ("discoveryResult", [None], None),
    ("discoveryResult", [{"name": "search_tools", "arguments": 5}], None),
    ("discoveryResult", [{"name": "search_tools", "arguments": {"query": "x"}}, {"header": 5}], {"header": 5}),
    ("clientView", ["nope"], None),
    ("clientView", [5], None),
    ("clientView", ["codex", {"sever": "x"}], {"sever": "x"}),
    ("migrateName", [5, None], None),
]
BAD_CONFIGS: List[Tuple[Any, Any]] = [
    (None, None),
    (5, None),
    ([], None),
    ("claude", None),
    ({"style": "claude", "servers": "memory"}, None),
    ({"style": "claude", "servers": [{"name": 5}]}, None),
    ({"style": "claude", "servers": [None]}, None),
    ({"style": 5, "servers": []}, None),
    ({"style": "claude", "servers": [], "strict": "yes"}, None),
    ({"style": "claude", "servers": [], "discovery": {"mode": "search", "maxListed": NAN}}, None),
    ({"style": "claude", "servers": [], "discovery": {"mode": "search", "maxListed": INF}}, None),
    ({"styl": "claude", "servers": []}, {"styl": "claude", "servers": []}),
    ({"style": "claude", "servers": [], "prefixMod": "always"}, {"style": "claude", "servers": [], "prefix_mod": "always"}),
    ({"style": "claude", "servers": [], "prefixMode": 5}, {"style": "claude", "servers": [], "prefix_mode": 5}),
]
BAD_NAMES: List[Tuple[str, List[Any], Any]] = [
    ("validateToolName", [5, "mcp"], None),
    ("validateToolName", [None, "mcp"], None),
    ("validateToolName", ["x", "nope"], None),
    ("validateToolName", ["x", 5], None),
    ("validateToolName", ["x", "chora", {"expectedNamespce": "x"}], {"expectedNamespce": "x"}),
    ("validateToolName", ["x", "chora", {"expectedNamespace": 5}], {"expectedNamespace": 5}),
    ("validateToolName", ["x", "chora", 5], None),
    ("validateToolNames", ["abc", "mcp"], None),
    ("validateToolNames", [[5], "mcp"], None),
    ("isValidToolName", [[], "mcp"], None),
    ("parseToolName", [None, "mcp"], None),
    ("formatToolName", [5, "mcp"], None),
    ("formatToolName", [{"server": 5}, "claude"], None),
    ("convertToolName", ["x", "mcp", None], None),
    ("fitToolName", ["x", "nope"], None),
    ("fitToolName", ["x", "openai", {"taken": 5}], {"taken": 5}),
    ("fitToolName", ["x", "openai", {"takn": []}], {"takn": []}),
    ("fitToolNames", [None, "openai"], None),
    ("checkProviders", [5], None),
    ("encodeMcpNameHeader", [5], None),
    ("decodeMcpNameHeader", [None], None),
    ("parseResourceUri", [5], None),
    ("formatResourceUri", [None], None),
    ("validateResourceUri", [{}], None),
    ("namespaceFromSlug", [[]], None),
    ("normalizeServerName", [None], None),
    ("matchesPermission", [5, "x"], None),
    ("clientView", ["codex", 5, []], None),
    ("clientView", ["codex", "x", [5]], None),
]


def py_bad(target: Any, call: str, args: List[Any], kwargs: Any) -> Dict[str, Any]:
    """A bad call through the Python package: the npm package's last argument as keyword
    arguments in snake_case where ``kwargs`` says so."""
    args = revive(args)
    try:
        fn = getattr(target, snake(call)) if target is not None else FUNCTIONS[snake(call)]
        if kwargs is not None:
            # A keyword argument is spelled in snake_case as typed, however the npm key is.
            fn(*args[:-1], **{k if "_" in k or k.islower() else snake(k): v for k, v in revive(kwargs).items()})
        else:
            fn(*args)
        return {"ok": None}
    except NamingError as e:
        return {"error": {"code": e.code, "message": e.message, "type_error": isinstance(e, TypeError)}}
    except TypeError as e:
        return {"error": {"code": f"not a NamingError: TypeError: {e}"}}


# JSON's words for a type, which a Python message never uses for one.
JSON_WORDS = re.compile(r"\b(got|be) (null|an? (string|object|array|boolean))\b")


def test_bad_input_against_the_npm_package() -> None:
    need_npm()
    calls = [{"fn": fn, "args": args} for fn, args, _ in BAD_NAMES]
    routers = [{"config": c, "steps": []} for c, _ in BAD_CONFIGS]
    routers.append({"config": GOOD_CONFIG, "steps": [{"call": "exposeTools", "args": ["memory", {"tools": [{"name": "read_graph"}]}]}]})
    routers += [{"config": GOOD_CONFIG, "steps": [{"call": "exposeTools", "args": ["memory", {"tools": [{"name": "read_graph"}]}]}, {"call": c, "args": a}]} for c, a, _ in BAD_ROUTER]
    theirs = node_answers({"calls": calls, "routers": routers})
    rows: List[Tuple[str, Dict[str, Any], Dict[str, Any]]] = []
    for (fn, args, kw), t in zip(BAD_NAMES, theirs["calls"]):
        rows.append((f"{snake(fn)}{tuple(revive(args))}", py_bad(None, fn, args, kw), t))
    for (config, kw), t in zip(BAD_CONFIGS, theirs["routers"]):
        mine: Dict[str, Any]
        try:
            Router(**revive(kw)) if kw is not None else Router(revive(config))
            mine = {"ok": None}
        except NamingError as e:
            mine = {"error": {"code": e.code, "message": e.message, "type_error": isinstance(e, TypeError)}}
        rows.append((f"Router({'**' + json.dumps(kw) if kw is not None else json.dumps(config)})", mine, t[0]))
    base = theirs["routers"][len(BAD_CONFIGS)]
    assert all("ok" in a for a in base), base
    for (call, args, kw), t in zip(BAD_ROUTER, theirs["routers"][len(BAD_CONFIGS) + 1 :]):
        router = Router(GOOD_CONFIG)
        router.expose_tools("memory", {"tools": [{"name": "read_graph"}]})
        rows.append((f"router.{snake(call)}{tuple(revive(args))}", py_bad(router, call, args, kw), t[-1]))
    diffs = []
    for what, mine, t in rows:
        code = mine.get("error", {}).get("code")
        if code != t.get("error", {}).get("code"):
            diffs.append(f"{what}\n  python: {json.dumps(mine)[:300]}\n  npm:    {json.dumps(t)[:300]}")
        if "error" in mine:
            e = mine["error"]
            # (A discovery meta-tool's answer is about the JSON a model sent: in JSON's words.)
            model_facing = re.match(r"(search_tools|get_tool_details|call_tool): ", e.get("message", ""))
            assert model_facing or not JSON_WORDS.search(e.get("message", "")), f"{what}: JSON's words: {e['message']}"
            assert e.get("code") != "invalid_argument" or e.get("type_error"), f"{what}: invalid_argument is not a TypeError"
    table = os.environ.get("DIFF_BAD_TABLE")
    if table:
        with open(table, "w", encoding="utf-8") as f:
            f.write("| bad input | Python code | Python message | npm code | npm message |\n| --- | --- | --- | --- | --- |\n")
            for what, mine, t in rows:
                m, n_ = mine.get("error", {}), t.get("error", {})
                cells = [f"`{what[:90]}`", m.get("code", "accepted"), m.get("message", "")[:140], n_.get("code", "accepted"), str(n_.get("message", ""))[:140]]
                f.write("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |\n")
    print(f"\ndifferential: {len(rows)} bad inputs, {len(diffs)} with another code")
    assert len(rows) >= 100
    assert not diffs, "\n".join(diffs[: int(os.environ.get("DIFF_SHOW", "5"))]) + f"\n({len(diffs)} in all)"


# ----- MCP 2026-07-28: the messages of the revision (cases/revision-2026.json, and generated)

REVISIONS = int(os.environ.get("DIFF_REVISION", "200"))
# The Router methods of the revision, as cases/revision-2026.json calls them.
REVISION_CALLS = ["upstreamAnswered", "discover", "initialize", "forward", "rewriteResponse", "listResult", "listen", "acknowledge", "listened", "controlListen"]
STATE_KEY = "a requestStateKey of at least 32 bytes, shared"
HEADER_NAMES = ["Region", "Shard", "Dry-Run", "Tenant", "Zone", "", "Two Words", "A\r\nB", "région", "X_Y", "REGION", "x-id"]
PROPERTY_TYPES: List[Any] = ["string", "integer", "boolean", "number", "array", "object", ["string", "null"], ["integer", "null"], None]
VERSIONS = ["2026-07-28", "2025-11-25", "2025-06-18", "2024-11-05", "2030-01-01", None]


def _value(rand: random.Random) -> Any:
    return rand.choice(["us-west1", "Hello, 世界", " padded ", "a\nb", "", 42, -7, 2**53 + 1, 9007199254740991, True, False, 1.5, None, {"k": 1}, [1]])


def _header_value(rand: random.Random, value: Any) -> str:
    """What a client might send for ``value``: its plain form (or a wrong one), its Base64
    sentinel form, or garbage."""
    plain = "true" if value is True else "false" if value is False else str(value)
    k = rand.random()
    if k < 0.55:
        return plain
    if k < 0.7:
        return "=?base64?" + __import__("base64").b64encode(plain.encode()).decode() + "?="
    if k < 0.8:
        return "=?base64?%%%?="
    return rand.choice(["other", "42.0", "TRUE", plain.upper(), " " + plain])


def _schema(rand: random.Random) -> Tuple[Dict[str, Any], List[str]]:
    """A tool's inputSchema with ``x-mcp-header`` annotations, valid or breaking a rule of
    SEP-2243; and its top-level property names."""
    props: Dict[str, Any] = {}
    names = rand.sample(["region", "shard", "dryRun", "tenant", "query", "zone"], rand.randint(0, 4))
    valid = rand.sample(HEADER_NAMES[:5], 5)  # distinct, mostly: a duplicate is one of the rules
    broken = rand.random() < 0.3
    for p in names:
        t = rand.choice(PROPERTY_TYPES[:3] if not broken else PROPERTY_TYPES)
        prop: Dict[str, Any] = {} if t is None else {"type": t}
        if rand.random() < 0.6:
            prop["x-mcp-header"] = valid.pop() if not broken or rand.random() < 0.5 else rand.choice(HEADER_NAMES)
        if t == "object" and broken:
            prop["properties"] = {"inner": {"type": "string", "x-mcp-header": rand.choice(HEADER_NAMES[:5])}}
        if t == "array" and broken:
            prop["items"] = {"type": "string", "x-mcp-header": "Item"}
        props[p] = prop
    schema: Dict[str, Any] = {"type": "object", "properties": props}
    k = rand.random()
    if k < 0.05:
        schema["anyOf"] = [{"properties": {"alt": {"type": "string", "x-mcp-header": "Alt"}}}]
    elif k < 0.1:
        schema["$defs"] = {"d": {"type": "string", "x-mcp-header": "D"}}
    elif k < 0.12:
        schema["x-mcp-header"] = "Root"
    return schema, names


def revision_scenarios(rand: random.Random) -> List[Dict[str, Any]]:
    """cases/revision-2026.json's scenarios, then generated ones: upstreams of either era,
    tools with ``x-mcp-header`` annotations, calls with their headers and ``_meta``, results
    of every ``resultType`` (an ``input_required`` one's sealed state retried), listen streams
    and their notifications. A retry's sealed state is the one the Python package sealed
    (the seal is a function of the key): the npm package must open it alike."""
    data = json.loads((REPO / "tests" / "data" / "cases" / "revision-2026.json").read_text(encoding="utf-8"))
    out = [{"config": s["config"], "steps": [{"call": st["call"], "args": st["args"]} for st in s["steps"]]} for s in data["scenarios"] if "steps" in s]
    for _ in range(REVISIONS):
        servers = rand.sample(["db", "files", "notes", "old", "srv-1"], rand.randint(1, 3))
        config: Dict[str, Any] = {"style": rand.choice(["claude", "agent", "syntropy"]), "servers": [{"name": s} for s in servers], "requestStateKey": STATE_KEY}
        steps: List[Dict[str, Any]] = []
        uris: Dict[str, List[str]] = {}
        tools: Dict[str, List[Tuple[str, List[str]]]] = {}
        for s in servers:
            if rand.random() < 0.8:
                caps = {k: v for k, v in {
                    "tools": {"listChanged": rand.random() < 0.5}, "prompts": {}, "logging": {}, "completions": {},
                    "resources": {"subscribe": rand.random() < 0.6, "listChanged": rand.random() < 0.5},
                    "tasks": {}, "experimental": {"x": {}}, "extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}, "io.example/other": {}},
                }.items() if rand.random() < 0.6}
                if rand.random() < 0.6:
                    answer: Dict[str, Any] = {"supportedVersions": rand.sample(["2026-07-28", "2030-01-01", "2025-11-25"], rand.randint(0, 2)), "capabilities": caps}
                    if rand.random() < 0.3:
                        answer.update({"ttlMs": rand.choice([0, 1000, 60000]), "cacheScope": rand.choice(["public", "private"])})
                    if rand.random() < 0.3:
                        answer["instructions"] = f"Use {s}."
                    steps.append({"call": "upstreamAnswered", "args": [s, answer]})
                else:
                    steps.append({"call": "upstreamAnswered", "args": [s, {"protocolVersion": rand.choice(["2025-11-25", "2025-06-18", "2026-07-28", "1.0"]), "capabilities": caps}, True]})
            items = []
            tools[s] = []
            for t in rand.sample(["query", "ask", "fetch", "write", "echo"], rand.randint(1, 4)):
                schema, props = _schema(rand)
                items.append({"name": t, "inputSchema": schema})
                tools[s].append((t, props))
            steps.append({"call": "exposeTools", "args": [s, {"tools": items}, {"onInvalid": rand.choice(["skip", "throw"])}]})
            uris[s] = rand.sample(["test://doc", "file:///a.txt", f"note://{s}", "test://shared"], rand.randint(0, 3))
            steps.append({"call": "exposeResources", "args": [s, {"resources": [{"uri": u, "name": "r"} for u in uris[s]]}, {"onInvalid": "skip"}]})
        steps.append({"call": "discover", "args": []})
        steps.append({"call": "initialize", "args": [rand.choice(["2025-11-25", "2025-06-18", "2024-01-01", "2026-07-28"])]})
        steps.append({"call": "listResult", "args": [rand.choice(["tools", "resources", "prompts"]), rand.choice(VERSIONS)]})
        prefix = {"claude": "{s}__{t}", "agent": "{s}__{t}", "syntropy": "{s}_{t}"}[config["style"]]
        for _ in range(rand.randint(2, 8)):
            s = rand.choice(servers)
            t, props = rand.choice(tools[s])
            name = prefix.format(s=s, t=t) if rand.random() < 0.9 else misspell(rand, t)
            arguments = {p: _value(rand) for p in props if rand.random() < 0.8}
            version = rand.choice(VERSIONS)
            incoming: Dict[str, Any] = {"name": name if rand.random() < 0.8 else misspell(rand, name)}
            if version is not None:
                incoming["protocolVersion"] = version
            headers = {}
            for p, v in arguments.items():
                if rand.random() < 0.7:
                    h = "Mcp-Param-" + rand.choice(["Region", "Shard", "Dry-Run", "Tenant", "Zone", p])
                    headers[rand.choice([h, h.lower(), h.upper()])] = _header_value(rand, v)
            if rand.random() < 0.2:
                headers["Mcp-Param-Extra"] = "kept"
            if headers:
                incoming["params"] = headers
            params: Dict[str, Any] = {"name": name, "arguments": arguments}
            if rand.random() < 0.3:
                params["_meta"] = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": {"name": "c", "version": "1"},
                                   "io.modelcontextprotocol/clientCapabilities": {"sampling": {}, "tasks": {}, "extensions": {"io.modelcontextprotocol/ui": {}, "io.x/y": {}}},
                                   "io.modelcontextprotocol/logLevel": "info", "traceparent": "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01", "progressToken": 1}
            steps.append({"call": "forward", "args": ["tools/call", params, incoming]})
        for _ in range(rand.randint(1, 4)):
            s = rand.choice(servers)
            method = rand.choice(["tools/call", "prompts/get", "resources/read", "completion/complete"])
            result: Dict[str, Any] = {}
            kind = rand.choice([None, "complete", "input_required", "input_required", "task", 5])
            if kind is not None:
                result["resultType"] = kind
            if rand.random() < 0.6:
                result["content"] = [{"type": "resource_link", "uri": u, "name": "r"} for u in uris[s][:2]]
            if kind == "input_required":
                result["inputRequests"] = {"llm": {"method": "sampling/createMessage", "params": {"maxTokens": 5, "messages": [
                    {"role": "user", "content": {"type": "tool_result", "toolUseId": "1", "content": [{"type": "resource_link", "uri": u, "name": "r"} for u in uris[s]]}}]}}}
                result["requestState"] = rand.choice([f"{s}'s state", "", 5])
            if rand.random() < 0.3:
                result["_meta"] = {"io.modelcontextprotocol/serverInfo": {"name": s, "version": "1"}}
            version = rand.choice(VERSIONS)
            steps.append({"call": "rewriteResponse", "args": [s, method, result, version]})
            state = result.get("requestState")
            if kind == "input_required" and isinstance(state, str) and method != "completion/complete":
                sealed = _sealed(config, steps)
                if sealed is not None and method == "tools/call":
                    t = rand.choice(tools[s])[0]
                    other = rand.choice(servers)
                    for target in (s, other):
                        retry = {"name": prefix.format(s=target, t=t), "arguments": {}, "inputResponses": {"llm": {"role": "assistant", "content": {"type": "text", "text": "x"}}},
                                 "requestState": sealed if rand.random() < 0.8 else sealed[:-2] + "AA"}
                        steps.append({"call": "forward", "args": ["tools/call", retry, {"name": retry["name"], "protocolVersion": "2026-07-28"}]})
        all_uris = [u for s in servers for u in uris[s]] + ["note://nowhere"]
        for _ in range(rand.randint(0, 3)):
            notifications: Dict[str, Any] = {k: rand.random() < 0.5 for k in ["toolsListChanged", "promptsListChanged", "resourcesListChanged"] if rand.random() < 0.6}
            if rand.random() < 0.7:
                notifications["resourceSubscriptions"] = rand.sample(all_uris, rand.randint(0, min(3, len(all_uris))))
            if rand.random() < 0.05:
                notifications["toolsListChanged"] = "yes"
            listen = {"notifications": notifications}
            steps.append({"call": "listen", "args": [listen]})
            acks = [[s, {"resourceSubscriptions": rand.sample(uris[s], len(uris[s]) // 2)}] for s in servers if rand.random() < 0.7]
            steps.append({"call": "acknowledge", "args": [listen, acks]})
        for s in servers:
            steps.append({"call": "controlListen", "args": [s]})
            subscription = rand.choice([1, 42, "sub-1", None])
            for u in uris[s][:2]:
                steps.append({"call": "listened", "args": [s, {"method": "notifications/resources/updated", "params": {"uri": u}}, subscription]})
            steps.append({"call": "listened", "args": [s, rand.choice([{"method": "notifications/tools/list_changed"}, {"method": "notifications/subscriptions/acknowledged", "params": {"notifications": {}}}, {"method": 5}]), subscription]})
        steps.append({"call": "controlListen", "args": ["nowhere"]})
        out.append({"config": config, "steps": steps})
    return out


def _sealed(config: Dict[str, Any], steps: List[Dict[str, Any]]) -> Any:
    """The sealed ``requestState`` the last step (a ``rewriteResponse``) answers, as the Python
    package seals it after the steps before (or ``None``: it refused)."""
    try:
        router = Router(config)
    except NamingError:
        return None
    answer: Dict[str, Any] = {}
    for step in steps:
        answer = py_revision_call(router, step["call"], step["args"])
    result = answer.get("ok", {}).get("result") if isinstance(answer.get("ok"), dict) else None
    return result.get("requestState") if isinstance(result, dict) else None


def py_revision_call(router: Any, call: str, args: List[Any]) -> Dict[str, Any]:
    """A step through the Python package: each call the Router method of its name, taking the
    arguments as the case file writes them (``acknowledge(listen params, acks)`` as npm's)."""
    return py_call(router, call, args)


# A type an npm message names after "is" (``arguments.dryRun is an array``), besides
# ``python_words``' "got" and "be".
_IS_JSON_TYPE = re.compile(r"\bis (null|a boolean|a string|an array|an object)\b")
_PY_TYPE = {"null": "None", "a boolean": "a bool", "a string": "a str", "an array": "a list", "an object": "a dict"}


def as_json_parse_reads(v: Any) -> Any:
    """``v`` with each integer beyond 2^53 as ``JSON.parse`` reads it (the nearest double): the
    scenarios' JSON reaches the npm package so rounded (``2**53 + 1`` is ``2**53`` there) and
    the Python package exact, and either passes a client's arguments on as it got them."""
    if isinstance(v, dict):
        return {k: as_json_parse_reads(x) for k, x in v.items()}
    if isinstance(v, list):
        return [as_json_parse_reads(x) for x in v]
    if isinstance(v, int) and not isinstance(v, bool) and abs(v) > 2**53:
        return int(float(v))
    return v


def in_python_words(answer: Dict[str, Any]) -> Dict[str, Any]:
    """The npm package's answer with the types its error messages name in Python's words
    (``must be a bool, got a str``; ``python_words``, as the scenario files' messages are
    read, and ``is a list``): each host words a type in its own dialect (src/dialect.rs),
    nothing else of a message is read otherwise."""
    e = answer.get("error")
    if not isinstance(e, dict):
        return answer

    def words(m: Any) -> Any:
        return _IS_JSON_TYPE.sub(lambda t: f"is {_PY_TYPE[t.group(1)]}", python_words(m)) if isinstance(m, str) else m

    e = {**e, "message": words(e.get("message"))}
    if isinstance(e.get("diagnostics"), list):
        e["diagnostics"] = [{**d, "message": words(d.get("message"))} if isinstance(d, dict) else d for d in e["diagnostics"]]
    return {**answer, "error": e}


def test_revision_2026_against_the_npm_package() -> None:
    """The messages of MCP 2026-07-28 through both packages: every answer the same. A call the
    npm package in pkg/ does not have yet is not compared: the scenarios that use it are
    counted and named in what the test prints, and with none left the test is skipped saying
    which methods are missing (never silently)."""
    need_npm()
    scenarios = revision_scenarios(random.Random(2026))
    theirs = node_answers({"calls": [], "routers": [{"config": s["config"], "steps": s["steps"]} for s in scenarios], "methods": REVISION_CALLS})
    missing = sorted(m for m, has in theirs["methods"].items() if not has)
    diffs: List[str] = []
    compared = skipped = steps = 0
    for s, t in zip(scenarios, theirs["routers"]):
        lacking = {st["call"] for st in s["steps"]} & set(missing)
        if lacking:
            skipped += 1
            continue
        compared += 1
        try:
            router: Any = Router(s["config"])
            made: Dict[str, Any] = {"ok": None}
        except NamingError as e:
            router, made = None, {"error": {"code": e.code, "message": e.message, "suggestions": list(e.suggestions), "diagnostics": e.diagnostics}}
        if canonical(js_form(made, None)) != canonical(in_python_words(t[0])):
            diffs.append(f"Router({json.dumps(s['config'])[:200]})\n  python: {canonical(made)[:400]}\n  npm:    {canonical(t[0])[:400]}")
        if router is None:
            continue
        for step, answer in zip(s["steps"], t[1:]):
            steps += 1
            answer = in_python_words(answer)
            mine = canonical(as_json_parse_reads(js_form(py_revision_call(router, step["call"], step["args"]), None)))
            if mine != canonical(answer):
                diffs.append(f"{json.dumps(s['config'])[:120]} {step['call']}{json.dumps(step['args'], ensure_ascii=True)[:200]}\n  python: {mine[:400]}\n  npm:    {canonical(answer)[:400]}")
    print(f"\ndifferential (MCP 2026-07-28): {len(scenarios)} scenarios, {compared} compared ({steps} steps), {len(diffs)} differences;"
          f" {skipped} not compared: pkg/'s Router lacks {', '.join(missing) or 'nothing'}")
    if compared == 0:
        pytest.skip(f"the npm package in pkg/ has no {', '.join(missing)} yet: no MCP 2026-07-28 scenario could be compared")
    assert not diffs, "\n".join(diffs[: int(os.environ.get("DIFF_SHOW", "5"))]) + f"\n({len(diffs)} in all)"
