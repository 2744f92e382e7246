//! Peer styles: another gateway's or agent SDK's naming, reproduced exactly, collisions,
//! hashing and order included, so that names do not change when a user moves to this router.
//!
//! Each peer names the tools of every server together (some rules depend on what the other
//! servers list), so a peer style renames the whole table whenever a server lists its tools.
//! Where the peer itself would fail (Docker's fatal collisions, a server name the peer refuses)
//! the router fails with the same verdict; where the peer exposes two tools under one name or a
//! name a model provider refuses, the router reproduces it and reports it as a warning.
//!
//! | id | exposed name | long names | two tools under one name |
//! | --- | --- | --- | --- |
//! | `openai-agents` | `mcp_<server>__<tool>`, outside `[A-Za-z0-9_-]` → `_` | over 64: cut to 55 + `_` + 8 hex of SHA-1 | both hashed, re-seeded until unique |
//! | `langchain` | `[<prefix>__]<server>__<tool>` | kept | both listed, calls go to the last |
//! | `litellm` | `<server, spaces as _><separator><tool>` | kept | both listed, calls go to the last |
//! | `contextforge` | `slug(server)<separator>slug(tool)` | kept | both listed, calls go to the last |
//! | `docker` | `[<prefix>__]<tool>` | kept | the whole list is refused |
//! | `fastmcp` | `<server>_<tool>` | kept | the first is kept, the others dropped |
//! | `agentgateway` | `<target>_<tool>` or bare (mode) | kept | prefixed: both listed; `never`: both dropped |
//! | `metamcp` | `<server without [^A-Za-z0-9_-]>__<tool>` | kept | both listed, calls go to the last |
//! | `cloudflare-agents` | `tool_<id without ->_<tool>` | kept | one entry, at the first's place, for the last |
//! | `toolhive` | `prefix`: `<format><tool>`; `priority` / `manual`: bare | kept | `priority`: the first in `priority` keeps it; `manual`: refused; else one kept (Go map order: the router keeps the first by workload) |
//! | `envoy-ai-gateway` | `<backend>__<tool>` | kept | both listed, calls go to the last |
//! | `bedrock-agentcore` | `<target>___<tool>` | kept | both listed, calls go to the last |
//! | `1mcp` | `<server>_1mcp_<tool, trimmed>` | kept | both listed, calls go to the last |
//! | `obot` | `<toolPrefix><tool>` | kept | one entry, for the last server in name order |

mod agentcore;
mod agentgateway;
mod cloudflare;
mod contextforge;
mod docker;
pub(crate) mod endpoint;
mod envoy;
mod fastmcp;
mod langchain;
mod litellm;
mod metamcp;
mod obot;
mod onemcp;
pub(crate) mod openai;
pub(crate) mod toolhive;

use super::adjusted::{self, Why};
use super::modes::{PrefixMode, Sdk, Strategy};
use super::naming::{Item, New, Plan};
use super::order::{order, permute};
use super::placement::{OnInvalid, Skipped};
use super::{collision, Kind, Router};
use crate::diagnostic::{Code, Diagnostic, Error, Span};
use crate::provider::Provider;
use crate::text::quoted;
use std::collections::HashSet;

/// The peers a style can name, as `style: "<id>"` or `style: { peer: "<id>", … }` take them.
pub const PEERS: &[&str] = &[
    "openai-agents",
    "langchain",
    "litellm",
    "contextforge",
    "docker",
    "fastmcp",
    "agentgateway",
    "metamcp",
    "cloudflare-agents",
    "toolhive",
    "envoy-ai-gateway",
    "bedrock-agentcore",
    "1mcp",
    "obot",
];

/// The parameters each peer takes beside `peer`.
pub(crate) fn keys(peer: &str) -> &'static [&'static str] {
    match peer {
        "openai-agents" => &["peer", "sdk"],
        "langchain" => &["peer", "prefix"],
        "litellm" => &["peer", "separator", "prefixes"],
        "contextforge" => &["peer", "separator"],
        "docker" => &["peer", "toolNamePrefix", "prefixes"],
        "agentgateway" => &["peer", "mode"],
        "metamcp" => &["peer", "prefixes"],
        "cloudflare-agents" => &["peer", "normalize", "prefixes"],
        "toolhive" => &["peer", "strategy", "prefix", "priority", "prefixes"],
        "obot" => &["peer", "prefixes"],
        _ => &["peer"],
    }
}

/// A peer's parameters, as the configuration gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Params {
    pub prefix: Option<String>,
    pub separator: Option<String>,
    pub mode: Option<PrefixMode>,
    pub sdk: Option<Sdk>,
    pub normalize: Option<bool>,
    pub tool_name_prefix: Option<bool>,
    pub prefixes: Vec<(String, String)>,
    /// ToolHive's `conflictResolution`.
    pub strategy: Option<Strategy>,
    /// ToolHive's `priorityOrder`.
    pub priority: Vec<String>,
}

#[derive(Clone, Debug)]
pub(crate) enum Peer {
    OpenAi { python: bool },
    LangChain { prefix: String },
    LiteLlm { separator: String },
    ContextForge { separator: String },
    Docker { tool_name_prefix: bool },
    FastMcp,
    AgentGateway { mode: PrefixMode },
    MetaMcp,
    Cloudflare { normalize: bool },
    ToolHive { strategy: Strategy, format: String, priority: Vec<String> },
    Envoy,
    AgentCore,
    OneMcp,
    Obot,
}

/// A peer with its parameters.
#[derive(Clone, Debug)]
pub(crate) struct PeerStyle {
    pub peer: Peer,
    /// Per server, the name the peer knows it by where that is not the configured name:
    /// LiteLLM's alias, Docker's catalog prefix, MetaMCP's server name, the Cloudflare id,
    /// ToolHive's workload; Obot's `toolPrefix`.
    pub prefixes: Vec<(String, String)>,
}

/// One server's list as the peer sees it.
pub(crate) struct Listed<'a> {
    /// Index of the server in the configuration.
    pub server: usize,
    pub name: &'a str,
    pub tools: Vec<&'a str>,
}

/// One tool as the peer names it.
#[derive(Clone, Debug)]
pub(crate) struct Named {
    pub server: usize,
    /// Index in the server's list.
    pub tool: usize,
    pub name: String,
    /// In the list the client sees.
    pub listed: bool,
    /// Calls to `name` reach this tool.
    pub routed: bool,
}

/// What the peer does when two tools get one name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Duplicates {
    /// Both are listed; a name→tool map sends calls to the last.
    ListAllCallLast,
    /// The first is kept, the others dropped.
    FirstWins,
    /// One entry, at the first one's place, for the last one (`Object.fromEntries`).
    FirstPlaceLastWins,
    /// Neither is listed and calls to the name fail.
    DropAll,
}

/// A tool the peer leaves out, with its reason.
pub(crate) struct Dropped {
    pub server: usize,
    pub tool: usize,
    pub code: Code,
    pub message: String,
}

/// A peer's names for every listed tool, in the order the peer lists them.
pub(crate) struct Naming {
    pub tools: Vec<Named>,
    /// Tools the peer drops (with its reason).
    pub dropped: Vec<Dropped>,
    pub notes: Vec<Diagnostic>,
}

impl PeerStyle {
    pub(crate) fn id(&self) -> &'static str {
        match self.peer {
            Peer::OpenAi { .. } => "openai-agents",
            Peer::LangChain { .. } => "langchain",
            Peer::LiteLlm { .. } => "litellm",
            Peer::ContextForge { .. } => "contextforge",
            Peer::Docker { .. } => "docker",
            Peer::FastMcp => "fastmcp",
            Peer::AgentGateway { .. } => "agentgateway",
            Peer::MetaMcp => "metamcp",
            Peer::Cloudflare { .. } => "cloudflare-agents",
            Peer::ToolHive { .. } => "toolhive",
            Peer::Envoy => "envoy-ai-gateway",
            Peer::AgentCore => "bedrock-agentcore",
            Peer::OneMcp => "1mcp",
            Peer::Obot => "obot",
        }
    }

    /// The peer for `id` with `params`; `Err((path, message))` for a parameter it refuses.
    pub(crate) fn new(id: &str, params: &Params) -> Result<PeerStyle, (&'static str, String)> {
        let peer = match id {
            "openai-agents" => Peer::OpenAi { python: params.sdk == Some(Sdk::Python) },
            "langchain" => Peer::LangChain {
                prefix: params
                    .prefix
                    .as_deref()
                    .filter(|p| !p.is_empty())
                    .map(|p| format!("{p}__"))
                    .unwrap_or_default(),
            },
            "litellm" => {
                let separator = params.separator.clone().unwrap_or_else(|| "-".to_string());
                if separator.is_empty() {
                    return Err(("style.separator", "is empty: LiteLLM's default is \"-\"".to_string()));
                }
                Peer::LiteLlm { separator }
            }
            "contextforge" => {
                let separator = params.separator.clone().unwrap_or_else(|| "-".to_string());
                if !["-", "--", "_", "."].contains(&separator.as_str()) {
                    return Err((
                        "style.separator",
                        format!(
                            "{} is not one of \"-\", \"--\", \"_\", \".\": ContextForge would log a warning and use \"-\"",
                            quoted(&separator)
                        ),
                    ));
                }
                Peer::ContextForge { separator }
            }
            "docker" => Peer::Docker { tool_name_prefix: params.tool_name_prefix.unwrap_or(false) },
            "fastmcp" => Peer::FastMcp,
            "agentgateway" => Peer::AgentGateway { mode: params.mode.unwrap_or(PrefixMode::Conditional) },
            "metamcp" => Peer::MetaMcp,
            "cloudflare-agents" => Peer::Cloudflare { normalize: params.normalize.unwrap_or(false) },
            "toolhive" => toolhive_peer(params)?,
            "envoy-ai-gateway" => Peer::Envoy,
            "bedrock-agentcore" => Peer::AgentCore,
            "1mcp" => Peer::OneMcp,
            "obot" => {
                obot::check_prefixes(&params.prefixes).map_err(|m| ("style.prefixes", m))?;
                Peer::Obot
            }
            other => {
                return Err((
                    "style.peer",
                    format!(
                        "unknown peer {}: use {}",
                        quoted(other),
                        PEERS.iter().map(|p| quoted(p)).collect::<Vec<_>>().join(", ")
                    ),
                ));
            }
        };
        Ok(PeerStyle { peer, prefixes: params.prefixes.clone() })
    }

    /// The name the peer knows `server` by.
    pub(crate) fn known_as<'a>(&'a self, server: &'a str) -> &'a str {
        self.prefixes.iter().find(|(s, _)| s == server).map_or(server, |(_, p)| p.as_str())
    }

    /// Whether the peer accepts `name` as a server name (its own configuration check).
    pub(crate) fn check_server_name(&self, name: &str) -> Result<(), String> {
        let known = self.known_as(name);
        match &self.peer {
            Peer::OpenAi { python } => {
                let redacted = if *python { endpoint::python(name) } else { endpoint::js(name) };
                redacted.map(|_| ()).ok_or_else(|| {
                    format!(
                        "{} reads as a URL whose redaction by the OpenAI Agents SDK this router does not reproduce: name the server plainly",
                        quoted(name)
                    )
                })
            }
            Peer::LiteLlm { separator } => litellm::check_server_name(name, separator),
            Peer::ContextForge { .. } => contextforge::check_server_name(name),
            Peer::AgentGateway { .. } => agentgateway::check_target_name(name),
            Peer::Envoy => envoy::check_backend_name(name),
            Peer::AgentCore => agentcore::check_target_name(name),
            Peer::OneMcp => onemcp::check_server_name(name),
            // A name given in `prefixes` is the upstream's serverInfo.name, which MetaMCP
            // sanitizes instead of checking.
            Peer::MetaMcp if known == name => metamcp::check_server_name(name),
            _ => Ok(()),
        }
    }

    /// Checks the configured servers together (names the peer would merge into one).
    pub(crate) fn check_servers(&self, names: &[&str]) -> Result<(), (usize, String)> {
        match &self.peer {
            Peer::ContextForge { separator } => contextforge::check_slugs(names, separator),
            Peer::Cloudflare { normalize } => {
                cloudflare::check_ids(&names.iter().map(|n| self.known_as(n)).collect::<Vec<_>>(), names, *normalize)
            }
            _ => Ok(()),
        }
    }

    /// How the peer writes resource URIs, where it rewrites them; `configured` servers.
    pub(crate) fn uris(&self, configured: usize) -> Option<super::resources::PeerUris> {
        use super::resources::PeerUris;
        match self.peer {
            Peer::AgentGateway { mode } => {
                Some(PeerUris::AgentGateway { prefixed: mode == PrefixMode::Always || configured != 1 })
            }
            Peer::FastMcp => Some(PeerUris::FastMcp),
            Peer::Envoy => Some(PeerUris::Envoy),
            Peer::OneMcp => Some(PeerUris::OneMcp),
            Peer::ToolHive { .. } => Some(PeerUris::Verbatim),
            _ => None,
        }
    }

    /// The separator of a name the peer splits back at the first occurrence, where it has one.
    pub(crate) fn split_separator(&self) -> Option<&str> {
        match &self.peer {
            Peer::LangChain { .. } | Peer::MetaMcp => Some("__"),
            Peer::LiteLlm { separator } => Some(separator),
            Peer::FastMcp | Peer::AgentGateway { .. } => Some("_"),
            Peer::Envoy => Some("__"),
            Peer::AgentCore => Some("___"),
            Peer::OneMcp => Some(onemcp::SEPARATOR),
            _ => None,
        }
    }

    /// The prefix before the server, for the peers whose names split back.
    pub(crate) fn prefix(&self) -> &str {
        match &self.peer {
            Peer::LangChain { prefix } => prefix,
            _ => "",
        }
    }

    /// Names every listed tool (or prompt, when `prompts`) of every server. `configured` is the
    /// number of configured servers; `reserved` the gateway's own tool names.
    ///
    /// # Errors
    /// What the peer itself refuses: `name_collision` for Docker's collisions and reserved names,
    /// and for the OpenAI Agents SDK's server names that redact alike; `invalid_tool_name` when
    /// ContextForge drops every tool of a server, and when a 1MCP tool's name is empty once
    /// trimmed; `name_collision` for ToolHive's `manual` conflicts.
    pub(crate) fn name(
        &self,
        lists: &[Listed<'_>],
        configured: usize,
        reserved: &[String],
        prompts: bool,
    ) -> Result<Naming, Error> {
        let known: Vec<&str> = lists.iter().map(|l| self.known_as(l.name)).collect();
        let mut notes = Vec::new();
        let (tools, dropped, duplicates) = match &self.peer {
            Peer::OpenAi { python } => (openai::name(lists, &known, reserved, *python)?, Vec::new(), None),
            Peer::LangChain { prefix } => {
                let (tools, dropped) = langchain::name(lists, prefix);
                (tools, dropped, Some(Duplicates::ListAllCallLast))
            }
            Peer::LiteLlm { separator } => {
                (litellm::name(lists, &known, separator), Vec::new(), Some(Duplicates::ListAllCallLast))
            }
            Peer::ContextForge { separator } => {
                let (tools, dropped) = contextforge::name(lists, separator)?;
                (tools, dropped, Some(Duplicates::ListAllCallLast))
            }
            Peer::Docker { tool_name_prefix } => {
                (docker::name(lists, &self.prefixes, *tool_name_prefix)?, Vec::new(), None)
            }
            Peer::FastMcp => (fastmcp::name(lists), Vec::new(), Some(Duplicates::FirstWins)),
            Peer::AgentGateway { mode } => {
                let (tools, never) = agentgateway::name(lists, configured, *mode);
                (tools, Vec::new(), Some(if never { Duplicates::DropAll } else { Duplicates::ListAllCallLast }))
            }
            Peer::MetaMcp => (metamcp::name(lists, &known), Vec::new(), Some(Duplicates::ListAllCallLast)),
            Peer::Cloudflare { normalize } => {
                (cloudflare::name(lists, &known, *normalize), Vec::new(), Some(Duplicates::FirstPlaceLastWins))
            }
            Peer::ToolHive { strategy, format, priority } => {
                let (tools, dropped, said) = toolhive::name(lists, &known, *strategy, format, priority, prompts)?;
                notes = said;
                (tools, dropped, None)
            }
            Peer::Envoy => (envoy::name(lists), Vec::new(), Some(Duplicates::ListAllCallLast)),
            Peer::AgentCore => (agentcore::name(lists), Vec::new(), Some(Duplicates::ListAllCallLast)),
            Peer::OneMcp => (onemcp::name(lists)?, Vec::new(), Some(Duplicates::ListAllCallLast)),
            Peer::Obot => {
                let (tools, said) = obot::name(lists, &self.prefixes);
                notes = said;
                (tools, Vec::new(), None)
            }
        };
        let mut naming = Naming { tools, dropped, notes };
        if let Some(policy) = duplicates {
            self.resolve_duplicates(&mut naming, lists, policy);
        }
        Ok(naming)
    }

    /// Marks which of several tools under one name the peer lists and calls, with a warning
    /// per name.
    fn resolve_duplicates(&self, naming: &mut Naming, lists: &[Listed<'_>], policy: Duplicates) {
        let mut groups: std::collections::HashMap<&str, Vec<usize>> = std::collections::HashMap::new();
        for (i, t) in naming.tools.iter().enumerate() {
            groups.entry(t.name.as_str()).or_default().push(i);
        }
        let shared: Vec<(String, Vec<usize>)> =
            groups.into_iter().filter(|(_, v)| v.len() > 1).map(|(k, v)| (k.to_string(), v)).collect();
        let by_first = order(shared.len(), &|a, b| shared[a].1[0].cmp(&shared[b].1[0]));
        let shared = permute(shared, &by_first);
        let describe = |t: &Named| {
            let l = lists.iter().find(|l| l.server == t.server).expect("a named tool's server listed");
            format!("server {} tool {}", quoted(l.name), quoted(l.tools[t.tool]))
        };
        for (name, members) in shared {
            let (first, last) = (members[0], members[members.len() - 1]);
            let who: Vec<String> = members.iter().map(|&i| describe(&naming.tools[i])).collect();
            let behaviour = match policy {
                Duplicates::ListAllCallLast => {
                    for &i in &members {
                        naming.tools[i].routed = i == last;
                    }
                    format!("it lists them all; calls go to {}", who[who.len() - 1])
                }
                Duplicates::FirstWins => {
                    for &i in &members[1..] {
                        naming.tools[i].listed = false;
                        naming.tools[i].routed = false;
                    }
                    format!("it keeps {} and drops the others", who[0])
                }
                Duplicates::FirstPlaceLastWins => {
                    // The last one takes the first one's place; the others are not listed.
                    naming.tools.swap(first, last);
                    for &i in &members {
                        naming.tools[i].listed = i == first;
                        naming.tools[i].routed = i == first;
                    }
                    format!("it keeps one entry, in the first one's place, for {}", who[who.len() - 1])
                }
                Duplicates::DropAll => {
                    for &i in &members {
                        naming.tools[i].listed = false;
                        naming.tools[i].routed = false;
                    }
                    "it lists none of them, and calls to the name fail".to_string()
                }
            };
            naming.notes.push(Diagnostic::warning(
                Code::NameCollision,
                Span::whole(&name),
                format!("{} names {} {}: {behaviour}", self.id(), who.join(" and "), quoted(&name)),
            ));
        }
    }
}

impl super::naming::Naming for PeerStyle {
    fn id(&self) -> &str {
        PeerStyle::id(self)
    }

    fn plan(
        &self,
        router: &super::Router,
        kind: super::Kind,
        si: usize,
        items: Vec<super::naming::Item<'_>>,
        on_invalid: super::OnInvalid,
    ) -> Result<super::naming::Plan, Error> {
        plan_peer(self, router, kind, si, items, on_invalid)
    }

    fn segments(&self, _servers: usize) -> usize {
        1
    }

    fn slot(&self, _si: usize) -> usize {
        0
    }

    fn separator(&self) -> &str {
        self.split_separator().unwrap_or("")
    }

    fn prefix(&self) -> &str {
        PeerStyle::prefix(self)
    }

    fn check_server_name(&self, name: &str) -> Result<(), String> {
        PeerStyle::check_server_name(self, name)
    }

    fn max_server_name(&self) -> usize {
        match self.peer {
            Peer::AgentGateway { .. } => agentgateway::MAX_TARGET_NAME,
            Peer::AgentCore => agentcore::MAX_TARGET_NAME,
            _ => crate::arguments::MAX_SERVER_NAME,
        }
    }
}

/// ToolHive's parameters: `strategy` (default `prefix`), `prefix` (its `prefixFormat`, default
/// `{workload}_`), `priority` (its `priorityOrder`, required by and only read with `priority`).
fn toolhive_peer(params: &Params) -> Result<Peer, (&'static str, String)> {
    let strategy = params.strategy.unwrap_or(Strategy::Prefix);
    let priority = params.priority.clone();
    if strategy == Strategy::Priority {
        if priority.is_empty() {
            return Err((
                "style.priority",
                "is required with strategy \"priority\" (ToolHive's priorityOrder: workloads, first wins)".to_string(),
            ));
        }
        if let Some(i) = priority.iter().position(String::is_empty) {
            return Err(("style.priority", format!("[{i}] is empty: ToolHive refuses an empty workload")));
        }
    } else if !priority.is_empty() {
        return Err((
            "style.priority",
            "is only read with strategy \"priority\": set `strategy: \"priority\"` or remove it".to_string(),
        ));
    }
    let format =
        params.prefix.clone().filter(|p| !p.is_empty()).unwrap_or_else(|| toolhive::DEFAULT_FORMAT.to_string());
    Ok(Peer::ToolHive { strategy, format, priority })
}

/// A warning for each listed name that a model provider refuses.
pub(crate) fn provider_notes<'a>(peer: &str, names: impl Iterator<Item = &'a str>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for name in names {
        let refusing: Vec<&str> = Provider::ALL.iter().filter(|p| !p.accepts(name)).map(|p| p.id()).collect();
        if refusing.is_empty() {
            continue;
        }
        out.push(Diagnostic::warning(
            Code::ProviderRefused,
            Span::whole(name),
            format!(
                "{peer} exposes {}, which {} refuse{}: set `provider` to fit names to one",
                quoted(name),
                refusing.join(", "),
                if refusing.len() == 1 { "s" } else { "" }
            ),
        ));
    }
    out
}

/// JavaScript's order of a plain object's keys: canonical array indices (`"0"`, `"7"`,
/// `"42"`, up to 2³² − 2) first, ascending, then the others as inserted.
pub(crate) fn object_key_order(keys: &[&str]) -> Vec<usize> {
    let index = |k: &str| -> Option<u64> {
        let ok = k == "0" || (!k.is_empty() && !k.starts_with('0') && k.bytes().all(|b| b.is_ascii_digit()));
        ok.then(|| k.parse::<u64>().ok()).flatten().filter(|&n| n < u64::from(u32::MAX))
    };
    let key = |i: usize| match index(keys[i]) {
        Some(n) => (0, n, i),
        None => (1, 0, i),
    };
    order(keys.len(), &|a, b| key(a).cmp(&key(b)))
}

/// The plan of a peer style: the peer names every listed item of every server together, so
/// other servers' names may change too (the OpenAI Agents SDK hashes a name as soon as a
/// second tool shares it).
pub(crate) fn plan_peer(
    peer: &PeerStyle,
    r: &Router,
    kind: Kind,
    si: usize,
    items: Vec<Item<'_>>,
    on_invalid: OnInvalid,
) -> Result<Plan, Error> {
    let n = r.c.servers.len();
    let table = r.table(kind);
    // Every server's list as last exposed, with this one's new list.
    let lists: Vec<Option<Vec<(u32, &str)>>> = (0..n)
        .map(|j| {
            if j == si {
                Some(items.clone())
            } else if table.exposed[j] {
                Some(table.lists[j].iter().map(|(i, t)| (*i, &**t)).collect())
            } else {
                None
            }
        })
        .collect();
    let listed: Vec<Listed<'_>> = lists
        .iter()
        .enumerate()
        .filter_map(|(j, l)| {
            l.as_ref().map(|l| Listed {
                server: j,
                name: &r.c.servers[j].label,
                tools: l.iter().map(|(_, t)| *t).collect(),
            })
        })
        .collect();
    let upstream_of =
        |server: usize, tool: usize| listed.iter().find(|l| l.server == server).map_or("", |l| l.tools[tool]);
    let reserved: &[String] = if kind == Kind::Tool { &r.c.builtins } else { &[] };
    let mut naming = peer.name(&listed, n, reserved, kind == Kind::Prompt)?;
    let mut skipped: Vec<Skipped> = Vec::new();
    for d in naming.dropped.iter().filter(|d| d.server == si) {
        skipped.push(Skipped { name: upstream_of(si, d.tool).to_string(), code: d.code, message: d.message.clone() });
    }
    // The gateway's own names: built-ins (the OpenAI Agents SDK already hashed around them)
    // and aliases.
    let is_openai = matches!(peer.peer, Peer::OpenAi { .. });
    for t in naming.tools.iter_mut().filter(|t| t.routed) {
        let builtin = kind == Kind::Tool && !is_openai && r.c.builtins.contains(&t.name);
        let alias = kind == Kind::Tool && r.c.aliases.iter().any(|(old, _)| *old == t.name);
        if !(builtin || alias) {
            continue;
        }
        let server = &r.c.servers[t.server].name;
        let upstream = upstream_of(t.server, t.tool);
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
    let mut notes = std::mem::take(&mut naming.notes);
    let mut notes_fitted = Vec::new();
    // Names the provider refuses are fitted to it; without a provider, reported.
    match r.c.limit.and_then(|l| l.provider.map(|p| (p, l.max))) {
        Some((provider, max)) => {
            let mut taken: HashSet<String> = naming.tools.iter().map(|t| t.name.clone()).collect();
            for t in naming.tools.iter_mut() {
                if t.name.len() <= max && provider.accepts(&t.name) {
                    continue;
                }
                let fitted = crate::provider::fit_within(&t.name, provider, max, |c| taken.contains(c));
                taken.insert(fitted.clone());
                if t.server == si && t.listed {
                    let refused = t.name.bytes().enumerate().find(|&(i, b)| !provider.allows(b, i == 0));
                    let why = match refused {
                        _ if t.name.len() > max => Why::TooLong {
                            len: t.name.len(),
                            max,
                            prefix: r.c.qualified_prefix.clone(),
                            provider: Some(provider),
                        },
                        Some((i, _)) => Why::Refused { provider, c: t.name[i..].chars().next().unwrap_or('_') },
                        None => Why::Taken { name: t.name.clone() },
                    };
                    let (index, upstream) = lists[si].as_ref().map_or((0, ""), |l| l[t.tool]);
                    notes_fitted.extend(adjusted::warning(
                        kind,
                        index,
                        &r.c.servers[si].name,
                        upstream,
                        &fitted,
                        &[why],
                    ));
                }
                t.name = fitted;
            }
        }
        None => {
            let mut seen = HashSet::new();
            let names = naming.tools.iter().filter(|t| t.listed && t.server == si).map(|t| t.name.as_str());
            notes.extend(provider_notes(peer.id(), names.filter(|n| seen.insert(*n))));
        }
    }
    notes.append(&mut notes_fitted);
    for t in naming.tools.iter().filter(|t| t.server == si && !t.listed) {
        let upstream = upstream_of(si, t.tool);
        if !skipped.iter().any(|k| k.name == upstream) {
            skipped.push(Skipped {
                name: upstream.to_string(),
                code: Code::NameCollision,
                message: format!("{} leaves it out: another tool has its name {}", peer.id(), quoted(&t.name)),
            });
        }
    }
    let entries = naming
        .tools
        .into_iter()
        .map(|t| {
            let list = lists[t.server].as_ref().expect("a named tool's server listed");
            New {
                server: t.server,
                index: list[t.tool].0,
                upstream: list[t.tool].1.into(),
                name: t.name,
                listed: t.listed,
                routed: t.routed,
                bare: false,
                part: None,
            }
        })
        .collect();
    let kept = items.iter().map(|&(i, t)| (i, Box::from(t))).collect();
    Ok(Plan { segments: vec![(0, entries)], skipped, notes, lists: vec![(si, kept)] })
}
