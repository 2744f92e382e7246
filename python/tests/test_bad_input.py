"""Bad input through the Python package (tests/data/cases/bad-input.json: ``nan`` and ``inf``
where numbers are read, 10 MB and control characters in names, servers alike but for case or
separators), each answer held to the ``python`` column of tests/data/golden/bad-input.json
(``MCP_NAMING_BLESS=1`` rewrites that column); tests/bad_input.rs holds every host's column to
one code per input and writes the README's table from the file."""

from __future__ import annotations

import json
import math
import os
from typing import Any, Dict, Optional

import pytest

from mcp_naming import NamingError, Router, openproject

from _shared import DATA, load

GOLDEN = DATA / "golden" / "bad-input.json"


def decode(v: Any) -> Any:
    """A test-data argument as the value a user would pass, with what JSON cannot hold written out."""
    if isinstance(v, list):
        return [decode(x) for x in v]
    if not isinstance(v, dict):
        return v
    if list(v) == ["$number"]:
        return float(v["$number"].lower().replace("infinity", "inf"))
    if list(v) == ["$repeat"]:
        text, n = v["$repeat"]
        return text * n
    return {k: decode(x) for k, x in v.items()}


def answer(case: Dict[str, Any]) -> Dict[str, Optional[str]]:
    """What the package answers to ``case``: ``{outcome, code, message}``."""
    args = [decode(a) for a in case["args"]]
    call = case["call"]
    try:
        if call == "new Router":
            Router(args[0])
        elif call == "pageEnvelope":
            openproject.page_envelope(args[0], args[1])
        else:
            router = Router(decode(case["config"]))
            if call == "searchTools":
                router.search_tools(args[0], args[1])
            elif call == "listTools":
                router.list_tools(args[0])
            elif call in ("exposeTools", "exposePrompts"):
                expose = router.expose_tools if call == "exposeTools" else router.expose_prompts
                exposure = expose(args[0], args[1], args[2] if len(args) > 2 else None)
                skipped = exposure["skipped"]
                if skipped:
                    return {"outcome": "skipped", "code": skipped[0]["code"], "message": skipped[0]["message"]}
            else:
                raise AssertionError(f"no mapping for {call}")
    except NamingError as e:
        return {"outcome": "error", "code": e.code, "message": e.message}
    return {"outcome": "accepted", "code": None, "message": None}


def test_bad_input_is_refused_as_the_python_column_says() -> None:
    inputs = load("cases/bad-input.json")["inputs"]
    golden = load("golden/bad-input.json")
    assert len(golden["answers"]) == len(inputs), "the golden file answers every input, in order"
    bless = os.environ.get("MCP_NAMING_BLESS") == "1"
    for i, case in enumerate(inputs):
        ours = answer(case)
        assert ours["outcome"] != "accepted", f"{case['what']}: accepted"
        row = golden["answers"][i]
        assert row["what"] == case["what"]
        if bless:
            row["python"] = ours
        else:
            assert row["python"] == ours, f"{i}: {case['what']}: the python column of tests/data/golden/bad-input.json"
    if bless:
        GOLDEN.write_text(json.dumps(golden, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, 0.5])
def test_numbers_that_are_not_finite_or_whole_are_refused(bad: float) -> None:
    router = Router({"style": "claude", "servers": [{"name": "memory"}]})
    with pytest.raises(NamingError) as e:
        router.list_tools(page_size=bad)
    assert e.value.code == "invalid_argument"
    with pytest.raises(NamingError) as e:
        router.search_tools("x", limit=bad)
    assert e.value.code == "invalid_argument"
