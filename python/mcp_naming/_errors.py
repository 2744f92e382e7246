"""NamingError: every error of the core, with its stable code; ``invalid_argument`` (a value of
the wrong type or out of its range, an unknown keyword argument) also a ``TypeError``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:
    from .types import CallToolErrorResult, Diagnostic, JsonRpcError, JsonRpcErrorData


class NamingError(ValueError):
    """An error of the core: a stable ``code``, a ``message`` for people and models, the names
    to try instead (``suggestions``, best first) and every problem found (``diagnostics``, spans
    in code points of the input). ``server`` names the backend server the error is about, where
    there is one (``tool_removed``, ``tool_disabled``)."""

    code: str
    message: str
    suggestions: list[str]
    diagnostics: list[Diagnostic]
    server: str | None

    def __new__(cls, code: str, *args: Any, **kwargs: Any) -> "NamingError":
        # An argument the call should not have been given is a TypeError too, as Python's own.
        if cls is NamingError and code == "invalid_argument":
            cls = InvalidArgumentError
        return super().__new__(cls, code, *args)

    def __init__(
        self,
        code: str,
        message: str,
        suggestions: Iterable[str] = (),
        diagnostics: Iterable[Diagnostic] = (),
        server: str | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.suggestions = list(suggestions)
        self.diagnostics = list(diagnostics)
        self.server = server

    def __repr__(self) -> str:
        return f"NamingError({self.code!r}, {self.message!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.code, self.message, self.suggestions, self.diagnostics, self.server))

    def to_jsonrpc_error(self) -> JsonRpcError:
        """The JSON-RPC error an MCP server answers with: -32602 for what the client asked wrong
        (an unknown or disabled tool, prompt or resource, a bad argument), -32020 for an
        ``Mcp-Name`` header that disagrees with the body, -32603 for the gateway's own
        configuration and upstream lists."""
        from . import _core

        data: JsonRpcErrorData = {"code": self.code, "suggestions": list(self.suggestions), "diagnostics": list(self.diagnostics)}
        if self.server is not None:
            data["server"] = self.server
        return {"code": _core.json_rpc_code(self.code), "message": self.message, "data": data}

    def to_call_tool_result(self) -> CallToolErrorResult:
        """A ``tools/call`` result with ``isError``, for gateways that let the model read and fix
        its call: the message and the suggestions in words."""
        from . import _core

        text = _core.call_tool_text(self.code, self.message, list(self.suggestions))
        return {"isError": True, "content": [{"type": "text", "text": text}]}

    @property
    def http_status(self) -> int:
        """The HTTP status a Streamable HTTP transport answers this error with: 400 for the
        ``Mcp-Name`` header errors (``name_mismatch``, ``invalid_header``), else 200."""
        from . import _core

        return _core.http_status(self.code)


class InvalidArgumentError(NamingError, TypeError):
    """A ``NamingError`` ``invalid_argument``: a value of the wrong type (``None`` where a
    ``str`` goes, a ``list`` for a name), out of its range, or a keyword argument the method does
    not take. Every such error is one, so that ``except TypeError`` catches it as it would
    Python's own."""
