//! How each gateway style writes an exposed name, and reads one back.
//!
//! | style | exposed name | qualified (as the client shows it) |
//! | --- | --- | --- |
//! | `syntropy` | `<server>_<tool>` | `mcp__<gateway>__<server>_<tool>` |
//! | `claude` | `<server>__<tool>` | `mcp__<gateway>__<server>__<tool>` |
//! | `agent` | `<server>__<tool>` (snake_case) | the same |
//! | `chora` | `<server>:<tool>` (snake_case) | the same |
//! | custom | `<prefix><server><separator><tool>` | the same |
//! | a peer's id | as the peer names it (see [`peers`](super::peers)) | the same |
//!
//! Peer styles reproduce another gateway's names exactly and are checked against the peer's own
//! code where it runs here (tests/peers/).

use super::config::{Server, StyleConfig};
use super::peers::{PeerStyle, PEERS};
use crate::chars::camel_to_snake;
use crate::convention::syntropy::Upstream;
use crate::text::quoted;

/// The seeds' named styles, as `style` takes them; a peer's id ([`PEERS`]) is a style too.
pub const STYLES: &[&str] = &["syntropy", "claude", "agent", "chora"];

#[derive(Debug)]
pub(crate) enum Style {
    Syntropy,
    Claude,
    Agent,
    Chora,
    Custom {
        separator: String,
        prefix: String,
        pattern: Option<regex_lite::Regex>,
    },
    /// A peer's naming, computed for all servers together.
    Peer(PeerStyle),
}

impl Style {
    pub(crate) fn from_config(config: &StyleConfig) -> Result<Style, (&'static str, String)> {
        match config {
            StyleConfig::Named(name) => match name.as_str() {
                "syntropy" => Ok(Style::Syntropy),
                "claude" => Ok(Style::Claude),
                "agent" => Ok(Style::Agent),
                "chora" => Ok(Style::Chora),
                peer if PEERS.contains(&peer) => PeerStyle::new(peer, &Default::default()).map(Style::Peer),
                other => Err((
                    "style",
                    format!(
                        "unknown style {}: use {}, {{ peer, prefix? }} or {{ separator, prefix?, pattern? }}",
                        quoted(other),
                        STYLES.iter().chain(PEERS).map(|s| quoted(s)).collect::<Vec<_>>().join(", ")
                    ),
                )),
            },
            StyleConfig::Peer(p) => PeerStyle::new(&p.peer, &p.params()).map(Style::Peer),
            StyleConfig::Custom { separator, prefix, pattern } => {
                if separator.is_empty() {
                    return Err((
                        "style.separator",
                        "the separator is empty: use one or more characters, such as \"__\"".into(),
                    ));
                }
                let pattern = match pattern {
                    Some(p) => Some(regex_lite::Regex::new(p).map_err(|e| {
                        (
                            "style.pattern",
                            format!("{} does not compile: {}", quoted(p), e.to_string().replace('\n', " ")),
                        )
                    })?),
                    None => None,
                };
                Ok(Style::Custom { separator: separator.clone(), prefix: prefix.clone().unwrap_or_default(), pattern })
            }
        }
    }

    pub(crate) fn separator(&self) -> &str {
        match self {
            Style::Syntropy => "_",
            Style::Claude | Style::Agent => "__",
            Style::Peer(p) => p.split_separator().unwrap_or(""),
            Style::Chora => ":",
            Style::Custom { separator, .. } => separator,
        }
    }

    pub(crate) fn prefix(&self) -> &str {
        match self {
            Style::Custom { prefix, .. } => prefix,
            Style::Peer(p) => p.prefix(),
            _ => "",
        }
    }

    /// Whether the client adds `mcp__<gateway>__` in front of exposed names.
    pub(crate) fn qualifies(&self) -> bool {
        matches!(self, Style::Syntropy | Style::Claude)
    }

    /// Whether the style can write `name` as a server name.
    pub(crate) fn check_server_name(&self, name: &str) -> Result<(), String> {
        let q = quoted(name);
        if name.is_empty() && !matches!(self, Style::Peer(_)) {
            return Err("the server name is empty".into());
        }
        let tool_chars = |n: &str| n.bytes().all(crate::convention::syntropy::is_tool_byte);
        match self {
            Style::Syntropy if !tool_chars(name) => {
                Err(format!("{q} has characters a tool name cannot hold: use letters, digits, \"_\" and \"-\""))
            }
            Style::Claude if !tool_chars(name) => {
                Err(format!("{q} has characters Claude Code would change: use letters, digits, \"_\" and \"-\""))
            }
            Style::Claude if name.contains("__") || name.starts_with('_') || name.ends_with('_') => {
                Err(format!("{q} contains or borders the separator \"__\": names would not split back"))
            }
            Style::Agent if !crate::convention::agent::is_mcp_name(name) => Err(format!(
                "{q} is not an agent MCP name: use lowercase letters and digits, starting with a letter, no \"_\""
            )),
            Style::Chora if !crate::convention::chora::is_namespace(name) => Err(format!(
                "{q} is not a Chora namespace: use 3 to 20 lowercase letters or digits, starting with a letter"
            )),
            Style::Peer(p) => p.check_server_name(name),
            Style::Custom { separator, .. } if name.contains(separator.as_str()) => Err(format!(
                "{q} contains the separator {}: a name like {q}{separator}tool would split at the wrong place",
                quoted(separator)
            )),
            _ => Ok(()),
        }
    }

    /// The tool part of an exposed name for a backend's tool name.
    pub(crate) fn tool_part(&self, upstream_tool: &str, upstream: Upstream) -> String {
        let tool = upstream.from_upstream(upstream_tool);
        match self {
            Style::Agent | Style::Chora => {
                let mut snake = camel_to_snake(&tool);
                if !snake.as_bytes().first().is_some_and(u8::is_ascii_lowercase) {
                    snake.insert_str(0, "tool_");
                }
                if snake.len() == 1 {
                    snake.push('_');
                }
                snake
            }
            // Peers name tools themselves (see `peers`).
            Style::Peer(_) => tool,
            Style::Custom { .. } => tool
                .chars()
                .map(|c| if c.is_ascii() && crate::convention::mcp::is_name_byte(c as u8) { c } else { '_' })
                .collect(),
            _ => tool
                .chars()
                .map(|c| if c.is_ascii() && crate::convention::syntropy::is_tool_byte(c as u8) { c } else { '_' })
                .collect(),
        }
    }

    /// The exposed name of a tool part without its server (conditional or never prefixing).
    pub(crate) fn bare(&self, tool: &str) -> String {
        format!("{}{tool}", self.prefix())
    }

    pub(crate) fn join(&self, server: &str, tool: &str) -> String {
        format!("{}{server}{}{tool}", self.prefix(), self.separator())
    }

    /// The server (index into `servers`) and tool part of an exposed name, matching the longest
    /// server name followed by the separator.
    pub(crate) fn split<'a>(&self, name: &'a str, servers: &[Server]) -> Option<(usize, &'a str)> {
        let rest = name.strip_prefix(self.prefix())?;
        let sep = self.separator();
        if sep.is_empty() {
            return None;
        }
        servers
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                rest.len() > s.name.len() + sep.len()
                    && rest.starts_with(&s.name)
                    && rest[s.name.len()..].starts_with(sep)
            })
            .max_by_key(|(_, s)| s.name.len())
            .map(|(i, s)| (i, &rest[s.name.len() + sep.len()..]))
    }

    /// Checks a custom style's pattern.
    pub(crate) fn check_name(&self, name: &str) -> Result<(), String> {
        match self {
            Style::Custom { pattern: Some(p), .. } if !p.is_match(name) => {
                Err(format!("{} does not match the style's pattern {}", quoted(name), quoted(p.as_str())))
            }
            _ => Ok(()),
        }
    }
}
