//! One routing table for every gateway style: expose backends' tools under the gateway's names,
//! route calls back to the backend and its own tool name, with aliases, allow/deny patterns,
//! collision checks, provider fitting and resources.
//!
//! After [`Router::expose`], the table is the truth: a call is routed to the upstream name that
//! was exposed, never re-derived, so a lossy normalization (or a fitted, hashed name) cannot
//! misroute. A server whose tools were never exposed is routed by the style's parse and the
//! server's normalization, as Syntropy does.
//!
//! ```
//! use mcp_naming::router::{Router, RouterConfig};
//!
//! let config: RouterConfig = serde_json::from_str(r#"{
//!     "style": "syntropy",
//!     "servers": [{ "name": "serena" }, { "name": "context7", "upstream": "hyphens" }],
//!     "builtins": ["healthcheck"]
//! }"#).unwrap();
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

mod config;
pub mod pattern;
mod style;
pub mod suggest;

pub use config::{RouterConfig, ServerConfig, StyleConfig};

use crate::diagnostic::{Code, Error, Span};
use crate::provider::{self, Provider};
use crate::text::{clip, quoted};
use config::Server;
use pattern::Glob;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use style::Style;

/// A tool as the gateway lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExposedTool {
    /// The name in `tools/list`.
    pub name: String,
    /// The name as the client shows it (`mcp__<gateway>__<name>` for syntropy and claude).
    pub qualified: String,
    /// The backend server.
    pub server: String,
    /// The backend's own tool name.
    pub upstream: String,
}

/// Where a call goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route<'r> {
    /// The backend server; `None` for a gateway built-in.
    pub server: Option<&'r str>,
    /// The backend's own tool name (the built-in's name for a built-in).
    pub tool: Cow<'r, str>,
    /// Whether it is a gateway built-in.
    pub builtin: bool,
    /// The server's pool key, where it has one (syntropy: `syn-<server>`).
    pub pool: Option<&'r str>,
    /// The backend's own prefix, where it has one (syntropy: `mcp__<server>__`).
    pub upstream_prefix: Option<&'r str>,
    /// Reached through an alias.
    pub deprecated: bool,
}

#[derive(Clone, Debug)]
struct Entry {
    tool: ExposedTool,
    server: usize,
    enabled: bool,
}

/// The routing table. See the module documentation.
#[derive(Debug)]
pub struct Router {
    style: Style,
    qualified_prefix: String,
    servers: Vec<Server>,
    builtins: Vec<String>,
    aliases: Vec<(String, String)>,
    enabled: Vec<Glob>,
    disabled: Vec<Glob>,
    provider: Option<Provider>,
    entries: Vec<Entry>,
    by_name: HashMap<String, usize>,
    /// Per server: whether its tools are in the table (then the table alone routes it).
    exposed: Vec<bool>,
    resources: HashMap<String, (usize, String)>,
}

impl Router {
    /// A router for `config`.
    ///
    /// # Errors
    /// `invalid_config`, with a diagnostic per problem whose message starts with its path:
    /// an unknown style, a server name the style cannot write, the separator inside a server
    /// name, two servers with one name or pool, an alias pointing nowhere, a pattern that does
    /// not compile, an unknown provider.
    pub fn new(config: RouterConfig) -> Result<Router, Error> {
        let checked = config::check(&config)?;
        let checked_servers_len = checked.servers.len();
        let qualified_prefix =
            if checked.style.qualifies() { format!("mcp__{}__", checked.gateway) } else { String::new() };
        let claude = matches!(checked.style, Style::Claude);
        let globs = |list: &[String]| -> Vec<Glob> {
            let mut out = Vec::with_capacity(list.len());
            for p in list {
                out.push(Glob::new(p));
                // Claude Code's rules: `mcp__server` covers every tool of the server, and so does
                // any rule without `*` for the names that continue it after `__`.
                if claude && !p.contains('*') {
                    out.push(Glob::new(&format!("{p}__*")));
                }
            }
            out
        };
        Ok(Router {
            enabled: globs(&config.enabled),
            disabled: globs(&config.disabled),
            style: checked.style,
            qualified_prefix,
            servers: checked.servers,
            builtins: config.builtins,
            aliases: config.aliases.0,
            provider: checked.provider,
            entries: Vec::new(),
            by_name: HashMap::new(),
            exposed: vec![false; checked_servers_len],
            resources: HashMap::new(),
        })
    }

    fn server_index(&self, server: &str) -> Result<usize, Error> {
        self.servers.iter().position(|s| s.name == server).ok_or_else(|| {
            let known: Vec<&str> = self.servers.iter().map(|s| s.name.as_str()).collect();
            Error::new(
                Code::UnknownServer,
                Span::whole(server),
                format!("{} is not a configured server: use one of {}", quoted(server), known.join(", ")),
            )
        })
    }

    fn qualify(&self, name: &str) -> String {
        format!("{}{name}", self.qualified_prefix)
    }

    fn unqualified<'n>(&self, name: &'n str) -> &'n str {
        if self.qualified_prefix.is_empty() {
            name
        } else {
            name.strip_prefix(self.qualified_prefix.as_str()).unwrap_or(name)
        }
    }

    fn allowed(&self, names: &[&str]) -> bool {
        let hit = |globs: &[Glob]| names.iter().any(|n| globs.iter().any(|g| g.matches(n)));
        !hit(&self.disabled) && (self.enabled.is_empty() || hit(&self.enabled))
    }

    /// Exposes a server's tools (its whole `tools/list`), replacing what it exposed before.
    /// All or nothing: on error the table is unchanged.
    ///
    /// # Errors
    /// `unknown_server`; `invalid_tool_name` for an upstream name that is empty, longer than 128
    /// or holds non-ASCII characters (lookalikes and invisible characters among them);
    /// `name_collision`, naming both sides, when two upstream tools expose to one name, or a tool
    /// would shadow a built-in, an alias or another server's tool.
    pub fn expose<S: AsRef<str>>(&mut self, server: &str, tools: &[S]) -> Result<Vec<ExposedTool>, Error> {
        let si = self.server_index(server)?;
        // Fold keys of the other servers' names, and of this batch: one lookup per tool.
        let others: HashMap<String, usize> = self
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.server != si)
            .map(|(i, e)| (fold(&e.tool.name), i))
            .collect();
        let mut batch: HashMap<String, usize> = HashMap::with_capacity(tools.len());
        let mut fresh: Vec<ExposedTool> = Vec::with_capacity(tools.len());
        for upstream in tools.iter().map(AsRef::as_ref) {
            self.check_upstream(server, upstream)?;
            let part = self.style.tool_part(upstream, self.servers[si].upstream);
            let name = self.style.join(server, &part);
            let key = fold(&name);
            if let Some(&k) = batch.get(&key) {
                let (other, other_name) = (&fresh[k].upstream, &fresh[k].name);
                let this = format!("server {} tool {}", quoted(server), quoted(upstream));
                return Err(if other == upstream {
                    collision(format!("{this} is listed twice"))
                } else if *other_name == name {
                    collision(format!("{this} and {} both expose as {}", quoted(other), quoted(&name)))
                } else {
                    confusable(format!(
                        "{this} would expose as {}, which differs from tool {} ({}) only in case or separators",
                        quoted(&name),
                        quoted(other),
                        quoted(other_name)
                    ))
                });
            }
            self.check_shadowing(si, upstream, &name, &key, &others)?;
            if let Err(message) = self.style.check_name(&name) {
                return Err(Error::new(Code::InvalidToolName, Span::whole(upstream), message));
            }
            batch.insert(key, fresh.len());
            fresh.push(ExposedTool {
                qualified: String::new(),
                name,
                server: server.to_string(),
                upstream: upstream.to_string(),
            });
        }
        if let Some(provider) = self.provider {
            let budget = provider::MAX_LEN - self.qualified_prefix.len();
            let mut taken: HashSet<String> =
                self.entries.iter().filter(|e| e.server != si).map(|e| e.tool.name.clone()).collect();
            taken.extend(self.builtins.iter().cloned());
            let mut fitted: Vec<String> = Vec::with_capacity(fresh.len());
            for t in &fresh {
                let f = provider::fit_within(&t.name, provider, budget, |n| taken.contains(n));
                taken.insert(f.clone());
                fitted.push(f);
            }
            for (t, f) in fresh.iter_mut().zip(fitted) {
                t.name = f;
            }
        }
        for t in &mut fresh {
            t.qualified = self.qualify(&t.name);
        }
        self.entries.retain(|e| e.server != si);
        self.exposed[si] = true;
        for t in &fresh {
            let enabled = self.servers[si].enabled && self.allowed(&[&t.name, &t.qualified]);
            self.entries.push(Entry { tool: t.clone(), server: si, enabled });
        }
        self.reindex();
        Ok(fresh)
    }

    fn check_upstream(&self, server: &str, upstream: &str) -> Result<(), Error> {
        let report = crate::validate(upstream, crate::Convention::Mcp, &crate::Options::default());
        let fatal = report.errors.iter().find(|d| {
            matches!(
                d.code,
                Code::Empty
                    | Code::TooLong
                    | Code::NonAsciiCharacter
                    | Code::ConfusableCharacter
                    | Code::InvisibleCharacter
            )
        });
        match fatal {
            None => Ok(()),
            Some(d) => Err(Error::new(
                Code::InvalidToolName,
                d.span,
                format!("server {} tool {} cannot be exposed: {}", quoted(server), quoted(upstream), d.message),
            )),
        }
    }

    fn check_shadowing(
        &self,
        si: usize,
        upstream: &str,
        name: &str,
        key: &str,
        others: &HashMap<String, usize>,
    ) -> Result<(), Error> {
        let server = &self.servers[si].name;
        let qualified = self.qualify(name);
        let this = format!("server {} tool {}", quoted(server), quoted(upstream));
        if let Some(b) = self.builtins.iter().find(|b| b.as_str() == name || **b == qualified || fold(b) == key) {
            return Err(if b.as_str() == name || *b == qualified {
                collision(format!("{this} would shadow the built-in {}", quoted(b)))
            } else {
                confusable(format!(
                    "{this} would expose as {}, which differs from the built-in {} only in case or separators",
                    quoted(name),
                    quoted(b)
                ))
            });
        }
        if let Some((old, _)) = self.aliases.iter().find(|(old, _)| *old == name || *old == qualified) {
            return Err(collision(format!(
                "{this} exposes as {}, which is an alias: retire the alias first",
                quoted(old)
            )));
        }
        if let Some(e) = others.get(key).map(|&i| &self.entries[i]) {
            let other = format!("server {} tool {}", quoted(&e.tool.server), quoted(&e.tool.upstream));
            return Err(if e.tool.name == name {
                collision(format!("{this} would expose as {}, which {other} already has", quoted(name)))
            } else {
                confusable(format!(
                    "{this} would expose as {}, which differs from {other} ({}) only in case or separators",
                    quoted(name),
                    quoted(&e.tool.name)
                ))
            });
        }
        Ok(())
    }

    fn reindex(&mut self) {
        self.by_name.clear();
        for (i, e) in self.entries.iter().enumerate() {
            self.by_name.insert(e.tool.name.clone(), i);
            self.by_name.insert(e.tool.qualified.clone(), i);
        }
    }

    fn entry_route<'r>(&'r self, e: &'r Entry) -> Route<'r> {
        let s = &self.servers[e.server];
        Route {
            server: Some(&s.name),
            tool: Cow::Borrowed(&e.tool.upstream),
            builtin: false,
            pool: s.pool.as_deref(),
            upstream_prefix: s.upstream_prefix.as_deref(),
            deprecated: false,
        }
    }

    /// Routes a name (exposed, qualified, or an alias) to its backend, without raising errors.
    /// Disabled tools route to `None`, like unknown ones.
    pub fn try_route(&self, name: &str) -> Option<Route<'_>> {
        match self.resolve(name) {
            Resolved::Route(r, true) => Some(r),
            _ => None,
        }
    }

    /// Routes a name: exposed, qualified, a built-in, an alias (marked deprecated), or, for a
    /// server that exposed nothing yet, whatever the style's parse gives.
    ///
    /// # Errors
    /// `tool_disabled` for a disabled tool; `unknown_tool` otherwise, with the MCP message
    /// `Unknown tool: <name>` followed by up to three closest exposed names, which are also the
    /// error's suggestions.
    pub fn route(&self, name: &str) -> Result<Route<'_>, Error> {
        match self.resolve(name) {
            Resolved::Route(r, true) => Ok(r),
            Resolved::Route(r, false) => Err(Error::new(
                Code::ToolDisabled,
                Span::whole(name),
                format!(
                    "tool {} is disabled{}: enable it in the gateway's configuration, or use another tool",
                    quoted(name),
                    r.server.map(|s| format!(" (server {})", quoted(s))).unwrap_or_default()
                ),
            )),
            Resolved::Unknown => Err(self.unknown(name)),
        }
    }

    fn resolve(&self, name: &str) -> Resolved<'_> {
        let bare = self.unqualified(name);
        if let Some(live) = self.resolve_live(name, bare) {
            return live;
        }
        if let Some((_, target)) = self.aliases.iter().find(|(old, _)| old == bare || *old == name) {
            let current = self
                .resolve_live(target, self.unqualified(target))
                .unwrap_or_else(|| self.resolve_by_parse(self.unqualified(target)));
            return match current {
                Resolved::Route(mut r, on) => {
                    r.deprecated = true;
                    Resolved::Route(r, on)
                }
                Resolved::Unknown => Resolved::Unknown,
            };
        }
        self.resolve_by_parse(bare)
    }

    /// A name in the table, or a built-in.
    fn resolve_live(&self, name: &str, bare: &str) -> Option<Resolved<'_>> {
        if let Some(&i) = self.by_name.get(name) {
            let e = &self.entries[i];
            return Some(Resolved::Route(self.entry_route(e), e.enabled));
        }
        let b = self.builtins.iter().find(|b| b.as_str() == bare)?;
        let r = Route {
            server: None,
            tool: Cow::Borrowed(b.as_str()),
            builtin: true,
            pool: None,
            upstream_prefix: None,
            deprecated: false,
        };
        Some(Resolved::Route(r, self.allowed(&[b, &self.qualify(b)])))
    }

    fn resolve_by_parse(&self, bare: &str) -> Resolved<'_> {
        let Some((si, part)) = self.style.split(bare, &self.servers) else { return Resolved::Unknown };
        if self.exposed.get(si).copied().unwrap_or(false) {
            // The server's tools are in the table: it alone is the truth.
            return Resolved::Unknown;
        }
        let s = &self.servers[si];
        let tool = Cow::Owned(s.upstream.to_upstream(part));
        let on = s.enabled && self.allowed(&[bare, &self.qualify(bare)]);
        Resolved::Route(
            Route {
                server: Some(&s.name),
                tool,
                builtin: false,
                pool: s.pool.as_deref(),
                upstream_prefix: s.upstream_prefix.as_deref(),
                deprecated: false,
            },
            on,
        )
    }

    fn unknown(&self, name: &str) -> Error {
        let qualified = !self.qualified_prefix.is_empty() && name.starts_with(self.qualified_prefix.as_str());
        let candidates = self
            .entries
            .iter()
            .filter(|e| e.enabled)
            .map(|e| if qualified { e.tool.qualified.as_str() } else { e.tool.name.as_str() })
            .chain(self.builtins.iter().map(String::as_str))
            .chain(self.aliases.iter().map(|(_, current)| current.as_str()));
        let suggestions: Vec<String> = suggest::closest(name, candidates, 3).into_iter().map(str::to_string).collect();
        let mut message = format!("Unknown tool: {}", clip(name, 200));
        if !suggestions.is_empty() {
            message.push_str(&format!("; did you mean {}?", suggestions.join(", ")));
        }
        let mut e = Error::new(Code::UnknownTool, Span::whole(name), message);
        e.suggestions = suggestions;
        e
    }

    /// Whether a name is enabled: its server is, no `disabled` pattern matches it, and `enabled`
    /// is empty or one of its patterns matches it (exposed or qualified form).
    pub fn is_enabled(&self, name: &str) -> bool {
        match self.resolve(name) {
            Resolved::Route(_, on) => on,
            Resolved::Unknown => self.allowed(&[name, self.unqualified(name)]),
        }
    }

    /// The enabled exposed tools, in the order they were exposed.
    pub fn tools(&self) -> impl Iterator<Item = &ExposedTool> {
        self.entries.iter().filter(|e| e.enabled).map(|e| &e.tool)
    }

    /// Every name a table hit can answer (exposed and qualified names of enabled tools, enabled
    /// built-ins, aliases to them) with its route: what a client may cache to route without
    /// calling the router again.
    pub fn routes(&self) -> Vec<(String, Route<'_>)> {
        let mut out = Vec::new();
        for e in self.entries.iter().filter(|e| e.enabled) {
            out.push((e.tool.name.clone(), self.entry_route(e)));
            if e.tool.qualified != e.tool.name {
                out.push((e.tool.qualified.clone(), self.entry_route(e)));
            }
        }
        let mut names: Vec<String> = self.builtins.clone();
        names.extend(self.aliases.iter().map(|(old, _)| old.clone()));
        for n in names {
            for key in [n.clone(), self.qualify(&n)] {
                if let Resolved::Route(r, true) = self.resolve(&key) {
                    if (r.builtin || r.deprecated) && !out.iter().any(|(k, _)| *k == key) {
                        out.push((key, r));
                    }
                }
            }
        }
        out
    }

    /// Exposes a backend's resource URI: chora style `ns://type/id` (the server's namespace as
    /// scheme, another scheme moving into the path), other styles `scheme://server/path`.
    ///
    /// # Errors
    /// `unknown_server`; `invalid_argument` for a URI without `scheme://`; `name_collision` when
    /// another resource already exposes to the same URI.
    pub fn expose_resource(&mut self, server: &str, uri: &str) -> Result<String, Error> {
        let si = self.server_index(server)?;
        let Some((scheme, rest)) = uri.split_once("://").filter(|(s, _)| !s.is_empty()) else {
            return Err(Error::new(
                Code::InvalidArgument,
                Span::whole(uri),
                format!("{} is not a scheme://... URI", quoted(uri)),
            ));
        };
        let exposed = match self.style {
            Style::Chora if scheme == server => uri.to_string(),
            Style::Chora => format!("{server}://{scheme}/{rest}"),
            _ => format!("{scheme}://{server}/{rest}"),
        };
        if let Some((other, original)) = self.resources.get(&exposed) {
            if *other != si || original != uri {
                return Err(collision(format!(
                    "server {} resource {} and server {} resource {} both expose as {}",
                    quoted(server),
                    quoted(uri),
                    quoted(&self.servers[*other].name),
                    quoted(original),
                    quoted(&exposed)
                )));
            }
        }
        self.resources.insert(exposed.clone(), (si, uri.to_string()));
        Ok(exposed)
    }

    /// The server and the backend's own URI for an exposed resource URI.
    ///
    /// # Errors
    /// `unknown_resource` when no server provides it.
    pub fn route_resource<'u>(&'u self, uri: &'u str) -> Result<(&'u str, Cow<'u, str>), Error> {
        if let Some((si, original)) = self.resources.get(uri) {
            return Ok((&self.servers[*si].name, Cow::Borrowed(original)));
        }
        if let Some((scheme, rest)) = uri.split_once("://") {
            match self.style {
                Style::Chora => {
                    if let Some(s) = self.servers.iter().find(|s| s.name == scheme) {
                        return Ok((&s.name, Cow::Borrowed(uri)));
                    }
                }
                _ => {
                    let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
                    if let Some(s) = self.servers.iter().find(|s| s.name == authority) {
                        return Ok((&s.name, Cow::Owned(format!("{scheme}://{path}"))));
                    }
                }
            }
        }
        Err(Error::new(Code::UnknownResource, Span::whole(uri), format!("Unknown resource: {}", clip(uri, 200))))
    }
}

enum Resolved<'r> {
    Route(Route<'r>, bool),
    Unknown,
}

/// The key under which names that differ only in case or separators meet: lowercase, `-` and
/// `.` read as `_`, runs of `_` as one, none at either end (`Search`, `search-`, `search_` → `search`).
pub fn fold(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        let c = match c {
            '-' | '.' => '_',
            c => c.to_ascii_lowercase(),
        };
        if c != '_' || !(out.is_empty() || out.ends_with('_')) {
            out.push(c);
        }
    }
    while out.ends_with('_') {
        out.pop();
    }
    out
}

fn confusable(message: String) -> Error {
    Error::new(Code::ConfusableName, Span::default(), message)
}

fn collision(message: String) -> Error {
    Error::new(Code::NameCollision, Span::default(), message)
}
