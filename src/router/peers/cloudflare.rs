//! Cloudflare agents (`agents` `MCPClientManager.getAITools`, `normalizeServerId`,
//! `Agent.addMcpServer`): `tool_<server id without ->_<tool>`, the tool verbatim. The id is the
//! server's `prefixes` entry or its name, taken as `MCPClientManager.connect` takes it, or with
//! `normalize` as `addMcpServer(name, url, { id })` stores it. Connections live in a plain
//! object (integer-like ids first) and tools in `Object.fromEntries`.

use super::{object_key_order, Listed, Named};
use crate::text::quoted;

/// `normalizeServerId`.
pub(crate) fn normalize_server_id(input: &str) -> String {
    let lower = input.to_lowercase();
    let mut id = String::with_capacity(lower.len());
    for c in lower.chars() {
        let keep = c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-';
        let c = if keep { c } else { '-' };
        if !(c == '-' && id.ends_with('-')) {
            id.push(c);
        }
    }
    let mut id = id.trim_matches(['-', '_']).to_string();
    if !id.as_bytes().first().is_some_and(u8::is_ascii_lowercase) {
        id = format!("id-{id}").trim_end_matches('-').to_string();
    }
    if id.len() > 64 {
        id = id[..64].trim_end_matches('-').to_string();
    }
    id
}

fn id(known: &str, normalize: bool) -> String {
    if normalize {
        normalize_server_id(known)
    } else {
        known.to_string()
    }
}

pub(super) fn check_ids(known: &[&str], names: &[&str], normalize: bool) -> Result<(), (usize, String)> {
    for i in 0..known.len() {
        let this = id(known[i], normalize);
        if let Some(j) = (0..i).find(|&j| id(known[j], normalize) == this) {
            return Err((
                i,
                format!(
                    "{} has the server id {} of servers[{j}] ({}): {}",
                    quoted(names[i]),
                    quoted(&this),
                    quoted(names[j]),
                    if normalize {
                        "addMcpServer refuses an id already in use by another server"
                    } else {
                        "MCPClientManager.connect would replace the first connection"
                    }
                ),
            ));
        }
    }
    Ok(())
}

pub(super) fn name(lists: &[Listed<'_>], known: &[&str], normalize: bool) -> Vec<Named> {
    let ids: Vec<String> = known.iter().map(|k| id(k, normalize)).collect();
    let order = object_key_order(&ids.iter().map(String::as_str).collect::<Vec<_>>());
    let mut out = Vec::new();
    for i in order {
        let l = &lists[i];
        let key = ids[i].replace('-', "");
        for (ti, tool) in l.tools.iter().enumerate() {
            out.push(Named {
                server: l.server,
                tool: ti,
                name: format!("tool_{key}_{tool}"),
                listed: true,
                routed: true,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn normalizes_as_the_sdk() {
        assert_eq!(super::normalize_server_id("GitHub MCP!"), "github-mcp");
        assert_eq!(super::normalize_server_id("42-things"), "id-42-things");
        assert_eq!(super::normalize_server_id(""), "id");
        assert_eq!(super::normalize_server_id("Café Ünïcode"), "caf-n-code");
    }
}
