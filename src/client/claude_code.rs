//! Claude Code: `mcp__<server>__<tool>`, each part with every UTF-16 unit outside
//! `[A-Za-z0-9_-]` replaced by `_` (the bundled CLI's `normalizeNameForMCP`; a name starting
//! with `claude.ai ` also has its runs of `_` collapsed and one `_` trimmed at each end). Nothing
//! is cut or hashed: a name over 64 characters makes the Anthropic API refuse every request
//! that lists it. Two tools under one name: the tool pool is de-duplicated by name (`uniqBy`),
//! so the first is kept.

use super::{replace_utf16, Keeps, Naming};
use crate::text::quoted;

/// The longest tool name the Anthropic Messages API accepts.
const MAX: usize = 64;

fn part(text: &str) -> String {
    let r = replace_utf16(text, |b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if !text.starts_with("claude.ai ") {
        return r;
    }
    let mut collapsed = String::with_capacity(r.len());
    for c in r.chars() {
        if !(c == '_' && collapsed.ends_with('_')) {
            collapsed.push(c);
        }
    }
    let s = collapsed.strip_prefix('_').unwrap_or(&collapsed);
    let s = s.strip_suffix('_').unwrap_or(s);
    s.to_string()
}

pub(super) fn name(server: &str, tools: &[&str]) -> Naming {
    let mut n = Naming::new(tools.len(), Keeps::First);
    let prefix = format!("mcp__{}__", part(server));
    for (i, tool) in tools.iter().enumerate() {
        let shown = format!("{prefix}{}", part(tool));
        if shown.len() > MAX {
            let room = MAX.saturating_sub(prefix.len());
            n.refused[i] = Some(format!(
                "claude-code shows tool {} as {} ({} characters), over the {MAX} the Anthropic API accepts: the API refuses every request that lists it, so no tool of any server works; {}",
                quoted(tool),
                quoted(&shown),
                shown.len(),
                if room > 0 {
                    format!("keep the tool name within {room} characters with this server name")
                } else {
                    format!("the server name alone takes {} characters: shorten it", prefix.len())
                }
            ));
        }
        n.shown[i] = Some(shown);
    }
    n
}
