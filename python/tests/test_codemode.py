"""Code mode and registry names through the Python package: the cases of
tests/data/cases/tools-as-code.json (the same as the Rust and npm suites), the Python reserved
words against the running interpreter's own ``keyword`` and ``builtins``, the generated ``.pyi``
and ``.py`` files of generated catalogs checked by ``mypy --strict``, the Router with registry
names, and a differential against the npm package's ``codeMode`` (pkg/, through node)."""

from __future__ import annotations

import builtins
import json
import keyword
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List

import pytest

from _shared import REPO
from mcp_naming import NamingError, Router
from mcp_naming.codemode import check_mcp_name_marker, code_mode, registry_prefixes, resolve_code_mode, validate_server_name

DATA = json.loads((REPO / "tests" / "data" / "cases" / "tools-as-code.json").read_text(encoding="utf-8"))
PKG = REPO / "pkg"


def servers_of(case: Dict[str, Any]) -> List[Dict[str, Any]]:
    return [{"server": s["server"], "tools": [{"name": t} if isinstance(t, str) else t for t in s["tools"]]} for s in case["servers"]]


def test_views_as_the_data_says() -> None:
    assert len(DATA["views"]) >= 14
    for c in DATA["views"]:
        options = {k: c[k] for k in ("language", "layout", "view") if k in c}
        if "error" in c:
            with pytest.raises(NamingError) as e:
                code_mode(servers_of(c), options)
            assert e.value.code == c["error"], c["title"]
            continue
        out = code_mode(servers_of(c), options)
        if "namespaces" in c:
            assert [n["name"] for n in out["namespaces"]] == c["namespaces"], c["title"]
        if "names" in c:
            assert [[t["name"] for t in n["tools"]] for n in out["namespaces"]] == c["names"], c["title"]
        if "paths" in c:
            assert [[t.get("path") for t in n["tools"]] for n in out["namespaces"]] == c["paths"], c["title"]
        if "codes" in c:
            assert [[[d["code"] for d in t["diagnostics"]] for t in n["tools"]] for n in out["namespaces"]] == c["codes"], c["title"]
        if "topCodes" in c:
            assert [d["code"] for d in out["diagnostics"]] == c["topCodes"], c["title"]
        for text in c.get("contains", []):
            assert text in out["declarations"], (c["title"], text)


def test_registry_names_markers_and_prefixes() -> None:
    for c in DATA["serverNames"]:
        r = validate_server_name(c["name"])
        assert r["valid"] == c["valid"], c["name"]
        assert [e["code"] for e in r["errors"]] == c.get("errors", []), c["name"]
        if "suggestion" in c:
            assert r["suggestion"] == c["suggestion"]
    r = validate_server_name("😀x.y/ok")
    assert (r["errors"][0]["code"], r["errors"][0]["start"], r["errors"][0]["end"]) == ("non_ascii_character", 0, 1)
    for m in DATA["markers"]:
        got = check_mcp_name_marker(m["readme"], m["name"])
        assert got["valid"] == m["valid"], m["readme"]
        assert [e["code"] for e in got["errors"]] == m.get("errors", []), m["readme"]
    for p in DATA["prefixes"]:
        assert registry_prefixes(p["names"]) == p["prefixes"]
    with pytest.raises(TypeError):
        validate_server_name(5)  # type: ignore[arg-type]


def test_no_identifier_is_a_python_keyword_or_builtin() -> None:
    # The interpreter's own lists are the oracle: every keyword, soft keyword and builtin, as a
    # tool name and as a server name, gets an identifier that is none of them.
    words = sorted(set(keyword.kwlist) | set(keyword.softkwlist) | set(dir(builtins)))
    out = code_mode([{"server": w, "tools": [{"name": x} for x in words]} for w in words[:40]], language="python")
    taken = set(keyword.kwlist) | set(keyword.softkwlist) | set(dir(builtins))
    for ns in out["namespaces"]:
        assert ns["name"] not in taken and ns["name"].isidentifier() and not keyword.iskeyword(ns["name"]), ns["name"]
        for t in ns["tools"]:
            assert t["name"] not in taken and t["name"].isidentifier() and not keyword.iskeyword(t["name"]), t["name"]


def test_the_way_back_and_errors() -> None:
    servers = [{"server": "github", "tools": {"tools": [{"name": "get_user"}, {"name": "get-user"}]}}]
    out = code_mode(servers, language="python")
    assert resolve_code_mode(servers, "github", out["namespaces"][0]["tools"][1]["name"], language="python") == ("github", "get-user")
    with pytest.raises(NamingError) as e:
        resolve_code_mode(servers, "github", "get_usr", language="python")
    assert (e.value.code, e.value.suggestions) == ("unknown_tool", ["get_user"])
    with pytest.raises(NamingError) as e:
        code_mode([{"server": "a", "tools": [{"nam": "x"}]}])
    assert e.value.code == "invalid_argument"
    # A misspelt keyword argument is Python's TypeError; a misspelt key of an options dict the
    # core's invalid_argument, its diagnostic naming the key and the nearest one.
    with pytest.raises(TypeError, match="did you mean \"language\""):
        code_mode([], languag="python")
    with pytest.raises(NamingError) as e:
        code_mode([], {"languag": "python"})
    assert e.value.code == "invalid_argument"
    assert [(d["code"], d["path"], d["suggestion"]) for d in e.value.diagnostics] == [("unknown_field", "options.languag", "language")]


def test_router_with_registry_names() -> None:
    r = Router(style="claude", servers=[{"name": "io.github.acme/weather"}, {"name": "io.github.other/weather"}])
    schema = {"type": "object", "properties": {"city": {"type": "string", "description": 'The city """ here'}}, "required": ["city"]}
    exposed = r.expose_tools("io.github.acme/weather", {"tools": [{"name": "get_forecast", "description": "The forecast.", "inputSchema": schema}]})
    assert [t["name"] for t in exposed["exposed"]] == ["acme-weather__get_forecast"]
    r.expose_tools("io.github.other/weather", [{"name": "get-forecast"}])
    assert r.route("other-weather__get-forecast")["server"] == "io.github.other/weather"
    out = r.code_mode(language="python")
    assert [(n["server"], n["name"]) for n in out["namespaces"]] == [("io.github.acme/weather", "acme_weather"), ("io.github.other/weather", "other_weather")]
    assert '"city": str' in out["declarations"]
    call = r.map_code_mode_call("acme_weather", "get_forecast", {"city": "Oslo"}, language="python")
    assert (call["server"], call["params"]) == ("io.github.acme/weather", {"name": "get_forecast", "arguments": {"city": "Oslo"}})
    with pytest.raises(NamingError) as e:
        r.map_code_mode_call("acme_weather", "get_forecst", language="python")
    assert (e.value.code, e.value.suggestions) == ("unknown_tool", ["get_forecast"])
    ts = r.code_mode()
    assert ts["namespaces"][0]["name"] == "acmeWeather"


# ----- generated catalogs: mypy, and the npm package -----

PIECES = ["get", "user", "list", "a", "x9", "v2", "http", "id", "_", "-", ".", " ", "__", "/", "Get", "USER", "2fa", "class", "list",
          "print", "None", "match", "type", "con", "nul", "é", "获取", "😀", "\u200b", "*/", '"', "\\", "'''", '"""']
TEXTS = ["Plain.", 'Ends """ here', "back \\ slash", 'ends with "', "line\nbreak", "\r\ncrlf", "", "x\x00y", "\u2028"]


def schema(r: random.Random, depth: int = 0) -> Dict[str, Any]:
    # Past depth 3, only the kinds that do not nest.
    k = r.randrange(12) if depth < 3 else r.choice([0, 5, 6, 7, 10, 11])
    s: Dict[str, Any]
    if k == 0:
        s = {"type": r.choice(["string", "number", "integer", "boolean", "null"])}
    elif k == 1:
        s = {"type": "array", "items": schema(r, depth + 1)}
    elif k in (2, 3, 4):
        props = {r.choice(PIECES) + r.choice(PIECES): schema(r, depth + 1) for _ in range(r.randrange(4))}
        s = {"type": "object", "properties": props, "required": [p for p in props if r.random() < 0.5]}
        if r.random() < 0.3:
            s["additionalProperties"] = r.choice([True, False, {"type": "string"}])
    elif k == 5:
        s = {"type": ["string", "null"]}
    elif k == 6:
        s = {"enum": [r.choice(["a", 'q"uote', "b\\s", 1, True, None, 2.5]) for _ in range(r.randrange(4))]}
    elif k == 7:
        s = {"const": r.choice(["x", 3, False, None])}
    elif k == 8:
        s = {r.choice(["anyOf", "oneOf"]): [schema(r, depth + 1) for _ in range(1 + r.randrange(3))]}
    elif k == 9:
        s = {"$ref": "#/x", "allOf": [{}]}
    elif k == 10:
        s = {"type": "string", "nullable": True}
    else:
        s = {"type": "object"}
    if r.random() < 0.3:
        s["description"] = r.choice(TEXTS)
    return s


def catalog(r: random.Random, servers: int, tools: int) -> List[Dict[str, Any]]:
    out: List[Dict[str, Any]] = []
    seen = set()
    for _ in range(servers):
        name = "".join(r.choice(PIECES) for _ in range(1 + r.randrange(3)))
        if name in seen:
            continue
        seen.add(name)
        ts = []
        for _ in range(r.randrange(tools)):
            t: Dict[str, Any] = {"name": "".join(r.choice(PIECES) for _ in range(1 + r.randrange(4)))}
            if r.random() < 0.7:
                t["description"] = r.choice(TEXTS)
            if r.random() < 0.8:
                t["inputSchema"] = {**schema(r), "type": "object"}
            if r.random() < 0.3:
                t["outputSchema"] = schema(r)
            ts.append(t)
        out.append({"server": name, "tools": ts})
    return out


def test_mypy_strict_accepts_the_pyi_and_files_of_generated_catalogs() -> None:
    r = random.Random(37)
    count = int(os.environ.get("CODEMODE_MYPY", "40"))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        functions = 0
        for i in range(count):
            servers = catalog(r, 4, 10)
            if i == 0:
                # The names the generated files use themselves: the runtime hook, its module, cast.
                names = ["call_tool", "callTool", "set_call_tool", "runtime", "_runtime", "cast", "TypeAlias", "Any"]
                servers.append({"server": "_runtime", "tools": [{"name": n} for n in names]})
            stub = code_mode(servers, language="python")
            pkg = root / f"c{i}"
            pkg.mkdir()
            (pkg / "__init__.py").write_text("")
            (pkg / "api.pyi").write_text(stub["declarations"], encoding="utf-8")
            # Through the module (a namespace may begin with "_", which `import *` leaves out).
            consumer = ["from __future__ import annotations", "from . import api", "async def run() -> None:"]
            for ns in stub["namespaces"]:
                for t in ns["tools"]:
                    consumer.append(f"    await api.{ns['name']}.{t['name']}({{}})  # type: ignore[typeddict-item]")
                    functions += 1
            consumer.append("    pass")
            (pkg / "consumer.py").write_text("\n".join(consumer) + "\n", encoding="utf-8")
            files = code_mode(servers, language="python", layout="files")
            for f in files.get("files", []):
                path = pkg / f["path"]
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(f["content"], encoding="utf-8")
        assert functions > count * 5
        run = subprocess.run(
            [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--namespace-packages", "--explicit-package-bases",
             "--disable-error-code", "unused-ignore", "--disable-error-code", "import-untyped", "."],
            cwd=root, capture_output=True, text=True, check=False,
        )
        assert run.returncode == 0, run.stdout[-4000:]
        print(f"\nmypy --strict: {count} catalogs, {functions} functions, their .pyi and .py files: {run.stdout.strip().splitlines()[-1]}")


def test_code_mode_against_the_npm_package() -> None:
    if not shutil.which("node") or not (PKG / "codemode.node.cjs").exists():
        if os.environ.get("DIFF_REQUIRED") == "1":
            pytest.fail("the differential needs node and pkg/ (bash scripts/build.sh)")
        pytest.skip("the differential needs node and pkg/ (bash scripts/build.sh)")
    r = random.Random(3737)
    cases = []
    for i in range(200):
        options = {"language": ["typescript", "python", "javascript"][i % 3], "layout": ["object", "files"][i % 2]}
        cases.append({"servers": catalog(r, 3, 8), "options": options})
        cases.append({"servers": catalog(r, 3, 8), "options": {"view": ["cloudflare-codemode", "codex", "openclaw"][i % 3]}})
    script = (
        "const cm = require(process.argv[1] + '/codemode.node.cjs');"
        "const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "const out = input.map((c) => { try { return { ok: cm.codeMode(c.servers, c.options) }; } catch (e) { return { error: e.code }; } });"
        "process.stdout.write(JSON.stringify(out));"
    )
    node = subprocess.run(["node", "-e", script, str(PKG)], input=json.dumps(cases), capture_output=True, text=True, check=False)
    assert node.returncode == 0, node.stderr[-2000:]
    theirs = json.loads(node.stdout)
    diffs = 0
    for c, t in zip(cases, theirs):
        try:
            mine: Dict[str, Any] = {"ok": code_mode(c["servers"], c["options"])}
        except NamingError as e:
            mine = {"error": e.code}
        if json.dumps(mine, sort_keys=True) != json.dumps(t, sort_keys=True):
            diffs += 1
    print(f"\ncode mode differential against the npm package: {len(cases)} catalogs, {diffs} differences")
    assert diffs == 0
