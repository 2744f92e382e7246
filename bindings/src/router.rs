//! The router for JavaScript: configuration in as a plain object; an upstream list's names in
//! through the input buffer and the placement out as compact numbers (the hot path); every other
//! message as the core's decision types (`mcp_naming::router::decide`): what a probe found in
//! (`found.rs`), the decision out through serde-wasm-bindgen. The MCP objects stay in
//! JavaScript: pkg-config/src/router.mts walks them with the core's probes and applies the
//! decisions to them. Converts types; decides nothing.

use super::convert::{json, to_js, utf16_spans};
use super::found::{finds, headers, item_finds, reads};
use super::io;
use super::{error_to_js, method_options};
use mcp_naming::router::decide::{
    self, client_error_code, Accept, Answered, ListKind, ListRequest, Listing, ParamsRequest, Request, Response,
    SubscriptionFilter, FLAGS,
};
use mcp_naming::router::{
    decode_name_header, encode_name_header, is_header_safe, Era, Kind, ListCache, ListItem, Listed, OnInvalid, Placed,
    Placement, Router, SearchOptionsOwned, Skipped, ToolText, UriKind,
};
use mcp_naming::{Diagnostic, Error, Json, Method};
use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn err(e: Error) -> JsValue {
    error_to_js("", &e)
}

/// A serde error that keeps no message: a core enum read from its wire name with it links no
/// message formatting (serde's own prints floats, about 20 KB of .wasm).
#[derive(Debug)]
struct Unnamed;

impl std::fmt::Display for Unnamed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("unknown name")
    }
}

impl std::error::Error for Unnamed {}

impl serde::de::Error for Unnamed {
    fn custom<T: std::fmt::Display>(_: T) -> Unnamed {
        Unnamed
    }
}

/// A core enum (`Method`, `Accept`) from its wire name, read by its own `Deserialize`.
fn named<T: DeserializeOwned>(name: &str, what: &str) -> Result<T, JsValue> {
    T::deserialize(serde::de::value::StrDeserializer::<Unnamed>::new(name))
        .map_err(|_| err(Error::invalid_argument(format!("unknown {what} {name:?}"))))
}

/// The list of index `list` in `host_tables().lists`.
fn list_kind(list: u32) -> Result<ListKind, JsValue> {
    ListKind::ALL
        .get(list as usize)
        .copied()
        .ok_or_else(|| err(Error::invalid_argument(format!("unknown list index {list}"))))
}

/// What the glue reads of an exposure besides the placement: `{ skipped, warnings, views }`.
#[derive(Serialize)]
struct Extra<'e> {
    skipped: &'e [Skipped],
    warnings: &'e [Diagnostic],
    views: &'e [decide::View],
}

/// Appends `s` to `text` as the next string of a JSON array (the glue parses the text with
/// `JSON.parse`, which makes flat strings: a slice of one long string would be a slower key).
fn push(text: &mut String, s: &str) -> u32 {
    text.push(if text.is_empty() { '[' } else { ',' });
    text.push('"');
    if !s.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
        text.push_str(s);
    } else {
        for c in s.chars() {
            match c {
                '"' => text.push_str("\\\""),
                '\\' => text.push_str("\\\\"),
                c if (c as u32) < 0x20 => text.push_str(&format!("\\u{:04x}", c as u32)),
                c => text.push(c),
            }
        }
    }
    text.push('"');
    // Anything but the marker: the next string of the text.
    !FLAGS.same
}

/// A placed entry's flags, in the bits of the core's table.
fn flags(enabled: bool, listed: bool, routed: bool) -> u32 {
    let bit = |on: bool, bit: u32| if on { bit } else { 0 };
    bit(enabled, FLAGS.enabled) | bit(listed, FLAGS.listed) | bit(routed, FLAGS.routed)
}

/// Writes a placement: `[segmentCount, (slot, n, (server, index, flags, name, header)*)*,
/// renamedCount, (slot, pos, flags, name)*]`, flags and the marker `same` as the core's table
/// has them (`host_tables().flags`); `name` and `header` are `same` for a name (or `Mcp-Name`
/// header) that is the upstream name itself, else the next string of the text, a JSON array of
/// strings in that order.
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
            let Placed { server, index, enabled, listed, routed, .. } = *e;
            out.extend([server as u32, index as u32, flags(enabled, listed, routed)]);
            let (name, upstream) = names(s.slot, pos).unwrap_or_default();
            out.push(if name == upstream { FLAGS.same } else { push(text, name) });
            out.push(if is_header_safe(upstream) { FLAGS.same } else { push(text, &encode_name_header(upstream)) });
        }
    }
    out.push(p.renamed.len() as u32);
    for r in &p.renamed {
        out.extend([r.slot as u32, r.pos as u32, flags(r.enabled, r.listed, r.routed)]);
        out.push(push(text, &r.name));
    }
}

/// An error about a request, each diagnostic's span in UTF-16 units of the string of the
/// request it covers whole (the name, URI, reference or header the core found wrong).
fn request_error(request: &Request, e: &Error) -> JsValue {
    let mut e = e.clone();
    let texts = || request.found.iter().filter_map(|f| f.value.as_str()).chain(request.header.as_deref());
    for d in &mut e.diagnostics {
        if let Some(t) = texts().find(|t| d.span.start == 0 && d.span.end == t.len()) {
            utf16_spans(t, std::slice::from_mut(d));
        }
    }
    to_js(&e)
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

    /// What the glue needs of the configuration: the core's `HostFacts`.
    pub fn facts(&self) -> JsValue {
        to_js(&self.inner.host_facts())
    }

    /// Exposes one server's list (`list`: its index in `host_tables().lists`): its names (or
    /// URIs) are in the input buffer, one after the other, `lengths` their UTF-8 lengths; the
    /// items at `bad_at` hold no string name (`bad_got` says what they hold). Tools: when the
    /// glue hands the searchable texts over, they follow the names in the buffer (and their
    /// lengths the names'), and `texts` gives per item `[descriptionCount (0 or 1),
    /// parameterCount]`; `finds[k]` (`Found[]`) is what `Probe::Tool` found in item
    /// `found_at[k]`, for the items where it found anything; `header_finds[k]` what
    /// `Probe::ToolHeaders` found in item `headers_at[k]` (MCP 2026-07-28: the tool's
    /// `x-mcp-header` annotations and its schema's types). `cache` is the list result's
    /// `{ ttlMs, cacheScope }`.
    /// Writes `[changed, hasExtra]` and the placement (see `write_placement`) to the output
    /// buffer and returns its address; the names come with `take_text`, the skipped items,
    /// warnings and tool views with `take_extra` when `hasExtra`.
    #[allow(clippy::too_many_arguments)]
    pub fn expose(
        &mut self,
        list: u32,
        server: &str,
        len: u32,
        lengths: &[u32],
        bad_at: &[u32],
        bad_got: Vec<String>,
        skip: bool,
        texts: Option<Vec<u32>>,
        found_at: &[u32],
        finds: JsValue,
        headers_at: &[u32],
        header_finds: JsValue,
        cache: JsValue,
    ) -> Result<u32, JsValue> {
        let kind = list_kind(list)?;
        let on_invalid = if skip { OnInvalid::Skip } else { OnInvalid::Throw };
        let finds = item_finds(found_at, &finds)?;
        let header_finds = item_finds(headers_at, &header_finds)?;
        let cache = ListCache::from_result(&json(&cache)?);
        let inner = &mut self.inner;
        let decided = io::with_input(len, |joined| {
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
            // With texts, the names' lengths come first, then the texts' (`texts`: two counts an item).
            let (names, text_lengths) =
                lengths.split_at(texts.as_ref().map_or(lengths.len(), |t| t.len() / 2).min(lengths.len()));
            let items: Vec<ListItem<'_>> = names
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
            let read = texts.as_deref().map(|t| read_texts(t, text_lengths, &mut take)).transpose()?;
            let texts: Option<Vec<ToolText<'_>>> =
                read.as_ref().map(|r| r.iter().map(|(d, p)| ToolText { description: *d, parameters: p }).collect());
            let mut listing = Listing::new(&items);
            listing.finds = &finds;
            listing.headers = &header_finds;
            listing.texts = texts.as_deref();
            listing.cache = cache;
            inner.decide_expose(kind, server, &listing, on_invalid, false)
        });
        let d = decided.map_err(err)?;
        let has_extra = !d.skipped.is_empty() || !d.warnings.is_empty() || !d.views.is_empty();
        self.extra = has_extra.then(|| to_js(&Extra { skipped: &d.skipped, warnings: &d.warnings, views: &d.views }));
        let inner = &self.inner;
        let names = |slot: usize, pos: usize| match kind {
            ListKind::Tools => inner.placed(Kind::Tool, slot, pos),
            ListKind::Prompts => inner.placed(Kind::Prompt, slot, pos),
            ListKind::Resources => inner.placed_uri(UriKind::Resource, slot, pos),
            _ => inner.placed_uri(UriKind::Template, slot, pos),
        };
        Ok(io::write_output(|out, text| {
            out.push(u32::from(d.changed));
            out.push(u32::from(has_extra));
            write_placement(&d.placement, &names, out, text);
            text.push_str(if text.is_empty() { "[]" } else { "]" });
        }))
    }

    /// The skipped items, warnings and tool views of the last expose: `{ skipped, warnings,
    /// views }`.
    pub fn take_extra(&mut self) -> JsValue {
        self.extra.take().unwrap_or(JsValue::NULL)
    }

    /// A client's request decided: `RequestDecision`. `method` and `accept` are the wire names
    /// of `Method` and `Accept`, `found` what the method's probe found in its params (`Found[]`),
    /// `meta` what `Probe::RequestMeta` found there (`Found[]`, MCP 2026-07-28: its `_meta` is
    /// then edited for the upstream; `undefined`: passed as it is); `opts` are the caller's
    /// `{ header?, protocolVersion? }`, read by the core.
    pub fn decide_request(
        &self,
        method: &str,
        found: JsValue,
        accept: &str,
        opts: JsValue,
        meta: JsValue,
    ) -> Result<JsValue, JsValue> {
        let o = method_options(&opts, Method::Map)?;
        let mut request = Request::new(named::<decide::Method>(method, "method")?, finds(&found)?);
        request.accept = named::<Accept>(accept, "accept")?;
        request.header = o.header;
        request.protocol_version = o.protocol_version;
        if !meta.is_undefined() {
            request.meta = finds(&meta)?;
        }
        self.inner.decide_request(&request).map(|d| to_js(&d)).map_err(|e| request_error(&request, &e))
    }

    /// A page of a merged list (`list`: its index in `host_tables().lists`) of the glue's `total`
    /// shown items at its `generation`: `ListDecision`. `opts` are the caller's `{ cursor?,
    /// pageSize?, protocolVersion? }`, read by the core.
    pub fn decide_list(&self, list: u32, total: u32, generation: u32, opts: JsValue) -> Result<JsValue, JsValue> {
        let o = method_options(&opts, Method::List)?;
        let mut request = ListRequest::new(list_kind(list)?, total, generation);
        request.cursor = o.cursor;
        request.page_size = o.page_size.map(|n| Json::Number(f64::from(n)));
        request.protocol_version = o.protocol_version;
        let text = request.cursor.clone().unwrap_or_default();
        self.inner.decide_list(&request).map(|d| to_js(&d)).map_err(|e| error_to_js(&text, &e))
    }

    /// What to do with a notification `server` sent, from what `Probe::Notification` found in
    /// it (`Found[]`): `NotificationDecision`.
    pub fn decide_notification(&mut self, server: &str, found: JsValue) -> Result<JsValue, JsValue> {
        let found = finds(&found)?;
        self.inner.decide_notification(server, &found).map(|d| to_js(&d)).map_err(err)
    }

    /// What to do with a result from `server`, from what `Probe::Result` found in it
    /// (`Found[]`): `ResultDecision`.
    pub fn decide_result(&mut self, server: &str, found: JsValue) -> Result<JsValue, JsValue> {
        let found = finds(&found)?;
        self.inner.decide_result(server, &found).map(|d| to_js(&d)).map_err(err)
    }

    /// `router.searchTools(query, { limit?, server? })`: `[{ name, server, upstream, score,
    /// matched, description? }]`, best first, or the error.
    pub fn search_tools(&self, query: &str, opts: JsValue) -> Result<JsValue, JsValue> {
        let o = SearchOptionsOwned::from_json(&json(&opts)?).map_err(err)?;
        self.inner.search_tools(query, &o.as_options()).map(|hits| to_js(&hits)).map_err(|e| error_to_js(query, &e))
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

    /// The error for `server` when it is not configured.
    pub fn check_server(&self, server: &str) -> Result<(), JsValue> {
        self.inner.server(server).map(|_| ()).map_err(err)
    }

    // ---- MCP 2026-07-28.

    /// Records what upstream `server` said about itself: its `server/discover` result
    /// (`initialize` false) or its `initialize` result, of which only the versions,
    /// capabilities, instructions and caching cross: `UpstreamDecision`.
    pub fn upstream_answered(&mut self, server: &str, answer: JsValue, initialize: bool) -> Result<JsValue, JsValue> {
        let answered = Answered::from_result(&json(&answer)?, initialize);
        self.inner.upstream_answered(server, &answered).map(|d| to_js(&d)).map_err(|e| error_to_js(server, &e))
    }

    /// The gateway's `server/discover` result.
    pub fn decide_discover(&self) -> JsValue {
        to_js(&self.inner.decide_discover().result)
    }

    /// The gateway's `initialize` result for a client of revision `requested`.
    pub fn decide_initialize(&self, requested: &str) -> Result<JsValue, JsValue> {
        self.inner.decide_initialize(requested).map(|d| to_js(&d.result)).map_err(|e| error_to_js(requested, &e))
    }

    /// The edits of the envelope of a result the gateway builds itself for a client of revision
    /// `protocol_version` (`Edit[]`; none before 2026-07-28).
    pub fn result_envelope(&self, protocol_version: Option<String>) -> JsValue {
        to_js(&self.inner.result_envelope(protocol_version.as_deref()))
    }

    /// The `Mcp-Param-*` headers of a forwarded call: `ParamsDecision`. `reads` are the forward
    /// decision's (`ParamRead[]`), `found` the values at their paths (`Found[]`, each one's
    /// pattern the index of its read), `given` the client's `Mcp-Param-*` headers (`Header[]`).
    pub fn decide_params(
        &self,
        reads_value: JsValue,
        found: JsValue,
        given: JsValue,
        protocol_version: Option<String>,
    ) -> Result<JsValue, JsValue> {
        let mut request = ParamsRequest::new(reads(&reads_value)?, finds(&found)?);
        request.given = headers(&given)?;
        request.protocol_version = protocol_version;
        self.inner.decide_params(&request).map(|d| to_js(&d)).map_err(err)
    }

    /// An upstream's result of `method` (its wire name) from `server`, from what
    /// `Probe::Response` found in it, for a client of revision `protocol_version`:
    /// `ResultDecision`.
    pub fn decide_response(
        &mut self,
        server: &str,
        method: &str,
        found: JsValue,
        protocol_version: Option<String>,
    ) -> Result<JsValue, JsValue> {
        let response =
            Response::new(named::<decide::Method>(method, "method")?, finds(&found)?, protocol_version.as_deref());
        self.inner.decide_response(server, &response).map(|d| to_js(&d)).map_err(err)
    }

    /// A client's `subscriptions/listen`, from what `Probe::Listen` found in its params:
    /// `ListenDecision`.
    pub fn decide_listen(&self, found: JsValue) -> Result<JsValue, JsValue> {
        let found = finds(&found)?;
        self.inner.decide_listen(&found).map(|d| to_js(&d)).map_err(|e| listen_error(&found, &e))
    }

    /// The client's acknowledgement of the listen whose params' `Probe::Listen` finds are
    /// `found`, once upstream `servers[k]` acknowledged the filter `Probe::Listen` found in
    /// `{ notifications: <its filter> }` (`acks[k]`, `Found[]`): `SubscriptionFilter`.
    pub fn acknowledge(&self, found: JsValue, servers: Vec<String>, acks: JsValue) -> Result<JsValue, JsValue> {
        let found = finds(&found)?;
        let d = self.inner.decide_listen(&found).map_err(|e| listen_error(&found, &e))?;
        let at: Vec<u32> = (0..servers.len() as u32).collect();
        let acks = item_finds(&at, &acks)?;
        let acks = servers
            .into_iter()
            .zip(acks)
            .map(|(server, (_, f))| SubscriptionFilter::from_found(&f).map(|filter| (server, filter)))
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        Ok(to_js(&d.acknowledge(&acks)))
    }

    /// A notification `server` sent on a stream opened for the client's stream `subscription`
    /// (its listen request's id), from what `Probe::Notification` found in it:
    /// `NotificationDecision`.
    pub fn decide_listened(&mut self, server: &str, found: JsValue, subscription: JsValue) -> Result<JsValue, JsValue> {
        let found = finds(&found)?;
        let subscription = json(&subscription)?;
        self.inner.decide_listened(server, &found, &subscription).map(|d| to_js(&d)).map_err(err)
    }

    /// The gateway's own stream to upstream `server` for its list changes
    /// (`SubscriptionFilter`), or `null`.
    pub fn control_listen(&self, server: &str) -> Result<JsValue, JsValue> {
        self.inner
            .control_listen(server)
            .map(|f| f.map_or(JsValue::NULL, |f| to_js(&f)))
            .map_err(|e| error_to_js(server, &e))
    }

    /// The gateway's own `notifications/<list>/list_changed` for a client's stream whose id is
    /// `subscription`.
    pub fn listen_notice(&self, list: &str, subscription: JsValue) -> Result<JsValue, JsValue> {
        let list =
            [Listed::Tools, Listed::Prompts, Listed::Resources].into_iter().find(|l| l.id() == list).ok_or_else(
                || err(Error::invalid_argument(format!("unknown list {list:?}: tools, prompts or resources"))),
            )?;
        Ok(to_js(&self.inner.listen_notice(list, &json(&subscription)?)))
    }
}

/// A listen's error, each diagnostic's span over the subscribed URI it is about.
fn listen_error(found: &[mcp_naming::router::probe::Found], e: &Error) -> JsValue {
    error_to_js(decide::listen_subject(found, e), e)
}

/// The JSON-RPC error code to answer a client of revision `protocol_version` with, for an
/// upstream's `code` (`-32002` is `-32602` from 2026-07-28 on).
#[wasm_bindgen]
pub fn client_error_code_for(code: f64, protocol_version: Option<String>) -> f64 {
    let era = protocol_version.as_deref().map_or(Era::Legacy, Era::of);
    if code.fract() != 0.0 || code.abs() > 9_007_199_254_740_991.0 {
        return code;
    }
    client_error_code(code as i64, era) as f64
}

/// Per item `[descriptionCount (0 or 1), parameterCount]` (`counts`) of the strings that follow
/// the names, `lengths` theirs: each item's description and parameters' names, taken in order.
#[allow(clippy::type_complexity)]
fn read_texts<'a>(
    counts: &[u32],
    lengths: &[u32],
    take: &mut impl FnMut(u32) -> &'a str,
) -> Result<Vec<(Option<&'a str>, Vec<&'a str>)>, Error> {
    let malformed =
        || Error::invalid_argument("the search texts' lengths do not describe one text per item".to_string());
    let mut at = lengths.iter().copied();
    let mut next = || at.next().map(&mut *take).ok_or_else(malformed);
    let mut out = Vec::with_capacity(counts.len() / 2);
    for c in counts.chunks(2) {
        let &[described, parameters] = c else { return Err(malformed()) };
        let description = match described {
            0 => None,
            1 => Some(next()?),
            _ => return Err(malformed()),
        };
        out.push((description, (0..parameters).map(|_| next()).collect::<Result<Vec<_>, _>>()?));
    }
    if next().is_ok() {
        return Err(malformed());
    }
    Ok(out)
}

/// The tables every host reads once: the core's `HostTables` (the probes' patterns, the lists,
/// the placement's flags, the meta-tools, the default page size).
#[wasm_bindgen]
pub fn host_tables() -> JsValue {
    to_js(&decide::host_tables())
}

/// Whether `opts` (an `expose*` call's options, read by the core) ask to skip invalid items.
#[wasm_bindgen]
pub fn expose_skips(opts: JsValue) -> Result<bool, JsValue> {
    Ok(method_options(&opts, Method::Expose)?.on_invalid == OnInvalid::Skip)
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
