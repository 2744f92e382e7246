"""What mypy --strict must refuse (scripts/python.sh counts one error per marked line): the
stubs type the package's arguments and answers, they are not Any."""

from __future__ import annotations

import mcp_types as sdk

import mcp_naming
from mcp_naming import Router

valid: bool = mcp_naming.is_valid_tool_name(42, "mcp")  # error: a name is a str
report: str = mcp_naming.validate_tool_name("a", "mcp")  # error: the report is a dict
fitted: int = mcp_naming.fit_tool_name("a.b", "openai")  # error: a name is a str
route_server: int = Router(style="agent", servers=[]).route("x")["tool"]  # error: the tool is a str
mcp_naming.validate_tool_name("a:b", "chora", expected_namespce="x")  # error: no such keyword
score: str = Router(style="agent", servers=[]).search_tools("x")[0]["score"]  # error: the score is a float
upstream: int = Router(style="agent", servers=[]).map_call_tool(sdk.CallToolRequestParams(name="x"))["params"].name  # error: the SDK's params come back
kept: sdk.CallToolResult = Router(style="agent", servers=[]).rewrite_result("s", sdk.ReadResourceResult(contents=[]))  # error: the kind given comes back
headers: str = Router(style="agent", servers=[]).forward("tools/call", {"name": "x"})["param_headers"]  # error: the headers are a list
answered: int = Router(style="agent", servers=[]).upstream_answered("s", {})["era"]  # error: an era is a str
