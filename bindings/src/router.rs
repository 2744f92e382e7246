//! The router for JavaScript: configuration in as a plain object, names and URIs in through the
//! input buffer, decisions out as compact numbers and one string. The MCP objects stay in
//! JavaScript (pkg-config/router.mjs keeps them and re-keys them by the placement that comes
//! back). Decides nothing.

use super::convert::{json, to_js, utf16_spans};
use super::io;
use super::{error_to_js, method_options};
use js_sys::Array;
use mcp_naming::router::{
    decode_name_header, encode_name_header, is_header_safe, page, tool_error_result, Exposure, Kind, ListItem,
    OnInvalid, Placement, Router, Skipped, UriKind,
};
use mcp_naming::router::{CompletionRef, ListCache, Listed, NameHeader, Notice, SearchOptionsOwned, Server, ToolText};
use mcp_naming::Json;
use mcp_naming::{Diagnostic, Error, Method};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// `0xFFFFFFFF`: a name that is the item's upstream name, or a header that is its upstream name;
/// `NEXT`: the next string of the text.
const SAME: u32 = u32::MAX;
const NEXT: u32 = 1;

fn err(e: Error) -> JsValue {
    error_to_js("", &e)
}

/// What the glue reads of an exposure besides the placement: `{ skipped, warnings }`.
#[derive(Serialize)]
struct Extra<'e> {
    skipped: &'e [Skipped],
    warnings: &'e [Diagnostic],
}

/// What the glue needs to answer hits itself.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Facts<'r> {
    servers: &'r [Server],
    qualified_prefix: &'r str,
    builtins: Vec<(&'r str, bool)>,
    aliases: Vec<(&'r str, &'r str)>,
    segments: usize,
    descriptions: Vec<(usize, &'r str, &'r str)>,
    discovery: bool,
}

/// Appends `s` to `text` as the next string of a JSON array (the glue parses the text with
/// `JSON.parse`, which makes flat strings: a slice of one long string would be a slower key).
fn push(text: &mut String, s: &str) -> u32 {
    text.push(if text.is_empty() { '[' } else { ',' });
    text.push('"');
    if !s.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
        text.push_str(s);
        text.push('"');
        return NEXT;
    }
    for c in s.chars() {
        match c {
            '"' => text.push_str("\\\""),
            '\\' => text.push_str("\\\\"),
            c if (c as u32) < 0x20 => text.push_str(&format!("\\u{:04x}", c as u32)),
            c => text.push(c),
        }
    }
    text.push('"');
    NEXT
}

/// Writes a placement: `[segmentCount, (slot, n, (server, index, flags, name, header)*)*,
/// renamedCount, (slot, pos, flags, name)*]`, flags 1 enabled, 2 listed, 4 routed; `name` and
/// `header` are `SAME` for a name (or `Mcp-Name` header) that is the upstream name itself, else
/// `NEXT`: the next string of the text, a JSON array of strings in that order.
fn write_placement<'r>(
    p: &Placement,
    names: &dyn Fn(usize, usize) -> Option<(&'r str, &'r str)>,
    out: &mut Vec<u32>,
    text: &mut String,
) {
    out.push(p.segments.len() as u32);
    for s in &p.segments {
        out.push(s.slot as u32);
        out.push(s.entries.len() as u32);
        for (pos, e) in s.entries.iter().enumerate() {
            out.push(e.server as u32);
            out.push(e.index as u32);
            out.push(u32::from(e.enabled) | u32::from(e.listed) << 1 | u32::from(e.routed) << 2);
            let (name, upstream) = names(s.slot, pos).unwrap_or_default();
            out.push(if name == upstream { SAME } else { push(text, name) });
            out.push(if is_header_safe(upstream) { SAME } else { push(text, &encode_name_header(upstream)) });
        }
    }
    out.push(p.renamed.len() as u32);
    for r in &p.renamed {
        out.push(r.slot as u32);
        out.push(r.pos as u32);
        out.push(u32::from(r.enabled) | u32::from(r.listed) << 1 | u32::from(r.routed) << 2);
        out.push(push(text, &r.name));
    }
}

/// The core's `Router`, held by the JavaScript `Router` class.
#[wasm_bindgen]
pub struct WasmRouter {
    pub(crate) inner: Router,
    extra: Option<JsValue>,
}

#[wasm_bindgen]
impl WasmRouter {
    /// `new Router(config)`.
    #[wasm_bindgen(constructor)]
    pub fn new(config: JsValue) -> Result<WasmRouter, JsValue> {
        let inner = Router::from_json(&json(&config)?).map_err(err)?;
        Ok(WasmRouter { inner, extra: None })
    }

    /// What the glue needs to answer hits itself: `{ servers: [{ name, pool?, upstreamPrefix? }],
    /// qualifiedPrefix, builtins: [[name, enabled]], aliases: [[old, current]], segments,
    /// descriptions: [[serverIndex, upstream, description]], discovery }`.
    pub fn facts(&self) -> JsValue {
        let r = &self.inner;
        to_js(&Facts {
            servers: r.servers(),
            qualified_prefix: r.qualified_prefix(),
            builtins: r.builtins().collect(),
            aliases: r.aliases().collect(),
            segments: r.segments(),
            descriptions: r.descriptions().collect(),
            discovery: r.discovery_configured(),
        })
    }

    /// Exposes one server's list of `kind` (0 tools, 1 prompts, 2 resources, 3 templates): its
    /// names (or URIs) are in the input buffer, one after the other, `lengths` their UTF-8
    /// lengths; the items at `bad_at` hold no string name (`bad_got` says what they hold).
    /// Writes `[changed, hasExtra]` and the placement (see `write_placement`) to the output
    /// buffer and returns its address; the names come with `take_text`, the skipped items and
    /// warnings with `take_extra` when `hasExtra`.
    #[allow(clippy::too_many_arguments)]
    pub fn expose(
        &mut self,
        kind: u32,
        server: &str,
        len: u32,
        lengths: &[u32],
        bad_at: &[u32],
        bad_got: Vec<String>,
        skip: bool,
    ) -> Result<u32, JsValue> {
        self.expose_impl(kind, server, len, lengths, bad_at, bad_got, skip, None)
    }

    /// [`WasmRouter::expose`] of tools with each tool's searchable text (for `searchTools` and
    /// discovery): after the names, the input buffer holds per item its description (if any)
    /// and its input parameters' names; `texts` gives per item `[descriptionLength (0xFFFFFFFF:
    /// none), parameterCount, parameterLength*]`, UTF-8 lengths.
    #[allow(clippy::too_many_arguments)]
    pub fn expose_texts(
        &mut self,
        server: &str,
        len: u32,
        lengths: &[u32],
        bad_at: &[u32],
        bad_got: Vec<String>,
        skip: bool,
        texts: &[u32],
    ) -> Result<u32, JsValue> {
        self.expose_impl(0, server, len, lengths, bad_at, bad_got, skip, Some(texts))
    }

    #[allow(clippy::too_many_arguments)]
    fn expose_impl(
        &mut self,
        kind: u32,
        server: &str,
        len: u32,
        lengths: &[u32],
        bad_at: &[u32],
        bad_got: Vec<String>,
        skip: bool,
        texts: Option<&[u32]>,
    ) -> Result<u32, JsValue> {
        let on_invalid = if skip { OnInvalid::Skip } else { OnInvalid::Throw };
        let inner = &mut self.inner;
        let exposed = io::with_input(len, |joined| {
            let mut at = 0usize;
            let mut take = |bytes: u32| {
                let end = (at + bytes as usize).min(joined.len());
                // Each string was encoded on its own, so its ends are character boundaries; a
                // wrong length from a caller reads as an empty string, never as a panic.
                let s = joined.get(at..end).unwrap_or("");
                at = end;
                s
            };
            let mut got = bad_got.iter();
            let mut bad = bad_at.iter().peekable();
            let list: Vec<ListItem<'_>> = lengths
                .iter()
                .enumerate()
                .map(|(i, &bytes)| {
                    let name = take(bytes);
                    if bad.next_if(|&&b| b == i as u32).is_some() {
                        ListItem::Unnamed(got.next().map_or("nothing", String::as_str))
                    } else {
                        ListItem::Named(name)
                    }
                })
                .collect();
            match texts {
                None => expose_kind(inner, kind, server, &list, on_invalid),
                Some(texts) => {
                    let read = read_texts(texts, list.len(), &mut take)?;
                    let texts: Vec<ToolText<'_>> =
                        read.iter().map(|(d, p)| ToolText { description: *d, parameters: p }).collect();
                    let e = inner.place_list_with(Kind::Tool, server, &list, &texts, on_invalid)?;
                    Ok((e.changed, e.placement, e.skipped, e.warnings))
                }
            }
        });
        let (changed, placement, skipped, warnings) = exposed.map_err(err)?;
        let has_extra = !skipped.is_empty() || !warnings.is_empty();
        self.extra = has_extra.then(|| to_js(&Extra { skipped: &skipped, warnings: &warnings }));
        let inner = &self.inner;
        let names = |slot: usize, pos: usize| match kind {
            0 => inner.placed(Kind::Tool, slot, pos),
            1 => inner.placed(Kind::Prompt, slot, pos),
            2 => inner.placed_uri(UriKind::Resource, slot, pos),
            _ => inner.placed_uri(UriKind::Template, slot, pos),
        };
        Ok(io::write_output(|out, text| {
            out.push(u32::from(changed));
            out.push(u32::from(has_extra));
            write_placement(&placement, &names, out, text);
            text.push_str(if text.is_empty() { "[]" } else { "]" });
        }))
    }

    /// `router.searchTools(query, { limit?, server? })`: `[{ name, server, upstream, score,
    /// matched, description? }]`, best first, or the error.
    pub fn search_tools(&self, query: &str, opts: JsValue) -> Result<JsValue, JsValue> {
        let o = SearchOptionsOwned::from_json(&json(&opts)?).map_err(err)?;
        self.inner.search_tools(query, &o.as_options()).map(|hits| to_js(&hits)).map_err(|e| error_to_js(query, &e))
    }

    /// While discovery is on, the names of the tools listed beside the meta-tools
    /// (`discovery.always`), in the order clients see them; `null` while it is off (list
    /// every tool).
    pub fn discovery_listing(&self) -> JsValue {
        self.inner.discovery_listing().map_or(JsValue::NULL, |names| to_js(&names))
    }

    /// The meta-tool a `tools/call` of `name` is (`"search_tools"`, `"get_tool_details"`,
    /// `"call_tool"`), or `null`.
    pub fn meta_tool(&self, name: &str) -> JsValue {
        self.inner.meta_tool(name).map_or(JsValue::NULL, |m| JsValue::from_str(m.name()))
    }

    /// The MCP tool result of a `search_tools` call with `arguments` (an `isError` result for
    /// bad arguments).
    pub fn search_result(&self, arguments: JsValue) -> Result<JsValue, JsValue> {
        let answer = self.inner.search_result(&json(&arguments)?);
        Ok(to_js(&answer.unwrap_or_else(|e| tool_error_result(&e))))
    }

    /// The tool a `get_tool_details` call with `arguments` names: `{ tool: { name,
    /// serverIndex, server, upstream } }`, or `{ result }` (an `isError` result) when it names
    /// none.
    pub fn details_target(&self, arguments: JsValue) -> Result<JsValue, JsValue> {
        Ok(match self.inner.details_target(&json(&arguments)?) {
            Ok(tool) => to_js(&DetailsTarget { tool: Some(tool), result: None }),
            Err(e) => to_js(&DetailsTarget { tool: None, result: Some(tool_error_result(&e)) }),
        })
    }

    /// Checks a request's `Mcp-Name` header (`opts`: `{ header?, protocolVersion? }`) against the
    /// called `name`: the error `name_mismatch` when they disagree (or the header is missing
    /// from revision 2026-07-28 on).
    pub fn check_header(&self, name: &str, opts: JsValue) -> Result<(), JsValue> {
        let o = method_options(&opts, Method::Map)?;
        NameHeader::new(o.header.as_deref(), o.protocol_version.as_deref())
            .check(name)
            .map_err(|e| error_to_js(name, &e))
    }

    /// Where a `call_tool` call goes: `name` the called name (what the `Mcp-Name` header in
    /// `opts` is checked against), `arguments` its arguments, of which only `name` crosses
    /// whole (of the inner `arguments`, only its type): `{ server, upstream, header }`, or the
    /// error.
    pub fn call_tool_target(&self, name: &str, arguments: JsValue, opts: JsValue) -> Result<JsValue, JsValue> {
        let o = method_options(&opts, Method::Map)?;
        NameHeader::new(o.header.as_deref(), o.protocol_version.as_deref())
            .check(name)
            .map_err(|e| error_to_js(name, &e))?;
        let arguments = shallow(&arguments)?;
        let inner_name = arguments.get("name").and_then(Json::as_str).unwrap_or("");
        self.inner.call_tool_target(&arguments).map(|t| to_js(&t)).map_err(|e| error_to_js(inner_name, &e))
    }

    /// The skipped items and warnings of the last expose: `{ skipped, warnings }`.
    pub fn take_extra(&mut self) -> JsValue {
        self.extra.take().unwrap_or(JsValue::NULL)
    }

    /// Where a `tools/call` (0), `prompts/get` (1) or `resources/read` (2) goes, for a name the
    /// glue's table does not answer: `{ server, upstream, header }`, or the error.
    pub fn target(&self, kind: u32, name: &str, opts: JsValue) -> Result<JsValue, JsValue> {
        let o = method_options(&opts, Method::Map)?;
        let h = NameHeader::new(o.header.as_deref(), o.protocol_version.as_deref());
        let t = match kind {
            0 => self.inner.call_target(name, h),
            1 => self.inner.prompt_target(name, h),
            _ => self.inner.resource_target(name, h),
        };
        t.map(|t| to_js(&t)).map_err(|e| error_to_js(name, &e))
    }

    /// Where a `completion/complete` goes: `kind` its `ref.type`, `value` its `ref.name` or
    /// `ref.uri`; `{ server, upstream, header }`, or the error.
    pub fn completion_target(&self, kind: &str, value: &str) -> Result<JsValue, JsValue> {
        let reference = CompletionRef::new(kind, value).map_err(err)?;
        self.inner.completion_target(reference).map(|t| to_js(&t)).map_err(|e| error_to_js(value, &e))
    }

    /// A tool's UI resource URI as the client should see it: `{ uri, warning? }`.
    pub fn ui_resource(&mut self, server: &str, tool: &str, uri: &str) -> Result<JsValue, JsValue> {
        let mut r = self.inner.ui_resource(server, tool, uri).map_err(err)?;
        if let Some(w) = r.warning.as_mut() {
            utf16_spans(uri, std::slice::from_mut(w));
        }
        Ok(to_js(&r))
    }

    /// `router.clientView(client, { server })`: what `client` shows of this gateway's tools, the
    /// user having named the gateway `server` (default: the configured gateway name).
    pub fn client_view(&self, client: &str, opts: JsValue) -> Result<JsValue, JsValue> {
        let client: mcp_naming::client::Client = client.parse().map_err(|e| error_to_js(client, &e))?;
        let server = method_options(&opts, Method::View)?.server;
        let server = server.as_deref().unwrap_or_else(|| self.inner.gateway());
        let mut view = mcp_naming::client::view_of(&self.inner, client, server);
        for t in &mut view.tools {
            utf16_spans(&t.name, &mut t.diagnostics);
        }
        utf16_spans(server, &mut view.diagnostics);
        Ok(to_js(&view))
    }

    /// The URI a client should see for a URI `server` returned in a result.
    pub fn rewrite_uri(&mut self, server: &str, uri: &str) -> Result<String, JsValue> {
        self.inner.rewrite_uri(server, uri).map_err(err)
    }

    /// `router.migrateName(name, from)`.
    pub fn migrate(&self, name: &str, from: &WasmRouter) -> Result<String, JsValue> {
        self.inner.migrate(name, &from.inner).map_err(|e| error_to_js(name, &e))
    }

    /// `router.route(name)`, for a name the glue's table does not answer.
    pub fn route(&self, name: &str) -> Result<JsValue, JsValue> {
        self.inner.route(name).map(|r| to_js(&r)).map_err(|e| error_to_js(name, &e))
    }

    /// `router.tryRoute(name)`.
    pub fn try_route(&self, name: &str) -> JsValue {
        self.inner.try_route(name).map_or(JsValue::NULL, |r| to_js(&r))
    }

    /// `router.isEnabled(name)`.
    pub fn is_enabled(&self, name: &str) -> bool {
        self.inner.is_enabled(name)
    }

    /// `router.exposeResource(server, uri)`: the exposed URI.
    pub fn expose_resource(&mut self, server: &str, uri: &str) -> Result<String, JsValue> {
        self.inner.expose_resource(server, uri).map_err(|e| error_to_js(uri, &e))
    }

    /// `router.routeResource(uri)`.
    pub fn route_resource(&self, uri: &str) -> Result<JsValue, JsValue> {
        self.inner.route_resource(uri).map(|r| to_js(&r)).map_err(|e| error_to_js(uri, &e))
    }

    /// The error for `server` when it is not configured.
    pub fn check_server(&self, server: &str) -> Result<(), JsValue> {
        self.inner.server(server).map(|_| ()).map_err(err)
    }
}

type Exposed = (bool, Placement, Vec<Skipped>, Vec<Diagnostic>);

/// `details_target`'s answer.
#[derive(Serialize)]
struct DetailsTarget {
    #[serde(skip_serializing_if = "Option::is_none")]
    tool: Option<mcp_naming::router::ToolRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<Json>,
}

/// Reads `[descriptionLength | NONE, parameterCount, parameterLength*]` per item, the strings
/// taken one after the other.
#[allow(clippy::type_complexity)]
fn read_texts<'a>(
    lengths: &[u32],
    items: usize,
    take: &mut impl FnMut(u32) -> &'a str,
) -> Result<Vec<(Option<&'a str>, Vec<&'a str>)>, Error> {
    let malformed =
        || Error::invalid_argument("the search texts' lengths do not describe one text per item".to_string());
    let mut out = Vec::with_capacity(items);
    let mut at = lengths.iter().copied();
    while out.len() < items {
        let description = at.next().ok_or_else(malformed)?;
        let description = (description != u32::MAX).then(|| take(description));
        let count = at.next().ok_or_else(malformed)?;
        let mut parameters = Vec::with_capacity((count as usize).min(64));
        for _ in 0..count {
            parameters.push(take(at.next().ok_or_else(malformed)?));
        }
        out.push((description, parameters));
    }
    if at.next().is_some() {
        return Err(malformed());
    }
    Ok(out)
}

/// `call_tool`'s arguments with only what the core reads: `name` whole; the inner `arguments`
/// as an empty object or array of its type (a payload stays in JavaScript); other members'
/// keys (so that unknown ones are named).
fn shallow(arguments: &JsValue) -> Result<Json, JsValue> {
    if !arguments.is_object() || js_sys::Array::is_array(arguments) {
        return json(arguments);
    }
    let entries = js_sys::Object::entries(&js_sys::Object::from(arguments.clone()));
    let mut members = Vec::with_capacity(entries.length() as usize);
    for entry in entries.iter() {
        let pair = Array::from(&entry);
        let key = pair.get(0).as_string().unwrap_or_default();
        let value = pair.get(1);
        let value = match key.as_str() {
            "name" => json(&value)?,
            _ if Array::is_array(&value) => Json::Array(Vec::new()),
            _ if value.is_object() && !value.is_function() => Json::Object(Vec::new()),
            _ if value.is_undefined() => continue,
            _ => json(&value)?,
        };
        members.push((key, value));
    }
    Ok(Json::Object(members))
}

fn expose_kind(
    r: &mut Router,
    kind: u32,
    server: &str,
    list: &[ListItem<'_>],
    on_invalid: OnInvalid,
) -> Result<Exposed, Error> {
    Ok(match kind {
        0 | 1 => {
            let kind = if kind == 0 { Kind::Tool } else { Kind::Prompt };
            let e: Exposure = r.place_list(kind, server, list, on_invalid)?;
            (e.changed, e.placement, e.skipped, e.warnings)
        }
        _ => {
            let kind = if kind == 2 { UriKind::Resource } else { UriKind::Template };
            let e = r.expose_uris(kind, server, list, on_invalid)?;
            (e.changed, e.placement, e.skipped, e.warnings)
        }
    })
}

/// The discovery meta-tools' definitions (`{ name, description, inputSchema }`), as
/// `tools/list` shows them.
#[wasm_bindgen]
pub fn meta_tools() -> JsValue {
    to_js(&mcp_naming::router::meta_tools())
}

/// What to do with an upstream notification of `method`: 0 forward it, 1 forward it with its
/// `params.uri` rewritten, 2 re-list the server's tools, 3 its prompts, 4 its resources.
#[wasm_bindgen]
pub fn notice(method: &str) -> u32 {
    match Notice::of(method) {
        Notice::ResourceUpdated => 1,
        Notice::Relist(Listed::Tools) => 2,
        Notice::Relist(Listed::Prompts) => 3,
        Notice::Relist(Listed::Resources) => 4,
        _ => 0,
    }
}

/// What a merged list may say about caching, from what each upstream list said (`lists`: the
/// upstream results, or objects with their `ttlMs` / `cacheScope`): `{ ttlMs?, cacheScope? }`.
#[wasm_bindgen]
pub fn merge_list_cache(lists: Vec<JsValue>) -> Result<JsValue, JsValue> {
    let read = lists.iter().map(|l| json(l).map(|j| ListCache::from_result(&j))).collect::<Result<Vec<_>, _>>()?;
    Ok(to_js(&ListCache::merge(read)))
}

/// Whether `opts` (an `expose*` call's options, read by the core) ask to skip invalid items.
#[wasm_bindgen]
pub fn expose_skips(opts: JsValue) -> Result<bool, JsValue> {
    Ok(method_options(&opts, Method::Expose)?.on_invalid == OnInvalid::Skip)
}

/// Which page of a list of `total` items at `generation` a list call's options (`{ cursor,
/// pageSize }`, read by the core) ask for: `[start, end, nextCursor | null]`.
#[wasm_bindgen]
pub fn list_page(total: u32, generation: u32, opts: JsValue) -> Result<Array, JsValue> {
    let o = method_options(&opts, Method::List)?;
    let p = page(total as usize, generation, o.cursor.as_deref(), o.page_size.map(|n| n as usize)).map_err(err)?;
    Ok(Array::of3(
        &(p.start as f64).into(),
        &(p.end as f64).into(),
        &p.next_cursor.as_deref().map_or(JsValue::NULL, JsValue::from_str),
    ))
}

/// The error for a list result of the wrong shape: `key` the list's member, `got` what the
/// result is (when it is not an object or an array) or what its member is (`None` when it is
/// missing).
#[wasm_bindgen]
pub fn list_shape_error(key: &str, result_got: Option<String>, member_got: Option<String>) -> JsValue {
    err(mcp_naming::router::list_shape_error(key, result_got.as_deref(), member_got.as_deref()))
}

/// `encodeMcpNameHeader(value)`.
#[wasm_bindgen]
pub fn encode_mcp_name(value: &str) -> String {
    encode_name_header(value)
}

/// `decodeMcpNameHeader(header)`.
#[wasm_bindgen]
pub fn decode_mcp_name(value: &str) -> Result<String, JsValue> {
    decode_name_header(value).map_err(|e| error_to_js(value, &e))
}
