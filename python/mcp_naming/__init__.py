"""mcp-naming: names of MCP tools and resources, checked, rewritten, fitted and routed the same
way by every gateway. One Rust engine (the npm package's), here as a Python extension.

>>> from mcp_naming import validate_tool_name, fit_tool_name
>>> validate_tool_name("MyProject:CreateTask", "chora")["suggestion"]
'myproject:create_task'
>>> fit_tool_name("admin.tools.list", "openai")
'admin_tools_list'

Reports, parts and router answers are plain dicts with the npm package's keys in snake_case
(see ``mcp_naming.types``); spans index the input as Python does (code points). Options are
keyword arguments (``expected_namespace=``, ``servers=``, ``builtins=``, ``project=``,
``actions=``) or the npm package's options mapping. Every error is a ``NamingError`` with a
stable ``code``, worded in Python's words (``None``, ``a dict``, ``a list``); a value of the
wrong type, or a keyword argument a function does not take (the nearest one suggested), is
``invalid_argument``, an ``InvalidArgumentError``, which is a ``TypeError`` too.
"""

from __future__ import annotations

from . import _core
from ._core import (
    check_allow as check_allow_list,
    client_error_code,
    check_providers,
    check_tool_state,
    client_view,
    conventions,
    convert_tool_name,
    decode_mcp_name_header,
    detect_conventions,
    encode_mcp_name_header,
    explain_name,
    fit_tool_name,
    fit_tool_names,
    format_resource_uri,
    format_tool_name,
    is_tool_enabled,
    is_valid_tool_name,
    matches_permission,
    namespace_from_slug,
    normalize_server_name,
    parse_resource_uri,
    parse_tool_name,
    syntropy_layers,
    validate_resource_uri,
    validate_tool_name,
    validate_tool_names,
)
from ._errors import InvalidArgumentError, NamingError
from ._router import Router

_TABLES = _core.tables()

#: The convention ids, in the core's order.
CONVENTIONS: tuple[str, ...] = _TABLES[0]
#: The model providers ``check_providers`` and ``fit_tool_name`` know.
PROVIDERS: tuple[str, ...] = _TABLES[1]
#: The router's named styles and peer styles.
ROUTER_STYLES: tuple[str, ...] = _TABLES[4]
#: The clients ``client_view`` reproduces.
CLIENTS: tuple[str, ...] = _TABLES[5]
#: Every stable error and warning code.
CODES: tuple[str, ...] = _TABLES[3]

__version__ = "0.1.0"

__all__ = [
    "CLIENTS",
    "CODES",
    "CONVENTIONS",
    "PROVIDERS",
    "ROUTER_STYLES",
    "InvalidArgumentError",
    "NamingError",
    "Router",
    "check_allow_list",
    "check_providers",
    "check_tool_state",
    "client_error_code",
    "client_view",
    "conventions",
    "convert_tool_name",
    "decode_mcp_name_header",
    "detect_conventions",
    "encode_mcp_name_header",
    "explain_name",
    "fit_tool_name",
    "fit_tool_names",
    "format_resource_uri",
    "format_tool_name",
    "is_tool_enabled",
    "is_valid_tool_name",
    "matches_permission",
    "namespace_from_slug",
    "normalize_server_name",
    "parse_resource_uri",
    "parse_tool_name",
    "syntropy_layers",
    "validate_resource_uri",
    "validate_tool_name",
    "validate_tool_names",
]
