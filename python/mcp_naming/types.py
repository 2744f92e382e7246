"""The shapes of what the package returns and takes, for type checkers.

Every report, parts object and router answer is a plain ``dict`` (or ``list``) with the keys of
the npm package's objects in snake_case (``upstreamPrefix`` → ``upstream_prefix``); these
``TypedDict`` classes describe them. MCP payloads (tool objects, list results, request params)
are the MCP schema's JSON shapes with the protocol's own keys (``inputSchema``, ``nextCursor``).
Options and router configurations are the npm package's JSON forms (their keys as in a
configuration file); the functions also take them as keyword arguments in snake_case.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Dict, Generic, List, Literal, Mapping, Optional, Sequence, TypedDict, Union

ConventionId = Literal["mcp", "chora", "syntropy", "claude", "agent", "openproject", "registry"]
Provider = Literal["openai", "anthropic", "gemini", "bedrock", "mistral"]
Client = Literal["claude-code", "codex", "vscode", "gemini-cli", "cline", "openai-agents"]
Json = Any
McpObject = Dict[str, Any]


class _DiagnosticBase(TypedDict):
    code: str
    severity: Literal["error", "warning"]
    message: str
    start: int
    end: int


class Diagnostic(_DiagnosticBase, total=False):
    """One problem. ``start``/``end`` index the input as Python does (code points)."""

    path: str
    suggestion: str


class Report(TypedDict):
    """What ``validate_tool_name`` answers."""

    valid: bool
    convention: str
    errors: List[Diagnostic]
    warnings: List[Diagnostic]
    parts: Optional[Dict[str, Any]]
    suggestion: Optional[str]


class Explanation(TypedDict):
    """One convention's verdict in ``explain_name``."""

    valid: bool
    convention: str
    errors: List[Diagnostic]
    warnings: List[Diagnostic]
    parts: Optional[Dict[str, Any]]
    suggestion: Optional[str]
    distance: Optional[int]


class Examples(TypedDict):
    valid: List[str]
    invalid: List[str]


class ConventionInfo(TypedDict):
    id: str
    title: str
    grammar: str
    examples: Examples


class ResourceUriParts(TypedDict):
    namespace: str
    type: str
    id: str
    query: Dict[str, str]


class ResourceUriReport(TypedDict):
    valid: bool
    convention: str
    errors: List[Diagnostic]
    warnings: List[Diagnostic]
    parts: Optional[ResourceUriParts]
    suggestion: Optional[str]


class SyntropyLayers(TypedDict):
    permission: str
    registry: str
    server: Optional[str]
    pool: Optional[str]
    upstream_prefix: Optional[str]
    upstream_tool: str
    backend_name: str


class FileCheck(TypedDict):
    """A file's or a structured value's verdict; each error names its ``path``."""

    valid: bool
    errors: List[Diagnostic]


class ClientShownTool(TypedDict):
    name: str
    shown: Optional[str]
    diagnostics: List[Diagnostic]


class ClientView(TypedDict):
    tools: List[ClientShownTool]
    diagnostics: List[Diagnostic]


class _JsonRpcDataBase(TypedDict):
    code: str
    suggestions: List[str]
    diagnostics: List[Diagnostic]


class JsonRpcErrorData(_JsonRpcDataBase, total=False):
    server: str


class JsonRpcError(TypedDict):
    code: int
    message: str
    data: JsonRpcErrorData


class TextContent(TypedDict):
    type: Literal["text"]
    text: str


class CallToolErrorResult(TypedDict):
    isError: Literal[True]
    content: List[TextContent]


class ExposedTool(TypedDict):
    """A tool (or prompt) as the gateway lists it."""

    name: str
    qualified: str
    server: str
    upstream: str
    enabled: bool


class ExposedResource(TypedDict):
    uri: str
    server: str
    upstream: str


class Skipped(TypedDict):
    name: str
    code: str
    message: str


class ToolExposure(TypedDict):
    """What ``expose_tools`` / ``expose_prompts`` answer."""

    exposed: List[ExposedTool]
    skipped: List[Skipped]
    changed: bool
    warnings: List[Diagnostic]


class ResourceExposure(TypedDict):
    """What ``expose_resources`` / ``expose_resource_templates`` answer."""

    exposed: List[ExposedResource]
    skipped: List[Skipped]
    changed: bool
    warnings: List[Diagnostic]


class _RouteBase(TypedDict):
    server: Optional[str]
    tool: str
    builtin: bool


class Route(_RouteBase, total=False):
    """Where a call goes."""

    pool: str
    upstream_prefix: str
    deprecated: bool


class ResourceRoute(TypedDict):
    server: str
    uri: str


if TYPE_CHECKING:
    from typing_extensions import TypeVar

    #: The kind of MCP object a method was given (a dict, or a model of the ``mcp`` SDK).
    P = TypeVar("P", default=McpObject)
else:
    from typing import TypeVar

    P = TypeVar("P")

if TYPE_CHECKING:
    from ._contract import ListenDecision as ListenDecision, SubscriptionFilter as SubscriptionFilter, UpstreamDecision as UpstreamDecision
else:  # The core's contract types (``_contract.pyi``, generated from its Rust types): dicts at run time.
    ListenDecision = SubscriptionFilter = UpstreamDecision = Dict[str, Any]

#: A client's request a gateway forwards to an upstream (``Router.forward``).
RequestMethod = Literal["tools/call", "prompts/get", "resources/read", "resources/subscribe", "resources/unsubscribe", "completion/complete"]
#: A merged list whose changes a gateway announces (``Router.listen_notice``).
Listed = Literal["tools", "prompts", "resources"]


class Header(TypedDict):
    """A header as a transport received it, or as it sends it (``Mcp-Param-*``)."""

    name: str
    value: str


if sys.version_info >= (3, 11) or TYPE_CHECKING:

    class _MappedBase(TypedDict, Generic[P]):
        server: str
        params: P
        header: str

    class Mapped(_MappedBase[P], total=False):
        """A request's params for the upstream (the kind given: a dict, or the SDK's model):
        its own name (or URI), everything else kept; ``header`` the ``Mcp-Name`` to send with
        it, ``param_headers`` (``Router.forward``, when there are any) its ``Mcp-Param-*``
        headers."""

        param_headers: List[Header]

    class Relay(TypedDict, Generic[P]):
        """What to do with an upstream's notification (the kind given)."""

        forward: Optional[P]
        relist: Optional[Literal["tools", "prompts", "resources"]]

    class ResponseRewrite(TypedDict, Generic[P]):
        """An upstream's result as the client gets it (``Router.rewrite_response``: the kind
        given), and whether it is an ``input_required`` result."""

        result: P
        input_required: bool

else:  # Python 3.10: a TypedDict cannot be generic at run time (type checkers read the above).

    class _MappedBase(TypedDict):
        server: str
        params: Any
        header: str

    class Mapped(_MappedBase, total=False):
        param_headers: List[Header]

    class Relay(TypedDict):
        forward: Optional[Any]
        relist: Optional[Literal["tools", "prompts", "resources"]]

    class ResponseRewrite(TypedDict):
        result: Any
        input_required: bool


class _SearchHitBase(TypedDict):
    name: str
    server: str
    upstream: str
    score: float
    matched: List[Literal["name", "description", "parameters"]]


class SearchHit(_SearchHitBase, total=False):
    """A tool ``search_tools`` found: its exposed name (what ``tools/call`` and ``call_tool``
    take), server and upstream name; ``score`` above 0, comparable within one search;
    ``matched`` the fields the query's words were found in; ``description`` the one it was
    indexed with (a ``tools`` override's, else the server's)."""

    description: str


class _ToolResultBase(TypedDict):
    content: List[TextContent]


class ToolResult(_ToolResultBase, total=False):
    """An MCP tool result the gateway builds itself (discovery's ``search_tools`` and
    ``get_tool_details``): the protocol's keys."""

    structuredContent: McpObject
    isError: bool


class Options(TypedDict, total=False):
    """Naming options (keyword arguments: ``expected_namespace``, ``servers``, ``builtins``,
    ``project``, ``actions``)."""

    expectedNamespace: str
    servers: Sequence[str]
    builtins: Sequence[str]
    project: str
    actions: Sequence[str]


RouterPattern = Union[str, Mapping[str, str]]
RouterConfig = Mapping[str, Any]


class Date(TypedDict):
    """What ``openproject.parse_date`` answers."""

    year: int
    month: int
    day: int


class LinkValue(TypedDict):
    """A HAL link for display (``openproject.link_value``)."""

    id: Optional[int]
    title: Optional[str]
    restricted: bool


class PageEnvelope(TypedDict):
    """A collection page (``openproject.page_envelope``): the items as given."""

    items: List[Any]
    offset: int
    page_size: int
    total: int
    next_offset: Optional[int]


# ----- code mode and registry names (mcp_naming.codemode)

CodeModeLanguage = Literal["typescript", "javascript", "python"]
CodeModeLayout = Literal["object", "files"]
CodeModeView = Literal["mcp-naming", "cloudflare-codemode", "codex", "openclaw"]


class _CodeModeFunctionBase(TypedDict):
    tool: str
    name: str
    diagnostics: List[Diagnostic]


class CodeModeFunction(_CodeModeFunctionBase, total=False):
    """A tool as code: its name, its identifier, its file (layout "files")."""

    path: str


class CodeModeNamespace(TypedDict):
    """A server as code: the identifier its tools are reached through."""

    server: str
    name: str
    tools: List[CodeModeFunction]


class CodeModeFile(TypedDict):
    """A generated file."""

    path: str
    content: str


class _CodeModeBase(TypedDict):
    language: CodeModeLanguage
    layout: CodeModeLayout
    view: CodeModeView
    namespaces: List[CodeModeNamespace]
    declarations: str
    diagnostics: List[Diagnostic]


class CodeMode(_CodeModeBase, total=False):
    """What ``code_mode`` answers; ``files`` with layout "files"."""

    files: List[CodeModeFile]


class ServerNameParts(TypedDict):
    namespace: str
    name: str


class ServerNameReport(TypedDict):
    """What ``validate_server_name`` answers."""

    valid: bool
    errors: List[Diagnostic]
    warnings: List[Diagnostic]
    parts: Optional[ServerNameParts]
    suggestion: Optional[str]


class McpNameMarkerCheck(TypedDict):
    """What ``check_mcp_name_marker`` answers."""

    valid: bool
    errors: List[Diagnostic]
    declared: List[str]
