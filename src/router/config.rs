//! The router's configuration, as JSON (or a JS object), and its validation: every problem is a
//! diagnostic whose message starts with the path of the offending value (`servers[2].name: ...`).

use crate::convention::syntropy::Upstream;
use crate::diagnostic::{Code, Diagnostic, Error, Span};
use crate::json::Json;
use crate::keys::{member_path, unknown_keys};
use crate::pairs::Pairs;
use crate::text::quoted;
use serde::Deserialize;

/// How the gateway names what it exposes: a named style or a custom separator.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
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
        #[serde(default)]
        prefix: Option<String>,
        /// A regex-lite pattern every exposed name must match (linear time, whatever it is).
        #[serde(default)]
        pattern: Option<String>,
    },
}

/// A peer style's parameters; each peer takes only its own (see [`PEERS`](super::PEERS)).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PeerConfig {
    /// The peer's id.
    pub peer: String,
    /// LangChain's `additionalToolNamePrefix`.
    #[serde(default)]
    pub prefix: Option<String>,
    /// LiteLLM's `MCP_TOOL_PREFIX_SEPARATOR` (default `-`); ContextForge's
    /// `GATEWAY_TOOL_NAME_SEPARATOR` (`-`, `--`, `_` or `.`).
    #[serde(default)]
    pub separator: Option<String>,
    /// agentgateway's prefix mode: `conditional` (default), `always`, `never`.
    #[serde(default)]
    pub mode: Option<String>,
    /// The OpenAI Agents SDK: `js` (`@openai/agents-core`, default) or `python` (`openai-agents`).
    #[serde(default)]
    pub sdk: Option<String>,
    /// Cloudflare agents: ids as `Agent.addMcpServer` normalizes them (default: as
    /// `MCPClientManager.connect` takes them).
    #[serde(default)]
    pub normalize: Option<bool>,
    /// Docker: the `tool-name-prefix` feature (servers' names as prefixes; default off).
    #[serde(default)]
    pub tool_name_prefix: Option<bool>,
    /// Per server, the name the peer knows it by: LiteLLM's alias, Docker's catalog prefix,
    /// MetaMCP's server name, the Cloudflare server id.
    #[serde(default)]
    pub prefixes: Pairs,
}

impl PeerConfig {
    pub(crate) fn params(&self) -> super::peers::Params {
        super::peers::Params {
            prefix: self.prefix.clone(),
            separator: self.separator.clone(),
            mode: self.mode.clone(),
            sdk: self.sdk.clone(),
            normalize: self.normalize,
            tool_name_prefix: self.tool_name_prefix,
            prefixes: self.prefixes.0.clone(),
        }
    }
}

/// One backend server.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ServerConfig {
    /// The server's name in exposed names.
    pub name: String,
    /// How the backend writes its tool names.
    #[serde(default)]
    pub upstream: Upstream,
    /// Syntropy: the pool key (default `syn-<name>`).
    #[serde(default)]
    pub pool: Option<String>,
    /// Syntropy: the backend's prefix (default `mcp__<name>__`).
    #[serde(default)]
    pub upstream_prefix: Option<String>,
    /// A disabled server's tools are all disabled.
    #[serde(default = "yes")]
    pub enabled: bool,
}

fn yes() -> bool {
    true
}

/// An `enabled` / `disabled` entry.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum PatternConfig {
    /// A glob (`*` wildcard) over a tool's exposed name, its qualified name and its upstream
    /// name: `"*_delete_*"`, `"get-env"`, `"mcp__gateway__memory__*"`.
    Name(String),
    /// A glob over one server's upstream tool names: `{ "server": "memory", "tool": "delete_*" }`.
    Upstream(UpstreamPattern),
}

/// `{ "server": "<glob>", "tool": "<glob>" }`: tools of matching servers whose upstream name
/// matches `tool`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UpstreamPattern {
    /// A glob over configured server names.
    pub server: String,
    /// A glob over the server's own tool names.
    pub tool: String,
}

impl From<&str> for PatternConfig {
    fn from(p: &str) -> PatternConfig {
        PatternConfig::Name(p.to_string())
    }
}

/// The whole configuration.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RouterConfig {
    /// The naming style.
    pub style: StyleConfig,
    /// The gateway's own server name as clients see it (syntropy: `syntropy`; claude: `gateway`).
    #[serde(default)]
    pub gateway: Option<String>,
    /// The backends.
    pub servers: Vec<ServerConfig>,
    /// The gateway's own tools, routed to no server.
    #[serde(default)]
    pub builtins: Vec<String>,
    /// Old exposed name → current exposed name.
    #[serde(default)]
    pub aliases: Pairs,
    /// Patterns of the tools to offer; empty means every tool.
    #[serde(default)]
    pub enabled: Vec<PatternConfig>,
    /// Patterns of the tools to hide; disabled wins over enabled.
    #[serde(default)]
    pub disabled: Vec<PatternConfig>,
    /// Fit every exposed name to this provider.
    #[serde(default)]
    pub provider: Option<String>,
    /// Route only what the table holds (default): a name for a server whose tools were never
    /// exposed is `unknown_tool`. `false` routes such names by the style's parse, for gateways
    /// that route without listing first.
    #[serde(default = "yes")]
    pub strict: bool,
    /// When exposed names carry the server: `"always"` (the default), `"conditional"` (only
    /// names that more than one server serves; the others stay bare, as agentgateway does by
    /// default) or `"never"`.
    #[serde(default)]
    pub prefix_mode: Option<String>,
}

const CONFIG_KEYS: &[&str] =
    &["style", "gateway", "servers", "builtins", "aliases", "enabled", "disabled", "provider", "strict", "prefixMode"];
const SERVER_KEYS: &[&str] = &["name", "upstream", "pool", "upstreamPrefix", "enabled"];
const STYLE_KEYS: &[&str] = &["separator", "prefix", "pattern"];
const PATTERN_KEYS: &[&str] = &["server", "tool"];

/// Reads JSON values with paths, collecting every problem as an `invalid_config` diagnostic.
struct Reader(Vec<Diagnostic>);

impl Reader {
    fn wrong(&mut self, path: &str, want: &str, got: &Json) {
        self.0.push(problem(path, format!("must be {want}, got {}", got.described())));
    }

    fn object<'j>(&mut self, v: &'j Json, path: &str, known: &[&str]) -> Option<&'j [(String, Json)]> {
        match v.as_object() {
            Some(members) => {
                for mut d in unknown_keys(members, known, path) {
                    d.code = Code::InvalidConfig;
                    self.0.push(d);
                }
                Some(members)
            }
            None => {
                self.wrong(path, "an object", v);
                None
            }
        }
    }

    fn string(&mut self, v: &Json, path: &str) -> Option<String> {
        match v {
            Json::String(s) => Some(s.clone()),
            other => {
                self.wrong(path, "a string", other);
                None
            }
        }
    }

    fn opt_string(&mut self, parent: &Json, key: &str, path: &str) -> Option<String> {
        match parent.get(key) {
            None | Some(Json::Null) => None,
            Some(v) => self.string(v, &member_path(path, key)),
        }
    }

    fn opt_bool(&mut self, parent: &Json, key: &str, path: &str) -> Option<bool> {
        match parent.get(key) {
            None | Some(Json::Null) => None,
            Some(Json::Bool(b)) => Some(*b),
            Some(v) => {
                self.wrong(&member_path(path, key), "a boolean", v);
                None
            }
        }
    }

    fn array<'j>(&mut self, parent: &'j Json, key: &str) -> &'j [Json] {
        match parent.get(key) {
            None | Some(Json::Null) => &[],
            Some(Json::Array(items)) => items,
            Some(v) => {
                self.wrong(key, "an array", v);
                &[]
            }
        }
    }

    fn strings(&mut self, parent: &Json, key: &str) -> Vec<String> {
        let items = self.array(parent, key);
        items.iter().enumerate().filter_map(|(i, v)| self.string(v, &format!("{key}[{i}]"))).collect()
    }

    fn patterns(&mut self, parent: &Json, key: &str) -> Vec<PatternConfig> {
        let items = self.array(parent, key);
        let mut out = Vec::with_capacity(items.len());
        for (i, v) in items.iter().enumerate() {
            let path = format!("{key}[{i}]");
            match v {
                Json::String(s) => out.push(PatternConfig::Name(s.clone())),
                Json::Object(_) => {
                    self.object(v, &path, PATTERN_KEYS);
                    let server = v.get("server").and_then(|s| self.string(s, &member_path(&path, "server")));
                    let tool = v.get("tool").and_then(|t| self.string(t, &member_path(&path, "tool")));
                    for (k, missing) in [("server", server.is_none()), ("tool", tool.is_none())] {
                        if missing && v.get(k).is_none() {
                            self.0.push(problem(&member_path(&path, k), "is required (a glob)".to_string()));
                        }
                    }
                    if let (Some(server), Some(tool)) = (server, tool) {
                        out.push(PatternConfig::Upstream(UpstreamPattern { server, tool }));
                    }
                }
                other => self.wrong(&path, "a string or { server, tool }", other),
            }
        }
        out
    }
}

impl RouterConfig {
    /// Reads a configuration from JSON, reporting every problem at once: unknown keys (with the
    /// nearest known key as the suggestion: `servers[0].upstreem` → `upstream`), values of the
    /// wrong type, missing fields. What the npm package's `new Router(config)` reads through.
    ///
    /// ```
    /// use mcp_naming::json::Json;
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
        let mut r = Reader(Vec::new());
        if r.object(value, "", CONFIG_KEYS).is_none() {
            return Err(config_error(r.0));
        }
        let style = match value.get("style") {
            Some(Json::String(s)) => Some(StyleConfig::Named(s.clone())),
            Some(s @ Json::Object(_)) if s.get("peer").is_some() => {
                let peer = s.get("peer").and_then(|p| r.string(p, "style.peer"));
                r.object(s, "style", super::peers::keys(peer.as_deref().unwrap_or("")));
                let mut prefixes = Vec::new();
                match s.get("prefixes") {
                    None | Some(Json::Null) => {}
                    Some(Json::Object(members)) => {
                        for (server, prefix) in members {
                            if let Some(p) = r.string(prefix, &format!("style.prefixes[{}]", quoted(server))) {
                                prefixes.push((server.clone(), p));
                            }
                        }
                    }
                    Some(other) => r.wrong("style.prefixes", "an object of server name → name", other),
                }
                peer.map(|peer| {
                    StyleConfig::Peer(PeerConfig {
                        peer,
                        prefix: r.opt_string(s, "prefix", "style"),
                        separator: r.opt_string(s, "separator", "style"),
                        mode: r.opt_string(s, "mode", "style"),
                        sdk: r.opt_string(s, "sdk", "style"),
                        normalize: r.opt_bool(s, "normalize", "style"),
                        tool_name_prefix: r.opt_bool(s, "toolNamePrefix", "style"),
                        prefixes: Pairs(prefixes),
                    })
                })
            }
            Some(s @ Json::Object(_)) => {
                r.object(s, "style", STYLE_KEYS);
                let separator = match s.get("separator") {
                    Some(v) => r.string(v, "style.separator"),
                    None => {
                        r.0.push(problem("style.separator", "is required (such as \"__\")".to_string()));
                        None
                    }
                };
                let prefix = r.opt_string(s, "prefix", "style");
                let pattern = r.opt_string(s, "pattern", "style");
                separator.map(|separator| StyleConfig::Custom { separator, prefix, pattern })
            }
            Some(other) => {
                r.wrong("style", "a style name or { separator, prefix?, pattern? }", other);
                None
            }
            None => {
                r.0.push(problem(
                    "style",
                    "is required: \"syntropy\", \"claude\", \"agent\", \"chora\" or { separator, prefix?, pattern? }"
                        .to_string(),
                ));
                None
            }
        };
        if value.get("servers").is_none() {
            r.0.push(problem("servers", "is required (an array of { name })".to_string()));
        }
        let mut servers = Vec::new();
        for (i, s) in r.array(value, "servers").iter().enumerate() {
            let path = format!("servers[{i}]");
            if r.object(s, &path, SERVER_KEYS).is_none() {
                continue;
            }
            let name = match s.get("name") {
                Some(v) => r.string(v, &member_path(&path, "name")),
                None => {
                    r.0.push(problem(&member_path(&path, "name"), "is required".to_string()));
                    None
                }
            };
            let upstream = match r.opt_string(s, "upstream", &path).as_deref() {
                None | Some("same") => Upstream::Same,
                Some("hyphens") => Upstream::Hyphens,
                Some(other) => {
                    r.0.push(problem(
                        &member_path(&path, "upstream"),
                        format!("{} is not \"same\" or \"hyphens\"", quoted(other)),
                    ));
                    Upstream::Same
                }
            };
            let pool = r.opt_string(s, "pool", &path);
            let upstream_prefix = r.opt_string(s, "upstreamPrefix", &path);
            let enabled = r.opt_bool(s, "enabled", &path).unwrap_or(true);
            if let Some(name) = name {
                servers.push(ServerConfig { name, upstream, pool, upstream_prefix, enabled });
            }
        }
        let mut aliases = Vec::new();
        match value.get("aliases") {
            None | Some(Json::Null) => {}
            Some(Json::Object(members)) => {
                for (old, new) in members {
                    if let Some(new) = r.string(new, &format!("aliases[{}]", quoted(old))) {
                        aliases.push((old.clone(), new));
                    }
                }
            }
            Some(other) => r.wrong("aliases", "an object of old name → current name", other),
        }
        let config = RouterConfig {
            style: style.unwrap_or(StyleConfig::Named(String::new())),
            gateway: r.opt_string(value, "gateway", ""),
            servers,
            builtins: r.strings(value, "builtins"),
            aliases: Pairs(aliases),
            enabled: r.patterns(value, "enabled"),
            disabled: r.patterns(value, "disabled"),
            provider: r.opt_string(value, "provider", ""),
            strict: r.opt_bool(value, "strict", "").unwrap_or(true),
            prefix_mode: r.opt_string(value, "prefixMode", ""),
        };
        if r.0.is_empty() {
            Ok(config)
        } else {
            Err(config_error(r.0))
        }
    }
}

pub(crate) fn config_error(problems: Vec<Diagnostic>) -> Error {
    let suggestions = problems.iter().filter_map(|d| d.suggestion.clone()).collect();
    let mut e = Error::from_diagnostics(problems)
        .unwrap_or_else(|| Error::new(Code::InvalidConfig, Span::default(), "invalid router configuration"));
    e.suggestions = suggestions;
    e.code = Code::InvalidConfig;
    e.message = format!("invalid router configuration: {}", e.message);
    e
}

pub(crate) fn problem(path: &str, message: String) -> Diagnostic {
    Diagnostic::at_path(Code::InvalidConfig, path, message)
}
