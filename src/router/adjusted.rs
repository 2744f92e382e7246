//! Why an exposed name is not the style's plain join of server and upstream name: the
//! `name_adjusted` warning an exposure carries for each such name, saying what changed and why
//! (a character the style's names cannot hold, snake_case, a length or a provider the name was
//! fitted to, a name already taken). A gateway author reads there why `x` became `github__x_`.

use super::Kind;
use crate::chars::quote;
use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::provider::Provider;
use crate::text::quoted;

/// One reason a name was adjusted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    /// `upstream: "hyphens"`: the server's `-` read as `_`.
    Hyphens,
    /// A character the style's names cannot hold (`allowed` says which they can), made `_`.
    Character { c: char, style: String, allowed: &'static str },
    /// The style writes tool names in snake_case.
    SnakeCase { style: String },
    /// The style's tool names start with a lowercase letter: `tool_` put before.
    Letter { style: String },
    /// The style's tool names have at least 2 characters: `_` added.
    Short { style: String },
    /// Longer than the names the gateway exposes may be (`prefix`: what the client puts before).
    TooLong { len: usize, max: usize, prefix: String, provider: Option<Provider> },
    /// A character the provider refuses, made `_`.
    Refused { provider: Provider, c: char },
    /// Another tool of the server is too long, so the server part is shortened for all its tools.
    ServerShortened,
    /// The plain name is taken (by another server's tool, a built-in, or a name fitted before).
    Taken { name: String },
}

impl Why {
    fn text(&self) -> String {
        match self {
            Why::Hyphens => "the server's `upstream: \"hyphens\"` reads \"-\" as \"_\"".to_string(),
            Why::Character { c, style, allowed } => {
                format!("the {style} style's tool names hold {allowed}, so {} (and any other) became \"_\"", quote(*c))
            }
            Why::SnakeCase { style } => format!("the {style} style writes tool names in snake_case"),
            Why::Letter { style } => {
                format!("the {style} style's tool names start with a lowercase letter, so \"tool_\" was put before it")
            }
            Why::Short { style } => format!("the {style} style's tool names have at least 2 characters, so \"_\" was added"),
            Why::TooLong { len, max, prefix, provider } => {
                let whose = match (provider, prefix.is_empty()) {
                    (Some(p), true) => format!(" ({} takes 64)", p.id()),
                    (Some(p), false) => format!(" ({} takes 64, and clients put {} before it)", p.id(), quoted(prefix)),
                    (None, false) => format!(" (Claude Code takes 64, and puts {} before it)", quoted(prefix)),
                    (None, true) => String::new(),
                };
                format!(
                    "{len} characters are more than the {max} a name may have here{whose}, so it was shortened and ended with a hash"
                )
            }
            Why::Refused { provider, c } => {
                format!("{} refuses {} in a tool name, so such characters became \"_\"", provider.id(), quote(*c))
            }
            Why::ServerShortened => {
                "another tool of the server is too long, and the server's part is shortened alike for all its tools"
                    .to_string()
            }
            Why::Taken { name } => format!(
                "{} is taken (by another server's tool, a built-in, or a name fitted before), so it was ended with a hash",
                quoted(name)
            ),
        }
    }
}

/// The warning for item `index` of server `server`'s list, `upstream` exposed as `exposed` for
/// `reasons` (none: no warning).
pub(crate) fn warning(
    kind: Kind,
    index: u32,
    server: &str,
    upstream: &str,
    exposed: &str,
    reasons: &[Why],
) -> Option<Diagnostic> {
    if reasons.is_empty() {
        return None;
    }
    let why: Vec<String> = reasons.iter().map(Why::text).collect();
    let mut d = Diagnostic::at_path(
        Code::NameAdjusted,
        format!("{}[{index}].name", kind.key()),
        format!(
            "server {} {} {} is exposed as {}: {}",
            quoted(server),
            kind.noun(),
            quoted(upstream),
            quoted(exposed),
            why.join("; ")
        ),
    );
    d.severity = Severity::Warning;
    Some(d)
}

/// Why the router's own style turned `upstream` into the tool part `part` (`style` its id;
/// `hyphens` whether the server reads `-` as `_`).
pub(crate) fn part_reasons(style: &str, upstream: &str, part: &str, hyphens: bool) -> Vec<Why> {
    let mut out = Vec::new();
    if part == upstream {
        return out;
    }
    let style_name = style.to_string();
    let snake = matches!(style, "agent" | "chora");
    if hyphens && upstream.contains('-') && !snake {
        out.push(Why::Hyphens);
    }
    if snake {
        let body = part.strip_prefix("tool_").filter(|_| !upstream.starts_with("tool_")).unwrap_or(part);
        let body = body.strip_suffix('_').filter(|_| part.len() == 2).unwrap_or(body);
        if body != upstream {
            out.push(Why::SnakeCase { style: style_name.clone() });
        }
        if part.starts_with("tool_") && !upstream.to_ascii_lowercase().starts_with("tool") {
            out.push(Why::Letter { style: style_name.clone() });
        }
        if part.len() == 2 && part.ends_with('_') && !upstream.ends_with('_') {
            out.push(Why::Short { style: style_name });
        }
        return out;
    }
    let custom = style == "custom";
    let allowed = |b: u8| {
        if custom {
            crate::convention::mcp::is_name_byte(b)
        } else {
            crate::convention::syntropy::is_tool_byte(b)
        }
    };
    if let Some(c) = upstream.chars().find(|c| !(c.is_ascii() && allowed(*c as u8))) {
        let allowed =
            if custom { "letters, digits, \"_\", \"-\" and \".\"" } else { "letters, digits, \"_\" and \"-\"" };
        out.push(Why::Character { c, style: style_name, allowed });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn says_what_changed_and_why() {
        let reasons = part_reasons("agent", "x", "x_", false);
        assert_eq!(reasons, [Why::Short { style: "agent".into() }]);
        let d = warning(Kind::Tool, 0, "github", "x", "github__x_", &reasons).unwrap();
        assert_eq!(d.code, Code::NameAdjusted);
        assert_eq!(d.severity, Severity::Warning);
        assert_eq!(
            d.message,
            "tools[0].name: server \"github\" tool \"x\" is exposed as \"github__x_\": the agent style's tool names have at least 2 characters, so \"_\" was added"
        );
        assert_eq!(part_reasons("claude", "get-sum", "get_sum", true), [Why::Hyphens]);
        assert_eq!(
            part_reasons("syntropy", "get user", "get_user", false),
            [Why::Character { c: ' ', style: "syntropy".into(), allowed: "letters, digits, \"_\" and \"-\"" }]
        );
        assert_eq!(part_reasons("agent", "getUser", "get_user", false), [Why::SnakeCase { style: "agent".into() }]);
        assert_eq!(
            part_reasons("chora", "2fa", "tool_2fa", false),
            [Why::Letter { style: "chora".into() }],
            "only the prefix changed"
        );
        assert!(warning(Kind::Tool, 0, "s", "t", "s__t", &[]).is_none());
    }
}
