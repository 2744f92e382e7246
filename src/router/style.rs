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

use super::compile::Server;
use super::expose::OnInvalid;
use super::naming::{Item, Naming, Plan, Rename};
use super::table::Id;
use super::{Kind, Router};
use crate::chars::camel_to_snake;
use crate::convention::syntropy::Upstream;
use crate::diagnostic::Error;
use crate::text::quoted;
use std::borrow::Cow;

/// The seeds' named styles, as `style` takes them; a peer's id ([`PEERS`](super::PEERS)) is a style too.
pub const STYLES: &[&str] = &["syntropy", "claude", "agent", "chora"];

/// The router's own styles.
#[derive(Debug)]
pub(crate) enum Own {
    Syntropy,
    Claude,
    Agent,
    Chora,
    Custom { separator: String, prefix: String, pattern: Option<regex_lite::Regex> },
}

impl Own {
    /// The named style `name`, if it is one of [`STYLES`].
    pub(crate) fn named(name: &str) -> Option<Own> {
        Some(match name {
            "syntropy" => Own::Syntropy,
            "claude" => Own::Claude,
            "agent" => Own::Agent,
            "chora" => Own::Chora,
            _ => return None,
        })
    }

    /// A custom style; `Err((path, message))` for a separator or pattern it cannot use.
    pub(crate) fn custom(
        separator: &str,
        prefix: Option<&str>,
        pattern: Option<&str>,
    ) -> Result<Own, (&'static str, String)> {
        if separator.is_empty() {
            return Err((
                "style.separator",
                "the separator is empty: use one or more characters, such as \"__\"".into(),
            ));
        }
        let pattern = match pattern {
            Some(p) => Some(regex_lite::Regex::new(p).map_err(|e| {
                ("style.pattern", format!("{} does not compile: {}", quoted(p), e.to_string().replace('\n', " ")))
            })?),
            None => None,
        };
        Ok(Own::Custom { separator: separator.to_string(), prefix: prefix.unwrap_or_default().to_string(), pattern })
    }

    /// The tool part of an exposed name for a backend's tool name: the name itself where the
    /// style keeps it.
    pub(crate) fn part<'u>(&self, upstream_tool: &'u str, server: &Server) -> Cow<'u, str> {
        let keeps = |ok: fn(u8) -> bool| {
            upstream_tool.bytes().all(ok) && (server.upstream == Upstream::Same || !upstream_tool.contains('-'))
        };
        match self {
            Own::Syntropy | Own::Claude if keeps(crate::convention::syntropy::is_tool_byte) => {
                return Cow::Borrowed(upstream_tool)
            }
            Own::Custom { .. } if keeps(crate::convention::mcp::is_name_byte) => return Cow::Borrowed(upstream_tool),
            _ => {}
        }
        let tool = server.upstream.from_upstream(upstream_tool);
        Cow::Owned(match self {
            Own::Agent | Own::Chora => {
                let mut snake = camel_to_snake(&tool);
                if !snake.as_bytes().first().is_some_and(u8::is_ascii_lowercase) {
                    snake.insert_str(0, "tool_");
                }
                if snake.len() == 1 {
                    snake.push('_');
                }
                snake
            }
            Own::Custom { .. } => tool
                .chars()
                .map(|c| if c.is_ascii() && crate::convention::mcp::is_name_byte(c as u8) { c } else { '_' })
                .collect(),
            _ => tool
                .chars()
                .map(|c| if c.is_ascii() && crate::convention::syntropy::is_tool_byte(c as u8) { c } else { '_' })
                .collect(),
        })
    }

    /// The exposed name of a tool part without its server (conditional or never prefixing).
    pub(crate) fn bare(&self, tool: &str) -> String {
        format!("{}{tool}", self.prefix())
    }

    pub(crate) fn join(&self, server: &str, tool: &str) -> String {
        let (prefix, separator) = (self.prefix(), self.separator());
        let mut name = String::with_capacity(prefix.len() + server.len() + separator.len() + tool.len());
        for part in [prefix, server, separator, tool] {
            name.push_str(part);
        }
        name
    }

    /// Checks a custom style's pattern.
    pub(crate) fn check_name(&self, name: &str) -> Result<(), String> {
        match self {
            Own::Custom { pattern: Some(p), .. } if !p.is_match(name) => {
                Err(format!("{} does not match the style's pattern {}", quoted(name), quoted(p.as_str())))
            }
            _ => Ok(()),
        }
    }
}

impl Naming for Own {
    fn id(&self) -> &str {
        match self {
            Own::Syntropy => "syntropy",
            Own::Claude => "claude",
            Own::Agent => "agent",
            Own::Chora => "chora",
            Own::Custom { .. } => "custom",
        }
    }

    fn plan(
        &self,
        router: &Router,
        kind: Kind,
        si: usize,
        items: Vec<Item<'_>>,
        on_invalid: OnInvalid,
    ) -> Result<Plan, Error> {
        super::expose::plan_own(self, router, kind, si, items, on_invalid)
    }

    fn follow(&self, router: &Router, kind: Kind, parts: &[String]) -> (Vec<Rename>, Vec<Id>) {
        super::expose::reprefix(self, router, kind, parts)
    }

    fn separator(&self) -> &str {
        match self {
            Own::Syntropy => "_",
            Own::Claude | Own::Agent => "__",
            Own::Chora => ":",
            Own::Custom { separator, .. } => separator,
        }
    }

    fn prefix(&self) -> &str {
        match self {
            Own::Custom { prefix, .. } => prefix,
            _ => "",
        }
    }

    fn qualifies(&self) -> bool {
        matches!(self, Own::Syntropy | Own::Claude)
    }

    fn suggest_server_name(&self, name: &str) -> Option<String> {
        let cleaned = crate::chars::to_ascii_lookalikes(name);
        match self {
            Own::Agent => {
                let mcp: String =
                    cleaned.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase();
                let start = mcp.find(|c: char| c.is_ascii_lowercase())?;
                Some(mcp[start..].to_string())
            }
            Own::Chora => crate::convention::chora::namespace_from_slug(&cleaned).ok(),
            Own::Syntropy | Own::Claude => {
                let tool_chars: String = cleaned
                    .chars()
                    .map(|c| if c.is_ascii() && crate::convention::syntropy::is_tool_byte(c as u8) { c } else { '_' })
                    .collect();
                let mut out = String::with_capacity(tool_chars.len());
                for c in tool_chars.trim_matches('_').chars() {
                    if !(c == '_' && out.ends_with('_') && matches!(self, Own::Claude)) {
                        out.push(c);
                    }
                }
                (!out.is_empty()).then_some(out)
            }
            Own::Custom { separator, .. } => {
                let out = cleaned.replace(separator.as_str(), "");
                (!out.is_empty()).then_some(out)
            }
        }
    }

    fn max_len(&self) -> Option<usize> {
        match self {
            Own::Agent => Some(crate::convention::agent::MAX_LEN),
            Own::Chora => Some(crate::convention::chora::MAX_LEN),
            _ => None,
        }
    }

    fn check_server_name(&self, name: &str) -> Result<(), String> {
        let q = quoted(name);
        if name.is_empty() {
            return Err("the server name is empty".into());
        }
        let tool_chars = |n: &str| n.bytes().all(crate::convention::syntropy::is_tool_byte);
        match self {
            Own::Syntropy if !tool_chars(name) => {
                Err(format!("{q} has characters a tool name cannot hold: use letters, digits, \"_\" and \"-\""))
            }
            Own::Claude if !tool_chars(name) => {
                Err(format!("{q} has characters Claude Code would change: use letters, digits, \"_\" and \"-\""))
            }
            Own::Claude if name.contains("__") || name.starts_with('_') || name.ends_with('_') => {
                Err(format!("{q} contains or borders the separator \"__\": names would not split back"))
            }
            Own::Agent if !crate::convention::agent::is_mcp_name(name) => Err(format!(
                "{q} is not an agent MCP name: use lowercase letters and digits, starting with a letter, no \"_\""
            )),
            Own::Chora if !crate::convention::chora::is_namespace(name) => Err(format!(
                "{q} is not a Chora namespace: use 3 to 20 lowercase letters or digits, starting with a letter"
            )),
            Own::Custom { separator, .. } if name.contains(separator.as_str()) => Err(format!(
                "{q} contains the separator {}: a name like {q}{separator}tool would split at the wrong place",
                quoted(separator)
            )),
            _ => Ok(()),
        }
    }
}
