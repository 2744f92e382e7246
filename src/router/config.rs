//! The router's configuration, as JSON (or a JS object), and its validation: every problem is a
//! diagnostic whose message starts with the path of the offending value (`servers[2].name: ...`).

use super::modes::{PrefixMode, Sdk, Strategy};
use crate::convention::syntropy::Upstream;
use crate::diagnostic::{Code, Diagnostic, Error};
use crate::dialect::{a, JsonType};
use crate::json::Json;
use crate::provider::Provider;
use crate::read::Reader;

/// How the gateway names what it exposes: a named style or a custom separator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StyleConfig {
    /// `"syntropy"`, `"claude"`, `"agent"`, `"chora"` or a peer's id (`"openai-agents"`,
    /// `"langchain"`, …), with the peer's defaults.
    Named(String),
    /// A peer gateway's naming with its parameters: `{ "peer": "langchain", "prefix": "mcp" }`.
    Peer(PeerConfig),
    /// `prefix + server + separator + tool`, every name matching `pattern` when given.
    Custom {
        /// Between server and tool; must not occur inside a server name.
        separator: String,
        /// Before the server.
        prefix: Option<String>,
        /// A regex-lite pattern every exposed name must match (linear time, whatever it is).
        pattern: Option<String>,
    },
}

/// A peer style's parameters; each peer takes only its own (see [`PEERS`](super::PEERS)).
///
/// ```
/// use mcp_naming::router::{PeerConfig, PrefixMode};
/// let mut peer = PeerConfig::new("agentgateway");
/// peer.mode = Some(PrefixMode::Always);
/// assert_eq!(peer.peer, "agentgateway");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PeerConfig {
    /// The peer's id.
    pub peer: String,
    /// LangChain's `additionalToolNamePrefix`; ToolHive's `prefixFormat` (default `{workload}_`).
    pub prefix: Option<String>,
    /// LiteLLM's `MCP_TOOL_PREFIX_SEPARATOR` (default `-`); ContextForge's
    /// `GATEWAY_TOOL_NAME_SEPARATOR` (`-`, `--`, `_` or `.`).
    pub separator: Option<String>,
    /// agentgateway's prefix mode (default [`PrefixMode::Conditional`]).
    pub mode: Option<PrefixMode>,
    /// The OpenAI Agents SDK whose naming to follow (default [`Sdk::Js`]).
    pub sdk: Option<Sdk>,
    /// Cloudflare agents: ids as `Agent.addMcpServer` normalizes them (default: as
    /// `MCPClientManager.connect` takes them).
    pub normalize: Option<bool>,
    /// Docker: the `tool-name-prefix` feature (servers' names as prefixes; default off).
    pub tool_name_prefix: Option<bool>,
    /// Per server, the name the peer knows it by: LiteLLM's alias, Docker's catalog prefix,
    /// MetaMCP's server name, the Cloudflare server id, ToolHive's workload; Obot's `toolPrefix`.
    pub prefixes: Vec<(String, String)>,
    /// ToolHive's `conflictResolution` (default [`Strategy::Prefix`]).
    pub strategy: Option<Strategy>,
    /// ToolHive's `priorityOrder` (workloads, first wins), with strategy `"priority"`.
    pub priority: Vec<String>,
}

impl PeerConfig {
    /// The peer `peer` with its defaults.
    pub fn new(peer: impl Into<String>) -> PeerConfig {
        PeerConfig { peer: peer.into(), ..PeerConfig::default() }
    }

    pub(crate) fn params(&self) -> super::peers::Params {
        super::peers::Params {
            prefix: self.prefix.clone(),
            separator: self.separator.clone(),
            mode: self.mode,
            sdk: self.sdk,
            normalize: self.normalize,
            tool_name_prefix: self.tool_name_prefix,
            prefixes: self.prefixes.clone(),
            strategy: self.strategy,
            priority: self.priority.clone(),
        }
    }
}

/// One backend server.
///
/// ```
/// use mcp_naming::router::ServerConfig;
/// let mut memory = ServerConfig::new("memory");
/// memory.enabled = false;
/// assert_eq!(memory.name, "memory");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ServerConfig {
    /// The server's name in exposed names.
    pub name: String,
    /// How the backend writes its tool names.
    pub upstream: Upstream,
    /// Syntropy: the pool key (default `syn-<name>`).
    pub pool: Option<String>,
    /// Syntropy: the backend's prefix (default `mcp__<name>__`).
    pub upstream_prefix: Option<String>,
    /// A disabled server's tools are all disabled.
    pub enabled: bool,
}

impl ServerConfig {
    /// The server `name`, enabled, with its tools named as it lists them.
    pub fn new(name: impl Into<String>) -> ServerConfig {
        ServerConfig { name: name.into(), upstream: Upstream::Same, pool: None, upstream_prefix: None, enabled: true }
    }
}

/// An `enabled` / `disabled` entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternConfig {
    /// A glob (`*` wildcard) over a tool's exposed name, its qualified name and its upstream
    /// name: `"*_delete_*"`, `"get-env"`, `"mcp__gateway__memory__*"`.
    Name(String),
    /// A glob over one server's upstream tool names: `{ "server": "memory", "tool": "delete_*" }`.
    Upstream(UpstreamPattern),
}

/// `{ "server": "<glob>", "tool": "<glob>" }`: tools of matching servers whose upstream name
/// matches `tool`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UpstreamPattern {
    /// A glob over configured server names.
    pub server: String,
    /// A glob over the server's own tool names.
    pub tool: String,
}

impl UpstreamPattern {
    /// The tools matching `tool` of the servers matching `server`.
    pub fn new(server: impl Into<String>, tool: impl Into<String>) -> UpstreamPattern {
        UpstreamPattern { server: server.into(), tool: tool.into() }
    }
}

impl From<&str> for PatternConfig {
    fn from(p: &str) -> PatternConfig {
        PatternConfig::Name(p.to_string())
    }
}

impl From<UpstreamPattern> for PatternConfig {
    fn from(p: UpstreamPattern) -> PatternConfig {
        PatternConfig::Upstream(p)
    }
}

/// One tool's settings (`tools: [{ server, tool, name?, description?, enabled? }]`), keyed by
/// the server and the tool's upstream name: the name to expose it under, the description to
/// show, whether to offer it (over any `enabled` / `disabled` pattern).
///
/// ```
/// use mcp_naming::router::ToolOverride;
/// let mut code_search = ToolOverride::new("github", "search_code");
/// code_search.name = Some("code_search".into());
/// code_search.description = Some("Search code across every repository the gateway can see".into());
/// assert_eq!(code_search.tool, "search_code");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ToolOverride {
    /// The configured server.
    pub server: String,
    /// The tool's name as the server lists it.
    pub tool: String,
    /// The exposed name (as `tools/list` shows it), checked like any exposed name.
    pub name: Option<String>,
    /// The description clients see instead of the server's.
    pub description: Option<String>,
    /// Offer the tool (`true`) or hide it (`false`), whatever the patterns say.
    pub enabled: Option<bool>,
}

impl ToolOverride {
    /// Settings for `server`'s tool `tool`, none set yet.
    pub fn new(server: impl Into<String>, tool: impl Into<String>) -> ToolOverride {
        ToolOverride { server: server.into(), tool: tool.into(), name: None, description: None, enabled: None }
    }
}

/// What happens when several servers serve one tool name and names can be bare (`prefixMode`
/// `conditional` or `never`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Conflicts {
    /// `"prefix"` (the default): as `prefixMode` says (`conditional`: each carries its server;
    /// `never`: a collision).
    #[default]
    Prefix,
    /// `{ "priority": [servers…], "others"?: "prefix" | "drop" }`: the first server of the list
    /// that serves the name keeps it bare (servers not in the list come after, in
    /// configuration order); the others carry their server, or are not listed at all.
    Priority {
        /// The servers, first wins.
        order: Vec<String>,
        /// Drop the others instead of prefixing them.
        drop_others: bool,
    },
    /// `"manual"`: names stay bare, and every conflict is an error until a `tools` entry
    /// renames one side.
    Manual,
}

/// How `tools/list` shows a large catalog: `discovery: { mode: "search", always?, maxListed? }`.
/// While discovery is active the list holds the meta-tools (`search_tools`,
/// `get_tool_details`, `call_tool`: [`meta_tools`](super::meta_tools)) and the tools `always`
/// matches; every tool stays callable, by its own name or through `call_tool`.
///
/// ```
/// use mcp_naming::router::{Discovery, PatternConfig};
/// let mut discovery = Discovery::search();
/// discovery.always = vec![PatternConfig::from("github__*")];
/// discovery.max_listed = Some(128);
/// assert_eq!(discovery.max_listed, Some(128));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Discovery {
    /// `"search"`, the one mode: search instead of listing.
    pub mode: DiscoveryMode,
    /// Tools listed whatever the size of the catalog: patterns as `enabled` takes them (globs
    /// over exposed, qualified and upstream names, or `{ server, tool }`).
    pub always: Vec<PatternConfig>,
    /// List every tool while the catalog holds at most this many (Copilot refuses more than
    /// 128); search above it. `None`: search whatever the size.
    pub max_listed: Option<usize>,
}

impl Discovery {
    /// Search mode, nothing always listed, whatever the size of the catalog.
    pub fn search() -> Discovery {
        Discovery { mode: DiscoveryMode::Search, always: Vec::new(), max_listed: None }
    }
}

/// [`Discovery::mode`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DiscoveryMode {
    /// `"search"`: the meta-tools instead of the catalog.
    #[default]
    Search,
}

/// The whole configuration: built in code with [`RouterConfig::new`] and its public fields, or
/// read from JSON with [`RouterConfig::from_json`] (what the npm and Python packages do).
///
/// ```
/// use mcp_naming::router::{Router, RouterConfig, ServerConfig, StyleConfig};
/// use mcp_naming::Provider;
/// let mut config = RouterConfig::new(StyleConfig::Named("agent".into()), vec![ServerConfig::new("memory")]);
/// config.disabled = vec!["*delete*".into()];
/// config.provider = Some(Provider::OpenAi);
/// assert!(Router::new(config).is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RouterConfig {
    /// The naming style.
    pub style: StyleConfig,
    /// The gateway's own server name as clients see it (syntropy: `syntropy`; claude: `gateway`).
    pub gateway: Option<String>,
    /// The backends.
    pub servers: Vec<ServerConfig>,
    /// The gateway's own tools, routed to no server.
    pub builtins: Vec<String>,
    /// Old exposed name → current exposed name, in the configuration's order.
    pub aliases: Vec<(String, String)>,
    /// Patterns of the tools to offer; empty means every tool.
    pub enabled: Vec<PatternConfig>,
    /// Patterns of the tools to hide; disabled wins over enabled.
    pub disabled: Vec<PatternConfig>,
    /// Fit every exposed name to this provider.
    pub provider: Option<Provider>,
    /// Route only what the table holds (default): a name for a server whose tools were never
    /// exposed is `unknown_tool`. `false` routes such names by the style's parse, for gateways
    /// that route without listing first.
    pub strict: bool,
    /// When exposed names carry the server (default [`PrefixMode::Always`]; peer styles prefix
    /// as the peer does).
    pub prefix_mode: PrefixMode,
    /// Per-tool settings.
    pub tools: Vec<ToolOverride>,
    /// What happens when servers share a bare name.
    pub conflicts: Conflicts,
    /// Search instead of listing a large catalog.
    pub discovery: Option<Discovery>,
    /// The key (32 bytes or more) that seals the `requestState` of an upstream's
    /// `input_required` result to that upstream (MCP 2026-07-28, multi round-trip requests):
    /// give every gateway process behind one address the same key, so that a retry reaching
    /// another process is still recognized. `None`: the host's own per-process key
    /// ([`super::Gateway::new`] draws one), or no multi round-trip requests.
    pub request_state_key: Option<String>,
}

impl RouterConfig {
    /// The keys a configuration may have at its top level, as JSON (and the npm package) spells
    /// them.
    pub const KEYS: &'static [&'static str] = CONFIG_KEYS;
}

impl RouterConfig {
    /// A configuration of `style` over `servers`, every other field at its default.
    pub fn new(style: StyleConfig, servers: Vec<ServerConfig>) -> RouterConfig {
        RouterConfig {
            style,
            gateway: None,
            servers,
            builtins: Vec::new(),
            aliases: Vec::new(),
            enabled: Vec::new(),
            disabled: Vec::new(),
            provider: None,
            strict: true,
            prefix_mode: PrefixMode::Always,
            tools: Vec::new(),
            conflicts: Conflicts::Prefix,
            discovery: None,
            request_state_key: None,
        }
    }
}

const CONFIG_KEYS: &[&str] = &[
    "style",
    "gateway",
    "servers",
    "builtins",
    "aliases",
    "enabled",
    "disabled",
    "provider",
    "strict",
    "prefixMode",
    "tools",
    "conflicts",
    "discovery",
    "requestStateKey",
];
const DISCOVERY_KEYS: &[&str] = &["mode", "always", "maxListed"];
const TOOL_KEYS: &[&str] = &["server", "tool", "name", "description", "enabled"];
const PRIORITY_KEYS: &[&str] = &["priority", "others"];
const MODES: &[&str] = &["always", "conditional", "never"];
const SERVER_KEYS: &[&str] = &["name", "upstream", "pool", "upstreamPrefix", "enabled"];
const STYLE_KEYS: &[&str] = &["separator", "prefix", "pattern"];
const PATTERN_KEYS: &[&str] = &["server", "tool"];

fn patterns(r: &mut Reader, parent: &Json, key: &str, at: &str) -> Vec<PatternConfig> {
    let within = at.strip_suffix(key).and_then(|p| p.strip_suffix('.')).unwrap_or("");
    let items = r.array(parent, key, within, a(JsonType::Array));
    let mut out = Vec::with_capacity(items.len());
    for (i, v) in items.iter().enumerate() {
        let path = format!("{at}[{i}]");
        match v {
            Json::String(s) => out.push(PatternConfig::Name(s.clone())),
            Json::Object(_) => {
                r.object(v, &path, PATTERN_KEYS);
                let server = r.req_string(v, "server", &path, "a glob");
                let tool = r.req_string(v, "tool", &path, "a glob");
                if let (Some(server), Some(tool)) = (server, tool) {
                    out.push(PatternConfig::Upstream(UpstreamPattern { server, tool }));
                }
            }
            other => {
                r.problem(&path, format!("must be a string or {{ server, tool }}, got {}", other.described()));
            }
        }
    }
    out
}

fn discovery(r: &mut Reader, parent: &Json) -> (Option<Discovery>, bool) {
    let v = match parent.get("discovery") {
        None | Some(Json::Null) => return (None, true),
        Some(v @ Json::Object(_)) => v,
        Some(other) => {
            r.problem(
                "discovery",
                format!("must be {{ mode: \"search\", always?, maxListed? }}, got {}", other.described()),
            );
            return (None, true);
        }
    };
    r.object(v, "discovery", DISCOVERY_KEYS);
    if v.get("mode").is_none() {
        r.problem("discovery.mode", "is required: \"search\"");
    }
    let mode = r.opt_choice(v, "mode", "discovery", &["search"], |t| (t == "search").then_some(DiscoveryMode::Search));
    let max_listed = r.opt_number(v, "maxListed", "discovery", crate::arguments::MAX_LISTED).map(|n| n as usize);
    let always = patterns(r, v, "always", "discovery.always");
    let kept = always.len() == v.get("always").and_then(Json::as_array).map_or(0, <[Json]>::len);
    (mode.map(|mode| Discovery { mode, always, max_listed }), kept)
}

fn overrides(r: &mut Reader, parent: &Json) -> Vec<ToolOverride> {
    let items = r.array(parent, "tools", "", a(JsonType::Array));
    let mut out = Vec::with_capacity(items.len());
    for (i, v) in items.iter().enumerate() {
        let path = format!("tools[{i}]");
        if r.object(v, &path, TOOL_KEYS).is_none() {
            continue;
        }
        let server = r.req_string(v, "server", &path, "a configured server's name");
        let tool = r.req_string(v, "tool", &path, "the tool's name as the server lists it");
        let name = r.opt_string(v, "name", &path);
        let description = r.opt_string(v, "description", &path);
        let enabled = r.opt_bool(v, "enabled", &path);
        if let (Some(server), Some(tool)) = (server, tool) {
            out.push(ToolOverride { server, tool, name, description, enabled });
        }
    }
    out
}

fn conflicts(r: &mut Reader, parent: &Json) -> Conflicts {
    match parent.get("conflicts") {
        None | Some(Json::Null) => Conflicts::Prefix,
        Some(Json::String(s)) => match s.as_str() {
            "prefix" => Conflicts::Prefix,
            "manual" => Conflicts::Manual,
            other => {
                let choices = ["prefix", "manual"];
                let near = crate::suggest::closest(other, choices, 1).first().map(|s| s.to_string());
                r.problem(
                    "conflicts",
                    format!(
                        "{} is not \"prefix\", \"manual\" or {{ priority: [servers…], others? }}",
                        crate::text::quoted(&crate::text::clip(other, 40))
                    ),
                )
                .suggestion = near;
                Conflicts::Prefix
            }
        },
        Some(v @ Json::Object(_)) => {
            r.object(v, "conflicts", PRIORITY_KEYS);
            if v.get("priority").is_none() {
                r.problem("conflicts.priority", "is required (the servers, first wins)");
            }
            let order = r.strings(v, "priority", "conflicts");
            let drop_others = r
                .opt_choice(v, "others", "conflicts", &["prefix", "drop"], |t| match t {
                    "prefix" => Some(false),
                    "drop" => Some(true),
                    _ => None,
                })
                .unwrap_or(false);
            Conflicts::Priority { order, drop_others }
        }
        Some(other) => {
            r.problem(
                "conflicts",
                format!("must be \"prefix\", \"manual\" or {{ priority: [servers…] }}, got {}", other.described()),
            );
            Conflicts::Prefix
        }
    }
}

fn style(r: &mut Reader, value: &Json) -> Option<StyleConfig> {
    match value.get("style") {
        Some(Json::String(s)) => Some(StyleConfig::Named(s.clone())),
        Some(s @ Json::Object(_)) if s.get("peer").is_some() => {
            let peer = s.get("peer").and_then(|p| r.string(p, "style.peer"));
            r.object(s, "style", super::peers::keys(peer.as_deref().unwrap_or("")));
            let prefixes = r.pairs(s, "prefixes", "style", &format!("{} of server name → name", a(JsonType::Object)));
            let mut config = PeerConfig::new(peer?);
            config.prefix = r.opt_string(s, "prefix", "style");
            config.separator = r.opt_string(s, "separator", "style");
            config.mode = r.opt_choice(s, "mode", "style", MODES, prefix_mode);
            config.sdk = r.opt_choice(s, "sdk", "style", &["js", "python"], |t| {
                [Sdk::Js, Sdk::Python].into_iter().find(|m| m.id() == t)
            });
            config.normalize = r.opt_bool(s, "normalize", "style");
            config.tool_name_prefix = r.opt_bool(s, "toolNamePrefix", "style");
            config.prefixes = prefixes;
            config.strategy = r.opt_choice(s, "strategy", "style", &["prefix", "priority", "manual"], Strategy::parse);
            config.priority = r.strings(s, "priority", "style");
            Some(StyleConfig::Peer(config))
        }
        Some(s @ Json::Object(_)) => {
            r.object(s, "style", STYLE_KEYS);
            let separator = r.req_string(s, "separator", "style", "such as \"__\"");
            let prefix = r.opt_string(s, "prefix", "style");
            let pattern = r.opt_string(s, "pattern", "style");
            separator.map(|separator| StyleConfig::Custom { separator, prefix, pattern })
        }
        Some(other) => {
            r.problem(
                "style",
                format!("must be a style name or {{ separator, prefix?, pattern? }}, got {}", other.described()),
            );
            None
        }
        None => {
            r.problem(
                "style",
                "is required: \"syntropy\", \"claude\", \"agent\", \"chora\" or { separator, prefix?, pattern? }",
            );
            None
        }
    }
}

fn server(r: &mut Reader, s: &Json, path: &str) -> Option<ServerConfig> {
    r.object(s, path, SERVER_KEYS)?;
    let name = r.req_string(s, "name", path, a(JsonType::String));
    let upstream = r
        .opt_choice(s, "upstream", path, &["same", "hyphens"], |t| match t {
            "same" => Some(Upstream::Same),
            "hyphens" => Some(Upstream::Hyphens),
            _ => None,
        })
        .unwrap_or_default();
    let mut config = ServerConfig::new(name?);
    config.upstream = upstream;
    config.pool = r.opt_string(s, "pool", path);
    config.upstream_prefix = r.opt_string(s, "upstreamPrefix", path);
    config.enabled = r.opt_bool(s, "enabled", path).unwrap_or(true);
    Some(config)
}

impl RouterConfig {
    /// Reads a configuration from JSON, reporting every problem at once: unknown keys (with the
    /// nearest known key as the suggestion: `servers[0].upstreem` → `upstream`), values of the
    /// wrong type, missing fields, values outside their choices. What the npm and Python
    /// packages' `new Router(config)` read through.
    ///
    /// ```
    /// use mcp_naming::Json;
    /// use mcp_naming::router::RouterConfig;
    /// let json: Json = serde_json::from_str(r#"{"style": "agent", "servers": [{"name": "mem"}], "disable": ["*"]}"#).unwrap();
    /// let err = RouterConfig::from_json(&json).unwrap_err();
    /// assert_eq!(err.code.as_str(), "invalid_config");
    /// assert_eq!(err.diagnostics[0].message, "disable: unknown key \"disable\": did you mean \"disabled\"?");
    /// assert_eq!(err.diagnostics[0].suggestion.as_deref(), Some("disabled"));
    /// ```
    ///
    /// # Errors
    /// `invalid_config`, with one diagnostic per problem, each with its `path`.
    pub fn from_json(value: &Json) -> Result<RouterConfig, Error> {
        let (config, r, _) = read(value);
        r.finish(config, CONTEXT)
    }
}

/// Reads a configuration, leniently: a value of the wrong type is reported and left at its
/// default. Also answers whether every item of every list was kept, so that the compiler's own
/// checks (whose paths index those lists) can be reported beside the reader's.
pub(crate) fn read(value: &Json) -> (Option<RouterConfig>, Reader, bool) {
    if value.as_object().is_none() {
        // Not a configuration at all: the argument is of the wrong type.
        let mut r = Reader::argument();
        r.problem("config", format!("must be {}, got {}", a(JsonType::Object), value.described()));
        return (None, r, false);
    }
    let mut r = Reader::config();
    r.object(value, "", CONFIG_KEYS);
    let style = style(&mut r, value);
    if value.get("servers").is_none() {
        r.problem("servers", "is required (an array of { name })");
    }
    let items = r.array(value, "servers", "", a(JsonType::Array));
    let servers: Vec<ServerConfig> =
        items.iter().enumerate().filter_map(|(i, s)| server(&mut r, s, &format!("servers[{i}]"))).collect();
    let mut complete = style.is_some() && servers.len() == items.len();
    let mut config = RouterConfig::new(style.unwrap_or(StyleConfig::Named(String::new())), servers);
    config.gateway = r.opt_string(value, "gateway", "");
    config.builtins = r.strings(value, "builtins", "");
    config.aliases = r.pairs(value, "aliases", "", &format!("{} of old name → current name", a(JsonType::Object)));
    config.enabled = patterns(&mut r, value, "enabled", "enabled");
    config.disabled = patterns(&mut r, value, "disabled", "disabled");
    let count = |key: &str| value.get(key).and_then(Json::as_array).map_or(0, <[Json]>::len);
    complete &= config.builtins.len() == count("builtins")
        && config.enabled.len() == count("enabled")
        && config.disabled.len() == count("disabled");
    config.provider =
        r.opt_choice(value, "provider", "", &Provider::ALL.iter().map(|p| p.id()).collect::<Vec<_>>(), |t| {
            t.parse().ok()
        });
    config.strict = r.opt_bool(value, "strict", "").unwrap_or(true);
    config.prefix_mode = r.opt_choice(value, "prefixMode", "", MODES, prefix_mode).unwrap_or_default();
    config.tools = overrides(&mut r, value);
    complete &= config.tools.len() == count("tools");
    config.conflicts = conflicts(&mut r, value);
    let (discovery, kept) = discovery(&mut r, value);
    config.discovery = discovery;
    complete &= kept;
    config.request_state_key = r.opt_string(value, "requestStateKey", "");
    (Some(config), r, complete)
}

/// A router from a configuration's JSON, every problem of it reported at once: the reader's
/// (unknown keys, wrong types) and the compiler's (names, collisions, patterns) together, as
/// long as the reader kept every item the compiler's paths count.
pub(crate) fn router_from_json(value: &Json) -> Result<super::Router, Error> {
    let (config, mut r, complete) = read(value);
    match config {
        Some(config) if r.is_clean() => super::Router::new(config),
        Some(config) if complete => {
            if let Err(e) = super::Router::new(config) {
                r.extend(e.diagnostics);
            }
            Err(r.into_error(CONTEXT))
        }
        _ => Err(r.into_error(CONTEXT)),
    }
}

/// What configuration errors' messages start with.
const CONTEXT: &str = "invalid router configuration";

fn prefix_mode(text: &str) -> Option<PrefixMode> {
    [PrefixMode::Always, PrefixMode::Conditional, PrefixMode::Never].into_iter().find(|m| m.id() == text)
}

pub(crate) fn config_error(problems: Vec<Diagnostic>) -> Error {
    let mut r = Reader::config();
    r.extend(problems);
    r.into_error(CONTEXT)
}

pub(crate) fn problem(path: &str, message: String) -> Diagnostic {
    Diagnostic::at_path(Code::InvalidConfig, path, message)
}
