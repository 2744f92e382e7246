# The extension module's types (python/src/*.rs). Options are the npm package's options mapping
# or keyword arguments in snake_case; every error is a NamingError, a wrong type a TypeError.
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from .types import (
    CodeMode,
    McpNameMarkerCheck,
    ServerNameReport,
    ClientView,
    ConventionInfo,
    Date,
    Diagnostic,
    Explanation,
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
    ToolResult,
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
    def __init__(self, config: Any) -> None: ...
    def facts(
        self,
    ) -> Tuple[
        List[Tuple[str, Optional[str], Optional[str]]],
        str,
        List[Tuple[str, bool]],
        List[Tuple[str, str]],
        int,
        str,
        bool,
    ]: ...
    def expose(
        self,
        kind: int,
        server: str,
        names: List[str],
        bad: List[Tuple[int, str]],
        skip: bool,
        texts: Optional[List[Tuple[Optional[str], List[str]]]] = None,
    ) -> Tuple[
        bool,
        List[Tuple[int, List[Tuple[int, int, int, Optional[str], Optional[str]]]]],
        List[Tuple[int, int, str, int]],
        List[Any],
        List[Diagnostic],
    ]: ...
    def target(
        self, kind: int, name: str, header: Optional[str] = None, protocol_version: Optional[str] = None
    ) -> Tuple[str, str, str]: ...
    def completion_target(self, kind: str, value: str) -> Tuple[str, str, str]: ...
    def ui_resource(self, server: str, tool: str, uri: str) -> Tuple[str, Optional[Diagnostic]]: ...
    def descriptions(self, server: int, upstreams: List[str]) -> List[Tuple[int, str]]: ...
    def code_mode_catalog(self) -> List[Dict[str, Any]]: ...
    def client_view(self, client: str, options: _Options = None, *, server: Optional[str] = ...) -> ClientView: ...
    def rewrite_uri(self, server: str, uri: str) -> str: ...
    def migrate(self, name: str, source: CoreRouter) -> str: ...
    def route(self, name: str) -> Route: ...
    def try_route(self, name: str) -> Optional[Route]: ...
    def is_enabled(self, name: str) -> bool: ...
    def expose_resource(self, server: str, uri: str) -> str: ...
    def route_resource(self, uri: str) -> ResourceRoute: ...
    def server_index(self, server: str) -> int: ...
    def search_tools(
        self, query: str, options: _Options = None, *, limit: Optional[int] = ..., server: Optional[str] = ...
    ) -> List[SearchHit]: ...
    def discovery_listing(self) -> Optional[List[str]]: ...
    def meta_tool(self, name: str) -> Optional[str]: ...
    def search_result(self, arguments: Any) -> ToolResult: ...
    def details_target(self, arguments: Any) -> Tuple[Optional[Tuple[str, int, str]], Optional[ToolResult]]: ...
    def details_result(self, name: str, server_index: int, upstream: str, object: Any) -> ToolResult: ...
    def check_header(self, name: str, header: Optional[str] = None, protocol_version: Optional[str] = None) -> None: ...
    def call_tool_target(
        self, name: str, arguments: Any, header: Optional[str] = None, protocol_version: Optional[str] = None
    ) -> Tuple[str, str, str]: ...

def notice(method: str) -> int: ...
def merge_list_cache(lists: List[Optional[Dict[str, Any]]]) -> Dict[str, Any]: ...
def expose_skips(options: _Options = None, *, on_invalid: Optional[str] = ...) -> bool: ...
def map_options(
    options: _Options = None, *, header: Optional[str] = ..., protocol_version: Optional[str] = ...
) -> Optional[Tuple[Optional[str], Optional[str]]]: ...
def list_page(
    total: int,
    generation: int,
    options: _Options = None,
    *,
    cursor: Optional[str] = ...,
    page_size: Optional[int] = ...,
) -> Tuple[int, int, Optional[str]]: ...
def list_shape_error(key: str, result_got: Optional[str] = None, member_got: Optional[str] = None) -> Exception: ...
def invalid_argument(message: str) -> Exception: ...
def described(value: object) -> str: ...
def encode_mcp_name_header(value: str) -> str: ...
def decode_mcp_name_header(header: str) -> str: ...
def check_strings(value: Any, what: str) -> List[str]: ...
def meta_tools() -> List[Dict[str, Any]]: ...

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
def resolve_by_name(query: str, names: List[str], identifiers: List[Optional[str]]) -> int: ...
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
