//! Resources and resource templates behind one gateway: routed by exact match in a table.
//!
//! A URI is exposed as the upstream wrote it, unless a server before it in the configuration
//! exposes the same URI. Then a custom scheme is rewritten to `scheme://<server>/<rest>`
//! (`scheme:<server>/<rest>` without `//`), and a scheme whose users fetch it directly (`http`,
//! `https`, `file`, `urn`, `data`) is never rewritten: the later server's resource is a
//! `name_collision` naming both servers. The server first in the configuration keeps a URI,
//! whichever lists first (MCP 2026-07-28 asks for lists in a deterministic order): a server that
//! lists a URI a later server holds takes it, and the later server's resource moves to its
//! rewritten form (or, a fetchable URI, leaves the list with a warning). Template expansions are routed to the
//! server whose template they match (templates in configuration order), and
//! URIs that tools return as links are remembered for their server as they pass through
//! [`Router::rewrite_uri`](super::Router::rewrite_uri).

use super::header::NameHeader;
use super::placement::{Exposure, ListItem, OnInvalid, Placed, Placement, Segment, Skipped};
use super::route::Target;
use super::template::Template;
use super::{header, Router};
use crate::diagnostic::{Code, Diagnostic, Error, Span};
use crate::suggest;
use crate::text::{clip, quoted};
use serde::Serialize;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet, VecDeque};

/// A resource (or template) as the gateway lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[derive(Serialize)]
pub struct ExposedResource {
    /// The URI (or URI template) in the gateway's lists.
    pub uri: String,
    /// The backend server.
    pub server: String,
    /// The backend's own URI (or template).
    pub upstream: String,
}

/// Where a resource URI goes: `{ server, uri }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct ResourceRoute<'r> {
    /// The backend server.
    pub server: &'r str,
    /// The backend's own URI.
    pub uri: Cow<'r, str>,
}

/// What a `completion/complete` request completes: its `ref`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CompletionRef<'a> {
    /// `{ "type": "ref/prompt", "name" }`.
    Prompt(&'a str),
    /// `{ "type": "ref/resource", "uri" }`: a resource template (or a resource URI).
    Resource(&'a str),
}

impl<'a> CompletionRef<'a> {
    /// The reference of a `ref` of type `kind` (`ref/prompt`, `ref/resource`) naming `value`.
    ///
    /// # Errors
    /// `invalid_argument` for another type.
    pub fn new(kind: &str, value: &'a str) -> Result<CompletionRef<'a>, Error> {
        match kind {
            "ref/prompt" => Ok(CompletionRef::Prompt(value)),
            "ref/resource" => Ok(CompletionRef::Resource(value)),
            other => Err(Error::invalid_argument(format!(
                "params.ref.type: {} is not \"ref/prompt\" or \"ref/resource\"",
                quoted(&clip(other, 40))
            ))),
        }
    }
}

/// A tool's UI resource as the client should see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct UiResource {
    /// The exposed URI.
    pub uri: String,
    /// `unlisted_ui_resource`, when the server lists no such resource.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<Diagnostic>,
}

/// Which URI list: resources, or resource templates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UriKind {
    /// `resources/list`: URIs.
    Resource,
    /// `resources/templates/list`: RFC 6570 URI templates.
    Template,
}

impl UriKind {
    /// The list result's member: `resources`, `resourceTemplates`.
    pub fn key(self) -> &'static str {
        match self {
            UriKind::Resource => "resources",
            UriKind::Template => "resourceTemplates",
        }
    }

    /// The item's member holding its URI: `uri`, `uriTemplate`.
    pub fn field(self) -> &'static str {
        match self {
            UriKind::Resource => "uri",
            UriKind::Template => "uriTemplate",
        }
    }

    fn noun(self) -> &'static str {
        match self {
            UriKind::Resource => "resource",
            UriKind::Template => "template",
        }
    }
}

/// Links remembered from tool results, at most this many (the oldest are forgotten first).
pub(crate) const MAX_LINKS: usize = 10_000;

#[derive(Debug)]
pub(crate) struct Item {
    /// The URI (or template) in the gateway's lists.
    pub uri: String,
    /// The backend's own.
    pub upstream: String,
    /// Its place in the list the host gave.
    pub index: u32,
    /// Templates only.
    matcher: Option<Template>,
}

/// One list: resources, or templates; a segment per server.
#[derive(Debug, Default)]
pub(crate) struct List {
    pub segments: Vec<Vec<Item>>,
    /// Per server, whether it has listed this kind at all.
    pub listed: Vec<bool>,
    /// Exposed URI → (server, place in its segment).
    by_uri: HashMap<String, (u32, u32)>,
}

impl List {
    fn holder(&self, uri: &str) -> Option<(usize, &Item)> {
        self.by_uri.get(uri).map(|&(s, p)| (s as usize, &self.segments[s as usize][p as usize]))
    }

    /// Replaces server `si`'s items; returns whether the URIs it lists changed.
    fn replace(&mut self, si: usize, items: Vec<Item>) -> bool {
        self.listed[si] = true;
        let old = std::mem::replace(&mut self.segments[si], items);
        for it in &old {
            self.by_uri.remove(&it.uri);
        }
        for (pos, it) in self.segments[si].iter().enumerate() {
            self.by_uri.insert(it.uri.clone(), (si as u32, pos as u32));
        }
        old.iter().map(|i| &i.uri).ne(self.segments[si].iter().map(|i| &i.uri))
    }

    fn all(&self) -> impl Iterator<Item = (usize, &Item)> {
        self.segments.iter().enumerate().flat_map(|(s, items)| items.iter().map(move |i| (s, i)))
    }
}

/// How a peer style writes resource URIs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PeerUris {
    /// agentgateway (`handler.rs` `resource_uri`, `apps.rs` `encode_ui_uri`), when names are
    /// prefixed: `ui://…` → `ui://<target>+…`, any other absolute URI → `<target>+<uri>`,
    /// references without a scheme unchanged.
    AgentGateway { prefixed: bool },
    /// FastMCP (`transforms/namespace.py` `_transform_uri`): `<scheme>://<ns>/<rest>`, URIs
    /// without `://` and an empty namespace unchanged.
    FastMcp,
    /// Envoy AI Gateway (`handlers.go` `downstreamResourceURI`, `upstreamResourceURI`): `ui://…`
    /// → `ui://<backend>/…`, any other URI (a scheme or not) → `<backend>+<uri>`.
    Envoy,
    /// 1MCP (`parsing.ts` `buildUri`, `parseUri`): `<server>_1mcp_<uri>`, both trimmed.
    OneMcp,
    /// URIs exactly as the servers list them (ToolHive's `dedupeByKey`: no rewriting, the
    /// first server to expose a URI keeps it).
    Verbatim,
}

impl PeerUris {
    pub(crate) fn rewrite(self, uri: &str, server: &str) -> String {
        match self {
            PeerUris::AgentGateway { prefixed: false } => uri.to_string(),
            PeerUris::AgentGateway { prefixed: true } => {
                if uri.get(..5).is_some_and(|h| h.eq_ignore_ascii_case("ui://")) {
                    format!("ui://{server}+{}", &uri[5..])
                } else if scheme(uri).is_some() {
                    format!("{server}+{uri}")
                } else {
                    uri.to_string()
                }
            }
            PeerUris::FastMcp => match uri.split_once("://") {
                Some((scheme, rest)) if !server.is_empty() && !scheme.contains(':') => {
                    format!("{scheme}://{server}/{rest}")
                }
                _ => uri.to_string(),
            },
            PeerUris::Envoy => match uri.strip_prefix("ui://") {
                Some(rest) => format!("ui://{server}/{rest}"),
                None => format!("{server}+{uri}"),
            },
            PeerUris::OneMcp => format!("{}_1mcp_{}", server.trim(), uri.trim()),
            PeerUris::Verbatim => uri.to_string(),
        }
    }

    pub(crate) fn unrewrite(self, uri: &str, server: &str) -> Option<String> {
        match self {
            PeerUris::AgentGateway { prefixed: false } => Some(uri.to_string()),
            PeerUris::AgentGateway { prefixed: true } => match uri.strip_prefix("ui://") {
                Some(rest) => rest.strip_prefix(server)?.strip_prefix('+').map(|r| format!("ui://{r}")),
                None => uri.strip_prefix(server)?.strip_prefix('+').map(str::to_string),
            },
            PeerUris::FastMcp if server.is_empty() => Some(uri.to_string()),
            PeerUris::FastMcp => unrewrite(uri, server),
            PeerUris::Envoy => match uri.strip_prefix("ui://") {
                Some(rest) => {
                    let (backend, rest) = rest.split_once('/')?;
                    (backend == server).then(|| format!("ui://{rest}"))
                }
                None => {
                    let (backend, rest) = uri.split_once('+')?;
                    (backend == server).then(|| rest.to_string())
                }
            },
            PeerUris::OneMcp => {
                let (client, rest) = uri.split_once("_1mcp_")?;
                (client.trim() == server.trim()).then(|| rest.trim().to_string())
            }
            PeerUris::Verbatim => Some(uri.to_string()),
        }
    }
}

#[derive(Debug, Default)]
pub(crate) struct Resources {
    /// A peer style's URIs, in place of the router's own rule.
    pub peer: Option<PeerUris>,
    pub resources: List,
    pub templates: List,
    links: HashMap<String, (usize, String)>,
    link_order: VecDeque<String>,
}

/// Schemes whose URIs their users fetch or resolve directly: never rewritten.
fn is_fetchable(scheme: &str) -> bool {
    ["http", "https", "file", "urn", "data"].iter().any(|s| s.eq_ignore_ascii_case(scheme))
}

/// The scheme of an absolute URI (RFC 3986: a letter, then letters, digits, `+ - .`, then `:`).
pub(crate) fn scheme(uri: &str) -> Option<&str> {
    let (scheme, _) = uri.split_once(':')?;
    let mut bytes = scheme.bytes();
    let first = bytes.next()?;
    (first.is_ascii_alphabetic() && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
        .then_some(scheme)
}

/// `uri` with the server inserted after the scheme.
fn rewrite(uri: &str, server: &str) -> String {
    match uri.split_once("://") {
        Some((scheme, rest)) => format!("{scheme}://{server}/{rest}"),
        None => {
            let (scheme, rest) = uri.split_once(':').unwrap_or((uri, ""));
            format!("{scheme}:{server}/{rest}")
        }
    }
}

/// The upstream URI for an exposed one that [`rewrite`] made.
fn unrewrite(uri: &str, server: &str) -> Option<String> {
    match uri.split_once("://") {
        Some((scheme, rest)) => rest.strip_prefix(server)?.strip_prefix('/').map(|r| format!("{scheme}://{r}")),
        None => {
            let (scheme, rest) = uri.split_once(':')?;
            rest.strip_prefix(server)?.strip_prefix('/').map(|r| format!("{scheme}:{r}"))
        }
    }
}

impl Resources {
    pub(crate) fn new(servers: usize, peer: Option<PeerUris>) -> Resources {
        let list = || List {
            segments: (0..servers).map(|_| Vec::new()).collect(),
            listed: vec![false; servers],
            by_uri: HashMap::new(),
        };
        Resources { peer, resources: list(), templates: list(), ..Resources::default() }
    }

    fn list(&self, kind: UriKind) -> &List {
        match kind {
            UriKind::Resource => &self.resources,
            UriKind::Template => &self.templates,
        }
    }

    /// The exposed form of `upstream` (a URI or template) for server `si`, given the other
    /// servers' exposed URIs in `list`: a URI a server later in the configuration holds as its
    /// own is `si`'s to take (see [`Resources::displace`]).
    fn exposed_form(&self, kind: UriKind, names: &[&str], si: usize, upstream: &str) -> Result<String, Error> {
        let list = self.list(kind);
        let what = kind.noun();
        let later_own = |s: usize, it: &Item| s > si && it.uri == it.upstream;
        let holder = |uri: &str| list.holder(uri).filter(|(s, it)| *s != si && !later_own(*s, it));
        if let Some(p) = self.peer {
            let uri = p.rewrite(upstream, names[si]);
            return match holder(&uri) {
                None => Ok(uri),
                Some((other, _)) => Err(Error::new(
                    Code::NameCollision,
                    Span::whole(upstream),
                    format!(
                        "server {} {what} {} exposes as {}, which server {} already has",
                        quoted(names[si]),
                        quoted(upstream),
                        quoted(&uri),
                        quoted(names[other])
                    ),
                )),
            };
        }
        let Some(scheme) = scheme(upstream) else {
            return Err(Error::new(
                Code::InvalidArgument,
                Span::whole(upstream),
                format!("server {} {what} {} is not an absolute URI (scheme:...)", quoted(names[si]), quoted(upstream)),
            ));
        };
        let Some((other, it)) = holder(upstream) else { return Ok(upstream.to_string()) };
        let both = format!(
            "server {} {what} {} and server {} {what} {}",
            quoted(names[si]),
            quoted(upstream),
            quoted(names[other]),
            quoted(&it.upstream)
        );
        if is_fetchable(scheme) {
            return Err(Error::new(
                Code::NameCollision,
                Span::whole(upstream),
                format!(
                    "{both} share one URI, and a {scheme} URI is never rewritten (its users fetch it directly): disable one of them"
                ),
            ));
        }
        let rewritten = rewrite(upstream, names[si]);
        match holder(&rewritten) {
            None => Ok(rewritten),
            Some((o, _)) => Err(Error::new(
                Code::NameCollision,
                Span::whole(upstream),
                format!(
                    "{both} share one URI, and its rewritten form {} is taken by server {}",
                    quoted(&rewritten),
                    quoted(names[o])
                ),
            )),
        }
    }

    /// After server `si` took `uris` (its exposed URIs), the later servers holding one of them
    /// as their own: each such resource moves to its rewritten form, or, where that cannot be
    /// (a fetchable scheme, a peer that writes URIs as they are, a rewritten form taken),
    /// leaves the list with a warning. Answers the servers whose segment changed.
    fn displace(&mut self, kind: UriKind, names: &[&str], si: usize, uris: &[String]) -> (Vec<usize>, Vec<Diagnostic>) {
        let mut touched: Vec<usize> = Vec::new();
        let mut warnings = Vec::new();
        for uri in uris {
            let list = self.list(kind);
            let Some((other, it)) = list.holder(uri).filter(|(s, _)| *s != si) else { continue };
            let upstream = it.upstream.clone();
            let fetchable = scheme(&upstream).is_some_and(is_fetchable);
            let moved = match self.peer {
                None if !fetchable => Some(rewrite(&upstream, names[other])),
                _ => None,
            }
            .filter(|m| list.holder(m).is_none());
            let list = match kind {
                UriKind::Resource => &mut self.resources,
                UriKind::Template => &mut self.templates,
            };
            let mut items = std::mem::take(&mut list.segments[other]);
            match moved {
                Some(m) => {
                    if let Some(i) = items.iter_mut().find(|i| i.uri == *uri) {
                        i.matcher = if kind == UriKind::Template { Template::new(&m).ok() } else { None };
                        i.uri = m;
                    }
                }
                None => {
                    items.retain(|i| i.uri != *uri);
                    warnings.push(Diagnostic::warning(
                        Code::NameCollision,
                        Span::whole(&upstream),
                        format!(
                            "server {} {} {} leaves the list: server {}, before it in the configuration, lists the same URI, which cannot be rewritten",
                            quoted(names[other]),
                            kind.noun(),
                            quoted(&upstream),
                            quoted(names[si])
                        ),
                    ));
                }
            }
            list.segments[other] = Vec::new();
            list.replace(other, items);
            if !touched.contains(&other) {
                touched.push(other);
            }
        }
        (touched, warnings)
    }

    /// The server and upstream URI for an exposed URI: the resources, then links from tool
    /// results, then template expansions.
    pub(crate) fn route(&self, uri: &str, names: &[&str]) -> Option<(usize, String)> {
        if let Some((si, it)) = self.resources.holder(uri) {
            return Some((si, it.upstream.clone()));
        }
        if let Some((si, upstream)) = self.links.get(uri) {
            return Some((*si, upstream.clone()));
        }
        for (si, t) in self.templates.all() {
            if t.matcher.as_ref().is_some_and(|m| m.matches(uri)) {
                let upstream = if let Some(p) = self.peer {
                    p.unrewrite(uri, names[si]).unwrap_or_else(|| uri.to_string())
                } else if t.uri == t.upstream {
                    uri.to_string()
                } else {
                    unrewrite(uri, names[si]).unwrap_or_else(|| uri.to_string())
                };
                return Some((si, upstream));
            }
        }
        None
    }

    /// The URI a client should see for `upstream`, a URI server `si` returned in a result;
    /// remembered so that reading it routes back to `si`.
    fn link(&mut self, si: usize, upstream: &str, names: &[&str]) -> String {
        if let Some(it) = self.resources.segments[si].iter().find(|i| i.upstream == upstream) {
            return it.uri.clone();
        }
        if let Some(p) = self.peer {
            let exposed = p.rewrite(upstream, names[si]);
            self.remember(exposed.clone(), si, upstream);
            return exposed;
        }
        if let Some(t) = self.templates.segments[si].iter().find(|t| t.uri != t.upstream) {
            if Template::new(&t.upstream).is_ok_and(|m| m.matches(upstream)) {
                return rewrite(upstream, names[si]);
            }
        }
        let taken_by_other = match self.route(upstream, names) {
            Some((other, _)) => other != si,
            None => false,
        };
        let exposed = match scheme(upstream) {
            Some(s) if taken_by_other && !is_fetchable(s) => rewrite(upstream, names[si]),
            // A fetchable URI another server already exposes stays theirs: it is not rewritten.
            _ if taken_by_other => return upstream.to_string(),
            _ => upstream.to_string(),
        };
        self.remember(exposed.clone(), si, upstream);
        exposed
    }

    /// Remembers a link's exposed URI, at most [`MAX_LINKS`], the oldest forgotten first.
    fn remember(&mut self, exposed: String, si: usize, upstream: &str) {
        if !self.links.contains_key(&exposed) {
            if self.link_order.len() >= MAX_LINKS {
                if let Some(old) = self.link_order.pop_front() {
                    self.links.remove(&old);
                }
            }
            self.link_order.push_back(exposed.clone());
        }
        self.links.insert(exposed, (si, upstream.to_string()));
    }

    /// `unknown_resource`, suggesting exposed URIs close to `uri` (templates too, when `templates`).
    fn unknown(&self, uri: &str, templates: bool) -> Error {
        let candidates =
            self.resources.all().chain(self.templates.all().filter(|_| templates)).map(|(_, i)| i.uri.as_str());
        let suggestions: Vec<String> = suggest::closest(uri, candidates, 3).into_iter().map(str::to_string).collect();
        let mut message = format!("Unknown resource: {}", clip(uri, 200));
        if !suggestions.is_empty() {
            message.push_str(&format!("; did you mean {}?", suggestions.join(", ")));
        }
        let mut e = Error::new(Code::UnknownResource, Span::whole(uri), message);
        e.suggestions = suggestions;
        e
    }
}

impl Router {
    /// What rewritten URIs write each server as (its label: a registry name's prefix).
    fn server_names(&self) -> Vec<&str> {
        self.c.servers.iter().map(|s| s.label.as_str()).collect()
    }

    /// Exposes a server's resources or resource templates from the items of its list (their
    /// URIs), replacing what it exposed before; see the module documentation for when a URI is
    /// rewritten. The name-level core of every host, like [`Router::expose_list`].
    ///
    /// # Errors
    /// `unknown_server`; `invalid_argument` for an item without a string URI, a URI that is not
    /// absolute, or a template this router cannot match; `name_collision` for a URI another
    /// server has and that cannot be rewritten (with [`OnInvalid::Skip`], such items are
    /// skipped instead).
    pub fn expose_uris(
        &mut self,
        kind: UriKind,
        server: &str,
        items: &[ListItem<'_>],
        on_invalid: OnInvalid,
    ) -> Result<Exposure<ExposedResource>, Error> {
        let si = self.server_index(server)?;
        let owned: Vec<String> = self.c.servers.iter().map(|s| s.name.clone()).collect();
        let names: Vec<&str> = owned.iter().map(String::as_str).collect();
        let what = kind.noun();
        let mut skipped = Vec::new();
        let mut fresh: Vec<Item> = Vec::with_capacity(items.len());
        let mut batch: HashSet<&str> = HashSet::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let upstream = match item {
                ListItem::Named(u) => *u,
                ListItem::Unnamed(got) => {
                    let e = Error::invalid_argument(format!(
                        "{}[{i}].{} must be {}, got {got}",
                        kind.key(),
                        kind.field(),
                        crate::dialect::a(crate::dialect::JsonType::String)
                    ));
                    match on_invalid {
                        OnInvalid::Throw => return Err(e),
                        OnInvalid::Skip => {
                            skipped.push(Skipped { name: String::new(), code: e.code, message: e.message });
                            continue;
                        }
                    }
                }
            };
            let checked = self.resources.exposed_form(kind, &names, si, upstream).and_then(|uri| {
                if kind == UriKind::Template {
                    Template::new(upstream).map_err(Error::invalid_argument)?;
                }
                if !batch.insert(upstream) || fresh.iter().any(|f| f.uri == uri) {
                    return Err(Error::new(
                        Code::NameCollision,
                        Span::whole(upstream),
                        format!("server {} {what} {} is listed twice", quoted(server), quoted(upstream)),
                    ));
                }
                Ok(uri)
            });
            match (checked, on_invalid) {
                (Ok(uri), _) => {
                    let matcher = if kind == UriKind::Template { Template::new(&uri).ok() } else { None };
                    fresh.push(Item { uri, upstream: upstream.to_string(), index: i as u32, matcher });
                }
                (Err(e), OnInvalid::Skip) => {
                    skipped.push(Skipped { name: upstream.to_string(), code: e.code, message: e.message })
                }
                (Err(e), OnInvalid::Throw) => return Err(e),
            }
        }
        let exposed: Vec<ExposedResource> = fresh
            .iter()
            .map(|f| ExposedResource { uri: f.uri.clone(), server: server.to_string(), upstream: f.upstream.clone() })
            .collect();
        let entries = fresh
            .iter()
            .map(|f| Placed { server: si, index: f.index as usize, enabled: true, listed: true, routed: true })
            .collect();
        // The URIs it takes from servers later in the configuration.
        let taken: Vec<String> = fresh.iter().filter(|f| f.uri == f.upstream).map(|f| f.uri.clone()).collect();
        let (touched, warnings) = self.resources.displace(kind, &names, si, &taken);
        let list = match kind {
            UriKind::Resource => &mut self.resources.resources,
            UriKind::Template => &mut self.resources.templates,
        };
        let mut changed = list.replace(si, fresh);
        changed |= !touched.is_empty();
        let mut segments = vec![Segment { slot: si, entries }];
        for other in touched {
            let entries = list.segments[other]
                .iter()
                .map(|i| Placed { server: other, index: i.index as usize, enabled: true, listed: true, routed: true })
                .collect();
            segments.push(Segment { slot: other, entries });
        }
        let placement = Placement { segments, renamed: Vec::new() };
        Ok(Exposure { exposed, skipped, changed, warnings, placement })
    }

    /// The exposed URI and the upstream URI of server `server`'s item at `pos`: what a
    /// [`Placed`] of the last expose of `kind` stands for.
    pub fn placed_uri(&self, kind: UriKind, server: usize, pos: usize) -> Option<(&str, &str)> {
        let list = self.resources.list(kind);
        list.segments.get(server)?.get(pos).map(|i| (i.uri.as_str(), i.upstream.as_str()))
    }

    /// Exposes one backend resource URI, adding it to the server's resources (see the module
    /// documentation for when it is rewritten).
    ///
    /// # Errors
    /// `unknown_server`; `invalid_argument` for a URI that is not absolute; `name_collision`
    /// when another server has the URI and it cannot be rewritten.
    pub fn expose_resource(&mut self, server: &str, uri: &str) -> Result<String, Error> {
        let si = self.server_index(server)?;
        if let Some(it) = self.resources.resources.segments[si].iter().find(|i| i.upstream == uri) {
            return Ok(it.uri.clone());
        }
        let names = self.server_names();
        let exposed = self.resources.exposed_form(UriKind::Resource, &names, si, uri)?;
        let list = &mut self.resources.resources;
        let pos = list.segments[si].len() as u32;
        list.by_uri.insert(exposed.clone(), (si as u32, pos));
        list.segments[si].push(Item { uri: exposed.clone(), upstream: uri.to_string(), index: pos, matcher: None });
        Ok(exposed)
    }

    /// The server and the backend's own URI for an exposed resource URI.
    ///
    /// # Errors
    /// `unknown_resource` when no server provides it.
    pub fn route_resource(&self, uri: &str) -> Result<ResourceRoute<'_>, Error> {
        let (si, upstream) =
            self.resources.route(uri, &self.server_names()).ok_or_else(|| self.resources.unknown(uri, false))?;
        Ok(ResourceRoute { server: &self.c.servers[si].name, uri: Cow::Owned(upstream) })
    }

    /// Where a `resources/read` of `uri` goes.
    ///
    /// # Errors
    /// `unknown_resource` (with close URIs as suggestions), and the header's errors.
    pub fn resource_target<'h>(&self, uri: &str, header: impl Into<NameHeader<'h>>) -> Result<Target, Error> {
        header.into().check(uri)?;
        let names = self.server_names();
        let (si, upstream) = self.resources.route(uri, &names).ok_or_else(|| self.resources.unknown(uri, false))?;
        Ok(Target { server: names[si].to_string(), header: header::encode(&upstream), upstream })
    }

    /// Where a `completion/complete` request goes: the server of the prompt or resource
    /// template its `ref` names, with that name or template as the server knows it (argument
    /// values are the host's to pass on untouched).
    ///
    /// # Errors
    /// For a prompt, as [`Router::prompt_target`]; for a template, `unknown_resource` (with close
    /// templates and URIs as suggestions) when no server lists it.
    pub fn completion_target(&self, reference: CompletionRef<'_>) -> Result<Target, Error> {
        let uri = match reference {
            CompletionRef::Prompt(name) => return self.prompt_target(name, None),
            CompletionRef::Resource(uri) => uri,
        };
        let names = self.server_names();
        let (si, upstream) = match self.resources.templates.holder(uri) {
            Some((si, it)) => (si, it.upstream.clone()),
            None => self.resources.route(uri, &names).ok_or_else(|| self.resources.unknown(uri, true))?,
        };
        Ok(Target { server: names[si].to_string(), header: header::encode(&upstream), upstream })
    }

    /// The URI a client should see for the UI resource (`_meta.ui.resourceUri`, MCP Apps) that
    /// `server`'s tool `tool` names: exactly as that resource is exposed, so that reading it
    /// routes back to `server` and never to another server listing the same `ui://` URI. A URI
    /// the server does not list (once it has listed its resources) is kept, routed back to it
    /// all the same, and warned about (`unlisted_ui_resource`).
    ///
    /// # Errors
    /// `unknown_server`.
    pub fn ui_resource(&mut self, server: &str, tool: &str, uri: &str) -> Result<UiResource, Error> {
        let si = self.server_index(server)?;
        let listed = self.resources.resources.listed[si];
        let found = self.resources.resources.segments[si].iter().any(|i| i.upstream == uri);
        let exposed = self.rewrite_uri(server, uri)?;
        let warning = (listed && !found).then(|| {
            Diagnostic::warning(
                Code::UnlistedUiResource,
                Span::whole(uri),
                format!(
                    "server {} tool {} names the UI resource {}, which the server does not list: hosts will find no UI for it",
                    quoted(server),
                    quoted(tool),
                    quoted(uri)
                ),
            )
        });
        Ok(UiResource { uri: exposed, warning })
    }

    /// The URI a client should see for `uri`, a URI that `server` returned in a result (a
    /// `resource_link`, an embedded resource, `contents[].uri`): the exposed URI of one of its
    /// resources, or the URI itself, rewritten when another server already exposes it; it is
    /// remembered (up to 10,000 links), so that reading it routes back to `server`.
    ///
    /// # Errors
    /// `unknown_server`.
    pub fn rewrite_uri(&mut self, server: &str, uri: &str) -> Result<String, Error> {
        let si = self.server_index(server)?;
        let names: Vec<String> = self.c.servers.iter().map(|s| s.label.clone()).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        Ok(self.resources.link(si, uri, &names))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrite_round_trips() {
        for (uri, server) in [("test://static/resource/1", "everything"), ("memo:x/y", "mem")] {
            assert_eq!(unrewrite(&rewrite(uri, server), server).as_deref(), Some(uri));
        }
        assert_eq!(scheme("https://example.com/a?b=1#c"), Some("https"));
        assert_eq!(scheme("urn:isbn:123"), Some("urn"));
        assert_eq!(scheme("/etc/hosts"), None);
        assert_eq!(scheme("1a://x"), None);
    }
}
