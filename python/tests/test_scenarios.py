"""The shared scenarios (tests/data/cases/router/*.json and keys.json, run natively by
tests/router.rs and tests/keys.rs, and through the npm package by tests/js/router.test.mjs and
keys.test.mjs; cases/revision-2026.json, MCP 2026-07-28, run natively by
tests/revision_2026.rs), every step through the Python package."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from _shared import load, router_files, run_scenario

ROUTER = [(path, file, s) for path, file in router_files() for s in file["scenarios"]]
KEYS = load("cases/keys.json")
REVISION = load("cases/revision-2026.json")
_steps: Dict[str, int] = {}
_revision_steps: Dict[str, int] = {}


@pytest.mark.parametrize("path,file,scenario", ROUTER, ids=lambda v: v if isinstance(v, str) else v["title"][:80] if "title" in v else "file")
def test_router_scenario(path: str, file: Dict[str, Any], scenario: Dict[str, Any]) -> None:
    _steps[f"{path}: {scenario['title']}"] = run_scenario(file, scenario)


@pytest.mark.parametrize("scenario", KEYS["scenarios"], ids=lambda s: s["title"][:80])
def test_misspelled_keys(scenario: Dict[str, Any]) -> None:
    run_scenario(KEYS, scenario)


def test_every_router_step_ran() -> None:
    # Runs after the parametrized cases (pytest keeps file order).
    total = sum(len(s.get("steps", [])) for _, _, s in ROUTER)
    assert sum(_steps.values()) == total, f"{sum(_steps.values())} of {total} steps ran"
    assert total >= 200


@pytest.mark.parametrize("scenario", REVISION["scenarios"], ids=lambda s: s["title"][:80])
def test_revision_2026_scenario(scenario: Dict[str, Any]) -> None:
    _revision_steps[scenario["title"]] = run_scenario(REVISION, scenario)


def test_every_revision_2026_step_ran() -> None:
    total = sum(len(s.get("steps", [])) for s in REVISION["scenarios"])
    assert sum(_revision_steps.values()) == total, f"{sum(_revision_steps.values())} of {total} steps ran"
    # As tests/revision_2026.rs asks of the native run.
    assert total >= 40
