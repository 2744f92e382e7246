"""OpenProject's data conventions: durations, collection envelopes, HAL links, error wording,
name resolution, custom fields, tool registries and dates."""

from __future__ import annotations

from typing import Any, Mapping, Sequence, TypeVar

from . import _core
from ._core import check_tool_registry, custom_field_name, error_message, format_duration, id_from_href, link_value, page_envelope, parse_date, parse_duration
from ._errors import NamingError

C = TypeVar("C", bound=Mapping[str, Any])


def resolve_by_name(query: str, candidates: Sequence[C]) -> C:
    """The candidate (a mapping with ``name`` and an optional ``identifier``) a name resolves
    to: identifier exact, then name exact, then name contains, case-insensitively;
    ``NamingError`` ``ambiguous_name`` or ``not_found``."""
    if not isinstance(query, str):
        raise TypeError(f"query must be str, not {type(query).__name__}")
    if not isinstance(candidates, (list, tuple)):
        raise TypeError(f"candidates must be a list, not {type(candidates).__name__}")
    names = []
    identifiers = []
    for i, c in enumerate(candidates):
        if not isinstance(c, Mapping):
            raise TypeError(f"candidates[{i}] must be a mapping, not {type(c).__name__}")
        name = c.get("name")
        if not isinstance(name, str):
            raise TypeError(f"candidates[{i}]['name'] must be str, not {type(name).__name__}")
        identifier = c.get("identifier")
        if identifier is not None and not isinstance(identifier, str):
            raise TypeError(f"candidates[{i}]['identifier'] must be str or None, not {type(identifier).__name__}")
        names.append(name)
        identifiers.append(identifier)
    found: C = candidates[_core.resolve_by_name(query, names, identifiers)]
    return found


__all__ = [
    "NamingError",
    "check_tool_registry",
    "custom_field_name",
    "error_message",
    "format_duration",
    "id_from_href",
    "link_value",
    "page_envelope",
    "parse_date",
    "parse_duration",
    "resolve_by_name",
]
