//! Resources and resource templates behind one gateway: routed by exact match in a table.
//!
//! A URI is exposed as the upstream wrote it, unless another server already exposes the same
//! URI. Then a custom scheme is rewritten to `scheme://<server>/<rest>` (`scheme:<server>/<rest>`
//! without `//`), and a scheme whose users fetch it directly (`http`, `https`, `file`, `urn`,
//! `data`) is never rewritten: the second server's resource is a `name_collision` naming both
//! servers. The first server to expose a URI keeps it. Template expansions are routed to the
//! server whose template they match (exposed templates in the order they were exposed), and
//! URIs that tools return as links are remembered for their server as they pass through
//! [`Router::rewrite_result`](super::Router::rewrite_result).

use super::template::Template;
use super::{bump, owned, Visible};
use crate::diagnostic::{Code, Error, Span};
use crate::json::Json;
use crate::text::{clip, quoted};
use std::collections::{HashMap, VecDeque};

/// A resource (or template) as the gateway lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ExposedResource {
    /// The URI (or URI template) in the gateway's lists.
    pub uri: String,
    /// The backend server.
    pub server: String,
    /// The backend's own URI (or template).
    pub upstream: String,
}

/// Links remembered from tool results, at most this many (the oldest are forgotten first).
pub(crate) const MAX_LINKS: usize = 10_000;

#[derive(Debug)]
pub(crate) struct Item {
    pub res: ExposedResource,
    pub server: usize,
    pub payload: Option<Json>,
    /// Templates only.
    matcher: Option<Template>,
}

/// One list: resources, or templates.
#[derive(Debug, Default)]
pub(crate) struct List {
    pub items: Vec<Item>,
    by_uri: HashMap<String, usize>,
    pub generation: u32,
}

impl List {
    fn reindex(&mut self) {
        self.by_uri = self.items.iter().enumerate().map(|(i, it)| (it.res.uri.clone(), i)).collect();
    }

    pub(crate) fn visible(&self, si: usize) -> Visible {
        owned(self.items.iter().filter(|i| i.server == si).map(|i| (&i.res.uri, &i.payload)))
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
    pub(crate) fn with_peer(peer: Option<PeerUris>) -> Resources {
        Resources { peer, ..Resources::default() }
    }

    /// The exposed form of `upstream` (a URI or template) for server `si`, given the other
    /// servers' exposed URIs in `list`.
    pub(crate) fn exposed_form(
        list: &List,
        peer: Option<PeerUris>,
        names: &[String],
        si: usize,
        upstream: &str,
        what: &str,
    ) -> Result<String, Error> {
        if let Some(p) = peer {
            let uri = p.rewrite(upstream, &names[si]);
            return match list.by_uri.get(&uri).map(|&i| &list.items[i]).filter(|it| it.server != si) {
                None => Ok(uri),
                Some(other) => Err(Error::new(
                    Code::NameCollision,
                    Span::whole(upstream),
                    format!(
                        "server {} {what} {} exposes as {}, which server {} already has",
                        quoted(&names[si]),
                        quoted(upstream),
                        quoted(&uri),
                        quoted(&other.res.server)
                    ),
                )),
            };
        }
        let Some(scheme) = scheme(upstream) else {
            return Err(Error::new(
                Code::InvalidArgument,
                Span::whole(upstream),
                format!(
                    "server {} {what} {} is not an absolute URI (scheme:...)",
                    quoted(&names[si]),
                    quoted(upstream)
                ),
            ));
        };
        let holder = |uri: &str| list.by_uri.get(uri).map(|&i| &list.items[i]).filter(|it| it.server != si);
        let Some(other) = holder(upstream) else { return Ok(upstream.to_string()) };
        let both = format!(
            "server {} {what} {} and server {} {what} {}",
            quoted(&names[si]),
            quoted(upstream),
            quoted(&other.res.server),
            quoted(&other.res.upstream)
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
        let rewritten = rewrite(upstream, &names[si]);
        match holder(&rewritten) {
            None => Ok(rewritten),
            Some(o) => Err(Error::new(
                Code::NameCollision,
                Span::whole(upstream),
                format!(
                    "{both} share one URI, and its rewritten form {} is taken by server {}",
                    quoted(&rewritten),
                    quoted(&o.res.server)
                ),
            )),
        }
    }

    /// Replaces server `si`'s items in `list` (resources or templates); returns whether what
    /// the client sees changed.
    pub(crate) fn replace(
        list: &mut List,
        si: usize,
        fresh: Vec<(ExposedResource, Option<Json>)>,
        templates: bool,
    ) -> bool {
        let before = list.visible(si);
        list.items.retain(|i| i.server != si);
        for (res, payload) in fresh {
            let matcher = if templates { Template::new(&res.uri).ok() } else { None };
            list.items.push(Item { res, server: si, payload, matcher });
        }
        list.items.sort_by_key(|i| i.server);
        list.reindex();
        let after = list.visible(si);
        bump(&mut list.generation, &before, &after)
    }

    /// Adds one resource to server `si`'s list.
    pub(crate) fn add(&mut self, res: ExposedResource, si: usize) {
        self.resources.items.push(Item { res, server: si, payload: None, matcher: None });
        self.resources.items.sort_by_key(|i| i.server);
        self.resources.reindex();
        self.resources.generation = self.resources.generation.wrapping_add(1);
    }

    /// The server and upstream URI for an exposed URI: the resources, then links from tool
    /// results, then template expansions.
    pub(crate) fn route(&self, uri: &str, names: &[String]) -> Option<(usize, String)> {
        if let Some(&i) = self.resources.by_uri.get(uri) {
            let it = &self.resources.items[i];
            return Some((it.server, it.res.upstream.clone()));
        }
        if let Some((si, upstream)) = self.links.get(uri) {
            return Some((*si, upstream.clone()));
        }
        for t in &self.templates.items {
            if t.matcher.as_ref().is_some_and(|m| m.matches(uri)) {
                let upstream = if let Some(p) = self.peer {
                    p.unrewrite(uri, &names[t.server]).unwrap_or_else(|| uri.to_string())
                } else if t.res.uri == t.res.upstream {
                    uri.to_string()
                } else {
                    unrewrite(uri, &names[t.server]).unwrap_or_else(|| uri.to_string())
                };
                return Some((t.server, upstream));
            }
        }
        None
    }

    /// The URI a client should see for `upstream`, a URI server `si` returned in a result;
    /// remembered so that reading it routes back to `si`.
    pub(crate) fn link(&mut self, si: usize, upstream: &str, names: &[String]) -> String {
        if let Some(it) = self.resources.items.iter().find(|i| i.server == si && i.res.upstream == upstream) {
            return it.res.uri.clone();
        }
        if let Some(p) = self.peer {
            let exposed = p.rewrite(upstream, &names[si]);
            self.remember(exposed.clone(), si, upstream);
            return exposed;
        }
        if let Some(t) = self.templates.items.iter().find(|t| t.server == si && t.res.uri != t.res.upstream) {
            if Template::new(&t.res.upstream).is_ok_and(|m| m.matches(upstream)) {
                return rewrite(upstream, &names[si]);
            }
        }
        let taken_by_other = match self.route(upstream, names) {
            Some((other, _)) => other != si,
            None => false,
        };
        let exposed = match scheme(upstream) {
            Some(s) if taken_by_other && !is_fetchable(s) => rewrite(upstream, &names[si]),
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

    /// `unknown_resource`, suggesting exposed URIs close to `uri`.
    pub(crate) fn unknown(&self, uri: &str) -> Error {
        let limit = super::suggest::limit(uri);
        let mut scored: Vec<(usize, &str)> = self
            .resources
            .items
            .iter()
            .take(super::suggest::MAX_CANDIDATES)
            .filter_map(|i| super::suggest::distance(uri, &i.res.uri, limit).map(|d| (d, i.res.uri.as_str())))
            .collect();
        scored.sort_by_key(|(d, _)| *d);
        let suggestions: Vec<String> = scored.into_iter().take(3).map(|(_, u)| u.to_string()).collect();
        let mut message = format!("Unknown resource: {}", clip(uri, 200));
        if !suggestions.is_empty() {
            message.push_str(&format!("; did you mean {}?", suggestions.join(", ")));
        }
        let mut e = Error::new(Code::UnknownResource, Span::whole(uri), message);
        e.suggestions = suggestions;
        e
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
