//! One routing table for every gateway style: expose backends' tools under the gateway's names,
//! route calls back to the backend and its own tool name, with aliases, allow/deny patterns,
//! collision checks, provider fitting and resources.
//!
//! After [`Router::expose`], the table is the truth: a call is routed to the upstream name that
//! was exposed, never re-derived, so a lossy normalization (or a fitted, hashed name) cannot
//! misroute. A server whose tools were never exposed is unknown (`strict`, the default); with
//! `strict: false` such names are routed by the style's parse and the server's normalization,
//! as Syntropy does.
//!
//! The router decides from names and URIs alone: a host that keeps the MCP objects (the npm
//! package in JavaScript, the Python package, or [`Gateway`] here with [`Json`](crate::json::Json))
//! hands it an upstream list's names ([`Router::expose_list`]) and re-keys its own objects by
//! the [`Placement`] that comes back; results are walked by the host, which passes only the URIs
//! ([`Router::rewrite_uri`]). Exposing one server costs what its list and the names it changes
//! cost, whatever the size of the catalog, and a near miss is answered from an index
//! (`index.rs`), not by comparing every name.
//!
//! ```
//! use mcp_naming::router::{Router, RouterConfig, ServerConfig, StyleConfig, Upstream};
//!
//! let mut context7 = ServerConfig::new("context7");
//! context7.upstream = Upstream::Hyphens;
//! let mut config = RouterConfig::new(StyleConfig::Named("syntropy".into()), vec![ServerConfig::new("serena"), context7]);
//! config.builtins = vec!["healthcheck".into()];
//! let mut router = Router::new(config).unwrap();
//! let exposed = router.expose("context7", &["get-library-docs"]).unwrap();
//! assert_eq!(exposed[0].name, "context7_get_library_docs");
//! assert_eq!(exposed[0].qualified, "mcp__syntropy__context7_get_library_docs");
//!
//! let route = router.route("mcp__syntropy__context7_get_library_docs").unwrap();
//! assert_eq!((route.server, route.tool.as_ref()), (Some("context7"), "get-library-docs"));
//! assert_eq!(route.pool, Some("syn-context7"));
//!
//! let err = router.route("context7_get_library_doc").unwrap_err();
//! assert_eq!(err.code.as_str(), "unknown_tool");
//! assert_eq!(err.suggestions, ["context7_get_library_docs"]);
//! ```

mod adjusted;
mod cache;
mod code_mode;
mod compile;
mod config;
pub mod decide;
mod discovery;
mod expose;
mod fit;
mod gateway;
mod header;
mod index;
mod mcp;
mod modes;
mod naming;
mod notify;
mod order;
mod param_headers;
mod pattern;
pub(crate) mod peers;
mod placement;
pub mod probe;
mod registry_names;
mod resources;
mod revision;
mod route;
mod search;
mod server;
mod state;
mod style;
mod table;
mod template;

pub use crate::arguments::DEFAULT_PAGE_SIZE;
pub use crate::convention::syntropy::Upstream;
pub use cache::{CacheScope, ListCache};
pub use config::{
    Conflicts, Discovery, DiscoveryMode, PatternConfig, PeerConfig, RouterConfig, ServerConfig, StyleConfig,
    ToolOverride, UpstreamPattern,
};
pub use discovery::{meta_tools, tool_error_result, MetaTool, ToolRef, META_MAX_LIMIT};
pub use gateway::{Gateway, Incoming};
pub use header::{
    decode as decode_name_header, encode as encode_name_header, is_header_safe, name_header_required, NameHeader,
    NAME_HEADER_REVISION,
};
pub use mcp::{call_tool_text, http_status, json_rpc_code, page, Mapped, Page, Relay};
pub use modes::{PrefixMode, Sdk, Strategy};
pub use notify::{Listed, Notice};
pub use param_headers::MAX_SAFE_INTEGER;
pub use peers::PEERS;
pub use placement::{Exposure, ListItem, OnInvalid, Placed, Placement, Renamed, Segment, Skipped};
pub use resources::{CompletionRef, ExposedResource, ResourceRoute, UiResource, UriKind};
pub use revision::{
    Era, CLIENT_CAPABILITIES, CLIENT_INFO, LEGACY_REVISIONS, LOG_LEVEL, MODERN_REVISIONS, PROTOCOL_VERSION,
    SERVER_INFO, SUBSCRIPTION_ID, TRACE_CONTEXT,
};
pub use route::Target;
pub use search::{
    SearchHit, SearchOptions, SearchOptionsOwned, ToolText, DEFAULT_LIMIT as SEARCH_DEFAULT_LIMIT,
    MAX_LIMIT as SEARCH_MAX_LIMIT, MAX_QUERY as SEARCH_MAX_QUERY,
};
pub use server::Server;
pub use style::STYLES;

#[doc(hidden)]
pub use mcp::list_shape_error;
#[doc(hidden)]
pub use pattern::Glob;

use crate::diagnostic::{Code, Error, Span};
use crate::text::quoted;
use compile::Compiled;
use serde::Serialize;
use std::borrow::Cow;
use table::Table;

/// A tool (or prompt) as the gateway lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct ExposedTool {
    /// The name in `tools/list`.
    pub name: String,
    /// The name as the client shows it (`mcp__<gateway>__<name>` for syntropy and claude).
    pub qualified: String,
    /// The backend server.
    pub server: String,
    /// The backend's own tool name.
    pub upstream: String,
    /// Whether the configuration offers it (`enabled` / `disabled` patterns, the server's
    /// `enabled`); a disabled tool is in the table, so calling it is `tool_disabled`, but it
    /// is not listed.
    pub enabled: bool,
}

/// Where a call goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Route<'r> {
    /// The backend server; `None` for a gateway built-in.
    pub server: Option<&'r str>,
    /// The backend's own tool name (the built-in's name for a built-in).
    pub tool: Cow<'r, str>,
    /// Whether it is a gateway built-in.
    pub builtin: bool,
    /// The server's pool key, where it has one (syntropy: `syn-<server>`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<&'r str>,
    /// The backend's own prefix, where it has one (syntropy: `mcp__<server>__`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upstream_prefix: Option<&'r str>,
    /// Reached through an alias.
    #[serde(skip_serializing_if = "is_false")]
    pub deprecated: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// What a table holds: tools, or prompts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Kind {
    /// `tools/list`, `tools/call`.
    Tool,
    /// `prompts/list`, `prompts/get`.
    Prompt,
}

impl Kind {
    fn noun(self) -> &'static str {
        match self {
            Kind::Tool => "tool",
            Kind::Prompt => "prompt",
        }
    }

    /// The list result's member: `tools`, `prompts`.
    pub fn key(self) -> &'static str {
        match self {
            Kind::Tool => "tools",
            Kind::Prompt => "prompts",
        }
    }
}

/// The routing table. See the module documentation.
#[derive(Debug)]
pub struct Router {
    c: Compiled,
    tools: Table,
    prompts: Table,
    resources: resources::Resources,
    /// Per `enabled` then `disabled` rule: how many tools its name globs match.
    pattern_hits: Vec<usize>,
    /// The tools' search texts and index (built on the first search).
    search: search::Search,
    /// How tools are shown beyond their names (UI resource URIs, descriptions).
    views: decide::views::Views,
    /// Per list (tools, prompts, resources, templates) and server: what its last list said
    /// about caching (`None`: it has not listed).
    caches: [Vec<Option<ListCache>>; 4],
    /// Per server: what it said about itself (`server/discover` or `initialize`), once it did.
    upstreams: Vec<Option<decide::discover::Upstream>>,
    /// Per server: its tools' `x-mcp-header` parameters, by upstream name.
    params: decide::params::Params,
}

impl Router {
    /// A router for `config`.
    ///
    /// # Errors
    /// `invalid_config`, with a diagnostic per problem whose message starts with its path:
    /// an unknown style, a server name the style cannot write, the separator inside a server
    /// name, two servers with one name or pool, an alias pointing nowhere, a pattern that does
    /// not compile or names no configured server, an unknown provider.
    pub fn new(config: RouterConfig) -> Result<Router, Error> {
        Router::compiled(config)
    }

    /// A router from a configuration's JSON (what the npm and Python packages hand over),
    /// reporting the problems of reading it and of compiling it at once.
    ///
    /// ```
    /// use mcp_naming::router::Router;
    /// let json = serde_json::from_str(r#"{ "style": "agent", "servers": [{ "name": "a" }, { "name": "a" }], "provider": "cohere" }"#).unwrap();
    /// let err = Router::from_json(&json).unwrap_err();
    /// assert_eq!(err.code.as_str(), "invalid_config");
    /// assert_eq!(err.diagnostics.len(), 2);
    /// assert_eq!(err.diagnostics[1].path.as_deref(), Some("servers[1].name"));
    /// ```
    ///
    /// # Errors
    /// `invalid_config`, one diagnostic per problem, each with its `path`.
    pub fn from_json(config: &crate::Json) -> Result<Router, Error> {
        config::router_from_json(config)
    }

    fn compiled(config: RouterConfig) -> Result<Router, Error> {
        let c = compile::compile(&config)?;
        let n = c.servers.len();
        let segments = c.style.segments(n);
        let rules = c.enabled.len() + c.disabled.len();
        Ok(Router {
            tools: Table::new(n, segments),
            prompts: Table::new(n, segments),
            resources: resources::Resources::new(n, c.uris),
            pattern_hits: vec![0; rules],
            search: search::Search::new(n),
            views: decide::views::Views::new(n),
            caches: std::array::from_fn(|_| vec![None; n]),
            upstreams: vec![None; n],
            params: vec![Default::default(); n],
            c,
        })
    }

    fn server_index(&self, server: &str) -> Result<usize, Error> {
        self.c.servers.iter().position(|s| s.name == server).ok_or_else(|| {
            let known: Vec<&str> = self.c.servers.iter().map(|s| s.name.as_str()).collect();
            Error::new(
                Code::UnknownServer,
                Span::whole(server),
                format!("{} is not a configured server: use one of {}", quoted(server), known.join(", ")),
            )
        })
    }

    fn table(&self, kind: Kind) -> &Table {
        match kind {
            Kind::Tool => &self.tools,
            Kind::Prompt => &self.prompts,
        }
    }

    fn table_mut(&mut self, kind: Kind) -> &mut Table {
        match kind {
            Kind::Tool => &mut self.tools,
            Kind::Prompt => &mut self.prompts,
        }
    }

    /// The compiled configuration, a table, and (for tools) the pattern counts, borrowed apart.
    fn split(&mut self, kind: Kind) -> (&Compiled, &mut Table, Option<&mut Vec<usize>>) {
        match kind {
            Kind::Tool => (&self.c, &mut self.tools, Some(&mut self.pattern_hits)),
            Kind::Prompt => (&self.c, &mut self.prompts, None),
        }
    }

    fn qualify(&self, name: &str) -> String {
        format!("{}{name}", self.c.qualified_prefix)
    }

    fn unqualified<'n>(&self, name: &'n str) -> &'n str {
        if self.c.qualified_prefix.is_empty() {
            name
        } else {
            name.strip_prefix(self.c.qualified_prefix.as_str()).unwrap_or(name)
        }
    }

    fn allowed(&self, server: Option<&str>, upstream: &str, names: &[&str]) -> bool {
        let hit = |rules: &[(String, compile::Rule)]| rules.iter().any(|(_, r)| r.matches(server, upstream, names));
        !hit(&self.c.disabled) && (self.c.enabled.is_empty() || hit(&self.c.enabled))
    }

    /// The configured servers, in configuration order (the `server` of a [`Placed`] is an index
    /// into them).
    pub fn servers(&self) -> &[Server] {
        &self.c.servers
    }

    /// The index of the configured server `name`.
    ///
    /// # Errors
    /// `unknown_server`, naming the configured servers.
    pub fn server(&self, name: &str) -> Result<usize, Error> {
        self.server_index(name)
    }

    /// The gateway's built-ins, each with whether the configuration offers it.
    pub fn builtins(&self) -> impl Iterator<Item = (&str, bool)> {
        self.c.builtins.iter().map(|b| (b.as_str(), self.allowed(None, b, &[b, &self.qualify(b)])))
    }

    /// The aliases: old name, current name.
    pub fn aliases(&self) -> impl Iterator<Item = (&str, &str)> {
        self.c.aliases.iter().map(|(old, new)| (old.as_str(), new.as_str()))
    }

    /// How many segments a [`Placement`] places names in: one per server for the router's own
    /// styles, one for a peer style.
    pub fn segments(&self) -> usize {
        self.c.style.segments(self.c.servers.len())
    }

    /// What a client puts before an exposed name (`mcp__<gateway>__` for syntropy and claude),
    /// empty for the other styles: a qualified name routes as the name without it.
    pub fn qualified_prefix(&self) -> &str {
        &self.c.qualified_prefix
    }

    /// The gateway's own server name as clients see it (`gateway` in the configuration; by
    /// default `syntropy` for the syntropy style, else `gateway`).
    pub fn gateway(&self) -> &str {
        &self.c.gateway
    }
}

/// The key under which names that differ only in case or separators meet: lowercase, `-` and
/// `.` read as `_`, runs of `_` as one, none at either end (`Search`, `search-`, `search_` → `search`).
pub fn fold(name: &str) -> String {
    // The folded bytes of valid UTF-8 are valid UTF-8: only ASCII bytes change.
    String::from_utf8(Folded::new(name).collect()).unwrap_or_default()
}

/// The bytes of [`fold`]`(name)`, without building it.
pub(crate) struct Folded<'a> {
    bytes: std::str::Bytes<'a>,
    /// A `_` waits for the next byte that is not one (none at either end).
    pending: bool,
    started: bool,
    held: Option<u8>,
}

impl<'a> Folded<'a> {
    pub(crate) fn new(name: &'a str) -> Folded<'a> {
        Folded { bytes: name.bytes(), pending: false, started: false, held: None }
    }
}

impl Iterator for Folded<'_> {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if let Some(b) = self.held.take() {
            return Some(b);
        }
        for b in self.bytes.by_ref() {
            let b = match b {
                b'-' | b'.' | b'_' => {
                    self.pending = self.started;
                    continue;
                }
                b => b.to_ascii_lowercase(),
            };
            self.started = true;
            if std::mem::take(&mut self.pending) {
                self.held = Some(b);
                return Some(b'_');
            }
            return Some(b);
        }
        None
    }
}

/// Whether two names fold alike (see [`fold`]).
pub(crate) fn fold_eq(a: &str, b: &str) -> bool {
    Folded::new(a).eq(Folded::new(b))
}

/// The hash of [`fold`]`(name)` (FNV-1a, as [`table::hash`]).
pub(crate) fn fold_hash(name: &str) -> u64 {
    Folded::new(name).fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

fn confusable(message: String) -> Error {
    Error::new(Code::ConfusableName, Span::default(), message)
}

pub(crate) fn collision(message: String) -> Error {
    Error::new(Code::NameCollision, Span::default(), message)
}
