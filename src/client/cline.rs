//! Cline (`@cline/core`, `extensions/mcp/name-transform.ts` `defaultMcpToolNameTransform`; the
//! VS Code extension and the CLI both build their MCP tools with `createMcpTools`):
//! `<server>__<tool>` as is when it only holds `[A-Za-z0-9_-]` and is at most 64 characters;
//! otherwise every run of other characters becomes one `_`, the result is cut to 55 and ends
//! in `_` + the first 8 hex digits of SHA-1 of the unchanged `<server>__<tool>`. The agent keeps
//! its tools in a map by name: a later tool of the same name replaces the earlier one.

use super::{head, replace_runs, Cut, Keeps, Naming};

const MAX: usize = 64;
const HASH: usize = 8;

pub(super) fn name(server: &str, tools: &[&str]) -> Naming {
    let mut n = Naming::new(tools.len(), Keeps::Last);
    for (i, tool) in tools.iter().enumerate() {
        let raw = format!("{server}__{tool}");
        let sanitized = replace_runs(&raw, |b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        // `raw.length` counts UTF-16 units; a name equal to its sanitized form is ASCII.
        if sanitized == raw && raw.len() <= MAX {
            n.shown[i] = Some(raw);
            continue;
        }
        let hash = &crate::sha1::hex(raw.as_bytes())[..HASH];
        let base = head(&sanitized, MAX - 1 - HASH);
        let base = if base.is_empty() { "mcp_tool" } else { base };
        n.shown[i] = Some(format!("{base}_{hash}"));
        n.cut[i] = Some(Cut::Hashed);
    }
    n
}
