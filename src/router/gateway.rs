//! The reference applier: [`Gateway`] keeps the upstream objects as [`Json`] and applies the
//! router's decisions ([`super::decide`]) to them, deciding nothing itself, as the npm and
//! Python packages do with their own objects. Upstream `tools/list`, `prompts/list`,
//! `resources/list` and `resources/templates/list` results in; the merged lists a client sees
//! out (paged); a client's requests mapped to the upstream's; results and notifications
//! rewritten. No SDK types: the MCP schema's JSON shapes.
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

use super::cache::ListCache;
use super::decide::{
    tool_text_parts, Accept, Answered, DiscoverDecision, ExposeDecision, Exposed, Header, Insert, ListDecision,
    ListKind, ListRequest, ListenDecision, Listing, Method, NotificationDecision, ParamsRequest, Request,
    RequestDecision, Response, UpstreamDecision, View,
};
use super::discovery::MetaTool;
use super::header::NameHeader;
use super::mcp::{list_shape_error, Mapped, Relay};
use super::placement::{Exposure, ListItem, OnInvalid, Placed, Placement};
use super::probe::{self, find, find_paths, probes, Edit, Found, Probe, Step};
use super::resources::ExposedResource;
use super::search::ToolText;
use super::{ExposedTool, Router, RouterConfig};
use crate::diagnostic::Error;
use crate::json::Json;
use std::collections::HashMap;
use std::ops::Deref;

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

/// One list's objects, as the host of a router keeps them.
#[derive(Debug)]
struct Objects {
    list: ListKind,
    /// Per server, the items of its last list.
    items: Vec<Vec<Json>>,
    /// Per server, the views of its items: the edits that show them as the client sees them.
    views: Vec<HashMap<u32, Vec<Edit>>>,
    /// The merged list's segments, as the router placed them.
    segments: Vec<Vec<Held>>,
    /// Moved on whenever what a client sees changes (paging cursors name it).
    generation: u32,
}

impl Objects {
    fn new(list: ListKind, servers: usize, segments: usize) -> Objects {
        Objects {
            list,
            items: vec![Vec::new(); servers],
            views: vec![HashMap::new(); servers],
            segments: vec![Vec::new(); segments],
            generation: 0,
        }
    }

    fn visible(&self) -> impl Iterator<Item = &Held> {
        self.segments.iter().flatten().filter(|h| h.shown())
    }

    /// Item `index` of server `server` as the client sees it, under `name`.
    fn shown(&self, server: usize, index: u32, name: &str) -> Json {
        let item = self.items.get(server).and_then(|items| items.get(index as usize)).unwrap_or(&Json::Null);
        let mut edits = vec![Edit::string(vec![Step::key(self.list.field())], name)];
        if let Some(view) = self.views.get(server).and_then(|v| v.get(&index)) {
            edits.extend(view.iter().cloned());
        }
        probe::apply(item, &edits)
    }

    fn written(&self, h: &Held) -> Json {
        self.shown(h.placed.server, h.placed.index as u32, &h.name)
    }

    /// Applies an expose decision for `server`'s new `items` (`name` reads a placed entry's
    /// name); returns whether what a client sees changed, names or objects.
    fn apply(
        &mut self,
        server: usize,
        items: Vec<Json>,
        placement: &Placement,
        names_changed: bool,
        name: impl Fn(usize, usize) -> String,
    ) -> bool {
        let slots: Vec<usize> = placement.segments.iter().map(|s| s.slot).collect();
        let before: Vec<Json> = slots
            .iter()
            .flat_map(|&s| self.segments[s].iter().filter(|h| h.shown()))
            .map(|h| self.written(h))
            .collect();
        self.items[server] = items;
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
        let changed = names_changed || after.map(|h| self.written(h)).ne(before);
        if changed {
            self.generation = self.generation.wrapping_add(1);
        }
        changed
    }

    /// Takes the views that changed; returns whether a shown item changed with them.
    fn set_views(&mut self, views: &[View]) -> bool {
        let mut changed = false;
        for v in views {
            let s = v.server as usize;
            let new: HashMap<u32, Vec<Edit>> = v.items.iter().map(|i| (i.index, i.edits.clone())).collect();
            changed |= new != self.views[s];
            self.views[s] = new;
        }
        if changed {
            self.generation = self.generation.wrapping_add(1);
        }
        changed
    }

    /// The held entry a name lists (discovery's `always` names).
    fn by_name(&self, name: &str) -> Option<&Held> {
        self.visible().find(|h| h.name == name)
    }

    fn list(
        &self,
        router: &Router,
        cursor: Option<&str>,
        page_size: Option<Json>,
        protocol_version: Option<&str>,
    ) -> Result<Json, Error> {
        let request = ListRequest {
            list: self.list,
            cursor: cursor.map(str::to_string),
            page_size,
            total: self.visible().count() as u32,
            generation: self.generation,
            protocol_version: protocol_version.map(str::to_string),
        };
        let (items, next, cache) = match router.decide_list(&request)? {
            ListDecision::Page { start, end, next_cursor, cache } => {
                let page = self.visible().skip(start as usize).take((end - start) as usize);
                (page.map(|h| self.written(h)).collect(), next_cursor, cache)
            }
            ListDecision::Discovery { meta, names, next_cursor, cache } => {
                let meta = meta.iter().map(|&i| MetaTool::ALL[i as usize].definition());
                let listed = names.iter().filter_map(|n| self.by_name(n)).map(|h| self.written(h));
                (meta.chain(listed).collect(), next_cursor, cache)
            }
        };
        let result = list_result(self.list.key(), items, next, cache);
        Ok(probe::apply(&result, &router.result_envelope(protocol_version)))
    }
}

fn list_result(key: &str, items: Vec<Json>, next: Option<String>, cache: ListCache) -> Json {
    let mut out = vec![(key.to_string(), Json::Array(items))];
    if let Some(next) = next {
        out.push(("nextCursor".to_string(), Json::String(next)));
    }
    if let Some(ttl) = cache.ttl_ms {
        out.push(("ttlMs".to_string(), Json::Number(ttl)));
    }
    if let Some(scope) = cache.cache_scope {
        out.push(("cacheScope".to_string(), Json::String(scope.as_str().to_string())));
    }
    Json::Object(out)
}

/// A [`Router`] with the upstream objects: the MCP message layer for Rust hosts. Routing
/// questions go to the router ([`Deref`]); changes go through the gateway, which keeps the
/// objects and the router in step.
#[derive(Debug)]
pub struct Gateway {
    router: Router,
    /// Per list: tools, prompts, resources, resource templates.
    objects: [Objects; 4],
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
    pub fn new(mut config: RouterConfig) -> Result<Gateway, Error> {
        if config.request_state_key.is_none() {
            config.request_state_key = process_key();
        }
        Router::new(config).map(Gateway::over)
    }

    /// A gateway from a configuration's JSON, as [`Router::from_json`].
    ///
    /// # Errors
    /// As [`Router::from_json`].
    pub fn from_json(config: &Json) -> Result<Gateway, Error> {
        match (config, config.get("requestStateKey"), process_key()) {
            (Json::Object(members), None, Some(key)) => {
                let mut members = members.clone();
                members.push(("requestStateKey".into(), Json::String(key)));
                Router::from_json(&Json::Object(members)).map(Gateway::over)
            }
            _ => Router::from_json(config).map(Gateway::over),
        }
    }

    fn over(router: Router) -> Gateway {
        let n = router.servers().len();
        let segments = router.segments();
        let objects = ListKind::ALL.map(|list| match list {
            ListKind::Tools | ListKind::Prompts => Objects::new(list, n, segments),
            _ => Objects::new(list, n, n),
        });
        Gateway { router, objects }
    }

    /// The router, for routing questions.
    pub fn router(&self) -> &Router {
        &self.router
    }

    /// The router, to change behind the gateway's back (tests of the decisions only).
    #[cfg(test)]
    pub(crate) fn router_mut(&mut self) -> &mut Router {
        &mut self.router
    }

    fn expose_list(
        &mut self,
        list: ListKind,
        server: &str,
        result: &Json,
        on_invalid: OnInvalid,
    ) -> Result<ExposeDecision, Error> {
        let objects = items(result, list.key())?.to_vec();
        let named = list_items(&objects, list.field());
        let tools = list == ListKind::Tools;
        let finds: Vec<(u32, Vec<Found>)> = objects
            .iter()
            .enumerate()
            .filter(|_| tools)
            .map(|(i, t)| (i as u32, find(t, probes(Probe::Tool))))
            .filter(|(_, f)| !f.is_empty())
            .collect();
        let headers: Vec<(u32, Vec<Found>)> = objects
            .iter()
            .enumerate()
            .filter(|_| tools)
            .map(|(i, t)| (i as u32, find(t, probes(Probe::ToolHeaders))))
            .filter(|(_, f)| !f.is_empty())
            .collect();
        let texts: Vec<Vec<Found>> =
            objects.iter().filter(|_| tools).map(|t| find(t, probes(Probe::ToolText))).collect();
        let parts: Vec<(Option<&str>, Vec<&str>)> = texts.iter().map(|f| tool_text_parts(f)).collect();
        let texts: Vec<ToolText<'_>> =
            parts.iter().map(|(description, p)| ToolText { description: *description, parameters: p }).collect();
        let listing = Listing {
            items: &named,
            finds: &finds,
            texts: tools.then_some(&texts[..]),
            cache: ListCache::from_result(result),
            headers: &headers,
        };
        let mut d = self.router.decide_expose(list, server, &listing, on_invalid, true)?;
        let si = self.router.server(server)?;
        let router = &self.router;
        let name = |slot: usize, pos: usize| match list {
            ListKind::Tools => router.placed(super::Kind::Tool, slot, pos),
            ListKind::Prompts => router.placed(super::Kind::Prompt, slot, pos),
            ListKind::Resources => router.placed_uri(super::UriKind::Resource, slot, pos),
            ListKind::ResourceTemplates => router.placed_uri(super::UriKind::Template, slot, pos),
        };
        let name = |slot, pos| name(slot, pos).map_or_else(String::new, |(n, _)| n.to_string());
        let objects_changed = self.objects[list as usize].apply(si, objects, &d.placement, d.changed, name);
        let views_changed = self.objects[ListKind::Tools as usize].set_views(&d.views);
        d.changed = objects_changed || (list == ListKind::Tools && views_changed);
        Ok(d)
    }

    fn exposure<T>(d: ExposeDecision, exposed: Vec<T>) -> Exposure<T> {
        Exposure { exposed, skipped: d.skipped, changed: d.changed, warnings: d.warnings, placement: d.placement }
    }

    /// Exposes a server's tools by name ([`Router::expose`]), as objects with only a name.
    ///
    /// # Errors
    /// As [`Router::expose`].
    pub fn expose<S: AsRef<str>>(&mut self, server: &str, tools: &[S]) -> Result<Vec<ExposedTool>, Error> {
        let list = tools.iter().map(|t| Json::Object(vec![("name".into(), Json::String(t.as_ref().into()))])).collect();
        Ok(self.expose_tools(server, &Json::Array(list), OnInvalid::Throw)?.exposed)
    }

    /// Exposes a server's tools from its `tools/list` result (or the `tools` array, or every
    /// page concatenated), replacing what it exposed before. Each tool's whole object
    /// (description, schemas, annotations, `_meta`) is kept for [`Gateway::list_tools`].
    ///
    /// # Errors
    /// `invalid_argument` for a value that is not a list result; with [`OnInvalid::Throw`],
    /// the errors of [`Router::expose`] (nothing changes then).
    pub fn expose_tools(&mut self, server: &str, result: &Json, on_invalid: OnInvalid) -> Result<Exposure, Error> {
        self.expose_named(ListKind::Tools, server, result, on_invalid)
    }

    /// [`Gateway::expose_tools`] for a `prompts/list` result.
    ///
    /// # Errors
    /// As [`Gateway::expose_tools`].
    pub fn expose_prompts(&mut self, server: &str, result: &Json, on_invalid: OnInvalid) -> Result<Exposure, Error> {
        self.expose_named(ListKind::Prompts, server, result, on_invalid)
    }

    fn expose_named(
        &mut self,
        list: ListKind,
        server: &str,
        result: &Json,
        on_invalid: OnInvalid,
    ) -> Result<Exposure, Error> {
        let mut d = self.expose_list(list, server, result, on_invalid)?;
        let exposed = match std::mem::replace(&mut d.exposed, Exposed::Tools(Vec::new())) {
            Exposed::Tools(t) => t,
            Exposed::Resources(_) => Vec::new(),
        };
        Ok(Gateway::exposure(d, exposed))
    }

    /// Exposes a server's resources from its `resources/list` result (see the resources module
    /// for when a URI is rewritten), replacing what it exposed before.
    ///
    /// # Errors
    /// As [`Router::expose_uris`], and `invalid_argument` for a value that is not a list result.
    pub fn expose_resources(
        &mut self,
        server: &str,
        result: &Json,
        on_invalid: OnInvalid,
    ) -> Result<Exposure<ExposedResource>, Error> {
        self.expose_uris(ListKind::Resources, server, result, on_invalid)
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
        self.expose_uris(ListKind::ResourceTemplates, server, result, on_invalid)
    }

    fn expose_uris(
        &mut self,
        list: ListKind,
        server: &str,
        result: &Json,
        on_invalid: OnInvalid,
    ) -> Result<Exposure<ExposedResource>, Error> {
        let mut d = self.expose_list(list, server, result, on_invalid)?;
        let exposed = match std::mem::replace(&mut d.exposed, Exposed::Resources(Vec::new())) {
            Exposed::Resources(r) => r,
            Exposed::Tools(_) => Vec::new(),
        };
        Ok(Gateway::exposure(d, exposed))
    }

    /// Exposes one more resource URI of a server, kept with the ones it listed: sugar for
    /// [`Gateway::expose_resources`] of its list and `{ uri }`. Answers the URI the gateway
    /// lists it under.
    ///
    /// # Errors
    /// As [`Gateway::expose_resources`].
    pub fn expose_resource(&mut self, server: &str, uri: &str) -> Result<String, Error> {
        let si = self.router.server(server)?;
        let mut list = self.objects[ListKind::Resources as usize].items[si].clone();
        if !list.iter().any(|r| r.get("uri").and_then(Json::as_str) == Some(uri)) {
            list.push(Json::Object(vec![("uri".into(), Json::String(uri.into()))]));
        }
        let exposure = self.expose_resources(server, &Json::Array(list), OnInvalid::Throw)?;
        let found = exposure.exposed.into_iter().find(|r| r.upstream == uri);
        Ok(found.map_or_else(|| uri.to_string(), |r| r.uri))
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
                    tools.push(probe::apply(item, &[Edit::string(vec![Step::key("name")], t.name.clone())]));
                }
            }
        }
        let edit = Edit::new(vec![Step::key("tools")], Json::Array(tools));
        let empty = Json::Object(Vec::new());
        Ok(probe::apply(if result.as_object().is_some() { result } else { &empty }, &[edit]))
    }

    /// The merged `tools/list` result: every enabled tool's upstream object under its exposed
    /// name, servers in configuration order; in pages of `page_size` items (default
    /// [`super::decide::DEFAULT_PAGE_SIZE`]). While discovery is on
    /// ([`Router::discovery_active`]), the meta-tools ([`super::meta_tools`]) and the tools
    /// `discovery.always` matches instead.
    ///
    /// # Errors
    /// As [`Router::decide_list`].
    pub fn list_tools(&self, cursor: Option<&str>, page_size: Option<usize>) -> Result<Json, Error> {
        self.list(ListKind::Tools, cursor, page_size)
    }

    /// The merged `prompts/list` result, as [`Gateway::list_tools`].
    ///
    /// # Errors
    /// As [`Router::decide_list`].
    pub fn list_prompts(&self, cursor: Option<&str>, page_size: Option<usize>) -> Result<Json, Error> {
        self.list(ListKind::Prompts, cursor, page_size)
    }

    /// The merged `resources/list` result.
    ///
    /// # Errors
    /// As [`Router::decide_list`].
    pub fn list_resources(&self, cursor: Option<&str>, page_size: Option<usize>) -> Result<Json, Error> {
        self.list(ListKind::Resources, cursor, page_size)
    }

    /// The merged `resources/templates/list` result.
    ///
    /// # Errors
    /// As [`Router::decide_list`].
    pub fn list_resource_templates(&self, cursor: Option<&str>, page_size: Option<usize>) -> Result<Json, Error> {
        self.list(ListKind::ResourceTemplates, cursor, page_size)
    }

    fn list(&self, list: ListKind, cursor: Option<&str>, page_size: Option<usize>) -> Result<Json, Error> {
        self.list_result(list, cursor, page_size, None)
    }

    /// The merged `list` for a client of revision `protocol_version`: as
    /// [`Gateway::list_tools`] and the others, and for 2026-07-28 and after with the envelope
    /// of that revision ([`Router::result_envelope`]) and caching that always says something.
    ///
    /// # Errors
    /// As [`Router::decide_list`].
    pub fn list_result(
        &self,
        list: ListKind,
        cursor: Option<&str>,
        page_size: Option<usize>,
        protocol_version: Option<&str>,
    ) -> Result<Json, Error> {
        let page_size = page_size.map(|n| Json::Number(n as f64));
        self.objects[list as usize].list(&self.router, cursor, page_size, protocol_version)
    }

    /// The request of `method` with `params`, as the router decides it.
    fn decide(
        &self,
        method: Method,
        params: &Json,
        header: NameHeader<'_>,
        accept: Accept,
    ) -> Result<RequestDecision, Error> {
        // The meta-tools' calls are read with their larger probe; no other tool's arguments are.
        let method = match (method, params.get("name").and_then(Json::as_str)) {
            (Method::CallTool, Some(name)) if self.router.meta_tool(name).is_some() => Method::MetaCall,
            _ => method,
        };
        let mut request = Request::new(method, find(params, probes(method.probe())));
        let (value, required) = header.parts();
        request.header = value.map(str::to_string);
        request.protocol_version = required.then(|| super::NAME_HEADER_REVISION.to_string());
        request.accept = accept;
        self.router.decide_request(&request)
    }

    /// Applies a forwarding decision to `params`.
    fn forwarded(params: &Json, decision: RequestDecision) -> Result<Mapped, Error> {
        match decision {
            RequestDecision::Forward { server, header, edits, .. } => {
                Ok(Mapped::new(server, probe::apply(params, &edits), header))
            }
            // A forward-only request is never answered by the gateway (the router refuses it).
            _ => Err(Error::invalid_argument("the gateway answers this request itself")),
        }
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
        Gateway::forwarded(params, self.decide(Method::CallTool, params, header.into(), Accept::Forward)?)
    }

    /// The gateway's own answer to a `tools/call` of `search_tools` or `get_tool_details`
    /// (discovery), as an MCP tool result: the hits, or the tool's object under its exposed
    /// name; an `isError` result ([`super::tool_error_result`]) for bad arguments or a name
    /// that routes to no tool. `None` for any other call (map it with
    /// [`Gateway::map_call_tool`]).
    pub fn discovery_result(&self, params: &Json) -> Option<Json> {
        match self.decide(Method::CallTool, params, NameHeader::default(), Accept::Answer) {
            Ok(RequestDecision::Answer { result, inserts }) => Some(self.answer(result, &inserts)),
            _ => None,
        }
    }

    /// A result of the gateway's own, its inserts made from the tools it keeps.
    fn answer(&self, result: Json, inserts: &[Insert]) -> Json {
        let tools = &self.objects[ListKind::Tools as usize];
        let edits: Vec<Edit> = inserts
            .iter()
            .map(|i| {
                let tool = tools.shown(i.server as usize, i.index, &i.name);
                let value = if i.text { Json::String(tool.to_text()) } else { tool };
                Edit::new(i.path.clone(), value)
            })
            .collect();
        probe::apply(&result, &edits)
    }

    /// A client's `prompts/get` params for the upstream.
    ///
    /// # Errors
    /// As [`Router::prompt_target`].
    pub fn map_get_prompt<'h>(&self, params: &Json, header: impl Into<NameHeader<'h>>) -> Result<Mapped, Error> {
        Gateway::forwarded(params, self.decide(Method::GetPrompt, params, header.into(), Accept::Forward)?)
    }

    /// A client's `resources/read` params for the upstream.
    ///
    /// # Errors
    /// As [`Router::resource_target`].
    pub fn map_read_resource<'h>(&self, params: &Json, header: impl Into<NameHeader<'h>>) -> Result<Mapped, Error> {
        Gateway::forwarded(params, self.decide(Method::ReadResource, params, header.into(), Accept::Forward)?)
    }

    /// A client's `completion/complete` params for the upstream: `ref` (a prompt's name or a
    /// resource template's URI) as that server knows it; the argument and context untouched.
    ///
    /// # Errors
    /// `invalid_argument` for params without a `ref` of a known type; as
    /// [`Router::completion_target`].
    pub fn map_complete(&self, params: &Json) -> Result<Mapped, Error> {
        Gateway::forwarded(params, self.decide(Method::Complete, params, NameHeader::default(), Accept::Forward)?)
    }

    /// A client's `resources/subscribe` (or `resources/unsubscribe`) params for the upstream:
    /// the resource, a link from a result, or an expansion of a template, as its server knows it.
    ///
    /// # Errors
    /// As [`Router::resource_target`] without a header.
    pub fn map_subscribe(&self, params: &Json) -> Result<Mapped, Error> {
        Gateway::forwarded(params, self.decide(Method::Subscribe, params, NameHeader::default(), Accept::Forward)?)
    }

    /// What to do with a notification `server` sent: the notification to forward (a
    /// `resources/updated` URI in its gateway form), or the list to ask that server for again.
    ///
    /// # Errors
    /// `unknown_server`; `invalid_argument` for a notification that is not an object with a
    /// string `method`.
    pub fn rewrite_notification(&mut self, server: &str, notification: &Json) -> Result<Relay, Error> {
        let found = find(notification, probes(Probe::Notification));
        Ok(match self.router.decide_notification(server, &found)? {
            super::decide::NotificationDecision::Forward { edits } => {
                Relay { forward: Some(probe::apply(notification, &edits)), relist: None }
            }
            super::decide::NotificationDecision::Relist { list } => Relay { forward: None, relist: Some(list) },
            _ => Relay { forward: None, relist: None },
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
        let found = find(result, probes(Probe::Result));
        let d = self.router.decide_result(server, &found)?;
        Ok(if d.edits.is_empty() { result.clone() } else { probe::apply(result, &d.edits) })
    }

    // ---- MCP 2026-07-28.

    /// Records what upstream `server` said about itself: its `server/discover` result, or
    /// (`initialize`) its `initialize` result ([`Router::upstream_answered`]).
    ///
    /// # Errors
    /// As [`Router::upstream_answered`].
    pub fn upstream_answered(
        &mut self,
        server: &str,
        result: &Json,
        initialize: bool,
    ) -> Result<UpstreamDecision, Error> {
        self.router.upstream_answered(server, &Answered::from_result(result, initialize))
    }

    /// The gateway's `server/discover` result ([`Router::decide_discover`]).
    pub fn discover(&self) -> Json {
        let DiscoverDecision { result, .. } = self.router.decide_discover();
        result
    }

    /// The gateway's `initialize` result for a client of revision `requested`
    /// ([`Router::decide_initialize`]).
    ///
    /// # Errors
    /// As [`Router::decide_initialize`].
    pub fn initialize(&self, requested: &str) -> Result<Json, Error> {
        Ok(self.router.decide_initialize(requested)?.result)
    }

    /// A client's request as 2026-07-28 sends it, for the upstream: its name or URI as the
    /// upstream knows it, its `_meta` for that upstream, a retry's `requestState` unsealed, and
    /// the headers to send (`Mcp-Name`, `Mcp-Param-*`), the client's checked against the body.
    ///
    /// ```
    /// use mcp_naming::Json;
    /// use mcp_naming::router::decide::{Header, Method};
    /// use mcp_naming::router::{Gateway, Incoming, OnInvalid};
    ///
    /// let json = |s: &str| -> Json { serde_json::from_str(s).unwrap() };
    /// let mut gateway = Gateway::from_json(&json(r#"{ "style": "claude", "servers": [{ "name": "db" }] }"#)).unwrap();
    /// let tools = json(r#"{ "tools": [{ "name": "execute_sql", "inputSchema": { "type": "object", "properties": { "region": { "type": "string", "x-mcp-header": "Region" } } } }] }"#);
    /// gateway.expose_tools("db", &tools, OnInvalid::Throw).unwrap();
    /// let params = json(r#"{ "name": "db__execute_sql", "arguments": { "region": "us-west1" } }"#);
    /// let mut incoming = Incoming::new(Some("2026-07-28"));
    /// incoming.name = Some("db__execute_sql".into());
    /// incoming.params = vec![Header::new("Mcp-Param-Region", "us-west1")];
    /// let mapped = gateway.forward(Method::CallTool, &params, &incoming).unwrap();
    /// assert_eq!((mapped.server.as_str(), mapped.header.as_str()), ("db", "execute_sql"));
    /// assert_eq!(mapped.param_headers, [Header::new("Mcp-Param-Region", "us-west1")]);
    ///
    /// incoming.params = vec![Header::new("Mcp-Param-Region", "eu-west1")];
    /// assert_eq!(gateway.forward(Method::CallTool, &params, &incoming).unwrap_err().code.as_str(), "param_mismatch");
    /// ```
    ///
    /// # Errors
    /// As [`Router::decide_request`] and [`Router::decide_params`].
    pub fn forward(&self, method: Method, params: &Json, incoming: &Incoming) -> Result<Mapped, Error> {
        let method = match (method, params.get("name").and_then(Json::as_str)) {
            (Method::CallTool, Some(name)) if self.router.meta_tool(name).is_some() => Method::MetaCall,
            _ => method,
        };
        let mut request = Request::new(method, find(params, probes(method.probe())));
        request.header = incoming.name.clone();
        request.protocol_version = incoming.protocol_version.clone();
        request.accept = Accept::Forward;
        request.meta = find(params, probes(Probe::RequestMeta));
        let RequestDecision::Forward { server, header, edits, reads } = self.router.decide_request(&request)? else {
            return Err(Error::invalid_argument("the gateway answers this request itself"));
        };
        let params = probe::apply(params, &edits);
        let mut mapped = Mapped::new(server, params, header);
        if !reads.is_empty() || !incoming.params.is_empty() {
            let paths: Vec<_> = reads.iter().map(|r| r.path.clone()).collect();
            let found = find_paths(&mapped.params, &paths);
            let mut p = ParamsRequest {
                reads,
                found,
                given: incoming.params.clone(),
                protocol_version: incoming.protocol_version.clone(),
            };
            if !matches!(method, Method::CallTool | Method::MetaCall) {
                p.reads.clear();
                p.found.clear();
            }
            mapped.param_headers = self.router.decide_params(&p)?.headers;
        }
        Ok(mapped)
    }

    /// An upstream's result of `method` for a client of revision `protocol_version`
    /// ([`Router::decide_response`]): the result to send, and whether it is `input_required`.
    ///
    /// # Errors
    /// As [`Router::decide_response`].
    pub fn rewrite_response(
        &mut self,
        server: &str,
        method: Method,
        result: &Json,
        protocol_version: Option<&str>,
    ) -> Result<(Json, bool), Error> {
        let response = Response::new(method, find(result, probes(Probe::Response)), protocol_version);
        let d = self.router.decide_response(server, &response)?;
        Ok((probe::apply(result, &d.edits), d.input_required))
    }

    /// What to do with a client's `subscriptions/listen` params ([`Router::decide_listen`]).
    ///
    /// # Errors
    /// As [`Router::decide_listen`].
    pub fn listen(&self, params: &Json) -> Result<ListenDecision, Error> {
        self.router.decide_listen(&find(params, probes(Probe::Listen)))
    }

    /// A notification `server` sent on a stream opened for the client's stream `subscription`
    /// ([`Router::decide_listened`]): the notification to send that client, or the list to ask
    /// for again; neither for an acknowledgement.
    ///
    /// # Errors
    /// As [`Router::decide_listened`].
    pub fn listened(&mut self, server: &str, notification: &Json, subscription: &Json) -> Result<Relay, Error> {
        let found = find(notification, probes(Probe::Notification));
        Ok(match self.router.decide_listened(server, &found, subscription)? {
            NotificationDecision::Forward { edits } => {
                Relay { forward: Some(probe::apply(notification, &edits)), relist: None }
            }
            NotificationDecision::Relist { list } => Relay { forward: None, relist: Some(list) },
            _ => Relay { forward: None, relist: None },
        })
    }
}

/// A client's request as the transport received it: what [`Gateway::forward`] checks and
/// decides with besides the params.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Incoming {
    /// The `Mcp-Name` header, if any.
    pub name: Option<String>,
    /// Every `Mcp-Param-*` header (any case).
    pub params: Vec<Header>,
    /// The request's revision (its `_meta` and `MCP-Protocol-Version`), if any.
    pub protocol_version: Option<String>,
}

impl Incoming {
    /// The keys of [`Incoming::from_json`]'s object.
    pub const KEYS: &'static [&'static str] = &["name", "params", "protocolVersion"];

    /// A request of revision `protocol_version` without headers.
    pub fn new(protocol_version: Option<&str>) -> Incoming {
        Incoming { protocol_version: protocol_version.map(str::to_string), ..Incoming::default() }
    }

    /// What a host's transport received, as the packages take it: `{ name?, params?: { header:
    /// value }, protocolVersion? }` (`name` the `Mcp-Name` header, `params` the `Mcp-Param-*`
    /// headers); `null` is nothing received.
    ///
    /// ```
    /// use mcp_naming::router::Incoming;
    /// let json = serde_json::from_str(r#"{ "name": "db__q", "params": { "Mcp-Param-Region": "eu" }, "protocolVersion": "2026-07-28" }"#).unwrap();
    /// let incoming = Incoming::from_json(&json).unwrap();
    /// assert_eq!((incoming.name.as_deref(), incoming.params[0].value.as_str()), (Some("db__q"), "eu"));
    /// let json = serde_json::from_str(r#"{ "params": { "Mcp-Param-Region": 1 } }"#).unwrap();
    /// assert_eq!(Incoming::from_json(&json).unwrap_err().message, "incoming.params[\"Mcp-Param-Region\"]: must be a string, got a number");
    /// ```
    ///
    /// # Errors
    /// `invalid_argument`, a diagnostic with its path per unknown key or value of the wrong type.
    pub fn from_json(value: &Json) -> Result<Incoming, Error> {
        if matches!(value, Json::Null) {
            return Ok(Incoming::default());
        }
        let mut r = crate::read::Reader::argument();
        r.object(value, "incoming", Incoming::KEYS);
        let want = crate::dialect::of_strings(crate::dialect::JsonType::Object);
        let incoming = Incoming {
            name: r.opt_string(value, "name", "incoming"),
            params: r.pairs(value, "params", "incoming", &want).into_iter().map(|(n, v)| Header::new(n, v)).collect(),
            protocol_version: r.opt_string(value, "protocolVersion", "incoming"),
        };
        r.finish(Some(incoming), "")
    }
}

/// A key for this process's sealed states when the configuration gives none: 32 bytes of the
/// operating system's randomness, as text (`None` where there is none to read, as in wasm: the
/// configuration's `requestStateKey` is then the only way).
fn process_key() -> Option<String> {
    use std::io::Read;
    let mut bytes = [0u8; 32];
    std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut bytes)).ok()?;
    Some(crate::base64::encode(&bytes, crate::base64::Alphabet::Url))
}
