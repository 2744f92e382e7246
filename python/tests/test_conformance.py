"""The conformance tables under tests/data/cases (the same cases tests/conformance.rs and
tests/js/conformance.test.mjs, tests/js/data.test.mjs run), through the Python package. Spans in
the tables count UTF-16 units (the npm package's strings); the package's count code points (as
Python indexes strings), converted here."""

from __future__ import annotations

from typing import Any, Dict, List

import pytest

import mcp_naming as n
from _shared import load, python_keys
from mcp_naming import NamingError, openproject as op, registry as reg

CONVENTIONS = list(n.CONVENTIONS)
COUNTS: Dict[str, int] = {}


def utf16_to_code_points(text: str, unit: int) -> int:
    """The code-point offset of a UTF-16 offset into ``text``."""
    seen = 0
    for i, ch in enumerate(text):
        if seen >= unit:
            return i
        seen += 2 if ord(ch) > 0xFFFF else 1
    return len(text)


def raises(fn: Any, code: str, message: Any = None) -> NamingError:
    with pytest.raises(NamingError) as info:
        fn()
    assert info.value.code == code, f"{info.value.code} ({info.value.message}), expected {code}"
    if message is not None:
        assert info.value.message == message
    return info.value


def test_tables_are_the_core_s() -> None:
    """The package's tables against tests/data/golden/tables.json (written from the core's own
    by tests/codes.rs), as tests/js/tables.test.mjs checks the npm package's."""
    t = load("golden/tables.json")
    assert CONVENTIONS == list(t["conventions"])
    assert [c["id"] for c in n.conventions()] == list(t["conventions"])
    for c in n.conventions():
        example = c["examples"]["valid"][0]
        assert list(n.parse_tool_name(example, c["id"])) == t["conventions"][c["id"]], c["id"]
    assert list(n.PROVIDERS) == t["providers"]
    assert list(n.check_providers("x")) == t["providers"]
    assert list(n.CODES) == t["codes"]


@pytest.mark.parametrize("convention", CONVENTIONS)
def test_convention_table(convention: str) -> None:
    data = load(f"cases/conventions/{convention}.json")
    assert data["convention"] == convention
    cases: List[Dict[str, Any]] = data["cases"]
    names = [c["name"] for c in cases if not c.get("options")]
    batch = n.validate_tool_names(names, convention)
    assert len(batch) == len(names)
    i = 0
    for c in cases:
        name, options = c["name"], c.get("options")
        at = f"{convention} {name[:60]!r}"
        r = n.validate_tool_name(name, convention, options)
        assert r["convention"] == convention
        assert r["valid"] == c["valid"], f"{at}: valid"
        assert n.is_valid_tool_name(name, convention, options) == c["valid"], f"{at}: is_valid_tool_name"
        if not options:
            assert batch[i] == c["valid"], f"{at}: validate_tool_names"
            i += 1
        assert [d["code"] for d in r["errors"]] == c["errors"], f"{at}: errors"
        assert [d["code"] for d in r["warnings"]] == c["warnings"], f"{at}: warnings"
        assert all(d["severity"] == "error" for d in r["errors"])
        assert all(d["severity"] == "warning" for d in r["warnings"])
        if "suggestion" in c:
            assert r["suggestion"] == c["suggestion"], f"{at}: suggestion"
        if "parts" in c:
            assert r["parts"] == python_keys(c["parts"], ""), f"{at}: parts"
        every = r["errors"] + r["warnings"]
        for k, m in enumerate(c.get("messages") or []):
            assert every[k]["message"] == m, f"{at}: message {k}"
        if c.get("spans"):
            want = [[utf16_to_code_points(name, s), utf16_to_code_points(name, e)] for s, e in c["spans"]]
            assert [[d["start"], d["end"]] for d in every] == want, f"{at}: spans"
        for d in every:
            assert 0 <= d["start"] <= d["end"] <= len(name), f"{at}: span in range"
        if r["valid"]:
            parts = n.parse_tool_name(name, convention, options)
            assert parts == r["parts"]
            assert n.format_tool_name(parts, convention, options) == name, f"{at}: format(parse(x))"
            assert convention in n.detect_conventions(name, options)
        else:
            e = raises(lambda: n.parse_tool_name(name, convention, options), c["errors"][0])
            assert e.suggestions == ([] if r["suggestion"] is None else [r["suggestion"]])
        if r["suggestion"] is not None:
            assert n.is_valid_tool_name(r["suggestion"], convention, options), f"{at}: suggestion valid"
    COUNTS[convention] = len(cases)


def test_resource_uris() -> None:
    for c in load("cases/uri.json")["cases"]:
        uri, options = c["uri"], c.get("options")
        r = n.validate_resource_uri(uri, options)
        assert r["valid"] == c["valid"], uri
        assert r["convention"] == "chora"
        assert [d["code"] for d in r["errors"]] == c["errors"], uri
        if "suggestion" in c:
            assert r["suggestion"] == c["suggestion"], uri
        for k, m in enumerate(c.get("messages") or []):
            assert r["errors"][k]["message"] == m
        if "parts" in c:
            assert r["parts"] == c["parts"], uri
        if r["valid"] and not options:
            assert n.parse_resource_uri(uri) == r["parts"]
            assert n.format_resource_uri(r["parts"]) == uri
        elif not r["valid"] and not options:
            raises(lambda: n.parse_resource_uri(uri), c["errors"][0])


def test_resource_uri_expected_namespace_as_keyword() -> None:
    r = n.validate_resource_uri("other://docs/readme", expected_namespace="myproject")
    assert not r["valid"]
    assert n.validate_resource_uri("myproject://docs/readme", expected_namespace="myproject")["valid"]


def test_namespaces_from_slugs() -> None:
    for c in load("cases/slug.json")["cases"]:
        if c.get("namespace"):
            assert n.namespace_from_slug(c["slug"]) == c["namespace"]
        else:
            raises(lambda: n.namespace_from_slug(c["slug"]), c["error"])


def fnv1a(text: str) -> str:
    """FNV-1a (32 bits) over the UTF-8 bytes, 8 hex digits: the fitted names' hash."""
    h = 0x811C9DC5
    for b in text.encode("utf-8", "surrogatepass"):
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return f"{h:08x}"


def test_providers_and_fitting() -> None:
    data = load("cases/providers.json")
    for c in data["accepts"]:
        assert n.check_providers(c["name"]) == c["accepts"], c["name"]
    for c in data["fit"]:
        assert (c.get("hashed") is True) == ("prefix" in c)
        fitted = n.fit_tool_name(c["name"], c["provider"], {"taken": c["taken"]} if c.get("taken") else None)
        assert n.check_providers(fitted)[c["provider"]], f"{fitted} passes {c['provider']}"
        if "fitted" in c:
            assert fitted == c["fitted"]
        if c.get("hashed"):
            assert fitted[:-9] == c["prefix"]
            if not c.get("taken"):
                assert fitted[-9:] == "_" + fnv1a(c["name"])
        if c.get("taken"):
            assert n.fit_tool_name(c["name"], c["provider"], taken=c["taken"]) == fitted


def test_conversions() -> None:
    for c in load("cases/convert.json")["cases"]:
        if "result" in c:
            assert n.convert_tool_name(c["name"], c["from"], c["to"], c.get("options")) == c["result"], c["name"]
        else:
            raises(lambda: n.convert_tool_name(c["name"], c["from"], c["to"], c.get("options")), c["error"], c.get("message"))


def test_claude_code_permission_rules() -> None:
    for c in load("cases/claude-rules.json")["cases"]:
        if c.get("error"):
            raises(lambda: n.matches_permission(c["rule"], "mcp__a__b"), c["error"])
        else:
            assert n.matches_permission(c["rule"], c["name"]) == c["matches"], f"{c['rule']} {c['name']}"


def test_syntropy_tool_state_and_allow_list_files() -> None:
    data = load("cases/syntropy-files.json")
    for c in data["toolState"]:
        r = n.check_tool_state(c["state"])
        assert [d["code"] for d in r["errors"]] == c["errors"]
        assert r["valid"] == (not c["errors"])
        for name, on in (c.get("enabled") or {}).items():
            assert n.is_tool_enabled(c["state"], name) == on, name
    for c in data["allowList"]:
        assert [d["code"] for d in n.check_allow_list(c["allow"])["errors"]] == c["errors"]
        assert [d["code"] for d in n.check_allow_list({"permissions": {"allow": c["allow"]}})["errors"]] == c["errors"]


# ----- OpenProject's data conventions and the tool registry (tests/js/data.test.mjs) -----

OP = load("cases/openproject-data.json")
REG = load("cases/registry-data.json")


def test_durations() -> None:
    for c in OP["durations"]:
        if c.get("iso"):
            assert op.parse_duration(c["text"]) == c["iso"], c["text"]
        else:
            raises(lambda: op.parse_duration(c["text"]), c["error"])
    for c in OP["formatDuration"]:
        if c.get("text"):
            assert op.format_duration(c["iso"]) == c["text"]
        else:
            raises(lambda: op.format_duration(c["iso"]), c["error"])


def test_page_envelopes() -> None:
    for c in OP["pages"]:
        items = [{"i": i} for i in range(c["items"])]
        if c.get("out"):
            env = op.page_envelope(items, c["page"])
            assert env["items"] is items
            want = python_keys(c["out"], "")
            assert {k: v for k, v in env.items() if k != "items"} == {k: v for k, v in want.items() if k != "items"}
        else:
            raises(lambda: op.page_envelope(items, c["page"]), c["error"])
    with pytest.raises(TypeError):
        op.page_envelope("x", {})  # type: ignore[arg-type]
    raises(lambda: op.page_envelope([], {"offset": "3"}), "invalid_argument")


def test_hal_links_error_wording_custom_fields_dates() -> None:
    for c in OP["hrefs"]:
        assert op.id_from_href(c["href"]) == c["id"], str(c["href"])
    for c in OP["links"]:
        assert op.link_value(c["link"]) == c["out"]
    for c in OP["errors"]:
        if c.get("message"):
            assert op.error_message(c["status"], c.get("details")) == c["message"]
        else:
            raises(lambda: op.error_message(c["status"], c.get("details")), c["error"])
    raises(lambda: op.error_message(404.5), "invalid_argument")
    for c in OP["customFields"]:
        if c.get("name"):
            assert op.custom_field_name(c["key"]) == c["name"]
        else:
            raises(lambda: op.custom_field_name(c["key"]), c["error"])
    for c in OP["dates"]:
        if c.get("date"):
            assert op.parse_date(c["text"]) == c["date"]
        else:
            raises(lambda: op.parse_date(c["text"]), c["error"])


def test_name_resolution_returns_the_candidate_itself() -> None:
    candidates = OP["resolve"]["candidates"]
    for c in OP["resolve"]["cases"]:
        if "index" in c:
            assert op.resolve_by_name(c["query"], candidates) is candidates[c["index"]], c["query"]
        else:
            raises(lambda: op.resolve_by_name(c["query"], candidates), c["error"], c.get("message"))
    umlauts = [{"name": "Äpfel Projekt", "identifier": "äpfel"}, {"name": "Birnen"}]
    assert op.resolve_by_name("ÄPFEL", umlauts) is umlauts[0]
    assert op.resolve_by_name("birnen", umlauts) is umlauts[1]


def test_tool_registration_fails_fast_on_duplicates() -> None:
    for c in OP["registries"]:
        if c.get("error"):
            raises(lambda: op.check_tool_registry(c["names"]), c["error"], c.get("message"))
        else:
            assert op.check_tool_registry(c["names"]) is None


def pairs(r: Any) -> List[List[str]]:
    return [[d["code"], d.get("path", "")] for d in r["errors"]]


def test_language_profiles_and_tool_descriptors() -> None:
    for c in REG["profiles"]:
        r = reg.validate_language_profile(c["profile"])
        assert pairs(r) == c["errors"]
        assert r["valid"] == (not c["errors"])
    for c in REG["descriptors"]:
        r = reg.validate_tool_descriptor(c["descriptor"])
        assert pairs(r) == c["errors"], c["descriptor"]
        if c.get("message"):
            assert r["errors"][0]["message"] == c["message"]
    cyclic: Dict[str, Any] = {"a": {}}
    cyclic["a"]["self"] = cyclic
    assert pairs(reg.validate_tool_descriptor(cyclic)) == [["too_deep", ""]]
    assert reg.validate_language_profile(None)["valid"] is False


def test_tools_for_a_language() -> None:
    descriptors = REG["forLanguage"]["descriptors"]
    for c in REG["forLanguage"]["cases"]:
        got = reg.tools_for_language(descriptors, c["language"])
        assert [d["tool_id"] for d in got] == c["ids"]
        assert all(any(d is x for x in descriptors) for d in got)


def test_execution_requests() -> None:
    for c in REG["requests"]:
        d = c["descriptor"]
        descriptor = REG["fsWrite"] if d == "fs.write" else REG["astRefactor"] if d == "edit.ast.apply_refactor" else d
        r = reg.check_execute_request(descriptor, c["request"], {"scopes": c["scopes"]})
        assert pairs(r) == c["errors"], c["request"]
        if c.get("message"):
            assert r["errors"][0]["message"] == c["message"]
        assert pairs(reg.check_execute_request(descriptor, c["request"], scopes=c["scopes"])) == c["errors"]


def test_tool_outputs_against_the_output_schema() -> None:
    fs = REG["fsWrite"]
    assert pairs(reg.check_tool_output(fs, {"path": "src/main.py", "written_bytes": 8})) == []
    assert pairs(reg.check_tool_output(fs, {"path": 3, "written_bytes": 1.5})) == [["wrong_type", "output.path"], ["wrong_type", "output.written_bytes"]]
    assert pairs(reg.check_tool_output(fs, "done")) == [["wrong_type", "output"]]
    assert pairs(reg.check_tool_output(fs, {"path": "../etc/passwd", "written_bytes": 1})) == [["path_outside_workspace", "output.path"]]
    broken = pairs(reg.check_tool_output({"tool_id": "x"}, {}))
    assert broken and all(p.startswith("descriptor.") for _, p in broken)


def test_workspace_paths() -> None:
    root, cases = REG["paths"]["root"], REG["paths"]["cases"]
    assert len(cases) >= 30
    for c in cases:
        if c.get("resolved"):
            assert reg.resolve_workspace_path(root, c["path"]) == c["resolved"], c["path"]
        else:
            raises(lambda: reg.resolve_workspace_path(root, c["path"]), c["error"])
    for c in REG["roots"]:
        if c.get("resolved"):
            assert reg.resolve_workspace_path(c["root"], c["path"]) == c["resolved"]
        else:
            raises(lambda: reg.resolve_workspace_path(c["root"], c.get("path") or "x"), c["error"])
