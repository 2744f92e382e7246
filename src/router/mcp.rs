//! The router speaking MCP messages, as JSON: upstream `tools/list`, `prompts/list`,
//! `resources/list` and `resources/templates/list` results in; the merged lists a client sees
//! out (paged); a client's `tools/call`, `prompts/get` and `resources/read` params mapped to
//! the upstream's; and tool or read results whose URIs are rewritten so the client can read
//! them back through the gateway. No SDK types: the MCP schema's JSON shapes.
//!
//! ```
//! use mcp_naming::json::Json;
//! use mcp_naming::router::{OnInvalid, Router, RouterConfig};
//!
//! let json = |s: &str| -> Json { serde_json::from_str(s).unwrap() };
//! let config = RouterConfig::from_json(&json(r#"{ "style": "claude", "servers": [{ "name": "everything" }] }"#)).unwrap();
//! let mut router = Router::new(config).unwrap();
//! let listed = json(r#"{ "tools": [{ "name": "echo", "description": "Echoes", "inputSchema": { "type": "object" } }] }"#);
//! let exposure = router.expose_tools("everything", &listed, OnInvalid::Throw).unwrap();
//! assert!(exposure.changed);
//! let list = router.list_tools(None, None).unwrap();
//! assert_eq!(list.get("tools").unwrap().as_array().unwrap()[0].get("name").unwrap().as_str(), Some("everything__echo"));
//!
//! let call = router.map_call_tool(&json(r#"{ "name": "everything__echo", "arguments": { "message": "hi" } }"#), None).unwrap();
//! assert_eq!(call.server, "everything");
//! assert_eq!(call.params.get("name").unwrap().as_str(), Some("echo"));
//!
//! let err = router.map_call_tool(&json(r#"{ "name": "echo" }"#), None).unwrap_err();
//! assert_eq!(err.code.as_str(), "unknown_tool");
//! assert_eq!(err.suggestions, ["everything__echo"]);
//! ```

use super::resources::{ExposedResource, Resources};
use super::{ExposedTool, Kind, Router};
use crate::diagnostic::{Code, Diagnostic, Error, Span};
use crate::json::Json;
use crate::text::quoted;
use std::borrow::Cow;

/// What to do with an upstream item that cannot be exposed (a bad name, a collision).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OnInvalid {
    /// Fail the whole list; the table is unchanged.
    #[default]
    Throw,
    /// Leave the item out and report it in [`Exposure::skipped`].
    Skip,
}

/// An upstream item left out.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Skipped {
    /// Its upstream name (or URI).
    pub name: String,
    /// Why.
    pub code: Code,
    /// In a sentence.
    pub message: String,
}

/// The answer of an `expose_*` call.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Exposure<T = ExposedTool> {
    /// Every item exposed (tools also the disabled ones, with `enabled: false`).
    pub exposed: Vec<T>,
    /// Items left out with [`OnInvalid::Skip`].
    pub skipped: Vec<Skipped>,
    /// Whether the merged list a client sees changed (send `notifications/*/list_changed`).
    pub changed: bool,
    /// Configuration worth a look: `enabled` / `disabled` patterns that match nothing.
    pub warnings: Vec<Diagnostic>,
}

/// Where a request goes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Target {
    /// The backend server.
    pub server: String,
    /// The backend's own name (or URI).
    pub upstream: String,
    /// The `Mcp-Name` header to send upstream with it.
    pub header: String,
}

/// A request's params mapped for the upstream.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Mapped {
    /// The backend server.
    pub server: String,
    /// The params with the upstream's name (or URI); everything else kept.
    pub params: Json,
    /// The `Mcp-Name` header to send upstream with it.
    pub header: String,
}

/// The JSON-RPC error code an MCP server answers a request with for `code`: `-32602`
/// (invalid params) for what the client asked wrong (an unknown or disabled tool, prompt or
/// resource, a bad argument, a stale cursor, a header that disagrees with the body), `-32603`
/// (internal error) for the gateway's own configuration and upstream lists.
pub fn json_rpc_code(code: Code) -> i32 {
    match code {
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

fn bad(message: String) -> Error {
    Error::new(Code::InvalidArgument, Span::default(), message)
}

/// The items of a list result (`{ <key>: [...] }`) or of the array itself.
fn items<'j>(value: &'j Json, key: &str) -> Result<&'j [Json], Error> {
    match value {
        Json::Array(items) => Ok(items),
        Json::Object(_) => match value.get(key) {
            Some(Json::Array(items)) => Ok(items),
            Some(other) => Err(bad(format!("result.{key} must be an array, got {}", other.described()))),
            None => Err(bad(format!("result.{key} is missing: pass a {key} list result or its {key} array"))),
        },
        other => Err(bad(format!("result must be an object or an array, got {}", other.described()))),
    }
}

/// `(the item's identifying string, the item)` for each item; items without one are skipped
/// or fail, as `on_invalid` says.
fn named(
    list: &[Json],
    key: &str,
    field: &str,
    on_invalid: OnInvalid,
    skipped: &mut Vec<Skipped>,
) -> Result<Vec<(String, Option<Json>)>, Error> {
    let mut out = Vec::with_capacity(list.len());
    for (i, item) in list.iter().enumerate() {
        match item.get(field) {
            Some(Json::String(s)) => out.push((s.clone(), Some(item.clone()))),
            other => {
                let got = other
                    .map_or(if item.as_object().is_some() { "nothing" } else { item.described() }, |v| v.described());
                let e = bad(format!("{key}[{i}].{field} must be a string, got {got}"));
                match on_invalid {
                    OnInvalid::Throw => return Err(e),
                    OnInvalid::Skip => skipped.push(Skipped { name: String::new(), code: e.code, message: e.message }),
                }
            }
        }
    }
    Ok(out)
}

/// A page of `items` from `cursor` (`<generation>.<offset>` in hex, opaque to clients).
fn page(
    items: Vec<Json>,
    key: &str,
    generation: u32,
    cursor: Option<&str>,
    page_size: Option<usize>,
) -> Result<Json, Error> {
    let start = match cursor {
        None => 0,
        Some(c) => {
            let parsed = c
                .split_once('.')
                .and_then(|(g, o)| Some((u32::from_str_radix(g, 16).ok()?, usize::from_str_radix(o, 16).ok()?)));
            match parsed {
                Some((g, o)) if g == generation && o <= items.len() => o,
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
    let end = page_size.map_or(items.len(), |n| start.saturating_add(n).min(items.len()));
    let mut out = vec![(key.to_string(), Json::Array(items[start..end].to_vec()))];
    if end < items.len() {
        out.push(("nextCursor".to_string(), Json::String(format!("{generation:x}.{end:x}"))));
    }
    Ok(Json::Object(out))
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

/// Checks an incoming `Mcp-Name` header against the body's value.
fn check_header(header: Option<&str>, body: &str) -> Result<(), Error> {
    let Some(header) = header else { return Ok(()) };
    let decoded = super::header::decode(header)?;
    if decoded == body {
        return Ok(());
    }
    Err(Error::new(
        Code::NameMismatch,
        Span::whole(header),
        format!(
            "the Mcp-Name header says {} but the request body says {}: they must agree",
            quoted(&decoded),
            quoted(body)
        ),
    ))
}

impl Router {
    /// Exposes a server's tools from its `tools/list` result (or the `tools` array, or every
    /// page concatenated), replacing what it exposed before. Each tool's whole object
    /// (description, schemas, annotations, `_meta`) is kept for [`Router::list_tools`].
    ///
    /// # Errors
    /// `invalid_argument` for a value that is not a list result; with [`OnInvalid::Throw`],
    /// the errors of [`Router::expose`] (nothing changes then).
    pub fn expose_tools(&mut self, server: &str, result: &Json, on_invalid: OnInvalid) -> Result<Exposure, Error> {
        self.expose_list(Kind::Tool, server, result, on_invalid)
    }

    /// [`Router::expose_tools`] for a `prompts/list` result.
    ///
    /// # Errors
    /// As [`Router::expose_tools`].
    pub fn expose_prompts(&mut self, server: &str, result: &Json, on_invalid: OnInvalid) -> Result<Exposure, Error> {
        self.expose_list(Kind::Prompt, server, result, on_invalid)
    }

    fn expose_list(
        &mut self,
        kind: Kind,
        server: &str,
        result: &Json,
        on_invalid: OnInvalid,
    ) -> Result<Exposure, Error> {
        let key = match kind {
            Kind::Tool => "tools",
            Kind::Prompt => "prompts",
        };
        let mut skipped = Vec::new();
        let list = named(items(result, key)?, key, "name", on_invalid, &mut skipped)?;
        let mut exposure = self.expose_items(kind, server, list, on_invalid)?;
        skipped.append(&mut exposure.skipped);
        exposure.skipped = skipped;
        Ok(exposure)
    }

    /// One server's `tools/list` result as the client should see it: exposed (see
    /// [`Router::expose_tools`], which this calls), every name replaced by its exposed name,
    /// disabled tools left out, every other member of the result and of each tool kept.
    ///
    /// # Errors
    /// As [`Router::expose_tools`] with [`OnInvalid::Throw`].
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
    /// name, servers in configuration order; paged when `page_size` is given.
    ///
    /// # Errors
    /// `invalid_cursor` for a cursor this router did not give out, or one from before the list
    /// changed; `invalid_argument` for a page size of 0.
    pub fn list_tools(&self, cursor: Option<&str>, page_size: Option<usize>) -> Result<Json, Error> {
        self.list_named(Kind::Tool, cursor, page_size)
    }

    /// The merged `prompts/list` result, as [`Router::list_tools`].
    ///
    /// # Errors
    /// As [`Router::list_tools`].
    pub fn list_prompts(&self, cursor: Option<&str>, page_size: Option<usize>) -> Result<Json, Error> {
        self.list_named(Kind::Prompt, cursor, page_size)
    }

    fn list_named(&self, kind: Kind, cursor: Option<&str>, page_size: Option<usize>) -> Result<Json, Error> {
        let table = self.table(kind);
        // The table keeps the order the client sees (servers in configuration order, or a peer's).
        let entries: Vec<_> = table.entries.iter().filter(|e| e.tool.enabled && e.listed).collect();
        let items = entries.iter().map(|e| with_field(e.payload.as_ref(), "name", &e.tool.name)).collect();
        let key = if kind == Kind::Tool { "tools" } else { "prompts" };
        page(items, key, table.generation, cursor, page_size)
    }

    /// Where a `tools/call` of `name` goes, checking the incoming `Mcp-Name` header if any.
    ///
    /// # Errors
    /// As [`Router::route`], plus `name_mismatch` / `invalid_header` for the header, and
    /// `invalid_argument` for a built-in (the gateway answers those itself).
    pub fn call_target(&self, name: &str, header: Option<&str>) -> Result<Target, Error> {
        check_header(header, name)?;
        let route = self.route(name)?;
        let Some(server) = route.server else {
            return Err(bad(format!("{} is a built-in of the gateway: answer it there", quoted(name))));
        };
        let upstream = route.tool.into_owned();
        Ok(Target { server: server.to_string(), header: super::header::encode(&upstream), upstream })
    }

    /// Where a `prompts/get` of `name` goes.
    ///
    /// # Errors
    /// `unknown_prompt` (with suggestions), `prompt_removed`, `tool_disabled` for a disabled
    /// prompt, and the header's errors.
    pub fn prompt_target(&self, name: &str, header: Option<&str>) -> Result<Target, Error> {
        check_header(header, name)?;
        let e = match self.prompts.by_name.get(name).map(|&i| &self.prompts.entries[i]) {
            Some(e) if e.tool.enabled => e,
            Some(e) => {
                return Err(Error::new(
                    Code::ToolDisabled,
                    Span::whole(name),
                    format!("prompt {} is disabled: enable it in the gateway's configuration", quoted(name)),
                )
                .for_server(&e.tool.server))
            }
            None => return Err(self.unknown(Kind::Prompt, name)),
        };
        Ok(Target {
            server: e.tool.server.clone(),
            upstream: e.tool.upstream.clone(),
            header: super::header::encode(&e.tool.upstream),
        })
    }

    /// Where a `resources/read` of `uri` goes.
    ///
    /// # Errors
    /// `unknown_resource` (with close URIs as suggestions), and the header's errors.
    pub fn resource_target(&self, uri: &str, header: Option<&str>) -> Result<Target, Error> {
        check_header(header, uri)?;
        let names = self.server_names();
        let (si, upstream) = self.resources.route(uri, &names).ok_or_else(|| self.resources.unknown(uri))?;
        Ok(Target { server: names[si].clone(), header: super::header::encode(&upstream), upstream })
    }

    fn server_names(&self) -> Vec<String> {
        self.servers.iter().map(|s| s.name.clone()).collect()
    }

    /// A client's `tools/call` params for the upstream: its own tool name, `arguments` and
    /// `_meta` kept as they are.
    ///
    /// # Errors
    /// `invalid_argument` for params without a string `name`; as [`Router::call_target`].
    pub fn map_call_tool(&self, params: &Json, header: Option<&str>) -> Result<Mapped, Error> {
        let t = self.call_target(param(params, "name")?, header)?;
        Ok(Mapped { server: t.server, params: with_field(Some(params), "name", &t.upstream), header: t.header })
    }

    /// A client's `prompts/get` params for the upstream.
    ///
    /// # Errors
    /// As [`Router::prompt_target`].
    pub fn map_get_prompt(&self, params: &Json, header: Option<&str>) -> Result<Mapped, Error> {
        let t = self.prompt_target(param(params, "name")?, header)?;
        Ok(Mapped { server: t.server, params: with_field(Some(params), "name", &t.upstream), header: t.header })
    }

    /// A client's `resources/read` params for the upstream.
    ///
    /// # Errors
    /// As [`Router::resource_target`].
    pub fn map_read_resource(&self, params: &Json, header: Option<&str>) -> Result<Mapped, Error> {
        let t = self.resource_target(param(params, "uri")?, header)?;
        Ok(Mapped { server: t.server, params: with_field(Some(params), "uri", &t.upstream), header: t.header })
    }

    /// Exposes a server's resources from its `resources/list` result (see [`super::resources`]
    /// for when a URI is rewritten), replacing what it exposed before.
    ///
    /// # Errors
    /// `unknown_server`; `invalid_argument` for a value that is not a list result or a URI
    /// that is not absolute; `name_collision` for a URI another server has and that cannot
    /// be rewritten (with [`OnInvalid::Skip`], such items are skipped instead).
    pub fn expose_resources(
        &mut self,
        server: &str,
        result: &Json,
        on_invalid: OnInvalid,
    ) -> Result<Exposure<ExposedResource>, Error> {
        self.expose_uris(server, result, on_invalid, false)
    }

    /// [`Router::expose_resources`] for a `resources/templates/list` result (RFC 6570 templates
    /// in `uriTemplate`); reads of their expansions route to the server.
    ///
    /// # Errors
    /// As [`Router::expose_resources`], plus `invalid_argument` for a template this router
    /// cannot match.
    pub fn expose_resource_templates(
        &mut self,
        server: &str,
        result: &Json,
        on_invalid: OnInvalid,
    ) -> Result<Exposure<ExposedResource>, Error> {
        self.expose_uris(server, result, on_invalid, true)
    }

    fn expose_uris(
        &mut self,
        server: &str,
        result: &Json,
        on_invalid: OnInvalid,
        templates: bool,
    ) -> Result<Exposure<ExposedResource>, Error> {
        let si = self.server_index(server)?;
        let (key, field, what) =
            if templates { ("resourceTemplates", "uriTemplate", "template") } else { ("resources", "uri", "resource") };
        let mut skipped = Vec::new();
        let list = named(items(result, key)?, key, field, on_invalid, &mut skipped)?;
        let names = self.server_names();
        let current = if templates { &self.resources.templates } else { &self.resources.resources };
        let mut fresh: Vec<(ExposedResource, Option<Json>)> = Vec::with_capacity(list.len());
        for (upstream, payload) in list {
            let checked =
                Resources::exposed_form(current, self.resources.peer, &names, si, &upstream, what).and_then(|uri| {
                    if templates {
                        super::template::Template::new(&upstream).map_err(bad)?;
                    }
                    match fresh.iter().find(|(r, _)| r.uri == uri) {
                        Some(_) => Err(Error::new(
                            Code::NameCollision,
                            Span::whole(&upstream),
                            format!("server {} {what} {} is listed twice", quoted(server), quoted(&upstream)),
                        )),
                        None => Ok(uri),
                    }
                });
            match (checked, on_invalid) {
                (Ok(uri), _) => {
                    let payload = payload.map(|p| with_field(Some(&p), field, &uri));
                    fresh.push((ExposedResource { uri, server: server.to_string(), upstream }, payload));
                }
                (Err(e), OnInvalid::Skip) => skipped.push(Skipped { name: upstream, code: e.code, message: e.message }),
                (Err(e), OnInvalid::Throw) => return Err(e),
            }
        }
        let exposed: Vec<ExposedResource> = fresh.iter().map(|(r, _)| r.clone()).collect();
        let list = if templates { &mut self.resources.templates } else { &mut self.resources.resources };
        let changed = Resources::replace(list, si, fresh, templates);
        Ok(Exposure { exposed, skipped, changed, warnings: Vec::new() })
    }

    /// The merged `resources/list` result.
    ///
    /// # Errors
    /// As [`Router::list_tools`].
    pub fn list_resources(&self, cursor: Option<&str>, page_size: Option<usize>) -> Result<Json, Error> {
        let list = &self.resources.resources;
        let items = list.items.iter().map(|i| with_field(i.payload.as_ref(), "uri", &i.res.uri)).collect();
        page(items, "resources", list.generation, cursor, page_size)
    }

    /// The merged `resources/templates/list` result.
    ///
    /// # Errors
    /// As [`Router::list_tools`].
    pub fn list_resource_templates(&self, cursor: Option<&str>, page_size: Option<usize>) -> Result<Json, Error> {
        let list = &self.resources.templates;
        let items = list.items.iter().map(|i| with_field(i.payload.as_ref(), "uriTemplate", &i.res.uri)).collect();
        page(items, "resourceTemplates", list.generation, cursor, page_size)
    }

    /// A `tools/call`, `resources/read` or `prompts/get` result from `server` with every URI it
    /// carries (`resource_link` items, embedded resources, `contents[].uri`, the content of
    /// prompt messages) in the form the client can read back through the gateway; everything
    /// else untouched.
    ///
    /// # Errors
    /// `unknown_server`; `invalid_argument` for a result that is not an object.
    pub fn rewrite_result(&mut self, server: &str, result: &Json) -> Result<Json, Error> {
        let si = self.server_index(server)?;
        let Json::Object(members) = result else {
            return Err(bad(format!("result must be an object, got {}", result.described())));
        };
        let names = self.server_names();
        let mut out = members.clone();
        for (key, value) in out.iter_mut() {
            let Json::Array(list) = value else { continue };
            match key.as_str() {
                "content" => list.iter_mut().for_each(|item| self.rewrite_content(item, si, &names)),
                "contents" => list.iter_mut().for_each(|item| self.rewrite_uri(item, si, &names)),
                // prompts/get: each message's content is one content block.
                "messages" => {
                    for message in list.iter_mut() {
                        if let Json::Object(m) = message {
                            if let Some((_, content)) = m.iter_mut().find(|(k, _)| k == "content") {
                                self.rewrite_content(content, si, &names);
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
    fn rewrite_content(&mut self, item: &mut Json, si: usize, names: &[String]) {
        match item.get("type").and_then(Json::as_str) {
            Some("resource_link") => self.rewrite_uri(item, si, names),
            Some("resource") => {
                if let Json::Object(m) = item {
                    if let Some((_, inner)) = m.iter_mut().find(|(k, _)| k == "resource") {
                        self.rewrite_uri(inner, si, names);
                    }
                }
            }
            _ => {}
        }
    }

    fn rewrite_uri(&mut self, item: &mut Json, si: usize, names: &[String]) {
        let Some(uri) = item.get("uri").and_then(Json::as_str) else { return };
        let exposed = self.resources.link(si, uri, names);
        if exposed != uri {
            *item = with_field(Some(item), "uri", &exposed);
        }
    }

    /// Exposes one backend resource URI, adding it to the server's resources (see
    /// [`super::resources`] for when it is rewritten).
    ///
    /// # Errors
    /// `unknown_server`; `invalid_argument` for a URI that is not absolute; `name_collision`
    /// when another server has the URI and it cannot be rewritten.
    pub fn expose_resource(&mut self, server: &str, uri: &str) -> Result<String, Error> {
        let si = self.server_index(server)?;
        let names = self.server_names();
        if let Some(it) = self.resources.resources.items.iter().find(|i| i.server == si && i.res.upstream == uri) {
            return Ok(it.res.uri.clone());
        }
        let exposed =
            Resources::exposed_form(&self.resources.resources, self.resources.peer, &names, si, uri, "resource")?;
        let res = ExposedResource { uri: exposed.clone(), server: server.to_string(), upstream: uri.to_string() };
        self.resources.add(res, si);
        Ok(exposed)
    }

    /// The server and the backend's own URI for an exposed resource URI.
    ///
    /// # Errors
    /// `unknown_resource` when no server provides it.
    pub fn route_resource(&self, uri: &str) -> Result<(&str, Cow<'_, str>), Error> {
        let (si, upstream) =
            self.resources.route(uri, &self.server_names()).ok_or_else(|| self.resources.unknown(uri))?;
        Ok((&self.servers[si].name, Cow::Owned(upstream)))
    }
}
