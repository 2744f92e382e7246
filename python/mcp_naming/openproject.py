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
    found: C = candidates[_core.resolve_by_name(query, candidates)]
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
