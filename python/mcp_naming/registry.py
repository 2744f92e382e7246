"""The tool registry: language profiles, tool descriptors (input and output schemas in the
supported JSON Schema subset), execution requests, outputs and workspace paths. Checks return
``{ "valid", "errors" }`` with each error's ``path``; they never raise for a JSON value."""

from __future__ import annotations

from typing import Any, List, Mapping, Sequence

from . import _core
from ._core import check_execute_request, check_tool_output, resolve_workspace_path, validate_language_profile, validate_tool_descriptor
from ._errors import NamingError


def tools_for_language(descriptors: Sequence[Mapping[str, Any]], language: str) -> List[Mapping[str, Any]]:
    """The descriptors for a language: its own and the language-neutral ones (the same
    objects, in order)."""
    if isinstance(descriptors, tuple):
        descriptors = list(descriptors)
    return [descriptors[i] for i in _core.tools_for_language(descriptors, language)]


__all__ = [
    "NamingError",
    "check_execute_request",
    "check_tool_output",
    "resolve_workspace_path",
    "tools_for_language",
    "validate_language_profile",
    "validate_tool_descriptor",
]


