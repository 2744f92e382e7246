//! LiteLLM proxy (`litellm/proxy/_experimental/mcp_server/utils.py` `add_server_prefix_to_name`,
//! `normalize_server_name`, `validate_mcp_server_name`): `<server><separator><tool>`, the
//! server's alias (`prefixes`) in place of its name where it has one, spaces in it as `_`, the
//! tool verbatim; the separator (`MCP_TOOL_PREFIX_SEPARATOR`, default `-`) may not occur in a
//! server name; names split back at the first separator.

use super::{Listed, Named};
use crate::text::quoted;

pub(super) fn check_server_name(name: &str, separator: &str) -> Result<(), String> {
    if name.contains(separator) {
        Err(format!(
            "{} contains LiteLLM's separator {}: LiteLLM refuses such server names (set `separator`, as MCP_TOOL_PREFIX_SEPARATOR does)",
            quoted(name),
            quoted(separator)
        ))
    } else {
        Ok(())
    }
}

pub(super) fn name(lists: &[Listed<'_>], known: &[&str], separator: &str) -> Vec<Named> {
    let mut out = Vec::new();
    for (l, prefix) in lists.iter().zip(known) {
        let prefix = prefix.replace(' ', "_");
        for (ti, tool) in l.tools.iter().enumerate() {
            out.push(Named {
                server: l.server,
                tool: ti,
                name: format!("{prefix}{separator}{tool}"),
                listed: true,
                routed: true,
            });
        }
    }
    out
}
