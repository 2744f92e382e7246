//! The MCP messages, for Rust hosts: [`Gateway`] keeps the upstream objects as [`Json`] and
//! asks the name-level [`Router`] for every decision, as the npm and Python packages do with
//! their own objects. Upstream `tools/list`, `prompts/list`, `resources/list` and
//! `resources/templates/list` results in; the merged lists a client sees out (paged); a
//! client's `tools/call`, `prompts/get` and `resources/read` params mapped to the upstream's;
//! and results whose URIs are rewritten so the client can read them back through the gateway.
//! No SDK types: the MCP schema's JSON shapes.
//!
//! ```
//! use mcp_naming::Json;
//! use mcp_naming::router::{Gateway, OnInvalid, RouterConfig};
//!
//! let json = |s: &str| -> Json { serde_json::from_str(s).unwrap() };
//! let config = RouterConfig::from_json(&json(r#"{ "style": "claude", "servers": [{ "name": "everything" }] }"#)).unwrap();
//! let mut gateway = Gateway::new(config).unwrap();
//! let listed = json(r#"{ "tools": [{ "name": "echo", "description": "Echoes", "inputSchema": { "type": "object" } }] }"#);
//! let exposure = gateway.expose_tools("everything", &listed, OnInvalid::Throw).unwrap();
//! assert!(exposure.changed);
//! let list = gateway.list_tools(None, None).unwrap();
//! assert_eq!(list.get("tools").unwrap().as_array().unwrap()[0].get("name").unwrap().as_str(), Some("everything__echo"));
//!
//! let call = gateway.map_call_tool(&json(r#"{ "name": "everything__echo", "arguments": { "message": "hi" } }"#), None).unwrap();
//! assert_eq!(call.server, "everything");
//! assert_eq!(call.params.get("name").unwrap().as_str(), Some("echo"));
//!
//! let err = gateway.map_call_tool(&json(r#"{ "name": "echo" }"#), None).unwrap_err();
//! assert_eq!(err.code.as_str(), "unknown_tool");
//! assert_eq!(err.suggestions, ["everything__echo"]);
//! ```

use super::cache::{CacheScope, ListCache};
use super::discovery::{tool_error_result, MetaTool};
use super::header::NameHeader;
use super::notify::{Listed, Notice};
use super::placement::{Exposure, ListItem, OnInvalid, Placed, Placement};
use super::resources::CompletionRef;
use super::resources::{ExposedResource, UriKind};
use super::search::ToolText;
use super::ui;
use super::{Kind, Router, RouterConfig};
use crate::diagnostic::{Code, Diagnostic, Error, Span};
use crate::json::Json;
use crate::text::quoted;
use serde::Serialize;
use std::collections::HashMap;
use std::ops::Deref;

/// The JSON-RPC error code an MCP server answers a request with for `code`: `-32020`
/// (`HeaderMismatch`, MCP 2026-07-28) for an `Mcp-Name` header that is missing, malformed or
/// disagrees with the body; `-32602` (invalid params) for what else the client asked wrong (an
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
        Code::NameMismatch | Code::InvalidHeader => -32020,
        Code::InvalidConfig
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
/// header errors of SEP-2243 (`name_mismatch`, `invalid_header`), 200 for every other error
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
        Code::NameMismatch | Code::InvalidHeader => 400,
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
    let start = match cursor {
        None => 0,
        Some(c) => {
            let parsed = c
                .split_once('.')
                .and_then(|(g, o)| Some((u32::from_str_radix(g, 16).ok()?, usize::from_str_radix(o, 16).ok()?)));
            match parsed {
                Some((g, o)) if g == generation && o <= total => o,
                Some(_) => {
                    return Err(Error::new(
                        Code::InvalidCursor,
                        Span::whole(c),
                        format!("cursor {} is stale: the list changed since; list again from the start", quoted(c)),
                    ))
                }
                None => {
                    return Err(Error::new(
                        Code::InvalidCursor,
                        Span::whole(c),
                        format!("cursor {} is not one this gateway gave out", quoted(c)),
                    ))
                }
            }
        }
    };
    if page_size == Some(0) {
        return Err(bad("pageSize must be at least 1".to_string()));
    }
    let end = start.saturating_add(page_size.unwrap_or(crate::arguments::DEFAULT_PAGE_SIZE)).min(total);
    let next_cursor = (end < total).then(|| format!("{generation:x}.{end:x}"));
    Ok(Page { start, end, next_cursor })
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
    match (result, member) {
        (Some(got), _) => bad(format!("result must be an object or an array, got {got}")),
        (None, Some(got)) => bad(format!("result.{key} must be an array, got {got}")),
        (None, None) => bad(format!("result.{key} is missing: pass a {key} list result or its {key} array")),
    }
}

/// The items of a list result (`{ <key>: [...] }`) or of the array itself.
fn items<'j>(value: &'j Json, key: &str) -> Result<&'j [Json], Error> {
    match value {
        Json::Array(items) => Ok(items),
        Json::Object(_) => match value.get(key) {
            Some(Json::Array(items)) => Ok(items),
            other => Err(list_shape_error(key, None, other.map(Json::described))),
        },
        other => Err(list_shape_error(key, Some(other.described()), None)),
    }
}

/// Each item's identifying string (`field`), or what it holds instead.
fn list_items<'j>(list: &'j [Json], field: &str) -> Vec<ListItem<'j>> {
    list.iter()
        .map(|item| match item.get(field) {
            Some(Json::String(s)) => ListItem::Named(s),
            Some(other) => ListItem::Unnamed(other.described()),
            None if item.as_object().is_some() => ListItem::Unnamed("nothing"),
            None => ListItem::Unnamed(item.described()),
        })
        .collect()
}

/// `item` with `field` set to `value` (added when the item had none).
fn with_field(item: Option<&Json>, field: &str, value: &str) -> Json {
    let mut members = match item {
        Some(Json::Object(m)) => m.clone(),
        _ => Vec::new(),
    };
    match members.iter_mut().find(|(k, _)| k == field) {
        Some((_, v)) => *v = Json::String(value.to_string()),
        None => members.insert(0, (field.to_string(), Json::String(value.to_string()))),
    }
    Json::Object(members)
}

/// The string `field` of request params.
fn param<'j>(params: &'j Json, field: &str) -> Result<&'j str, Error> {
    if params.as_object().is_none() {
        return Err(bad(format!("params must be an object, got {}", params.described())));
    }
    match params.get(field) {
        Some(Json::String(s)) => Ok(s),
        Some(other) => Err(bad(format!("params.{field} must be a string, got {}", other.described()))),
        None => Err(bad(format!("params.{field} is missing"))),
    }
}

/// The names of a tool's input parameters (`inputSchema.properties`' keys).
fn parameter_names(tool: &Json) -> Vec<&str> {
    match tool.get("inputSchema").and_then(|s| s.get("properties")) {
        Some(Json::Object(members)) => members.iter().map(|(k, _)| k.as_str()).collect(),
        _ => Vec::new(),
    }
}

/// An entry as the gateway keeps it: where the router placed it, under which name.
#[derive(Clone, Debug)]
struct Held {
    placed: Placed,
    name: String,
}

impl Held {
    fn shown(&self) -> bool {
        self.placed.enabled && self.placed.listed
    }
}

/// One kind's objects, as the host of a router keeps them.
#[derive(Debug)]
struct Objects {
    /// Per server, the items of its last list.
    items: Vec<Vec<Json>>,
    /// Per server, the items as the client sees them where that differs beyond the name (a
    /// tool's UI resource URI in its gateway form).
    shown: Vec<HashMap<usize, Json>>,
    /// Per server, what its last list said about caching (`None`: it has not listed).
    caches: Vec<Option<ListCache>>,
    /// The merged list's segments, as the router placed them.
    segments: Vec<Vec<Held>>,
    /// Moved on whenever what a client sees changes (paging cursors name it).
    generation: u32,
}

impl Objects {
    fn new(servers: usize, segments: usize) -> Objects {
        Objects {
            items: vec![Vec::new(); servers],
            shown: vec![HashMap::new(); servers],
            caches: vec![None; servers],
            segments: vec![Vec::new(); segments],
            generation: 0,
        }
    }

    fn visible(&self) -> impl Iterator<Item = &Held> {
        self.segments.iter().flatten().filter(|h| h.shown())
    }

    fn object(&self, p: &Placed) -> Option<&Json> {
        let shown = self.shown.get(p.server).and_then(|s| s.get(&p.index));
        shown.or_else(|| self.items.get(p.server).and_then(|items| items.get(p.index)))
    }

    /// Takes a server's new items and the router's placement (`name` reads a placed entry's
    /// name); returns whether what a client sees changed, names or objects.
    fn update(
        &mut self,
        server: usize,
        items: Vec<Json>,
        placement: &Placement,
        names_changed: bool,
        name: impl Fn(usize, usize) -> String,
    ) -> bool {
        let slots: Vec<usize> = placement.segments.iter().map(|s| s.slot).collect();
        let before: Vec<Option<Json>> = slots
            .iter()
            .flat_map(|&s| self.segments[s].iter().filter(|h| h.shown()))
            .map(|h| self.object(&h.placed).cloned())
            .collect();
        self.items[server] = items;
        self.shown[server].clear();
        for s in &placement.segments {
            self.segments[s.slot] =
                s.entries.iter().enumerate().map(|(pos, &placed)| Held { placed, name: name(s.slot, pos) }).collect();
        }
        for r in &placement.renamed {
            let h = &mut self.segments[r.slot][r.pos];
            h.name = r.name.clone();
            h.placed.enabled = r.enabled;
            h.placed.listed = r.listed;
            h.placed.routed = r.routed;
        }
        let after = slots.iter().flat_map(|&s| self.segments[s].iter().filter(|h| h.shown()));
        let changed = names_changed || after.map(|h| self.object(&h.placed)).ne(before.iter().map(Option::as_ref));
        if changed {
            self.generation = self.generation.wrapping_add(1);
        }
        changed
    }

    fn list(&self, key: &str, field: &str, cursor: Option<&str>, page_size: Option<usize>) -> Result<Json, Error> {
        let total = self.visible().count();
        let p = page(total, self.generation, cursor, page_size)?;
        let items = self
            .visible()
            .skip(p.start)
            .take(p.end - p.start)
            .map(|h| with_field(self.object(&h.placed), field, &h.name));
        self.list_result(key, items.collect(), p)
    }

    /// Discovery's `tools/list`: the meta-tools, then the tools `always` names.
    fn list_discovery(
        &self,
        always: &[Box<str>],
        cursor: Option<&str>,
        page_size: Option<usize>,
    ) -> Result<Json, Error> {
        let keep: std::collections::HashSet<&str> = always.iter().map(|n| &**n).collect();
        let listed = self.visible().filter(|h| keep.contains(h.name.as_str()));
        let all: Vec<Json> = super::discovery::meta_tools()
            .into_iter()
            .chain(listed.map(|h| with_field(self.object(&h.placed), "name", &h.name)))
            .collect();
        let p = page(all.len(), self.generation, cursor, page_size)?;
        let items = all.into_iter().skip(p.start).take(p.end - p.start).collect();
        self.list_result("tools", items, p)
    }

    fn list_result(&self, key: &str, items: Vec<Json>, p: Page) -> Result<Json, Error> {
        let mut out = vec![(key.to_string(), Json::Array(items))];
        if let Some(next) = p.next_cursor {
            out.push(("nextCursor".to_string(), Json::String(next)));
        }
        let cache = ListCache::merge(self.caches.iter().flatten().copied());
        if let Some(ttl) = cache.ttl_ms {
            out.push(("ttlMs".to_string(), Json::Number(ttl)));
        }
        if let Some(scope) = cache.cache_scope {
            let scope = if scope == CacheScope::Private { "private" } else { "public" };
            out.push(("cacheScope".to_string(), Json::String(scope.to_string())));
        }
        Ok(Json::Object(out))
    }
}

/// A [`Router`] with the upstream objects: the MCP message layer for Rust hosts. Routing
/// questions go to the router ([`Deref`]); changes go through the gateway, which keeps the
/// objects and the router in step.
#[derive(Debug)]
pub struct Gateway {
    router: Router,
    tools: Objects,
    prompts: Objects,
    resources: Objects,
    templates: Objects,
}

impl Deref for Gateway {
    type Target = Router;

    fn deref(&self) -> &Router {
        &self.router
    }
}

impl Gateway {
    /// A gateway for `config`.
    ///
    /// # Errors
    /// As [`Router::new`].
    pub fn new(config: RouterConfig) -> Result<Gateway, Error> {
        Router::new(config).map(Gateway::over)
    }

    /// A gateway from a configuration's JSON, as [`Router::from_json`].
    ///
    /// # Errors
    /// As [`Router::from_json`].
    pub fn from_json(config: &Json) -> Result<Gateway, Error> {
        Router::from_json(config).map(Gateway::over)
    }

    fn over(router: Router) -> Gateway {
        let n = router.c.servers.len();
        let segments = router.c.style.segments(n);
        Gateway {
            tools: Objects::new(n, segments),
            prompts: Objects::new(n, segments),
            resources: Objects::new(n, n),
            templates: Objects::new(n, n),
            router,
        }
    }

    /// The router, for routing questions.
    pub fn router(&self) -> &Router {
        &self.router
    }

    fn expose_kind(
        &mut self,
        kind: Kind,
        server: &str,
        list: Vec<Json>,
        cache: ListCache,
        on_invalid: OnInvalid,
    ) -> Result<Exposure, Error> {
        let named = list_items(&list, "name");
        let mut e = match kind {
            Kind::Tool => {
                // What search reads of each tool: its description and its parameters' names.
                let parameters: Vec<Vec<&str>> = list.iter().map(parameter_names).collect();
                let texts: Vec<ToolText<'_>> = list
                    .iter()
                    .zip(&parameters)
                    .map(|(t, p)| ToolText { description: t.get("description").and_then(Json::as_str), parameters: p })
                    .collect();
                self.router.expose_list_with(kind, server, &named, &texts, on_invalid)?
            }
            Kind::Prompt => self.router.expose_list(kind, server, &named, on_invalid)?,
        };
        let si = self.router.server_index(server)?;
        let router = &self.router;
        let objects = match kind {
            Kind::Tool => &mut self.tools,
            Kind::Prompt => &mut self.prompts,
        };
        let name = |slot, pos| router.placed(kind, slot, pos).map_or_else(String::new, |(n, _)| n.to_string());
        e.changed = objects.update(si, list, &e.placement, e.changed, name);
        objects.caches[si] = Some(cache);
        if kind == Kind::Tool {
            e.warnings.extend(self.refresh_shown(Some(si))?);
        }
        Ok(e)
    }

    /// The tools as clients see them beyond their names: each tool's UI resource URIs (MCP Apps)
    /// in their gateway form, as the resources now stand, and the descriptions `tools` gives;
    /// the warnings of server `warn_for`'s tools (`unlisted_ui_resource`).
    fn refresh_shown(&mut self, warn_for: Option<usize>) -> Result<Vec<Diagnostic>, Error> {
        let mut warnings = Vec::new();
        for si in 0..self.tools.items.len() {
            let server = self.router.c.servers[si].name.clone();
            let mut shown = HashMap::new();
            for (index, tool) in self.tools.items[si].iter().enumerate() {
                let name = tool.get("name").and_then(Json::as_str).unwrap_or("");
                let description = self.router.description_of(si, name).map(str::to_string);
                let uris = ui::uris(tool);
                if uris.is_empty() {
                    if let Some(d) = description {
                        shown.insert(index, with_field(Some(tool), "description", &d));
                    }
                    continue;
                }
                let mut map = Vec::with_capacity(uris.len());
                for uri in uris {
                    let r = self.router.ui_resource(&server, name, uri)?;
                    if warn_for == Some(si) {
                        warnings.extend(r.warning);
                    }
                    if r.uri != uri {
                        map.push((uri.to_string(), r.uri));
                    }
                }
                let mut tool = if map.is_empty() { tool.clone() } else { ui::with_uris(tool, &map) };
                if let Some(d) = description {
                    tool = with_field(Some(&tool), "description", &d);
                }
                if tool != self.tools.items[si][index] {
                    shown.insert(index, tool);
                }
            }
            self.tools.shown[si] = shown;
        }
        Ok(warnings)
    }

    /// Exposes a server's tools by name ([`Router::expose`]), as objects with only a name.
    ///
    /// # Errors
    /// As [`Router::expose`].
    pub fn expose<S: AsRef<str>>(&mut self, server: &str, tools: &[S]) -> Result<Vec<super::ExposedTool>, Error> {
        let list = tools.iter().map(|t| Json::Object(vec![("name".into(), Json::String(t.as_ref().into()))])).collect();
        Ok(self.expose_kind(Kind::Tool, server, list, ListCache::default(), OnInvalid::Throw)?.exposed)
    }

    /// Exposes a server's tools from its `tools/list` result (or the `tools` array, or every
    /// page concatenated), replacing what it exposed before. Each tool's whole object
    /// (description, schemas, annotations, `_meta`) is kept for [`Gateway::list_tools`].
    ///
    /// # Errors
    /// `invalid_argument` for a value that is not a list result; with [`OnInvalid::Throw`],
    /// the errors of [`Router::expose`] (nothing changes then).
    pub fn expose_tools(&mut self, server: &str, result: &Json, on_invalid: OnInvalid) -> Result<Exposure, Error> {
        let list = items(result, "tools")?.to_vec();
        self.expose_kind(Kind::Tool, server, list, ListCache::from_result(result), on_invalid)
    }

    /// [`Gateway::expose_tools`] for a `prompts/list` result.
    ///
    /// # Errors
    /// As [`Gateway::expose_tools`].
    pub fn expose_prompts(&mut self, server: &str, result: &Json, on_invalid: OnInvalid) -> Result<Exposure, Error> {
        let list = items(result, "prompts")?.to_vec();
        self.expose_kind(Kind::Prompt, server, list, ListCache::from_result(result), on_invalid)
    }

    /// Exposes a server's resources from its `resources/list` result (see
    /// the resources module for when a URI is rewritten), replacing what it exposed before.
    ///
    /// # Errors
    /// As [`Router::expose_uris`], and `invalid_argument` for a value that is not a list result.
    pub fn expose_resources(
        &mut self,
        server: &str,
        result: &Json,
        on_invalid: OnInvalid,
    ) -> Result<Exposure<ExposedResource>, Error> {
        self.expose_uri_kind(UriKind::Resource, server, result, on_invalid)
    }

    /// [`Gateway::expose_resources`] for a `resources/templates/list` result (RFC 6570 templates
    /// in `uriTemplate`); reads of their expansions route to the server.
    ///
    /// # Errors
    /// As [`Gateway::expose_resources`].
    pub fn expose_resource_templates(
        &mut self,
        server: &str,
        result: &Json,
        on_invalid: OnInvalid,
    ) -> Result<Exposure<ExposedResource>, Error> {
        self.expose_uri_kind(UriKind::Template, server, result, on_invalid)
    }

    fn expose_uri_kind(
        &mut self,
        kind: UriKind,
        server: &str,
        result: &Json,
        on_invalid: OnInvalid,
    ) -> Result<Exposure<ExposedResource>, Error> {
        let list = items(result, kind.key())?.to_vec();
        let named = list_items(&list, kind.field());
        let mut e = self.router.expose_uris(kind, server, &named, on_invalid)?;
        let si = self.router.server_index(server)?;
        let router = &self.router;
        let objects = match kind {
            UriKind::Resource => &mut self.resources,
            UriKind::Template => &mut self.templates,
        };
        let name = |slot, pos| router.placed_uri(kind, slot, pos).map_or_else(String::new, |(n, _)| n.to_string());
        e.changed = objects.update(si, list, &e.placement, e.changed, name);
        objects.caches[si] = Some(ListCache::from_result(result));
        // A resource listed (or no longer listed) can change the gateway form of any server's
        // tool UI: this server's tools are warned about once its resources are known.
        e.warnings.extend(self.refresh_shown((kind == UriKind::Resource).then_some(si))?);
        Ok(e)
    }

    /// One server's `tools/list` result as the client should see it: exposed (see
    /// [`Gateway::expose_tools`], which this calls), every name replaced by its exposed name,
    /// disabled tools left out, every other member of the result and of each tool kept.
    ///
    /// # Errors
    /// As [`Gateway::expose_tools`] with [`OnInvalid::Throw`].
    pub fn rewrite_tools_list(&mut self, server: &str, result: &Json) -> Result<Json, Error> {
        let exposure = self.expose_tools(server, result, OnInvalid::Throw)?;
        // `exposed` is in the list's order; a peer style may have left some out.
        let mut exposed = exposure.exposed.iter().peekable();
        let mut tools = Vec::new();
        for item in items(result, "tools")? {
            let upstream = item.get("name").and_then(Json::as_str);
            if let Some(t) = exposed.next_if(|t| Some(t.upstream.as_str()) == upstream) {
                if t.enabled {
                    tools.push(with_field(Some(item), "name", &t.name));
                }
            }
        }
        let mut members = match result {
            Json::Object(m) => m.clone(),
            _ => Vec::new(),
        };
        match members.iter_mut().find(|(k, _)| k == "tools") {
            Some((_, v)) => *v = Json::Array(tools),
            None => members.push(("tools".to_string(), Json::Array(tools))),
        }
        Ok(Json::Object(members))
    }

    /// The merged `tools/list` result: every enabled tool's upstream object under its exposed
    /// name, servers in configuration order; paged (without `page_size`, pages of
    /// [`DEFAULT_PAGE_SIZE`](crate::arguments::DEFAULT_PAGE_SIZE)).
    ///
    /// # Errors
    /// As [`page`].
    ///
    /// While discovery is on ([`Router::discovery_active`]), the meta-tools
    /// ([`super::meta_tools`]) and the tools `discovery.always` matches instead.
    pub fn list_tools(&self, cursor: Option<&str>, page_size: Option<usize>) -> Result<Json, Error> {
        match self.router.discovery_listing() {
            Some(always) => self.tools.list_discovery(&always, cursor, page_size),
            None => self.tools.list("tools", "name", cursor, page_size),
        }
    }

    /// The merged `prompts/list` result, as [`Gateway::list_tools`].
    ///
    /// # Errors
    /// As [`page`].
    pub fn list_prompts(&self, cursor: Option<&str>, page_size: Option<usize>) -> Result<Json, Error> {
        self.prompts.list("prompts", "name", cursor, page_size)
    }

    /// The merged `resources/list` result.
    ///
    /// # Errors
    /// As [`page`].
    pub fn list_resources(&self, cursor: Option<&str>, page_size: Option<usize>) -> Result<Json, Error> {
        self.resources.list("resources", "uri", cursor, page_size)
    }

    /// The merged `resources/templates/list` result.
    ///
    /// # Errors
    /// As [`page`].
    pub fn list_resource_templates(&self, cursor: Option<&str>, page_size: Option<usize>) -> Result<Json, Error> {
        self.templates.list("resourceTemplates", "uriTemplate", cursor, page_size)
    }

    /// A client's `tools/call` params for the upstream: its own tool name, `arguments` and
    /// `_meta` kept as they are.
    ///
    /// # Errors
    /// `invalid_argument` for params without a string `name`; as [`Router::call_target`].
    ///
    /// With discovery, a call of `call_tool` (`{ name, arguments }`) is mapped to the tool it
    /// names, with the inner `arguments` ([`Router::call_tool_target`]); `search_tools` and
    /// `get_tool_details` are the gateway's to answer ([`Gateway::discovery_result`]):
    /// `invalid_argument` here.
    pub fn map_call_tool<'h>(&self, params: &Json, header: impl Into<NameHeader<'h>>) -> Result<Mapped, Error> {
        let name = param(params, "name")?;
        match self.router.meta_tool(name) {
            None => {
                let t = self.router.call_target(name, header)?;
                Ok(Mapped { server: t.server, params: with_field(Some(params), "name", &t.upstream), header: t.header })
            }
            Some(MetaTool::CallTool) => {
                header.into().check(name)?;
                let arguments = params.get("arguments").unwrap_or(&Json::Null);
                let t = self.router.call_tool_target(arguments)?;
                let inner = arguments.get("arguments").filter(|a| a.as_object().is_some());
                let members = params.as_object().unwrap_or(&[]);
                let mut out: Vec<(String, Json)> = members.iter().filter(|(k, _)| k != "arguments").cloned().collect();
                if let Some(inner) = inner {
                    out.push(("arguments".to_string(), inner.clone()));
                }
                Ok(Mapped {
                    server: t.server,
                    params: with_field(Some(&Json::Object(out)), "name", &t.upstream),
                    header: t.header,
                })
            }
            Some(m) => {
                header.into().check(name)?;
                Err(bad(format!(
                    "{} is answered by the gateway itself (discovery), not by an upstream",
                    quoted(m.name())
                )))
            }
        }
    }

    /// The gateway's own answer to a `tools/call` of `search_tools` or `get_tool_details`
    /// (discovery), as an MCP tool result: the hits, or the tool's object under its exposed
    /// name; an `isError` result ([`super::tool_error_result`]) for bad arguments or a name
    /// that routes to no tool. `None` for any other call (map it with
    /// [`Gateway::map_call_tool`]).
    pub fn discovery_result(&self, params: &Json) -> Option<Json> {
        let name = params.get("name").and_then(Json::as_str)?;
        let arguments = params.get("arguments").unwrap_or(&Json::Null);
        let answer = match self.router.meta_tool(name)? {
            MetaTool::SearchTools => self.router.search_result(arguments),
            MetaTool::GetToolDetails => self.router.details_target(arguments).map(|tool| {
                let slot = self.router.c.style.slot(tool.server_index);
                let held = self.tools.segments[slot]
                    .iter()
                    .find(|h| h.placed.server == tool.server_index && h.name == tool.name);
                let object = held.and_then(|h| self.tools.object(&h.placed)).cloned().unwrap_or(Json::Null);
                self.router.details_result(&tool, &object)
            }),
            MetaTool::CallTool => return None,
        };
        Some(answer.unwrap_or_else(|e| tool_error_result(&e)))
    }

    /// A client's `prompts/get` params for the upstream.
    ///
    /// # Errors
    /// As [`Router::prompt_target`].
    pub fn map_get_prompt<'h>(&self, params: &Json, header: impl Into<NameHeader<'h>>) -> Result<Mapped, Error> {
        let t = self.router.prompt_target(param(params, "name")?, header)?;
        Ok(Mapped { server: t.server, params: with_field(Some(params), "name", &t.upstream), header: t.header })
    }

    /// A client's `resources/read` params for the upstream.
    ///
    /// # Errors
    /// As [`Router::resource_target`].
    pub fn map_read_resource<'h>(&self, params: &Json, header: impl Into<NameHeader<'h>>) -> Result<Mapped, Error> {
        let t = self.router.resource_target(param(params, "uri")?, header)?;
        Ok(Mapped { server: t.server, params: with_field(Some(params), "uri", &t.upstream), header: t.header })
    }

    /// A client's `completion/complete` params for the upstream: `ref` (a prompt's name or a
    /// resource template's URI) as that server knows it; the argument and context untouched.
    ///
    /// # Errors
    /// `invalid_argument` for params without a `ref` of a known type; as
    /// [`Router::completion_target`].
    pub fn map_complete(&self, params: &Json) -> Result<Mapped, Error> {
        let reference = match params.get("ref") {
            Some(r @ Json::Object(_)) => r,
            Some(other) => return Err(bad(format!("params.ref must be an object, got {}", other.described()))),
            None if params.as_object().is_none() => {
                return Err(bad(format!("params must be an object, got {}", params.described())))
            }
            None => return Err(bad("params.ref is missing".to_string())),
        };
        let kind = param(reference, "type").map_err(|e| bad(e.message.replacen("params.", "params.ref.", 1)))?;
        // The type decides which member names the target.
        let field = match CompletionRef::new(kind, "")? {
            CompletionRef::Prompt(_) => "name",
            _ => "uri",
        };
        let value = param(reference, field).map_err(|e| bad(e.message.replacen("params.", "params.ref.", 1)))?;
        let t = self.router.completion_target(CompletionRef::new(kind, value)?)?;
        let reference = with_field(Some(reference), field, &t.upstream);
        let params = match params {
            Json::Object(m) => Json::Object(
                m.iter().map(|(k, v)| (k.clone(), if k == "ref" { reference.clone() } else { v.clone() })).collect(),
            ),
            _ => params.clone(),
        };
        Ok(Mapped { server: t.server, params, header: t.header })
    }

    /// A client's `resources/subscribe` (or `resources/unsubscribe`) params for the upstream:
    /// the resource, a link from a result, or an expansion of a template, as its server knows it.
    ///
    /// # Errors
    /// As [`Router::resource_target`] without a header.
    pub fn map_subscribe(&self, params: &Json) -> Result<Mapped, Error> {
        self.map_read_resource(params, None)
    }

    /// What to do with a notification `server` sent ([`Notice`]): the notification to forward
    /// (a `resources/updated` URI in its gateway form), or the list to ask that server for again.
    ///
    /// # Errors
    /// `unknown_server`; `invalid_argument` for a notification that is not an object with a
    /// string `method`.
    pub fn rewrite_notification(&mut self, server: &str, notification: &Json) -> Result<Relay, Error> {
        self.router.server_index(server)?;
        let method =
            param(notification, "method").map_err(|e| bad(e.message.replacen("params.", "notification.", 1)))?;
        Ok(match Notice::of(method) {
            Notice::Forward => Relay { forward: Some(notification.clone()), relist: None },
            Notice::Relist(list) => Relay { forward: None, relist: Some(list) },
            Notice::ResourceUpdated => {
                let mut forward = notification.clone();
                if let (Json::Object(members), Some(uri)) =
                    (&mut forward, notification.get("params").and_then(|p| p.get("uri")).and_then(Json::as_str))
                {
                    let exposed = self.router.rewrite_uri(server, uri)?;
                    if let Some((_, p)) = members.iter_mut().find(|(k, _)| k == "params") {
                        *p = with_field(Some(p), "uri", &exposed);
                    }
                }
                Relay { forward: Some(forward), relist: None }
            }
        })
    }

    /// A `tools/call`, `resources/read` or `prompts/get` result from `server` with every URI it
    /// carries (`resource_link` items, embedded resources, `contents[].uri`, the content of
    /// prompt messages) in the form the client can read back through the gateway
    /// ([`Router::rewrite_uri`]); everything else untouched.
    ///
    /// # Errors
    /// `unknown_server`; `invalid_argument` for a result that is not an object.
    pub fn rewrite_result(&mut self, server: &str, result: &Json) -> Result<Json, Error> {
        self.router.server_index(server)?;
        let Json::Object(members) = result else {
            return Err(bad(format!("result must be an object, got {}", result.described())));
        };
        let mut out = members.clone();
        for (key, value) in out.iter_mut() {
            let Json::Array(list) = value else { continue };
            match key.as_str() {
                "content" => list.iter_mut().try_for_each(|item| self.rewrite_content(item, server))?,
                "contents" => list.iter_mut().try_for_each(|item| self.rewrite_uri_of(item, server))?,
                // prompts/get: each message's content is one content block.
                "messages" => {
                    for message in list.iter_mut() {
                        if let Json::Object(m) = message {
                            if let Some((_, content)) = m.iter_mut().find(|(k, _)| k == "content") {
                                self.rewrite_content(content, server)?;
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(Json::Object(out))
    }

    /// A content block: a `resource_link`'s URI, or an embedded resource's.
    fn rewrite_content(&mut self, item: &mut Json, server: &str) -> Result<(), Error> {
        match item.get("type").and_then(Json::as_str) {
            Some("resource_link") => self.rewrite_uri_of(item, server),
            Some("resource") => {
                if let Json::Object(m) = item {
                    if let Some((_, inner)) = m.iter_mut().find(|(k, _)| k == "resource") {
                        return self.rewrite_uri_of(inner, server);
                    }
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn rewrite_uri_of(&mut self, item: &mut Json, server: &str) -> Result<(), Error> {
        let Some(uri) = item.get("uri").and_then(Json::as_str) else { return Ok(()) };
        let exposed = self.router.rewrite_uri(server, uri)?;
        if exposed != uri {
            *item = with_field(Some(item), "uri", &exposed);
        }
        Ok(())
    }

    /// Exposes one backend resource URI ([`Router::expose_resource`]).
    ///
    /// # Errors
    /// As [`Router::expose_resource`].
    pub fn expose_resource(&mut self, server: &str, uri: &str) -> Result<String, Error> {
        let exposed = self.router.expose_resource(server, uri)?;
        let si = self.router.server_index(server)?;
        let objects = &mut self.resources;
        if !objects.segments[si].iter().any(|h| h.name == exposed) {
            let index = objects.items[si].len();
            objects.items[si].push(Json::Object(vec![("uri".into(), Json::String(uri.into()))]));
            let placed = Placed { server: si, index, enabled: true, listed: true, routed: true };
            objects.segments[si].push(Held { placed, name: exposed.clone() });
            objects.generation = objects.generation.wrapping_add(1);
        }
        Ok(exposed)
    }
}
