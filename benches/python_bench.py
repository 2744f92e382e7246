#!/usr/bin/env python3
"""The Python package against the code it replaces (issue 28), per call, median of rounds:

- ``is_valid_tool_name`` against a compiled ``re`` pattern of the same grammar (chora: what
  chora-base's generated validators do; mcp: SEP-986's character set and length);
- ``validate_tool_name`` (mcp) against the official Python SDK's validator
  (``mcp.shared.tool_name_validation.validate_tool_name``, mcp 2.x), on a mix of names;
- router hits (``Router.route``, ``Router.map_call_tool``) against a dict lookup (and the dict
  lookup plus the params copy a gateway makes), with dicts and with the SDK's models;
- ``Router.rewrite_result`` of a 10 MB result against a 1 KB one (one link rewritten in each),
  dicts and the SDK's models: what crosses and what is copied does not grow with the payload;
- the wheel's size.

    target/py/venv/bin/python benches/python_bench.py [wheel]     (scripts/python.sh makes the venv)
"""

from __future__ import annotations

import json
import os
import platform
import random
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, List, Sequence

import mcp_naming as n
import mcp_types as sdk
from mcp.shared.tool_name_validation import validate_tool_name as sdk_validate

REPO = Path(__file__).resolve().parents[1]
ROUNDS = 15


def per_call(fn: Callable[[], Any], calls: int) -> float:
    """Median ns per call of ``fn`` (which makes ``calls`` calls), after warm-up."""
    for _ in range(3):
        fn()
    times = []
    for _ in range(ROUNDS):
        t0 = time.perf_counter_ns()
        fn()
        times.append((time.perf_counter_ns() - t0) / calls)
    return statistics.median(times)


def mix(count: int = 1000) -> List[str]:
    rand = random.Random(7)
    typical = json.loads((REPO / "tests" / "data" / "fixtures" / "typical-names.json").read_text())
    seeds: List[str] = list(typical["names"].values())
    words = ["get", "list", "create", "task", "user", "issue", "search", "file", "read", "write", "symbol", "docs", "library", "graph"]
    out = list(seeds)
    while len(out) < count:
        k = rand.random()
        parts = [rand.choice(words) for _ in range(rand.randint(1, 5))]
        if k < 0.6:
            out.append("_".join(parts))
        elif k < 0.75:
            out.append(parts[0] + "".join(p.title() for p in parts[1:]))
        elif k < 0.85:
            out.append("-".join(parts))
        elif k < 0.95:
            out.append(" ".join(parts))  # invalid: spaces
        else:
            out.append(".".join(parts) + rand.choice(["", "!", "/x", "ü"]))
    return out[:count]


def loop(fn: Callable[[str], Any], names: Sequence[str]) -> Callable[[], None]:
    def run() -> None:
        for s in names:
            fn(s)

    return run


def main() -> None:
    names = mix()
    rows = []

    chora_re = re.compile(r"^[a-z][a-z0-9]{2,19}:[a-z][a-z0-9_]*$")
    chora_names = [f"{s.split('_')[0][:12] or 'abc'}proj:{s.lower()}" for s in names]
    a = per_call(loop(lambda s: n.is_valid_tool_name(s, "chora"), chora_names), len(chora_names))
    b = per_call(loop(lambda s: chora_re.match(s) is not None, chora_names), len(chora_names))
    rows.append(("`is_valid_tool_name` (chora) / a compiled `re` (chora-base's grammar)", a, b))

    mcp_re = re.compile(r"^[A-Za-z0-9._-]{1,128}$")
    a = per_call(loop(lambda s: n.is_valid_tool_name(s, "mcp"), names), len(names))
    b = per_call(loop(lambda s: mcp_re.match(s) is not None, names), len(names))
    rows.append(("`is_valid_tool_name` (mcp) / a compiled `re` (SEP-986's set)", a, b))

    a = per_call(loop(lambda s: n.validate_tool_name(s, "mcp"), names), len(names))
    b = per_call(loop(sdk_validate, names), len(names))
    rows.append(("`validate_tool_name` (mcp) / SDK `validate_tool_name`, the mix", a, b))
    invalid = [s for s in names if not n.is_valid_tool_name(s, "mcp")]
    a = per_call(loop(lambda s: n.validate_tool_name(s, "mcp"), invalid), len(invalid))
    b = per_call(loop(sdk_validate, invalid), len(invalid))
    rows.append((f"`validate_tool_name` (mcp) / SDK, invalid names only ({len(invalid)})", a, b))

    batch = names * 100
    a = per_call(lambda: n.validate_tool_names(batch, "mcp"), len(batch))
    b = per_call(loop(lambda s: mcp_re.match(s) is not None, batch), len(batch))
    rows.append(("`validate_tool_names` 100k, per name / `re` loop", a, b))

    router = n.Router(style="agent", servers=[{"name": "serena"}, {"name": "memory"}])
    tools = sorted({s for s in names if n.is_valid_tool_name(s, "agent")})[:200] or ["find_symbol"]
    router.expose_tools("serena", {"tools": [{"name": t, "inputSchema": {"type": "object"}} for t in tools]})
    exposed = [t["name"] for t in router.tools()]
    table = {t["name"]: {"server": t["server"], "tool": t["upstream"]} for t in router.tools()}
    a = per_call(loop(router.route, exposed), len(exposed))
    b = per_call(loop(table.__getitem__, exposed), len(exposed))
    rows.append(("`Router.route` hit / a dict lookup", a, b))
    calls = [{"name": e, "arguments": {"q": 1}} for e in exposed]

    def dict_map(p: dict[str, Any]) -> Any:
        t = table[p["name"]]
        return {"server": t["server"], "params": {**p, "name": t["tool"]}}

    a = per_call(loop(router.map_call_tool, calls), len(calls))  # type: ignore[arg-type]
    b = per_call(loop(dict_map, calls), len(calls))  # type: ignore[arg-type]
    rows.append(("`Router.map_call_tool` hit / dict lookup + params copy", a, b))
    models = [sdk.CallToolRequestParams(name=e, arguments={"q": 1}) for e in exposed]

    def model_map(p: Any) -> Any:
        t = table[p.name]
        return {"server": t["server"], "params": p.model_copy(update={"name": t["tool"]})}

    a = per_call(loop(router.map_call_tool, models), len(models))  # type: ignore[arg-type]
    b = per_call(loop(model_map, models), len(models))  # type: ignore[arg-type]
    rows.append(("`Router.map_call_tool` hit, SDK params / dict lookup + `model_copy`", a, b))

    shared = n.Router(style="agent", servers=[{"name": "a"}, {"name": "b"}])
    for s in ("a", "b"):
        shared.expose_resources(s, {"resources": [{"uri": "memo://note/1", "name": "one"}]})

    def result(size: int) -> Any:
        return {"content": [{"type": "text", "text": "x" * size}, {"type": "resource_link", "uri": "memo://note/1", "name": "one"}]}

    small, large = result(1_000), result(10_000_000)
    a = per_call(lambda: shared.rewrite_result("b", large), 1)
    b = per_call(lambda: shared.rewrite_result("b", small), 1)
    rows.append(("`Router.rewrite_result` 10 MB / 1 KB result (dicts)", a, b))
    small_m, large_m = sdk.CallToolResult.model_validate(small), sdk.CallToolResult.model_validate(large)
    a = per_call(lambda: shared.rewrite_result("b", large_m), 1)
    b = per_call(lambda: shared.rewrite_result("b", small_m), 1)
    rows.append(("`Router.rewrite_result` 10 MB / 1 KB result (SDK `CallToolResult`)", a, b))
    misses = [e + "x" for e in exposed[:50]]
    a = per_call(loop(router.try_route, misses), len(misses))
    rows.append(("`Router.try_route` miss (suggestions searched), absolute", a, None))

    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores; Python {platform.python_version()}; mcp_naming {n.__version__}")
    print("| operation | ratio | package / baseline |")
    print("| --- | ---: | ---: |")
    for label, x, y in rows:
        if y is None:
            print(f"| {label} | — | {x:.0f} ns |")
        else:
            print(f"| {label} | {x / y:.2f} | {x:.0f} / {y:.0f} ns |")
    wheels = sys.argv[1:] or [str(p) for p in sorted((REPO / "target" / "py" / "dist").glob("*.whl"))]
    for w in wheels:
        print(f"wheel: {Path(w).name} {os.path.getsize(w):,} bytes")


if __name__ == "__main__":
    main()
