# The extension module's types (python/src/*.rs). Options are the npm package's options mapping
# or keyword arguments in snake_case; every error is a NamingError (invalid_argument, for a wrong
# type or an unknown keyword argument, an InvalidArgumentError: a TypeError too).
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, TypedDict, Union

from ._contract import (
    Accept,
    Edit,
    Found,
    Header,
    HostFacts,
    HostTables,
    ListDecision,
    ListenDecision,
    ListKind,
    Listed,
    Method,
    NotificationDecision,
    ParamsDecision,
    ParamsRequest,
    Probe,
    RequestDecision,
    ResultDecision,
    Scalar,
    SubscriptionFilter,
    UpstreamDecision,
    View,
)

from .types import (
    CodeMode,
    McpNameMarkerCheck,
    ServerNameReport,
    ClientView,
    ConventionInfo,
    Date,
    Diagnostic,
    Explanation,
    ExposedTool,
    FileCheck,
    LinkValue,
    PageEnvelope,
    ResourceUriParts,
    ResourceUriReport,
    Report,
    Route,
    ResourceRoute,
    SearchHit,
    SyntropyLayers,
)

_Options = Optional[Mapping[str, Any]]

def validate_tool_name(
    name: str,
    convention: str,
    options: _Options = None,
    *,
    expected_namespace: Optional[str] = ...,
    servers: Optional[Sequence[str]] = ...,
    builtins: Optional[Sequence[str]] = ...,
    project: Optional[str] = ...,
    actions: Optional[Sequence[str]] = ...,
) -> Report: ...
def is_valid_tool_name(
    name: str,
    convention: str,
    options: _Options = None,
    *,
    expected_namespace: Optional[str] = ...,
    servers: Optional[Sequence[str]] = ...,
    builtins: Optional[Sequence[str]] = ...,
    project: Optional[str] = ...,
    actions: Optional[Sequence[str]] = ...,
) -> bool: ...
def validate_tool_names(
    names: Sequence[str],
    convention: str,
    options: _Options = None,
    *,
    expected_namespace: Optional[str] = ...,
    servers: Optional[Sequence[str]] = ...,
    builtins: Optional[Sequence[str]] = ...,
    project: Optional[str] = ...,
    actions: Optional[Sequence[str]] = ...,
) -> List[bool]: ...
def parse_tool_name(
    name: str,
    convention: str,
    options: _Options = None,
    *,
    expected_namespace: Optional[str] = ...,
    servers: Optional[Sequence[str]] = ...,
    builtins: Optional[Sequence[str]] = ...,
    project: Optional[str] = ...,
    actions: Optional[Sequence[str]] = ...,
) -> Dict[str, Any]: ...
def format_tool_name(
    parts: Mapping[str, Any],
    convention: str,
    options: _Options = None,
    *,
    expected_namespace: Optional[str] = ...,
    servers: Optional[Sequence[str]] = ...,
    builtins: Optional[Sequence[str]] = ...,
    project: Optional[str] = ...,
    actions: Optional[Sequence[str]] = ...,
) -> str: ...
def convert_tool_name(
    name: str,
    source: str,
    target: str,
    options: _Options = None,
    *,
    expected_namespace: Optional[str] = ...,
    servers: Optional[Sequence[str]] = ...,
    builtins: Optional[Sequence[str]] = ...,
    project: Optional[str] = ...,
    actions: Optional[Sequence[str]] = ...,
) -> str: ...
def detect_conventions(
    name: str,
    options: _Options = None,
    *,
    expected_namespace: Optional[str] = ...,
    servers: Optional[Sequence[str]] = ...,
    builtins: Optional[Sequence[str]] = ...,
    project: Optional[str] = ...,
    actions: Optional[Sequence[str]] = ...,
) -> List[str]: ...
def explain_name(
    name: str,
    options: _Options = None,
    *,
    expected_namespace: Optional[str] = ...,
    servers: Optional[Sequence[str]] = ...,
    builtins: Optional[Sequence[str]] = ...,
    project: Optional[str] = ...,
    actions: Optional[Sequence[str]] = ...,
) -> List[Explanation]: ...
def conventions() -> List[ConventionInfo]: ...
def tables() -> Tuple[
    Tuple[str, ...], Tuple[str, ...], Tuple[Tuple[str, ...], ...], Tuple[str, ...], Tuple[str, ...], Tuple[str, ...]
]: ...
def parse_resource_uri(uri: str) -> ResourceUriParts: ...
def format_resource_uri(parts: Mapping[str, Any]) -> str: ...
def validate_resource_uri(
    uri: str, options: _Options = None, *, expected_namespace: Optional[str] = ...
) -> ResourceUriReport: ...
def namespace_from_slug(slug: str) -> str: ...
def check_providers(name: str) -> Dict[str, bool]: ...
def fit_tool_name(
    name: str, provider: str, options: _Options = None, *, taken: Optional[Sequence[str]] = ...
) -> str: ...
def fit_tool_names(names: Sequence[str], provider: str) -> List[str]: ...
def syntropy_layers(
    name: str,
    options: _Options = None,
    *,
    expected_namespace: Optional[str] = ...,
    servers: Optional[Sequence[str]] = ...,
    builtins: Optional[Sequence[str]] = ...,
    project: Optional[str] = ...,
    actions: Optional[Sequence[str]] = ...,
) -> SyntropyLayers: ...
def check_tool_state(
    state: Mapping[str, Any],
    options: _Options = None,
    *,
    expected_namespace: Optional[str] = ...,
    servers: Optional[Sequence[str]] = ...,
    builtins: Optional[Sequence[str]] = ...,
    project: Optional[str] = ...,
    actions: Optional[Sequence[str]] = ...,
) -> FileCheck: ...
def is_tool_enabled(state: Mapping[str, Any], name: str) -> bool: ...
def check_allow(
    settings: Any,
    options: _Options = None,
    *,
    expected_namespace: Optional[str] = ...,
    servers: Optional[Sequence[str]] = ...,
    builtins: Optional[Sequence[str]] = ...,
    project: Optional[str] = ...,
    actions: Optional[Sequence[str]] = ...,
) -> FileCheck: ...
def matches_permission(rule: str, name: str) -> bool: ...
def normalize_server_name(server: str) -> str: ...
def client_view(client: str, server: str, tools: Sequence[str]) -> ClientView: ...
def json_rpc_code(code: str) -> int: ...
def http_status(code: str) -> int: ...
def call_tool_text(code: str, message: str, suggestions: Sequence[str]) -> str: ...

# ----- the router's core half (mcp_naming._router applies its decisions; the decision types are
# generated from the Rust types: mcp_naming/_contract.pyi)

class _Exposed(TypedDict):
    segments: List[Tuple[int, List[Tuple[int, int, int, Optional[str], Optional[str]]]]]
    renamed: List[Tuple[int, int, str, int]]
    changed: bool
    skipped: List[Any]
    warnings: List[Diagnostic]
    views: List[View]
    exposed: List[Any]
# ----- code mode and registry names (mcp_naming.codemode)

def code_mode(
    servers: Any, options: _Options = None, *, language: Optional[str] = ..., layout: Optional[str] = ..., view: Optional[str] = ...
) -> CodeMode: ...
def resolve_code_mode(
    servers: Any,
    namespace: str,
    identifier: str,
    options: _Options = None,
    *,
    language: Optional[str] = ...,
    layout: Optional[str] = ...,
    view: Optional[str] = ...,
) -> Tuple[int, int]: ...
def code_mode_catalog(
    catalog: Any, options: _Options = None, *, language: Optional[str] = ..., layout: Optional[str] = ..., view: Optional[str] = ...
) -> CodeMode: ...
def code_mode_catalog_resolve(
    catalog: Any,
    namespace: str,
    identifier: str,
    options: _Options = None,
    *,
    language: Optional[str] = ...,
    layout: Optional[str] = ...,
    view: Optional[str] = ...,
) -> str: ...
def validate_server_name(name: str) -> ServerNameReport: ...
def check_mcp_name_marker(readme: str, name: str) -> McpNameMarkerCheck: ...
def registry_prefixes(names: Sequence[str]) -> List[str]: ...

# ----- the router's core half (mcp_naming._router holds it)

class CoreRouter:
    def __init__(self, config: Any = None, **kwargs: Any) -> None: ...
    def host_facts(self) -> HostFacts: ...
    def gateway(self) -> str: ...
    def expose(
        self,
        list: ListKind,
        server: str,
        names: List[Union[str, Scalar, None]],
        finds: List[Tuple[int, List[Found]]],
        texts: Optional[List[List[Found]]],
        cache: Mapping[str, Any],
        headers: List[Tuple[int, List[Found]]],
        options: _Options = None,
        *,
        on_invalid: Optional[str] = ...,
    ) -> _Exposed: ...
    def decide_request(
        self,
        method: Method,
        found: List[Found],
        accept: Accept,
        options: _Options = None,
        *,
        meta: Optional[List[Found]] = None,
        header: Optional[str] = ...,
        protocol_version: Optional[str] = ...,
    ) -> RequestDecision: ...
    def decide_list(
        self,
        list: ListKind,
        total: int,
        generation: int,
        options: _Options = None,
        *,
        protocol_version: Optional[str] = None,
        cursor: Optional[str] = ...,
        page_size: Optional[int] = ...,
    ) -> ListDecision: ...
    def decide_notification(self, server: str, found: List[Found]) -> NotificationDecision: ...
    def decide_result(self, server: str, found: List[Found]) -> ResultDecision: ...
    def code_mode_catalog(self) -> List[Dict[str, Any]]: ...
    def client_view(self, client: str, options: _Options = None, *, server: Optional[str] = ...) -> ClientView: ...
    def migrate(self, name: str, source: CoreRouter) -> str: ...
    def route(self, name: str) -> Route: ...
    def try_route(self, name: str) -> Optional[Route]: ...
    def tools(self) -> List[ExposedTool]: ...
    def is_enabled(self, name: str) -> bool: ...
    def route_resource(self, uri: str) -> ResourceRoute: ...
    def search_tools(
        self, query: str, options: _Options = None, *, limit: Optional[int] = ..., server: Optional[str] = ...
    ) -> List[SearchHit]: ...

def host_tables() -> HostTables: ...
def request_probe(method: Method) -> Probe: ...
def list_shape(list: ListKind, result: Optional[Scalar] = None, member: Optional[Scalar] = None) -> Exception: ...
def json_text(value: Any) -> str: ...
def encode_mcp_name_header(value: str) -> str: ...
def decode_mcp_name_header(header: str) -> str: ...

# ----- MCP 2026-07-28 (python/src/revision.rs): each takes the CoreRouter first

def upstream_answered(router: CoreRouter, server: str, result: Mapping[str, Any], initialize: bool) -> UpstreamDecision: ...
def decide_discover(router: CoreRouter) -> Dict[str, Any]: ...
def decide_initialize(router: CoreRouter, requested: str) -> Dict[str, Any]: ...
def incoming(
    incoming: Optional[Mapping[str, Any]] = None,
    *,
    name: Optional[str] = ...,
    params: Optional[Mapping[str, str]] = ...,
    protocol_version: Optional[str] = ...,
) -> Tuple[Optional[str], List[Header], Optional[str]]: ...
def decide_params(router: CoreRouter, request: ParamsRequest) -> ParamsDecision: ...
def decide_response(
    router: CoreRouter, server: str, method: Method, found: List[Found], protocol_version: Optional[str] = None
) -> ResultDecision: ...
def result_envelope(router: CoreRouter, protocol_version: Optional[str] = None) -> List[Edit]: ...
def decide_listen(router: CoreRouter, found: List[Found]) -> ListenDecision: ...
def acknowledge(decision: ListenDecision, acks: List[Tuple[str, List[Found]]]) -> SubscriptionFilter: ...
def control_listen(router: CoreRouter, server: str) -> Optional[SubscriptionFilter]: ...
def decide_listened(router: CoreRouter, server: str, found: List[Found], subscription: Any) -> NotificationDecision: ...
def listen_notice(router: CoreRouter, list: Listed, subscription: Any) -> Dict[str, Any]: ...
def client_error_code(code: int, protocol_version: Optional[str] = None) -> int: ...

# ----- OpenProject's data conventions and the tool registry

def parse_duration(text: str) -> str: ...
def format_duration(iso: str) -> str: ...
def page_envelope(
    items: List[Any],
    page: _Options = None,
    *,
    offset: Optional[int] = ...,
    page_size: Optional[int] = ...,
    total: Optional[int] = ...,
) -> PageEnvelope: ...
def id_from_href(href: Optional[str] = None) -> Optional[int]: ...
def link_value(link: Mapping[str, Any]) -> LinkValue: ...
def error_message(status: float, details: Optional[str] = None) -> str: ...
def resolve_by_name(query: str, candidates: Sequence[Mapping[str, Any]]) -> int: ...
def custom_field_name(key: str) -> str: ...
def check_tool_registry(names: Sequence[str]) -> None: ...
def parse_date(text: str) -> Date: ...
def validate_language_profile(profile: Any) -> FileCheck: ...
def validate_tool_descriptor(descriptor: Any) -> FileCheck: ...
def tools_for_language(descriptors: Any, language: str) -> List[int]: ...
def check_execute_request(
    descriptor: Any,
    request: Any,
    caller: _Options = None,
    *,
    scopes: Optional[Sequence[str]] = ...,
    caller_id: Optional[str] = ...,
) -> FileCheck: ...
def check_tool_output(descriptor: Any, output: Any) -> FileCheck: ...
def resolve_workspace_path(root: str, path: str) -> str: ...
