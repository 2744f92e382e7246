//! What every host answers alike around the decisions: the JSON-RPC error code and HTTP status
//! of an error, the text a model reads in a tool error result, a page of a merged list, a mapped
//! request, what to do with a notification.

use super::notify::Listed;
use crate::diagnostic::{Code, Error, Span};
use crate::json::Json;
use crate::text::quoted;
use serde::Serialize;

/// The JSON-RPC error code an MCP server answers a request with for `code`: `-32020`
/// (`HeaderMismatch`, MCP 2026-07-28) for an `Mcp-Name` or `Mcp-Param-*` header that is
/// missing, malformed or disagrees with the body; `-32022` (`UnsupportedProtocolVersion`) for a
/// revision the gateway does not speak; `-32602` (invalid params) for what else the client asked wrong (an
/// unknown or disabled tool, prompt or resource, a bad argument, a stale cursor); `-32603`
/// (internal error) for the gateway's own configuration and upstream lists.
///
/// ```
/// use mcp_naming::router::json_rpc_code;
/// use mcp_naming::Code;
/// assert_eq!(json_rpc_code(Code::NameMismatch), -32020);
/// assert_eq!(json_rpc_code(Code::UnknownTool), -32602);
/// ```
pub fn json_rpc_code(code: Code) -> i32 {
    match code {
        Code::NameMismatch | Code::InvalidHeader | Code::ParamMismatch => -32020,
        Code::UnsupportedProtocolVersion => -32022,
        Code::InvalidConfig
        | Code::InvalidParamHeader
        | Code::NameCollision
        | Code::ConfusableName
        | Code::UnknownServer
        | Code::InvalidToolName
        | Code::UnmatchedPattern
        | Code::ProviderRefused => -32603,
        _ => -32602,
    }
}

/// The HTTP status a Streamable HTTP transport answers an error with: 400 (Bad Request) for the
/// header errors of SEP-2243 (`name_mismatch`, `invalid_header`, `param_mismatch`) and an
/// unsupported revision, 200 for every other error
/// (a JSON-RPC error in a successful HTTP response).
///
/// ```
/// use mcp_naming::router::http_status;
/// use mcp_naming::Code;
/// assert_eq!(http_status(Code::NameMismatch), 400);
/// assert_eq!(http_status(Code::UnknownTool), 200);
/// ```
pub fn http_status(code: Code) -> u16 {
    match code {
        Code::NameMismatch | Code::InvalidHeader | Code::ParamMismatch | Code::UnsupportedProtocolVersion => 400,
        _ => 200,
    }
}

/// The text a gateway puts in a `tools/call` result with `isError: true`, for a model to read
/// and correct its call from: the message, and the suggestions in words.
pub fn call_tool_text(e: &Error) -> String {
    match e.suggestions.as_slice() {
        [] => e.message.clone(),
        _ if e.message.contains("did you mean") => e.message.clone(),
        [one] => format!("{} Did you mean {}?", e.message, quoted(one)),
        many => format!(
            "{} Did you mean one of {}?",
            e.message,
            many.iter().map(|s| quoted(s)).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// A page of a merged list: items `start..end`, and the cursor of the next page.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Page {
    /// The first item of the page.
    pub start: usize,
    /// One past its last item.
    pub end: usize,
    /// The cursor for the next page, when there is one (`<generation>.<offset>` in hex, opaque
    /// to clients).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_cursor: Option<String>,
}

/// Which page of a list of `total` items (at `generation`, which a host moves on whenever the
/// list changes) a `cursor` and `page_size` ask for: the one decision of paging, for every host.
/// Without `page_size`, pages of [`DEFAULT_PAGE_SIZE`](crate::arguments::DEFAULT_PAGE_SIZE).
///
/// ```
/// use mcp_naming::router::{page, DEFAULT_PAGE_SIZE};
/// let first = page(5, 7, None, Some(2)).unwrap();
/// assert_eq!((first.start, first.end, first.next_cursor.as_deref()), (0, 2, Some("7.2")));
/// assert_eq!(page(5, 8, Some("7.2"), None).unwrap_err().code.as_str(), "invalid_cursor");
/// // No page size: the default, with the cursor of the next page.
/// let first = page(20_002, 0, None, None).unwrap();
/// assert_eq!((first.end, first.next_cursor.as_deref()), (DEFAULT_PAGE_SIZE, Some("0.3e8")));
/// assert_eq!(page(999, 0, None, None).unwrap().next_cursor, None);
/// ```
///
/// # Errors
/// `invalid_cursor` for a cursor this gateway did not give out, or one from before the list
/// changed; `invalid_argument` for a page size of 0.
pub fn page(total: usize, generation: u32, cursor: Option<&str>, page_size: Option<usize>) -> Result<Page, Error> {
    let p = super::decide::list::paged(total, generation, cursor, page_size)?;
    Ok(Page { start: p.start, end: p.end, next_cursor: p.next_cursor })
}

/// A request's params mapped for the upstream.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
#[derive(Serialize)]
pub struct Mapped {
    /// The backend server.
    pub server: String,
    /// The params with the upstream's name (or URI); everything else kept.
    pub params: Json,
    /// The `Mcp-Name` header to send upstream with it.
    pub header: String,
    /// The `Mcp-Param-*` headers to send upstream with it (SEP-2243).
    #[serde(rename = "paramHeaders", skip_serializing_if = "Vec::is_empty")]
    pub param_headers: Vec<super::decide::Header>,
}

impl Mapped {
    /// `params` for `server`, with the `Mcp-Name` header `header` and no other.
    pub fn new(server: String, params: Json, header: String) -> Mapped {
        Mapped { server, params, header, param_headers: Vec::new() }
    }
}

fn bad(message: String) -> Error {
    Error::new(Code::InvalidArgument, Span::default(), message)
}

/// What a gateway does with an upstream's notification: `{ forward, relist }`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Relay {
    /// The notification to send the clients (`None`: send none for it).
    pub forward: Option<Json>,
    /// The list to ask the server for again (`tools`, `prompts`, `resources`).
    pub relist: Option<Listed>,
}

/// The error for a list result of the wrong shape: `result` what the result is when it is not
/// an object or an array, else `member` what its `key` member is (`None`: missing).
#[doc(hidden)]
pub fn list_shape_error(key: &str, result: Option<&str>, member: Option<&str>) -> Error {
    use crate::dialect::{a, JsonType};
    match (result, member) {
        (Some(got), _) => bad(format!("result must be {} or {}, got {got}", a(JsonType::Object), a(JsonType::Array))),
        (None, Some(got)) => bad(format!("result.{key} must be {}, got {got}", a(JsonType::Array))),
        (None, None) => bad(format!("result.{key} is missing: pass a {key} list result or its {key} array")),
    }
}
