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
//! The MCP messages themselves (`tools/list` results, `tools/call` params, prompts, resources
//! and templates, tool results carrying resource links) are handled as [`Json`] by
//! [`Router::expose_tools`], [`Router::list_tools`], [`Router::map_call_tool`] and their
//! siblings; see the [`mcp`] module.
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
mod fit;
pub mod header;
pub mod mcp;
pub mod pattern;
pub mod peers;
pub mod resources;
mod style;
pub mod suggest;
mod template;

pub use config::{PatternConfig, PeerConfig, RouterConfig, ServerConfig, StyleConfig, UpstreamPattern};
pub use mcp::{Exposure, Mapped, OnInvalid, Skipped};
pub use peers::PEERS;
pub use resources::ExposedResource;
pub use style::STYLES;

use crate::diagnostic::{Code, Diagnostic, Error, Severity, Span};
use crate::json::Json;
use crate::provider;
use crate::text::{clip, quoted};
use config::{PrefixMode, Server};
use fit::Limit;
use pattern::Glob;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use style::Style;

/// A tool (or prompt) as the gateway lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
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

/// An upstream item that passed its checks, about to be exposed.
struct Fresh {
    upstream: String,
    part: String,
    /// The name before fitting.
    name: String,
    bare: bool,
    payload: Option<Json>,
}

/// What a table holds: tools, or prompts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Tool,
    Prompt,
}

impl Kind {
    fn noun(self) -> &'static str {
        match self {
            Kind::Tool => "tool",
            Kind::Prompt => "prompt",
        }
    }
}

#[derive(Clone, Debug)]
struct Entry {
    tool: ExposedTool,
    server: usize,
    /// The style's tool part of the upstream name.
    part: String,
    /// Exposed without the server (conditional or never prefixing).
    bare: bool,
    /// The upstream's whole object (a `tools/list` entry), when it was given.
    payload: Option<Json>,
    /// Its place in its server's list.
    index: usize,
    /// In the list the client sees (a peer may list a name twice, or drop one).
    listed: bool,
    /// Calls to its name reach it.
    routed: bool,
}

/// Exposed names of one kind, with what was exposed before.
#[derive(Debug, Default)]
struct Table {
    entries: Vec<Entry>,
    by_name: HashMap<String, usize>,
    /// Per server: whether its list is in the table (then the table alone routes it).
    exposed: Vec<bool>,
    /// Names (exposed and qualified) that a server's previous list had and its last one has not.
    removed: HashMap<String, usize>,
    /// Bumped on every change of what the client sees (paging cursors name it).
    generation: u32,
}

impl Table {
    fn reindex(&mut self) {
        self.by_name.clear();
        for (i, e) in self.entries.iter().enumerate().filter(|(_, e)| e.routed) {
            self.by_name.insert(e.tool.name.clone(), i);
            self.by_name.insert(e.tool.qualified.clone(), i);
        }
    }

    /// What the client sees of the whole list.
    fn visible(&self) -> Visible {
        owned(self.entries.iter().filter(|e| e.tool.enabled && e.listed).map(|e| (&e.tool.name, &e.payload)))
    }

    /// After a list changed: names that were in `old` and are gone now answer `tool_removed`
    /// (for the server that had them), the index is rebuilt, and the generation moves on when
    /// what the client sees changed (`before`).
    fn settle(&mut self, old: Vec<(String, String, usize)>, before: &Visible) -> bool {
        for (name, qualified, server) in old {
            self.removed.insert(name, server);
            self.removed.insert(qualified, server);
        }
        for e in &self.entries {
            self.removed.remove(&e.tool.name);
            self.removed.remove(&e.tool.qualified);
        }
        self.reindex();
        let after = self.visible();
        bump(&mut self.generation, before, &after)
    }
}

/// Upstream names with their objects, in a server's order.
type Items = Vec<(String, Option<Json>)>;

/// What a client sees of one server's list: names (or URIs) with their objects, in order.
pub(crate) type Visible = Vec<(String, Option<Json>)>;

/// A list's visible items, owned, to compare before and after a change.
pub(crate) fn owned<'a>(items: impl Iterator<Item = (&'a String, &'a Option<Json>)>) -> Visible {
    items.map(|(n, p)| (n.clone(), p.clone())).collect()
}

/// Whether `before` and `after` differ; if so, the list's generation (which paging cursors
/// name) moves on.
pub(crate) fn bump(generation: &mut u32, before: &Visible, after: &Visible) -> bool {
    let changed = before != after;
    if changed {
        *generation = generation.wrapping_add(1);
    }
    changed
}

/// An `enabled` / `disabled` entry, compiled.
#[derive(Debug)]
enum Rule {
    /// Globs over exposed, qualified and upstream names.
    Name(Vec<Glob>),
    /// A server glob and a glob over its upstream names.
    Upstream { server: Glob, tool: Glob },
}

impl Rule {
    fn matches(&self, server: Option<&str>, upstream: &str, names: &[&str]) -> bool {
        match self {
            Rule::Name(globs) => globs.iter().any(|g| g.matches(upstream) || names.iter().any(|n| g.matches(n))),
            Rule::Upstream { server: s, tool } => server.is_some_and(|name| s.matches(name)) && tool.matches(upstream),
        }
    }
}

/// The routing table. See the module documentation.
#[derive(Debug)]
pub struct Router {
    style: Style,
    qualified_prefix: String,
    servers: Vec<Server>,
    builtins: Vec<String>,
    aliases: Vec<(String, String)>,
    /// `(path in the configuration, rule)`, for `enabled` then `disabled`.
    enabled: Vec<(String, Rule)>,
    disabled: Vec<(String, Rule)>,
    limit: Option<Limit>,
    strict: bool,
    prefix_mode: PrefixMode,
    tools: Table,
    prompts: Table,
    resources: resources::Resources,
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
        let checked = config::check(&config)?;
        let n = checked.servers.len();
        let qualified_prefix =
            if checked.style.qualifies() { format!("mcp__{}__", checked.gateway) } else { String::new() };
        let claude = matches!(checked.style, Style::Claude);
        let rules = |list: &[PatternConfig], what: &str| -> Vec<(String, Rule)> {
            list.iter()
                .enumerate()
                .map(|(i, p)| {
                    let rule = match p {
                        // Claude Code's rules: `mcp__server` covers every tool of the server, and
                        // so does any rule without `*` for the names that continue it after `__`.
                        PatternConfig::Name(p) if claude && !p.contains('*') => {
                            Rule::Name(vec![Glob::new(p), Glob::new(&format!("{p}__*"))])
                        }
                        PatternConfig::Name(p) => Rule::Name(vec![Glob::new(p)]),
                        PatternConfig::Upstream(u) => {
                            Rule::Upstream { server: Glob::new(&u.server), tool: Glob::new(&u.tool) }
                        }
                    };
                    (format!("{what}[{i}]"), rule)
                })
                .collect()
        };
        // Claude Code refuses names over 64 characters, whatever the provider: the qualifying
        // styles are fitted to it even when no provider is set.
        // A gateway name so long that its prefix leaves almost nothing still leaves 16.
        let max = provider::MAX_LEN.saturating_sub(qualified_prefix.len()).max(16);
        let limit = match (checked.provider, checked.style.qualifies()) {
            (Some(p), _) => Some(Limit { provider: Some(p), max }),
            (None, true) => Some(Limit { provider: None, max }),
            (None, false) => None,
        };
        let table = || Table { exposed: vec![false; n], ..Table::default() };
        let peer_uris = match &checked.style {
            Style::Peer(p) => p.uris(n),
            _ => None,
        };
        Ok(Router {
            enabled: rules(&config.enabled, "enabled"),
            disabled: rules(&config.disabled, "disabled"),
            style: checked.style,
            qualified_prefix,
            servers: checked.servers,
            builtins: config.builtins,
            aliases: config.aliases.0,
            limit,
            strict: config.strict,
            prefix_mode: checked.prefix_mode,
            tools: table(),
            prompts: table(),
            resources: resources::Resources::with_peer(peer_uris),
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

    fn allowed(&self, server: Option<&str>, upstream: &str, names: &[&str]) -> bool {
        let hit = |rules: &[(String, Rule)]| rules.iter().any(|(_, r)| r.matches(server, upstream, names));
        !hit(&self.disabled) && (self.enabled.is_empty() || hit(&self.enabled))
    }

    /// Exposes a server's tools (its whole `tools/list`), replacing what it exposed before.
    /// All or nothing: on error the table is unchanged. Every tool comes back, disabled ones
    /// with `enabled: false`.
    ///
    /// # Errors
    /// `unknown_server`; `invalid_tool_name` for an upstream name that is empty, longer than 128
    /// or holds non-ASCII characters (lookalikes and invisible characters among them);
    /// `name_collision`, naming both sides, when two upstream tools expose to one name, or a tool
    /// would shadow a built-in, an alias or another server's tool.
    pub fn expose<S: AsRef<str>>(&mut self, server: &str, tools: &[S]) -> Result<Vec<ExposedTool>, Error> {
        let items = tools.iter().map(|t| (t.as_ref().to_string(), None)).collect();
        Ok(self.expose_items(Kind::Tool, server, items, OnInvalid::Throw)?.exposed)
    }

    /// The shared work of exposing tools or prompts: `items` are upstream names with the
    /// upstream's whole object where there is one.
    fn expose_items(
        &mut self,
        kind: Kind,
        server: &str,
        items: Vec<(String, Option<Json>)>,
        on_invalid: OnInvalid,
    ) -> Result<Exposure, Error> {
        let si = self.server_index(server)?;
        if matches!(self.style, Style::Peer(_)) {
            return self.expose_peer(kind, si, items, on_invalid);
        }
        let table = self.table(kind);
        // Fold keys of the other servers' names: one lookup per item.
        let others: HashMap<String, usize> = table
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.server != si)
            .map(|(i, e)| (fold(&e.tool.name), i))
            .collect();
        // Tool parts other servers serve: with conditional prefixing, only these get the server.
        let shared: HashSet<&str> = table.entries.iter().filter(|e| e.server != si).map(|e| e.part.as_str()).collect();
        let mut batch: HashMap<String, usize> = HashMap::with_capacity(items.len());
        let mut fresh: Vec<Fresh> = Vec::with_capacity(items.len());
        let mut skipped = Vec::new();
        for (upstream, payload) in items {
            let part = self.style.tool_part(&upstream, self.servers[si].upstream);
            let bare = match self.prefix_mode {
                PrefixMode::Always => false,
                PrefixMode::Never => true,
                PrefixMode::Conditional => !shared.contains(part.as_str()),
            };
            let name = if bare { self.style.bare(&part) } else { self.style.join(server, &part) };
            let key = fold(&name);
            let checked = self
                .check_upstream(kind, server, &upstream)
                .and_then(|()| match batch.get(&key) {
                    Some(&k) => {
                        Err(batch_collision(kind, server, &upstream, &name, &fresh[k].upstream, &fresh[k].name))
                    }
                    None => Ok(()),
                })
                .and_then(|()| self.check_shadowing(kind, si, &upstream, &name, &key, &others))
                .and_then(|()| {
                    self.style
                        .check_name(&name)
                        .map_err(|m| Error::new(Code::InvalidToolName, Span::whole(&upstream), m))
                });
            match (checked, on_invalid) {
                (Ok(()), _) => {
                    batch.insert(key, fresh.len());
                    fresh.push(Fresh { upstream, part, name, bare, payload });
                }
                (Err(e), OnInvalid::Skip) => skipped.push(Skipped { name: upstream, code: e.code, message: e.message }),
                (Err(e), OnInvalid::Throw) => return Err(e),
            }
        }
        let names = self.fitted_names(kind, si, &fresh);
        let table = self.table(kind);
        let before = table.visible();
        let old: Vec<(String, String)> = table
            .entries
            .iter()
            .filter(|e| e.server == si)
            .map(|e| (e.tool.name.clone(), e.tool.qualified.clone()))
            .collect();
        let mut entries = Vec::with_capacity(fresh.len());
        for (index, (f, name)) in fresh.into_iter().zip(names).enumerate() {
            let qualified = self.qualify(&name);
            let on = self.servers[si].enabled && self.allowed(Some(server), &f.upstream, &[&name, &qualified]);
            let tool = ExposedTool { name, qualified, server: server.to_string(), upstream: f.upstream, enabled: on };
            let (part, bare, payload) = (f.part, f.bare, f.payload);
            entries.push(Entry { tool, server: si, part, bare, payload, index, listed: true, routed: true });
        }
        let table = self.table_mut(kind);
        table.entries.retain(|e| e.server != si);
        table.entries.extend(entries);
        table.entries.sort_by_key(|e| e.server);
        table.exposed[si] = true;
        if self.prefix_mode == PrefixMode::Conditional {
            self.reprefix(kind);
        }
        let exposed: Vec<ExposedTool> =
            self.table(kind).entries.iter().filter(|e| e.server == si).map(|e| e.tool.clone()).collect();
        let old = old.into_iter().map(|(name, qualified)| (name, qualified, si)).collect();
        let changed = self.table_mut(kind).settle(old, &before);
        let warnings = if kind == Kind::Tool { self.unmatched_patterns(si) } else { Vec::new() };
        Ok(Exposure { exposed, skipped, changed, warnings })
    }

    /// [`Router::expose`] for a peer style: the peer names every listed tool of every server
    /// together, so other servers' names may change too (the OpenAI Agents SDK hashes a name
    /// as soon as a second tool shares it); `changed` says when they do.
    fn expose_peer(
        &mut self,
        kind: Kind,
        si: usize,
        items: Vec<(String, Option<Json>)>,
        on_invalid: OnInvalid,
    ) -> Result<Exposure, Error> {
        let Style::Peer(peer) = &self.style else { unreachable!("expose_peer is only called for peer styles") };
        let n = self.servers.len();
        // Every server's list as last exposed, with this one's new list.
        let mut lists: Vec<Option<Items>> = vec![None; n];
        let table = self.table(kind);
        let old: Vec<&Entry> = table.entries.iter().filter(|e| e.server != si).collect();
        let by_place =
            peers::order(old.len(), &|a, b| (old[a].server, old[a].index).cmp(&(old[b].server, old[b].index)));
        let old = peers::permute(old, &by_place);
        for e in old {
            lists[e.server].get_or_insert_with(Vec::new).push((e.tool.upstream.clone(), e.payload.clone()));
        }
        for (j, exposed) in table.exposed.iter().enumerate() {
            if *exposed && lists[j].is_none() {
                lists[j] = Some(Vec::new());
            }
        }
        lists[si] = Some(items);
        let listed: Vec<peers::Listed<'_>> = lists
            .iter()
            .enumerate()
            .filter_map(|(j, l)| {
                l.as_ref().map(|l| peers::Listed {
                    server: j,
                    name: &self.servers[j].name,
                    tools: l.iter().map(|(t, _)| t.as_str()).collect(),
                })
            })
            .collect();
        let reserved: &[String] = if kind == Kind::Tool { &self.builtins } else { &[] };
        let mut naming = peer.name(&listed, n, reserved)?;
        let mut skipped: Vec<Skipped> = Vec::new();
        for d in naming.dropped.iter().filter(|d| d.server == si) {
            let name = listed.iter().find(|l| l.server == si).map_or("", |l| l.tools[d.tool]).to_string();
            skipped.push(Skipped { name, code: d.code, message: d.message.clone() });
        }
        // The gateway's own names: built-ins (the OpenAI Agents SDK already hashed around them)
        // and aliases.
        let is_openai = matches!(peer.peer, peers::Peer::OpenAi { .. });
        for t in naming.tools.iter_mut().filter(|t| t.routed) {
            let builtin = kind == Kind::Tool && !is_openai && self.builtins.contains(&t.name);
            let alias = kind == Kind::Tool && self.aliases.iter().any(|(old, _)| *old == t.name);
            if !(builtin || alias) {
                continue;
            }
            let server = &self.servers[t.server].name;
            let upstream = listed.iter().find(|l| l.server == t.server).map_or("", |l| l.tools[t.tool]);
            let message = format!(
                "server {} {} {} exposes as {}, which is the gateway's {}",
                quoted(server),
                kind.noun(),
                quoted(upstream),
                quoted(&t.name),
                if builtin { "built-in" } else { "alias: retire the alias first" }
            );
            match on_invalid {
                OnInvalid::Throw => return Err(collision(message).for_server(server)),
                OnInvalid::Skip => {
                    if t.server == si {
                        skipped.push(Skipped { name: upstream.to_string(), code: Code::NameCollision, message });
                    }
                    t.listed = false;
                    t.routed = false;
                }
            }
        }
        let mut warnings = std::mem::take(&mut naming.notes);
        // Names the provider refuses are fitted to it; without a provider, reported.
        match self.limit.and_then(|l| l.provider.map(|p| (p, l.max))) {
            Some((provider, max)) => {
                let mut taken: HashSet<String> = naming.tools.iter().map(|t| t.name.clone()).collect();
                for t in naming.tools.iter_mut() {
                    if t.name.len() <= max && provider.accepts(&t.name) {
                        continue;
                    }
                    let fitted = provider::fit_within(&t.name, provider, max, |c| taken.contains(c));
                    taken.insert(fitted.clone());
                    t.name = fitted;
                }
            }
            None => {
                let mut seen = HashSet::new();
                let names = naming.tools.iter().filter(|t| t.listed && t.server == si).map(|t| t.name.as_str());
                warnings.extend(peers::provider_notes(peer.id(), names.filter(|n| seen.insert(*n))));
            }
        }
        // The new table, in the peer's order.
        let table = self.table(kind);
        let before = table.visible();
        let old_names: Vec<(String, String, usize)> =
            table.entries.iter().map(|e| (e.tool.name.clone(), e.tool.qualified.clone(), e.server)).collect();
        let mut payloads: Vec<Vec<Option<Json>>> = lists
            .iter()
            .map(|l| l.as_ref().map(|l| l.iter().map(|(_, p)| p.clone()).collect()).unwrap_or_default())
            .collect();
        let mut entries = Vec::with_capacity(naming.tools.len());
        for t in naming.tools {
            let s = &self.servers[t.server];
            let upstream = listed.iter().find(|l| l.server == t.server).map_or("", |l| l.tools[t.tool]).to_string();
            let qualified = self.qualify(&t.name);
            let on = s.enabled && self.allowed(Some(&s.name), &upstream, &[&t.name, &qualified]);
            let payload = payloads[t.server].get_mut(t.tool).and_then(Option::take);
            let tool = ExposedTool {
                name: t.name,
                qualified,
                server: s.name.clone(),
                upstream: upstream.clone(),
                enabled: on,
            };
            entries.push(Entry {
                tool,
                server: t.server,
                part: upstream,
                bare: false,
                payload,
                index: t.tool,
                listed: t.listed,
                routed: t.routed,
            });
        }
        for e in entries.iter().filter(|e| e.server == si && !e.listed) {
            if !skipped.iter().any(|k| k.name == e.tool.upstream) {
                skipped.push(Skipped {
                    name: e.tool.upstream.clone(),
                    code: Code::NameCollision,
                    message: format!("{} leaves it out: another tool has its name {}", peer.id(), quoted(&e.tool.name)),
                });
            }
        }
        let exposed: Vec<&Entry> = entries.iter().filter(|e| e.server == si && e.listed).collect();
        let by_index = peers::order(exposed.len(), &|a, b| exposed[a].index.cmp(&exposed[b].index));
        let exposed = peers::permute(exposed, &by_index);
        let exposed: Vec<ExposedTool> = exposed.into_iter().map(|e| e.tool.clone()).collect();
        let table = self.table_mut(kind);
        table.entries = entries;
        table.exposed[si] = true;
        let changed = table.settle(old_names, &before);
        if kind == Kind::Tool {
            warnings.extend(self.unmatched_patterns(si));
        }
        Ok(Exposure { exposed, skipped, changed, warnings })
    }

    /// Conditional prefixing after a list changed: a name only one server serves is bare, one
    /// that several serve carries its server. The decision depends on which servers serve which
    /// tool parts, not on the order they listed in. A name stays prefixed when its bare form
    /// would differ from another exposed name only in case or separators.
    fn reprefix(&mut self, kind: Kind) {
        let table = self.table(kind);
        let mut servers_of: HashMap<&str, HashSet<usize>> = HashMap::new();
        for e in &table.entries {
            servers_of.entry(e.part.as_str()).or_default().insert(e.server);
        }
        let want: Vec<bool> = table.entries.iter().map(|e| servers_of[e.part.as_str()].len() == 1).collect();
        let mut renames: Vec<(usize, String, bool)> = Vec::new();
        for (i, e) in table.entries.iter().enumerate() {
            if want[i] == e.bare {
                continue;
            }
            let server = &self.servers[e.server].name;
            let plain = if want[i] { self.style.bare(&e.part) } else { self.style.join(server, &e.part) };
            let key = fold(&plain);
            if want[i] && table.entries.iter().enumerate().any(|(j, o)| j != i && fold(&o.tool.name) == key) {
                continue;
            }
            let name = match self.limit {
                None => plain,
                Some(limit) => {
                    let taken: HashSet<&str> = table
                        .entries
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| *j != i)
                        .map(|(_, o)| o.tool.name.as_str())
                        .collect();
                    let (s, sep) = if want[i] { ("", "") } else { (server.as_str(), self.style.separator()) };
                    fit::fit(self.style.prefix(), s, sep, &e.part, limit, usize::MAX, |n| taken.contains(n))
                }
            };
            renames.push((i, name, want[i]));
        }
        let prefix = self.qualified_prefix.clone();
        let table = self.table_mut(kind);
        for (i, name, bare) in renames {
            let e = &mut table.entries[i];
            e.tool.qualified = format!("{prefix}{name}");
            e.tool.name = name;
            e.bare = bare;
        }
    }

    /// Fitted names for a batch, avoiding the other servers' names and the built-ins.
    fn fitted_names(&self, kind: Kind, si: usize, fresh: &[Fresh]) -> Vec<String> {
        let Some(limit) = self.limit else {
            return fresh.iter().map(|f| f.name.clone()).collect();
        };
        let table = self.table(kind);
        let mut taken: HashSet<String> =
            table.entries.iter().filter(|e| e.server != si).map(|e| e.tool.name.clone()).collect();
        if kind == Kind::Tool {
            taken.extend(self.builtins.iter().cloned());
        }
        // Names that fit as they are keep them; the others must not take one of those either.
        let plain: HashSet<&str> = fresh.iter().map(|f| f.name.as_str()).collect();
        let server = &self.servers[si].name;
        let (prefix, sep) = (self.style.prefix(), self.style.separator());
        // The server part is shortened only when some name does not fit, and then for all.
        let too_long = fresh.iter().any(|f| f.name.len() > limit.max);
        let room = if too_long {
            fit::server_room(prefix, sep, fresh.iter().map(|f| f.part.as_str()), limit)
        } else {
            usize::MAX
        };
        let mut out = Vec::with_capacity(fresh.len());
        for f in fresh {
            let (s, sep) = if f.bare { ("", "") } else { (server.as_str(), sep) };
            let fitted = fit::fit(prefix, s, sep, &f.part, limit, room, |n| {
                taken.contains(n) || (n != f.name && plain.contains(n))
            });
            taken.insert(fitted.clone());
            out.push(fitted);
        }
        out
    }

    /// `enabled` / `disabled` entries that match nothing: a typo there exposes a tool someone
    /// meant to hide. Upstream rules are checked against the server just exposed; name rules
    /// once every enabled server has listed its tools.
    fn unmatched_patterns(&self, si: usize) -> Vec<Diagnostic> {
        let server = self.servers[si].name.as_str();
        let all_listed = self.servers.iter().zip(&self.tools.exposed).all(|(s, &e)| e || !s.enabled);
        let mut out = Vec::new();
        for (path, rule) in self.enabled.iter().chain(&self.disabled) {
            let tool_hit = |e: &Entry| {
                rule.matches(Some(&self.servers[e.server].name), &e.tool.upstream, &[&e.tool.name, &e.tool.qualified])
            };
            let unmatched = match rule {
                Rule::Upstream { server: s, .. } if s.matches(server) => {
                    !self.tools.entries.iter().filter(|e| e.server == si).any(tool_hit)
                }
                Rule::Name(_) if all_listed => {
                    !self.tools.entries.iter().any(tool_hit)
                        && !self.builtins.iter().any(|b| rule.matches(None, b, &[b, &self.qualify(b)]))
                }
                _ => false,
            };
            if unmatched {
                let mut d = Diagnostic::at_path(
                    Code::UnmatchedPattern,
                    path.as_str(),
                    match rule {
                        Rule::Upstream { .. } => format!("matches no tool of server {}", quoted(server)),
                        Rule::Name(_) => "matches no tool, built-in or upstream name".to_string(),
                    },
                );
                d.severity = Severity::Warning;
                out.push(d);
            }
        }
        out
    }

    fn check_upstream(&self, kind: Kind, server: &str, upstream: &str) -> Result<(), Error> {
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
                format!(
                    "server {} {} {} cannot be exposed: {}",
                    quoted(server),
                    kind.noun(),
                    quoted(upstream),
                    d.message
                ),
            )),
        }
    }

    fn check_shadowing(
        &self,
        kind: Kind,
        si: usize,
        upstream: &str,
        name: &str,
        key: &str,
        others: &HashMap<String, usize>,
    ) -> Result<(), Error> {
        let server = &self.servers[si].name;
        let qualified = self.qualify(name);
        let this = format!("server {} {} {}", quoted(server), kind.noun(), quoted(upstream));
        if kind == Kind::Tool {
            let builtin = self.builtins.iter().find(|b| b.as_str() == name || **b == qualified || fold(b) == key);
            if let Some(b) = builtin {
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
        }
        if let Some(e) = others.get(key).map(|&i| &self.table(kind).entries[i]) {
            let other = format!("server {} {} {}", quoted(&e.tool.server), kind.noun(), quoted(&e.tool.upstream));
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

    /// Routes a name: exposed, qualified, a built-in, an alias (marked deprecated), or, with
    /// `strict: false`, for a server that exposed nothing yet, whatever the style's parse gives.
    ///
    /// # Errors
    /// `tool_disabled` for a disabled tool; `tool_removed` for a name the server's previous
    /// list had and its last one has not; `unknown_tool` otherwise, with the MCP message
    /// `Unknown tool: <name>` followed by up to three close names (see [`suggest`]), which are
    /// also the error's suggestions.
    pub fn route(&self, name: &str) -> Result<Route<'_>, Error> {
        match self.resolve(name) {
            Resolved::Route(r, true) => Ok(r),
            Resolved::Route(r, false) => {
                let e = Error::new(
                    Code::ToolDisabled,
                    Span::whole(name),
                    format!(
                        "tool {} is disabled{}: enable it in the gateway's configuration, or use another tool",
                        quoted(name),
                        r.server.map(|s| format!(" (server {})", quoted(s))).unwrap_or_default()
                    ),
                );
                Err(match r.server {
                    Some(s) => e.for_server(s),
                    None => e,
                })
            }
            Resolved::Unknown => Err(self.unknown(Kind::Tool, name)),
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
        if let Some(&i) = self.tools.by_name.get(name) {
            let e = &self.tools.entries[i];
            return Some(Resolved::Route(self.entry_route(e), e.tool.enabled));
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
        Some(Resolved::Route(r, self.allowed(None, b, &[b, &self.qualify(b)])))
    }

    fn resolve_by_parse(&self, bare: &str) -> Resolved<'_> {
        if self.strict {
            return Resolved::Unknown;
        }
        let Some((si, part)) = self.style.split(bare, &self.servers) else { return Resolved::Unknown };
        if self.tools.exposed.get(si).copied().unwrap_or(false) {
            // The server's tools are in the table: it alone is the truth.
            return Resolved::Unknown;
        }
        let s = &self.servers[si];
        let tool = s.upstream.to_upstream(part);
        let on = s.enabled && self.allowed(Some(&s.name), &tool, &[bare, &self.qualify(bare)]);
        Resolved::Route(
            Route {
                server: Some(&s.name),
                tool: Cow::Owned(tool),
                builtin: false,
                pool: s.pool.as_deref(),
                upstream_prefix: s.upstream_prefix.as_deref(),
                deprecated: false,
            },
            on,
        )
    }

    /// The error for a name the table does not route: `tool_removed` (or its prompt twin) when
    /// the server's previous list had it, otherwise `unknown_tool` / `unknown_prompt` with the
    /// close names as suggestions.
    fn unknown(&self, kind: Kind, name: &str) -> Error {
        let table = self.table(kind);
        if let Some(&si) = table.removed.get(name) {
            let server = &self.servers[si].name;
            let code = if kind == Kind::Tool { Code::ToolRemoved } else { Code::PromptRemoved };
            return Error::new(
                code,
                Span::whole(name),
                format!(
                    "{} {} was removed: server {} no longer lists it; list the {}s again",
                    kind.noun(),
                    quoted(name),
                    quoted(server),
                    kind.noun()
                ),
            )
            .for_server(server);
        }
        let suggestions = self.suggestions(kind, name);
        let (code, title) = match kind {
            Kind::Tool => (Code::UnknownTool, "Unknown tool"),
            Kind::Prompt => (Code::UnknownPrompt, "Unknown prompt"),
        };
        let mut message = format!("{title}: {}", clip(name, 200));
        if !suggestions.is_empty() {
            message.push_str(&format!("; did you mean {}?", suggestions.join(", ")));
        }
        let mut e = Error::new(code, Span::whole(name), message);
        e.suggestions = suggestions;
        e
    }

    /// Up to three names close to `name`: by its whole form, by the part after any
    /// `mcp__<gateway>__` (a wrong gateway name), and by the tool part alone (a model that
    /// dropped the server prefix); answered in the form the caller used (qualified or not).
    fn suggestions(&self, kind: Kind, name: &str) -> Vec<String> {
        let table = self.table(kind);
        let wants_qualified = !self.qualified_prefix.is_empty() && name.starts_with("mcp__");
        let bare = match name.strip_prefix("mcp__").and_then(|rest| rest.split_once("__")) {
            Some((_, rest)) if !self.qualified_prefix.is_empty() => rest,
            _ => name,
        };
        let limit = suggest::limit(bare);
        let mut scored: Vec<(usize, String)> = Vec::new();
        for e in table.entries.iter().filter(|e| e.tool.enabled && e.listed).take(suggest::MAX_CANDIDATES) {
            let forms = [e.tool.name.as_str(), e.tool.upstream.as_str(), self.tool_part_of(e)];
            let Some(d) = forms.iter().filter_map(|f| suggest::distance(bare, f, limit)).min() else { continue };
            scored.push((d, if wants_qualified { e.tool.qualified.clone() } else { e.tool.name.clone() }));
        }
        if kind == Kind::Tool {
            let others = self.builtins.iter().chain(self.aliases.iter().map(|(_, current)| current));
            for b in others {
                if let Some(d) = suggest::distance(bare, self.unqualified(b), limit) {
                    scored.push((d, b.clone()));
                }
            }
        }
        scored.sort_by_key(|(d, _)| *d);
        let mut out: Vec<String> = Vec::new();
        for (_, s) in scored {
            if !out.contains(&s) && out.len() < 3 {
                out.push(s);
            }
        }
        out
    }

    /// The tool part of an entry's exposed name (after the server and the separator).
    fn tool_part_of<'e>(&self, e: &'e Entry) -> &'e str {
        let head = format!("{}{}{}", self.style.prefix(), e.tool.server, self.style.separator());
        e.tool.name.strip_prefix(head.as_str()).unwrap_or(&e.tool.name)
    }

    /// Whether a name is enabled: its server is, no `disabled` pattern matches it, and `enabled`
    /// is empty or one of its patterns matches it (exposed, qualified or upstream form).
    pub fn is_enabled(&self, name: &str) -> bool {
        match self.resolve(name) {
            Resolved::Route(_, on) => on,
            Resolved::Unknown => self.allowed(None, name, &[self.unqualified(name)]),
        }
    }

    /// The name this router exposes for the tool that `from` exposes as `name`: how a
    /// permission file, a prompt or an eval set written for one gateway's names moves to another
    /// (`mcp__memory__save` under `{ peer: "langchain", prefix: "mcp" }` is `memory__save` under
    /// `claude`). Both routers must have exposed the server's tools.
    ///
    /// ```
    /// use mcp_naming::json::Json;
    /// use mcp_naming::router::{Router, RouterConfig};
    /// let router = |style: &str| {
    ///     let json: Json = serde_json::from_str(&format!(r#"{{ "style": {style}, "servers": [{{ "name": "memory" }}] }}"#)).unwrap();
    ///     let mut r = Router::new(RouterConfig::from_json(&json).unwrap()).unwrap();
    ///     r.expose("memory", &["save"]).unwrap();
    ///     r
    /// };
    /// let (old, new) = (router(r#"{ "peer": "langchain", "prefix": "mcp" }"#), router(r#""syntropy""#));
    /// assert_eq!(new.migrate("mcp__memory__save", &old).unwrap(), "memory_save");
    /// ```
    ///
    /// # Errors
    /// As [`Router::route`] on `from`; `unknown_tool` when this router has no such tool of that
    /// server (naming the server), `invalid_argument` for a built-in.
    pub fn migrate(&self, name: &str, from: &Router) -> Result<String, Error> {
        let route = from.route(name)?;
        let Some(server) = route.server else {
            return Err(Error::invalid_argument(format!("{} is a built-in of the other gateway", quoted(name))));
        };
        self.tools
            .entries
            .iter()
            .find(|e| e.tool.server == server && e.tool.upstream == route.tool && e.routed)
            .map(|e| e.tool.name.clone())
            .ok_or_else(|| {
                Error::new(
                    Code::UnknownTool,
                    Span::whole(name),
                    format!(
                        "{} is server {} tool {}, which this router has not exposed",
                        quoted(name),
                        quoted(server),
                        quoted(&route.tool)
                    ),
                )
                .for_server(server)
            })
    }

    /// The enabled exposed tools as the client sees them: servers in configuration order, each
    /// server's tools in its list's order (a peer style: in the peer's order).
    pub fn tools(&self) -> impl Iterator<Item = &ExposedTool> {
        self.tools.entries.iter().filter(|e| e.tool.enabled && e.listed).map(|e| &e.tool)
    }

    /// Every name a table hit can answer (exposed and qualified names of enabled tools, enabled
    /// built-ins, aliases to them) with its route: what a client may cache to route without
    /// calling the router again.
    pub fn routes(&self) -> Vec<(String, Route<'_>)> {
        let mut out = Vec::new();
        for e in self.tools.entries.iter().filter(|e| e.tool.enabled && e.routed) {
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

fn batch_collision(kind: Kind, server: &str, upstream: &str, name: &str, other: &str, other_name: &str) -> Error {
    let this = format!("server {} {} {}", quoted(server), kind.noun(), quoted(upstream));
    if other == upstream {
        collision(format!("{this} is listed twice"))
    } else if other_name == name {
        collision(format!("{this} and {} both expose as {}", quoted(other), quoted(name)))
    } else {
        confusable(format!(
            "{this} would expose as {}, which differs from {} {} ({}) only in case or separators",
            quoted(name),
            kind.noun(),
            quoted(other),
            quoted(other_name)
        ))
    }
}

fn confusable(message: String) -> Error {
    Error::new(Code::ConfusableName, Span::default(), message)
}

pub(crate) fn collision(message: String) -> Error {
    Error::new(Code::NameCollision, Span::default(), message)
}
