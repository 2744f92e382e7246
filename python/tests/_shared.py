"""What the pytest suites share: the repository's test data (tests/data, the same files the Rust
and JS suites run) and the runner of its scenario steps through the Python package.

A step is ``{call, args, result | error, expect?}`` (see ``about`` in tests/data/cases/router/styles.json).
The calls are the npm package's names (``mapCallTool``); here each is the package's snake_case
name (``map_call_tool``), its arguments as they are (options mappings in the npm package's keys,
which the Python functions take too). Expected results carry the JS objects' keys: the package's
own reports are compared on those keys in snake_case (``upstreamPrefix`` → ``upstream_prefix``);
MCP objects (list results, request params, forwarded notifications, rewritten results) keep the
protocol's keys and are compared as they are.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import mcp_naming
from mcp_naming import NamingError, openproject, registry

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"


def load(path: str) -> Any:
    """tests/data/<path>, parsed."""
    with open(DATA / path, encoding="utf-8") as f:
        return json.load(f)


def router_files() -> List[Tuple[str, Any]]:
    """Every router scenario file (tests/data/cases/router/*.json, one per topic), by path in name order."""
    return [(f"cases/router/{p.name}", load(f"cases/router/{p.name}")) for p in sorted((DATA / "cases" / "router").glob("*.json"))]


def snake(name: str) -> str:
    """``camelCase`` → ``snake_case``, as the package names its keys and functions."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", lambda m: "_" + m.group(1).lower(), name)


# Where an answer holds MCP objects (protocol keys as they are), per call: "" is the whole answer.
_MCP = {
    "listTools": "",
    "listPrompts": "",
    "listResources": "",
    "listResourceTemplates": "",
    "rewriteResult": "",
    "rewriteToolsList": "",
    "discoveryResult": "",
    "mapCallTool": "params",
    "mapGetPrompt": "params",
    "mapReadResource": "params",
    "mapSubscribe": "params",
    "mapUnsubscribe": "params",
    "mapComplete": "params",
    "rewriteNotification": "forward",
    "pageEnvelope": "items",
    # MCP 2026-07-28 (cases/revision-2026.json): MCP objects, and the core's contract types
    # (listen decisions, subscription filters) with their JSON keys, as the package gives them.
    "discover": "",
    "initialize": "",
    "listResult": "",
    "forward": "params",
    "rewriteResponse": "result",
    "listened": "forward",
    "listen": "",
    "acknowledge": "",
    "controlListen": "",
}


def python_keys(value: Any, call: str) -> Any:
    """An expected answer with the package's own keys in snake_case (MCP objects kept)."""
    keep = _MCP.get(call)
    if keep == "":
        return value

    def walk(v: Any, top: bool) -> Any:
        if isinstance(v, dict):
            return {snake(k): (x if top and k == keep else walk(x, False)) for k, x in v.items()}
        if isinstance(v, list):
            return [walk(x, False) for x in v]
        return v

    return walk(value, True)


def show(v: Any) -> str:
    try:
        return json.dumps(v, ensure_ascii=False)[:300]
    except (TypeError, ValueError):
        return repr(v)[:300]


def compare(actual: Any, expected: Any, partial: bool, path: str = "result") -> Optional[str]:
    """``actual`` against ``expected`` as tests/js/data.mjs compares: equal, but that with
    ``partial`` dicts are compared on the keys ``expected`` names; the first difference."""
    if isinstance(expected, list):
        if not isinstance(actual, (list, tuple)):
            return f"{path}: {show(actual)}, expected a list"
        if len(actual) != len(expected):
            return f"{path}: {len(actual)} items, expected {len(expected)}"
        for i, (a, e) in enumerate(zip(actual, expected)):
            d = compare(a, e, partial, f"{path}[{i}]")
            if d:
                return d
        return None
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{path}: {show(actual)}, expected a dict"
        for k, v in expected.items():
            if k not in actual:
                return f"{path}.{k}: missing, expected {show(v)}"
            d = compare(actual[k], v, partial, f"{path}.{k}")
            if d:
                return d
        if not partial:
            extra = [k for k in actual if k not in expected]
            if extra:
                return f"{path}.{extra[0]}: not expected, got {show(actual[extra[0]])}"
        return None
    # JSON has one number type: 1 and 1.0 are the same number; a bool is not a number.
    if isinstance(expected, bool) or isinstance(actual, bool):
        same = actual is expected
    elif isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        same = actual == expected
    else:
        same = type(actual) is type(expected) and actual == expected
    return None if same else f"{path}: {show(actual)}, expected {show(expected)}"


# A type as the scenario files word it (JSON's words), and as a Python message does (the core's
# dialect, src/dialect.rs).
_JSON_TYPE = re.compile(r"\b(got|be) (null|a boolean|a string|an array|an object)\b")
_PYTHON_WORDS = {"null": "None", "a boolean": "a bool", "a string": "a str", "an array": "a list", "an object": "a dict"}


def python_words(message: str) -> str:
    """A message of the scenario files with its types in Python's words (``must be a bool, got
    a str``), as the package words the errors it raises."""
    return _JSON_TYPE.sub(lambda m: f"{m.group(1)} {_PYTHON_WORDS[m.group(2)]}", message)


def check_error(e: BaseException, want: Dict[str, Any], at: str) -> None:
    """An error against a step's ``error``: each key given (``null`` is not given)."""
    assert isinstance(e, NamingError), f"{at}: {type(e).__name__}: {e}"
    assert e.code == want["code"], f"{at}: code {e.code} ({e.message})"
    assert isinstance(e.code, str) and e.code in mcp_naming.CODES, f"{at}: {e.code} is not a stable code"
    if want.get("message") is not None:
        assert e.message == python_words(want["message"]), at
        assert str(e) == python_words(want["message"]), at
    if want.get("suggestions") is not None:
        assert list(e.suggestions) == want["suggestions"], at
    rpc = e.to_jsonrpc_error()
    if want.get("server") is not None:
        assert rpc["data"].get("server") == want["server"], at
    if want.get("rpc") is not None:
        assert rpc["code"] == want["rpc"], f"{at}: JSON-RPC code"
    if want.get("diagnostics") is not None:
        d = compare(e.diagnostics, python_keys(want["diagnostics"], ""), True, "diagnostics")
        assert d is None, f"{at}: {d}\n  diagnostics: {show(e.diagnostics)}"


def check_expect(answer: Any, expect: Dict[str, Any], at: str) -> None:
    items = answer if isinstance(answer, list) else answer.get("exposed", [])
    names = [t["qualified"] for t in items if isinstance(t.get("qualified"), str)]
    assert names, f"{at}: `expect` checks exposed tools' qualified names, and the answer has none"
    for name in names:
        if expect.get("style"):
            assert mcp_naming.validate_tool_name(name, expect["style"], expect.get("options"))["valid"], f"{at}: {name} is not valid in {expect['style']}"
        if expect.get("maxLength") is not None:
            # The npm package counts UTF-16 units, as the scenarios' lengths do.
            assert len(name.encode("utf-16-le")) // 2 <= expect["maxLength"], f"{at}: {name} is over {expect['maxLength']}"


# Every function of the npm package's entries, by the name the scenario files use.
FUNCTIONS: Dict[str, Any] = {}
for _module in (mcp_naming, registry, openproject):
    for _name in _module.__all__:
        FUNCTIONS[_name] = getattr(_module, _name)


def run_scenario(file: Dict[str, Any], scenario: Dict[str, Any]) -> int:
    """Runs one scenario through the package; how many steps ran."""
    at0 = scenario["title"]
    if "error" in scenario:
        try:
            mcp_naming.Router(scenario["config"])
        except Exception as e:  # noqa: BLE001 - checked below
            check_error(e, scenario["error"], at0)
            assert isinstance(e, NamingError)
            for d in e.diagnostics:
                assert d["message"].startswith(f"{d.get('path')}: "), f"{at0}: {d['message']}"
        else:
            raise AssertionError(f"{at0}: the configuration was accepted")
        return 0
    router = None if scenario.get("config") is None else mcp_naming.Router(scenario["config"])
    partial: List[str] = file.get("partial", [])
    for step in scenario["steps"]:
        call = step["call"]
        args = step["args"]
        at = f"{at0}: {show({'call': call, 'args': args})}"
        name = snake(call)
        fn = getattr(router, name, None) if router is not None else FUNCTIONS.get(name)
        assert callable(fn), f"{at}: no {'router method' if router else 'function'} {name}"
        if "error" in step:
            try:
                fn(*args)
            except Exception as e:  # noqa: BLE001 - checked
                check_error(e, step["error"], at)
            else:
                raise AssertionError(f"{at}: no error, expected {step['error']['code']}")
            if call == "route":
                assert router is not None and router.try_route(*args) is None, f"{at}: try_route"
            continue
        answer = fn(*args)
        want = python_keys(step["result"], call)
        d = compare(answer, want, call in partial)
        assert d is None, f"{at}: {d}\n  answer: {show(answer)}"
        if step.get("expect"):
            check_expect(answer, step["expect"], at)
        if call == "route":
            assert router is not None
            assert compare(router.try_route(*args), want, False) is None, f"{at}: try_route"
        if call == "expose":
            for t in answer:
                assert t["server"] == args[0], at
    return len(scenario["steps"])
