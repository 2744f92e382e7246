//! The options objects of the packages' methods (`exposeTools(server, result, { onInvalid })`,
//! `listTools({ cursor, pageSize })`, `mapCallTool(params, { header })`,
//! `fitToolName(name, provider, { taken })`, OpenProject's `pageEnvelope(items, page)`, the
//! registry's `checkExecuteRequest(…, caller)`): their one reader, for the npm and the Python
//! package alike. Rust callers pass these values as arguments.

use crate::arguments::Number;
use crate::diagnostic::Error;
use crate::json::Json;
use crate::read::Reader;
use crate::router::OnInvalid;

/// Which method the options are for: each takes only its own keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Method {
    /// `exposeTools` and the other `expose*`: `{ onInvalid }`.
    Expose,
    /// `listTools` and the other `list*`: `{ cursor, pageSize, protocolVersion }`.
    List,
    /// `mapCallTool` and the other `map*`: `{ header, protocolVersion }`.
    Map,
    /// `fitToolName`: `{ taken }`.
    Fit,
    /// OpenProject's `pageEnvelope`: `{ offset, pageSize, total }` (under `page`).
    Page,
    /// The registry's `checkExecuteRequest`: `{ scopes, caller_id }` (under `caller`).
    Caller,
    /// `router.clientView`: `{ server }`.
    View,
}

impl Method {
    /// The keys this method's options may have.
    pub const fn keys(self) -> &'static [&'static str] {
        match self {
            Method::Expose => &["onInvalid"],
            Method::List => &["cursor", "pageSize", "protocolVersion"],
            Method::Map => &["header", "protocolVersion"],
            Method::Fit => &["taken"],
            Method::Page => &["offset", "pageSize", "total"],
            Method::Caller => &["scopes", "caller_id"],
            Method::View => &["server"],
        }
    }

    /// What errors call the value: `options`, `page`, `caller`.
    pub const fn path(self) -> &'static str {
        match self {
            Method::Page => "page",
            Method::Caller => "caller",
            _ => "options",
        }
    }
}

/// A method's options, read; members the method does not take stay at their defaults.
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct MethodOptions {
    /// `onInvalid`: `"throw"` (default) or `"skip"`.
    pub on_invalid: OnInvalid,
    /// `cursor`: the cursor of the page asked for.
    pub cursor: Option<String>,
    /// `pageSize`: items per page, a whole number of at least 1.
    pub page_size: Option<u32>,
    /// `header`: the `Mcp-Name` header the request came with.
    pub header: Option<String>,
    /// `protocolVersion`: the request's protocol revision (from 2026-07-28 on, `Mcp-Name` is
    /// required; a list page carries that revision's envelope).
    pub protocol_version: Option<String>,
    /// `taken`: names a fitted name must differ from.
    pub taken: Vec<String>,
    /// `offset`: the page's first item.
    pub offset: Option<f64>,
    /// `total`: the collection's size.
    pub total: Option<f64>,
    /// `pageSize` of `pageEnvelope`, as given ([`openproject::page`](crate::openproject::page)
    /// decides what it means).
    pub envelope_page_size: Option<f64>,
    /// `scopes`: the caller's scopes.
    pub scopes: Vec<String>,
    /// `server`: the name the user gives the gateway in a client.
    pub server: Option<String>,
}

impl MethodOptions {
    /// Reads the options of `method`; `null` (and absent, for the packages) is no options.
    ///
    /// ```
    /// use mcp_naming::{Method, MethodOptions};
    /// use mcp_naming::router::OnInvalid;
    /// let json = serde_json::from_str(r#"{ "onInvalid": "skip" }"#).unwrap();
    /// assert_eq!(MethodOptions::from_json(&json, Method::Expose).unwrap().on_invalid, OnInvalid::Skip);
    /// let json = serde_json::from_str(r#"{ "pageSize": 0 }"#).unwrap();
    /// let err = MethodOptions::from_json(&json, Method::List).unwrap_err();
    /// assert_eq!(err.message, "options.pageSize: must be a whole number of at least 1, got 0");
    /// let json = serde_json::from_str(r#"{ "onInvalid": "skip" }"#).unwrap();
    /// let err = MethodOptions::from_json(&json, Method::List).unwrap_err();
    /// assert_eq!(err.message, "options.onInvalid: unknown key \"onInvalid\": use cursor, pageSize, protocolVersion");
    /// ```
    ///
    /// # Errors
    /// `invalid_argument`, a diagnostic with its path per unknown key or bad value.
    // Inlined, so that a caller with a constant `method` (each binding) links only its own arm.
    #[inline]
    pub fn from_json(value: &Json, method: Method) -> Result<MethodOptions, Error> {
        let mut o = MethodOptions::default();
        if matches!(value, Json::Null) {
            return Ok(o);
        }
        let path = method.path();
        let mut r = Reader::argument();
        r.object(value, path, method.keys());
        match method {
            Method::Expose => {
                o.on_invalid = r
                    .opt_choice(value, "onInvalid", path, &["throw", "skip"], |t| match t {
                        "throw" => Some(OnInvalid::Throw),
                        "skip" => Some(OnInvalid::Skip),
                        _ => None,
                    })
                    .unwrap_or_default();
            }
            Method::List => {
                o.cursor = r.opt_string(value, "cursor", path);
                o.page_size = r.opt_number(value, "pageSize", path, crate::arguments::PAGE_SIZE).map(|n| n as u32);
                o.protocol_version = r.opt_string(value, "protocolVersion", path);
            }
            Method::Map => {
                o.header = r.opt_string(value, "header", path);
                o.protocol_version = r.opt_string(value, "protocolVersion", path);
            }
            Method::Fit => o.taken = r.strings(value, "taken", path),
            Method::Page => {
                o.offset = r.opt_number(value, "offset", path, Number::Finite);
                o.total = r.opt_number(value, "total", path, Number::Finite);
                o.envelope_page_size = r.opt_number(value, "pageSize", path, Number::Finite);
            }
            Method::Caller => o.scopes = r.strings(value, "scopes", path),
            Method::View => o.server = r.opt_string(value, "server", path),
        }
        r.finish(Some(o), "")
    }
}
