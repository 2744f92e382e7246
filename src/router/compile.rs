//! Compiling a router configuration: every check that needs the whole configuration (server
//! names the style can write, unique names and pools, aliases that point somewhere, patterns
//! that name configured servers), defaults filled in, patterns compiled, the style built.

use super::config::{config_error, problem, Conflicts, PatternConfig, RouterConfig, StyleConfig};
use super::fit::Limit;
use super::modes::PrefixMode;
use super::naming::Naming;
use super::pattern::Glob;
use super::peers::{PeerStyle, PEERS};
use super::resources::PeerUris;
use super::server::Server;
use super::style::{Own, STYLES};
use super::table::Entry;
use crate::arguments::MAX_SERVER_NAME;
use crate::diagnostic::{Diagnostic, Error};
use crate::provider::Provider;
use crate::text::quoted;
use std::collections::hash_map;
use std::collections::HashMap;

/// An `enabled` / `disabled` entry, compiled.
#[derive(Debug)]
pub(crate) enum Rule {
    /// Globs over exposed, qualified and upstream names.
    Name(Vec<Glob>),
    /// A server glob and a glob over its upstream names.
    Upstream { server: Glob, tool: Glob },
}

impl Rule {
    pub(crate) fn matches(&self, server: Option<&str>, upstream: &str, names: &[&str]) -> bool {
        match self {
            Rule::Name(globs) => globs.iter().any(|g| g.matches(upstream) || names.iter().any(|n| g.matches(n))),
            Rule::Upstream { server: s, tool } => server.is_some_and(|name| s.matches(name)) && tool.matches(upstream),
        }
    }
}

/// Compiled patterns, each with its path in the configuration.
pub(crate) type Rules = Vec<(String, Rule)>;

/// A configuration, checked and compiled: what the router decides with.
#[derive(Debug)]
pub(crate) struct Compiled {
    pub style: Box<dyn Naming>,
    /// `mcp__<gateway>__` for the styles whose clients qualify names, else empty.
    pub qualified_prefix: String,
    /// The gateway's own server name as clients see it.
    pub gateway: String,
    pub servers: Vec<Server>,
    pub builtins: Vec<String>,
    pub aliases: Vec<(String, String)>,
    /// `(path in the configuration, rule)`, for `enabled` then `disabled`.
    pub enabled: Vec<(String, Rule)>,
    pub disabled: Vec<(String, Rule)>,
    pub limit: Option<Limit>,
    pub strict: bool,
    pub prefix_mode: PrefixMode,
    /// How a peer style writes resource URIs, where it rewrites them.
    pub uris: Option<PeerUris>,
    /// Per-tool settings, by server and upstream name.
    pub overrides: HashMap<(u32, Box<str>), Override>,
    /// `conflicts: { priority }`: each server's rank (lower wins), and whether the others drop.
    pub priority: Option<(Vec<usize>, bool)>,
    /// `conflicts: "manual"`.
    pub manual: bool,
    /// `discovery`: the `always` rules, and `maxListed`.
    pub discovery: Option<(Rules, Option<usize>)>,
    /// `requestStateKey`, as bytes.
    pub state_key: Option<Vec<u8>>,
}

/// A `tools` entry, compiled.
#[derive(Debug)]
pub(crate) struct Override {
    /// `tools[i]`.
    pub path: String,
    pub name: Option<String>,
    pub description: Option<String>,
    pub enabled: Option<bool>,
}

impl Compiled {
    /// The settings of server `si`'s tool `upstream`, if any.
    pub(crate) fn override_of(&self, si: usize, upstream: &str) -> Option<&Override> {
        if self.overrides.is_empty() {
            return None;
        }
        self.overrides.get(&(si as u32, Box::from(upstream)))
    }

    /// The tool part of an entry's exposed name, where it differs from the name (a suggestion
    /// form).
    pub(crate) fn name_part<'e>(&self, e: &'e Entry) -> Option<&'e str> {
        let part = self.style.name_part(e.name(), &self.servers[e.server as usize].label);
        (part.len() != e.name().len()).then_some(part)
    }

    /// [`Compiled::name_part`] as a function of the entry alone.
    pub(crate) fn parts(&self) -> impl for<'e> Fn(&'e Entry) -> Option<&'e str> + '_ {
        move |e| self.name_part(e)
    }
}

fn rules(list: &[PatternConfig], what: &str, claude: bool) -> Vec<(String, Rule)> {
    list.iter()
        .enumerate()
        .map(|(i, p)| {
            let rule = match p {
                // Claude Code's rules: `mcp__server` covers every tool of the server, and so
                // does any rule without `*` for the names that continue it after `__`.
                PatternConfig::Name(p) if claude && !p.contains('*') => {
                    Rule::Name(vec![Glob::new(p), Glob::new(&format!("{p}__*"))])
                }
                PatternConfig::Name(p) => Rule::Name(vec![Glob::new(p)]),
                PatternConfig::Upstream(u) => Rule::Upstream { server: Glob::new(&u.server), tool: Glob::new(&u.tool) },
            };
            (format!("{what}[{i}]"), rule)
        })
        .collect()
}

/// The style a configuration names; `Err((path, message))` when it names none.
/// A style as configured: the router's own, or a peer's (whose servers compiling checks apart).
enum Styled {
    Own(Own),
    Peer(PeerStyle),
}

impl Styled {
    fn naming(&self) -> &dyn Naming {
        match self {
            Styled::Own(o) => o,
            Styled::Peer(p) => p,
        }
    }
}

fn style_of(config: &StyleConfig) -> Result<Styled, (&'static str, String)> {
    match config {
        StyleConfig::Named(name) => match Own::named(name) {
            Some(own) => Ok(Styled::Own(own)),
            None if PEERS.contains(&name.as_str()) => Ok(Styled::Peer(PeerStyle::new(name, &Default::default())?)),
            None => Err((
                "style",
                format!(
                    "unknown style {}: use {}, {{ peer, prefix? }} or {{ separator, prefix?, pattern? }}",
                    quoted(name),
                    STYLES.iter().chain(PEERS).map(|s| quoted(s)).collect::<Vec<_>>().join(", ")
                ),
            )),
        },
        StyleConfig::Peer(p) => Ok(Styled::Peer(PeerStyle::new(&p.peer, &p.params())?)),
        StyleConfig::Custom { separator, prefix, pattern } => {
            Ok(Styled::Own(Own::custom(separator, prefix.as_deref(), pattern.as_deref())?))
        }
    }
}

/// Validates `config`, or returns every problem found as one `invalid_config` error.
pub(crate) fn compile(config: &RouterConfig) -> Result<Compiled, Error> {
    let mut problems = Vec::new();
    let style = match style_of(&config.style) {
        Ok(style) => Some(style),
        Err((path, message)) => {
            problems.push(problem(path, message));
            None
        }
    };
    let provider = config.provider;
    let is_syntropy = style.as_ref().is_some_and(|s| s.naming().id() == "syntropy");
    let gateway =
        config.gateway.clone().unwrap_or_else(|| if is_syntropy { "syntropy" } else { "gateway" }.to_string());
    if let Err(why) = crate::arguments::check_server_name(&gateway, MAX_SERVER_NAME) {
        problems.push(problem("gateway", format!("{} {why}", quoted(&gateway))));
    } else if config.gateway.is_some() && crate::convention::claude::normalize_server_name(&gateway) != gateway
        || gateway.is_empty()
        || gateway.contains("__")
    {
        problems.push(problem(
            "gateway",
            format!(
                "{} is not a server name clients can show: use letters, digits, \"_\" and \"-\" without \"__\"",
                quoted(&gateway)
            ),
        ));
    }
    let mut servers = Vec::with_capacity(config.servers.len());
    // What each server is written as in exposed names: itself, or a registry name's prefix.
    let names: Vec<&str> = config.servers.iter().map(|s| s.name.as_str()).collect();
    let labels = super::registry_names::labels(&names, style.as_ref().map(Styled::naming));
    // Each server name's fold, to find two that differ only in case or separators.
    let mut folds: HashMap<String, usize> = HashMap::with_capacity(config.servers.len());
    let max_name = style.as_ref().map_or(MAX_SERVER_NAME, |s| s.naming().max_server_name());
    for (i, s) in config.servers.iter().enumerate() {
        let path = format!("servers[{i}].name");
        let label = &labels[i];
        // The name is printable text; what begins exposed names (the label) fits the style.
        let printable = crate::arguments::check_server_name(&s.name, usize::MAX)
            .and_then(|()| crate::arguments::check_server_name(label, max_name));
        if let Err(why) = &printable {
            problems.push(problem(&path, format!("{} {why}", quoted(&s.name))));
        }
        if let Some(style) = style.as_ref().map(Styled::naming).filter(|_| printable.is_ok()) {
            if let Err(message) = style.check_server_name(label) {
                let mut d = problem(&path, message);
                d.suggestion = style.suggest_server_name(label).filter(|n| style.check_server_name(n).is_ok());
                problems.push(d);
            }
        }
        if printable.is_ok() {
            match folds.entry(super::fold(&s.name)) {
                hash_map::Entry::Vacant(v) => {
                    v.insert(i);
                }
                hash_map::Entry::Occupied(o) => {
                    let j = *o.get();
                    let other = &config.servers[j].name;
                    problems.push(problem(
                        &path,
                        if *other == s.name {
                            format!("{} is already the name of servers[{j}]: server names must be unique", quoted(&s.name))
                        } else {
                            format!(
                                "{} differs from servers[{j}]'s name {} only in case or separators: server names must differ in more, or each server's tools would shadow the other's",
                                quoted(&s.name),
                                quoted(other)
                            )
                        },
                    ));
                }
            }
        }
        let pool = s.pool.clone().or_else(|| is_syntropy.then(|| format!("syn-{label}")));
        let upstream_prefix = s.upstream_prefix.clone().or_else(|| is_syntropy.then(|| format!("mcp__{label}__")));
        if let Some(pool) = &pool {
            if let Some(j) = servers.iter().position(|o: &Server| o.pool.as_deref() == Some(pool)) {
                problems.push(problem(
                    &format!("servers[{i}].pool"),
                    format!("{} is already the pool of servers[{j}]: pools must be unique", quoted(pool)),
                ));
            }
        }
        servers.push(Server {
            name: s.name.clone(),
            label: label.clone(),
            upstream: s.upstream,
            pool,
            upstream_prefix,
            enabled: s.enabled,
        });
    }
    if let Some(Styled::Peer(peer)) = &style {
        let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
        if let Err((i, message)) = peer.check_servers(&labels) {
            problems.push(problem(&format!("servers[{i}].name"), message));
        }
        for (server, _) in &peer.prefixes {
            if !names.contains(&server.as_str()) {
                problems.push(problem(
                    &format!("style.prefixes[{}]", quoted(server)),
                    format!("{} is not a configured server: use one of {}", quoted(server), names.join(", ")),
                ));
            }
        }
        if config.prefix_mode != PrefixMode::Always {
            problems.push(problem(
                "prefixMode",
                format!(
                    "a peer style prefixes as {} does{}",
                    peer.id(),
                    if peer.id() == "agentgateway" { ": use the style's `mode`" } else { ": remove prefixMode" }
                ),
            ));
        }
    }
    for (i, b) in config.builtins.iter().enumerate() {
        if b.is_empty() || !b.bytes().all(crate::convention::mcp::is_name_byte) {
            problems.push(problem(&format!("builtins[{i}]"), format!("{} is not a valid MCP tool name", quoted(b))));
        }
        if config.builtins[..i].contains(b) {
            problems.push(problem(&format!("builtins[{i}]"), format!("{} is listed twice", quoted(b))));
        }
    }
    if let Some(style) = style.as_ref().map(Styled::naming) {
        for (old, new) in &config.aliases {
            let path = format!("aliases[{}]", quoted(old));
            if config.builtins.contains(old) {
                problems.push(problem(
                    &path,
                    format!(
                        "the alias {} is a built-in's name: an alias must be an old name no longer in use",
                        quoted(old)
                    ),
                ));
            }
            // Peers whose names do not split back are checked when the alias is used.
            let parses = !style.separator().is_empty();
            let known = config.builtins.contains(new) || !parses || style.split(new, &servers).is_some();
            if !known {
                problems.push(problem(
                    &path,
                    format!(
                        "points to {}, which no server or built-in provides: point it to a current exposed name",
                        quoted(new)
                    ),
                ));
            }
            if config.aliases.iter().any(|(o, _)| o == new) {
                problems.push(problem(
                    &path,
                    format!("points to {}, which is itself an alias: point it to the final name", quoted(new)),
                ));
            }
        }
    }
    let always = config.discovery.as_ref().map_or(&[][..], |d| &d.always[..]);
    for (list, patterns) in
        [("enabled", &config.enabled[..]), ("disabled", &config.disabled[..]), ("discovery.always", always)]
    {
        for (i, p) in patterns.iter().enumerate() {
            let empty = |path: String, problems: &mut Vec<Diagnostic>| {
                problems.push(problem(&path, "an empty pattern matches nothing: remove it".to_string()));
            };
            match p {
                PatternConfig::Name(p) if p.is_empty() => empty(format!("{list}[{i}]"), &mut problems),
                PatternConfig::Upstream(u) => {
                    if u.server.is_empty() {
                        empty(format!("{list}[{i}].server"), &mut problems);
                    } else if !u.server.contains('*') && !config.servers.iter().any(|s| s.name == u.server) {
                        let known: Vec<&str> = config.servers.iter().map(|s| s.name.as_str()).collect();
                        problems.push(problem(
                            &format!("{list}[{i}].server"),
                            format!(
                                "{} is not a configured server: use one of {}",
                                quoted(&u.server),
                                known.join(", ")
                            ),
                        ));
                    }
                    if u.tool.is_empty() {
                        empty(format!("{list}[{i}].tool"), &mut problems);
                    }
                }
                PatternConfig::Name(_) => {}
            }
        }
    }
    let overrides = check_overrides(config, style.as_ref(), provider, &mut problems);
    if config.discovery.is_some() {
        check_meta_names(config, &mut problems);
    }
    let (priority, manual, prefix_mode) = check_conflicts(config, style.as_ref(), &mut problems);
    if let Some(key) = &config.request_state_key {
        if key.len() < super::state::MIN_KEY {
            problems.push(problem(
                "requestStateKey",
                format!(
                    "is {} bytes long: a key that seals requestState needs {} bytes or more (random, and the same on every gateway process)",
                    key.len(),
                    super::state::MIN_KEY
                ),
            ));
        }
    }
    let Some(styled) = style.filter(|_| problems.is_empty()) else { return Err(config_error(problems)) };
    let uris = match &styled {
        Styled::Peer(p) => p.uris(servers.len()),
        Styled::Own(_) => None,
    };
    let style: Box<dyn Naming> = match styled {
        Styled::Own(o) => Box::new(o),
        Styled::Peer(p) => Box::new(p),
    };
    let qualified_prefix = if style.qualifies() { format!("mcp__{gateway}__") } else { String::new() };
    // Claude Code refuses names over 64 characters, whatever the provider: the qualifying
    // styles are fitted to it even when no provider is set. A gateway name so long that its
    // prefix leaves almost nothing still leaves 16.
    // A style whose names have a length limit of their own (agent: 64) is fitted to it too.
    let max = Provider::MAX_LEN.saturating_sub(qualified_prefix.len()).max(16);
    let limit = match (provider, style.qualifies(), style.max_len()) {
        (Some(p), _, own) => Some(Limit { provider: Some(p), max: own.map_or(max, |m| m.min(max)) }),
        (None, true, _) => Some(Limit { provider: None, max }),
        (None, false, Some(own)) => Some(Limit { provider: None, max: own }),
        (None, false, None) => None,
    };
    let claude = style.id() == "claude";
    Ok(Compiled {
        enabled: rules(&config.enabled, "enabled", claude),
        disabled: rules(&config.disabled, "disabled", claude),
        style,
        qualified_prefix,
        gateway,
        servers,
        builtins: config.builtins.clone(),
        aliases: config.aliases.clone(),
        limit,
        strict: config.strict,
        prefix_mode,
        uris,
        overrides,
        priority,
        manual,
        discovery: config.discovery.as_ref().map(|d| (rules(&d.always, "discovery.always", claude), d.max_listed)),
        state_key: config.request_state_key.as_ref().map(|k| k.as_bytes().to_vec()),
    })
}

/// With `discovery`, the meta-tools' names are the gateway's: no built-in, alias or `tools`
/// name may take one.
fn check_meta_names(config: &RouterConfig, problems: &mut Vec<Diagnostic>) {
    let meta = |name: &str| super::discovery::META.iter().find(|m| crate::router::fold_eq(m, name)).copied();
    let taken = |what: String, m: &str| {
        format!(
            "{what} is the name of discovery's meta-tool {} (or differs from it only in case or separators)",
            quoted(m)
        )
    };
    for (i, b) in config.builtins.iter().enumerate() {
        if let Some(m) = meta(b) {
            problems.push(problem(&format!("builtins[{i}]"), taken(quoted(b), m)));
        }
    }
    for (old, _) in &config.aliases {
        if let Some(m) = meta(old) {
            problems
                .push(problem(&format!("aliases[{}]", quoted(old)), taken(format!("the alias {}", quoted(old)), m)));
        }
    }
    for (i, t) in config.tools.iter().enumerate() {
        if let Some(m) = t.name.as_deref().and_then(meta) {
            problems.push(problem(&format!("tools[{i}].name"), taken(quoted(t.name.as_deref().unwrap_or("")), m)));
        }
    }
}

/// The `tools` entries, checked: configured servers, one entry per tool, names a client can use
/// and no two alike.
fn check_overrides(
    config: &RouterConfig,
    style: Option<&Styled>,
    provider: Option<Provider>,
    problems: &mut Vec<Diagnostic>,
) -> HashMap<(u32, Box<str>), Override> {
    let names: Vec<&str> = config.servers.iter().map(|s| s.name.as_str()).collect();
    let mut out: HashMap<(u32, Box<str>), Override> = HashMap::new();
    let mut by_name: Vec<(&str, usize)> = Vec::new();
    for (i, t) in config.tools.iter().enumerate() {
        let path = format!("tools[{i}]");
        let Some(si) = names.iter().position(|n| *n == t.server) else {
            let mut d = problem(
                &format!("{path}.server"),
                format!("{} is not a configured server: use one of {}", quoted(&t.server), names.join(", ")),
            );
            d.suggestion = crate::suggest::closest(&t.server, names.iter().copied(), 1).first().map(|s| s.to_string());
            problems.push(d);
            continue;
        };
        if t.tool.is_empty() {
            problems
                .push(problem(&format!("{path}.tool"), "is empty: name the tool as the server lists it".to_string()));
        }
        let key = (si as u32, Box::<str>::from(t.tool.as_str()));
        if let Some(o) = out.get(&key) {
            problems.push(problem(
                &path,
                format!(
                    "{} is already server {} tool {}: one entry per tool",
                    o.path,
                    quoted(&t.server),
                    quoted(&t.tool)
                ),
            ));
            continue;
        }
        if let Some(name) = &t.name {
            let at = format!("{path}.name");
            let why = match style {
                Some(Styled::Peer(p)) => Some(format!("a peer style names tools as {} does: remove it", p.id())),
                _ if !crate::is_valid(name, crate::Convention::Mcp, &crate::Options::default()) => {
                    Some(format!("{} is not a valid MCP tool name (1 to 128 of A-Z a-z 0-9 _ - .)", quoted(name)))
                }
                Some(Styled::Own(o)) => o.check_name(name).err(),
                None => None,
            }
            .or_else(|| {
                let over = style.and_then(|s| s.naming().max_len()).filter(|max| name.len() > *max);
                over.map(|max| format!("{} is longer than the style's {max} characters", quoted(name)))
            })
            .or_else(|| {
                provider.filter(|p| !p.accepts(name)).map(|p| format!("{} is a name {} refuses", quoted(name), p.id()))
            })
            .or_else(|| {
                config.builtins.iter().find(|b| crate::router::fold_eq(b, name)).map(|b| {
                    format!(
                        "{} is the built-in {}'s name (or differs from it only in case or separators)",
                        quoted(name),
                        quoted(b)
                    )
                })
            })
            .or_else(|| {
                config
                    .aliases
                    .iter()
                    .find(|(old, _)| old == name)
                    .map(|_| format!("{} is an alias: retire the alias first", quoted(name)))
            })
            .or_else(|| {
                by_name.iter().find(|(n, _)| crate::router::fold_eq(n, name)).map(|(n, j)| {
                    format!(
                        "tools[{j}] exposes server {} tool {} as {} too: two tools cannot share a name",
                        quoted(&config.tools[*j].server),
                        quoted(&config.tools[*j].tool),
                        quoted(n)
                    )
                })
            });
            if let Some(why) = why {
                problems.push(problem(&at, why));
            }
            by_name.push((name, i));
        }
        out.insert(
            key,
            Override { path, name: t.name.clone(), description: t.description.clone(), enabled: t.enabled },
        );
    }
    out
}

/// `conflicts`, checked: which servers win, and the prefix mode names are made with.
fn check_conflicts(
    config: &RouterConfig,
    style: Option<&Styled>,
    problems: &mut Vec<Diagnostic>,
) -> (Option<(Vec<usize>, bool)>, bool, PrefixMode) {
    let mode = config.prefix_mode;
    if config.conflicts == Conflicts::Prefix {
        return (None, false, mode);
    }
    if let Some(Styled::Peer(p)) = style {
        problems.push(problem("conflicts", format!("a peer style settles conflicts as {} does: remove it", p.id())));
        return (None, false, mode);
    }
    if mode == PrefixMode::Always {
        problems.push(problem(
            "conflicts",
            "every name carries its server (prefixMode \"always\"), so no two servers share one: set prefixMode to \"conditional\" or \"never\"".to_string(),
        ));
        return (None, false, mode);
    }
    match &config.conflicts {
        Conflicts::Manual => (None, true, PrefixMode::Never),
        Conflicts::Priority { order, drop_others } => {
            let names: Vec<&str> = config.servers.iter().map(|s| s.name.as_str()).collect();
            let mut rank = vec![usize::MAX; names.len()];
            for (i, server) in order.iter().enumerate() {
                let path = format!("conflicts.priority[{i}]");
                match names.iter().position(|n| n == server) {
                    None => problems.push(problem(
                        &path,
                        format!("{} is not a configured server: use one of {}", quoted(server), names.join(", ")),
                    )),
                    Some(si) if rank[si] != usize::MAX => {
                        problems.push(problem(&path, format!("{} is listed twice", quoted(server))))
                    }
                    Some(si) => rank[si] = i,
                }
            }
            // Servers the list leaves out come after it, in configuration order.
            let listed = order.len();
            for (si, r) in rank.iter_mut().enumerate() {
                if *r == usize::MAX {
                    *r = listed + si;
                }
            }
            if mode == PrefixMode::Never && !drop_others {
                problems.push(problem(
                    "conflicts.others",
                    "prefixMode \"never\" keeps every name bare: the others can only be dropped (others: \"drop\")"
                        .to_string(),
                ));
            }
            (Some((rank, *drop_others)), false, PrefixMode::Conditional)
        }
        Conflicts::Prefix => (None, false, mode),
    }
}
