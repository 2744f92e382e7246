//! The router's configuration, as JSON (or a JS object), and its validation: every problem is a
//! diagnostic whose message starts with the path of the offending value (`servers[2].name: ...`).

use super::style::Style;
use crate::convention::syntropy::Upstream;
use crate::diagnostic::{Code, Diagnostic, Error, Span};
use crate::pairs::Pairs;
use crate::provider::Provider;
use crate::text::quoted;
use serde::Deserialize;

/// How the gateway names what it exposes: a named style or a custom separator.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum StyleConfig {
    /// `"syntropy"`, `"claude"`, `"agent"` or `"chora"`.
    Named(String),
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
    /// Name patterns (`*` wildcard); empty means every tool.
    #[serde(default)]
    pub enabled: Vec<String>,
    /// Name patterns (`*` wildcard); disabled wins over enabled.
    #[serde(default)]
    pub disabled: Vec<String>,
    /// Fit every exposed name to this provider.
    #[serde(default)]
    pub provider: Option<String>,
}

/// A configuration that passed validation.
#[derive(Debug)]
pub(crate) struct Checked {
    pub style: Style,
    pub gateway: String,
    pub servers: Vec<Server>,
    pub provider: Option<Provider>,
}

/// A server with its defaults filled in.
#[derive(Clone, Debug)]
pub(crate) struct Server {
    pub name: String,
    pub upstream: Upstream,
    pub pool: Option<String>,
    pub upstream_prefix: Option<String>,
    pub enabled: bool,
}

fn problem(path: &str, message: String) -> Diagnostic {
    Diagnostic::at_path(Code::InvalidConfig, path, message)
}

/// Validates `config`, or returns every problem found as one `invalid_config` error.
pub(crate) fn check(config: &RouterConfig) -> Result<Checked, Error> {
    let mut problems = Vec::new();
    let style = match Style::from_config(&config.style) {
        Ok(style) => Some(style),
        Err((path, message)) => {
            problems.push(problem(path, message));
            None
        }
    };
    let provider = match config.provider.as_deref().map(str::parse::<Provider>) {
        Some(Err(e)) => {
            problems.push(problem("provider", e.message));
            None
        }
        Some(Ok(p)) => Some(p),
        None => None,
    };
    let gateway = config.gateway.clone().unwrap_or_else(|| match &style {
        Some(Style::Syntropy) => "syntropy".to_string(),
        _ => "gateway".to_string(),
    });
    if config.gateway.is_some() && crate::convention::claude::normalize_server_name(&gateway) != gateway
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
    for (i, s) in config.servers.iter().enumerate() {
        let path = format!("servers[{i}].name");
        if let Some(style) = &style {
            if let Err(message) = style.check_server_name(&s.name) {
                problems.push(problem(&path, message));
            }
        }
        if let Some(j) = config.servers[..i].iter().position(|o| o.name == s.name) {
            problems.push(problem(
                &path,
                format!("{} is already the name of servers[{j}]: server names must be unique", quoted(&s.name)),
            ));
        }
        let is_syntropy = matches!(style, Some(Style::Syntropy));
        let pool = s.pool.clone().or_else(|| is_syntropy.then(|| format!("syn-{}", s.name)));
        let upstream_prefix = s.upstream_prefix.clone().or_else(|| is_syntropy.then(|| format!("mcp__{}__", s.name)));
        if let Some(pool) = &pool {
            if let Some(j) = servers.iter().position(|o: &Server| o.pool.as_deref() == Some(pool)) {
                problems.push(problem(
                    &format!("servers[{i}].pool"),
                    format!("{} is already the pool of servers[{j}]: pools must be unique", quoted(pool)),
                ));
            }
        }
        servers.push(Server { name: s.name.clone(), upstream: s.upstream, pool, upstream_prefix, enabled: s.enabled });
    }
    for (i, b) in config.builtins.iter().enumerate() {
        if b.is_empty() || !b.bytes().all(crate::convention::mcp::is_name_byte) {
            problems.push(problem(&format!("builtins[{i}]"), format!("{} is not a valid MCP tool name", quoted(b))));
        }
        if config.builtins[..i].contains(b) {
            problems.push(problem(&format!("builtins[{i}]"), format!("{} is listed twice", quoted(b))));
        }
    }
    if let Some(style) = &style {
        for (old, new) in &config.aliases.0 {
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
            let known = config.builtins.contains(new) || style.split(new, &servers).is_some();
            if !known {
                problems.push(problem(
                    &path,
                    format!(
                        "points to {}, which no server or built-in provides: point it to a current exposed name",
                        quoted(new)
                    ),
                ));
            }
            if config.aliases.0.iter().any(|(o, _)| o == new) {
                problems.push(problem(
                    &path,
                    format!("points to {}, which is itself an alias: point it to the final name", quoted(new)),
                ));
            }
        }
    }
    for (list, patterns) in [("enabled", &config.enabled), ("disabled", &config.disabled)] {
        for (i, p) in patterns.iter().enumerate() {
            if p.is_empty() {
                problems
                    .push(problem(&format!("{list}[{i}]"), "an empty pattern matches nothing: remove it".to_string()));
            }
        }
    }
    match (style, Error::from_diagnostics(problems.clone())) {
        (Some(style), None) => Ok(Checked { style, gateway, servers, provider }),
        (_, Some(mut e)) => {
            e.code = Code::InvalidConfig;
            e.message = format!("invalid router configuration: {}", e.message);
            Err(e)
        }
        (None, None) => Err(Error::new(Code::InvalidConfig, Span::default(), "invalid router configuration")),
    }
}
