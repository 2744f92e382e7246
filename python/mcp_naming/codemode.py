"""Code mode: MCP tools as code for agents that call them by writing code, and the MCP
Registry's server names (``io.github.owner/server``).

``code_mode(servers, language=, layout=, view=)`` projects ``[{"server", "tools"}]`` (each
server's tool objects as ``tools/list`` gave them) to namespaces and functions of a language
(``"typescript"``, ``"javascript"``, ``"python"``), named as this package does (``"mcp-naming"``:
valid, never a keyword or a builtin, unique, the same whatever the order and when tools are
added) or as a peer does (``"cloudflare-codemode"``, ``"codex"``, ``"openclaw"``), with the
declarations (``.d.ts`` or ``.pyi`` text) and, with ``layout="files"``, one file per tool.

>>> from mcp_naming.codemode import code_mode, validate_server_name
>>> out = code_mode([{"server": "github", "tools": [{"name": "get_user"}, {"name": "class"}]}], language="python")
>>> [t["name"] for t in out["namespaces"][0]["tools"]]
['get_user', 'class_']
>>> validate_server_name("io.github.acme/weather")["parts"]
{'namespace': 'io.github.acme', 'name': 'weather'}
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence, Tuple

from . import _core
from ._core import check_mcp_name_marker, registry_prefixes, validate_server_name
from ._errors import NamingError
from .types import CodeMode


def code_mode(servers: Sequence[Mapping[str, Any]], options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> CodeMode:
    """Tools as code: every server a namespace, every tool a function. ``NamingError``
    ``invalid_argument`` for a malformed input, two servers of one name, or a peer view without
    such a language or layout."""
    return _core.code_mode(servers, options, **kwargs)


def resolve_code_mode(
    servers: Sequence[Mapping[str, Any]], namespace: str, identifier: str, options: Optional[Mapping[str, Any]] = None, **kwargs: Any
) -> Tuple[str, str]:
    """The way back: the ``(server, tool)`` names ``namespace.identifier`` calls in
    ``code_mode(servers, options)``. ``NamingError``: ``unknown_server``, ``unknown_tool`` (with
    suggestions)."""
    si, ti = _core.resolve_code_mode(servers, namespace, identifier, options, **kwargs)
    server = servers[si]
    tools = server["tools"]
    if isinstance(tools, Mapping):
        tools = tools["tools"]
    return str(server["server"]), str(tools[ti]["name"])


__all__ = [
    "NamingError",
    "check_mcp_name_marker",
    "code_mode",
    "registry_prefixes",
    "resolve_code_mode",
    "validate_server_name",
]
