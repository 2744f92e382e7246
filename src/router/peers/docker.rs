//! Docker MCP gateway (`pkg/gateway/capabilitites.go` `getToolNamePrefix`, `prefixToolName`;
//! `pkg/gateway/tool_names.go` `validateToolNameCollisions`): `<prefix>__<tool>` when the server
//! has a prefix (its catalog prefix from `prefixes`, else its name when the `tool-name-prefix`
//! feature is on), else the tool's own name; nothing sanitized. Registrations sorted by server
//! name, then name, are checked in that order: a name empty once trimmed, one of the gateway's
//! reserved tool names, or one already seen fails the whole list. Tools are listed sorted by
//! name.

use super::{Listed, Named};
use crate::diagnostic::{Code, Error, Span};
use crate::text::quoted;

/// The gateway's own tools (`reservedGatewayToolNames`).
const RESERVED: &[&str] = &[
    "code-mode",
    "find-tools",
    "mcp-activate-profile",
    "mcp-add",
    "mcp-config-set",
    "mcp-create-profile",
    "mcp-exec",
    "mcp-find",
    "mcp-registry-import",
    "mcp-remove",
];

pub(super) fn name(
    lists: &[Listed<'_>],
    prefixes: &[(String, String)],
    tool_name_prefix: bool,
) -> Result<Vec<Named>, Error> {
    let mut out = Vec::new();
    for l in lists {
        let prefix = match prefixes.iter().find(|(s, _)| s == l.name) {
            Some((_, p)) if !p.is_empty() => p.as_str(),
            _ if tool_name_prefix => l.name,
            _ => "",
        };
        for (ti, tool) in l.tools.iter().enumerate() {
            let name = if prefix.is_empty() { tool.to_string() } else { format!("{prefix}__{tool}") };
            out.push(Named { server: l.server, tool: ti, name, listed: true, routed: true });
        }
    }
    let server = |t: &Named| lists.iter().find(|l| l.server == t.server).map_or("", |l| l.name);
    let order = super::super::order::order(out.len(), &|a, b| {
        server(&out[a]).cmp(server(&out[b])).then_with(|| out[a].name.cmp(&out[b].name))
    });
    let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for &i in &order {
        let t = &out[i];
        let trimmed = t.name.trim();
        let fail =
            |message: String| Err(Error::new(Code::NameCollision, Span::whole(&t.name), message).for_server(server(t)));
        if trimmed.is_empty() {
            return fail(format!(
                "docker: server {} has a tool whose name is empty once trimmed; the gateway refuses the list",
                quoted(server(t))
            ));
        }
        if RESERVED.contains(&trimmed) {
            return fail(format!(
                "docker: server {} uses the gateway's reserved tool name {}; the gateway refuses the list (turn on `toolNamePrefix` or give the server a prefix)",
                quoted(server(t)),
                quoted(trimmed)
            ));
        }
        if let Some(&j) = seen.get(trimmed) {
            return fail(format!(
                "docker: server {} and server {} both expose {}; the gateway refuses the list (turn on `toolNamePrefix` or give the servers unique prefixes)",
                quoted(server(&out[j])),
                quoted(server(t)),
                quoted(trimmed)
            ));
        }
        seen.insert(trimmed, i);
    }
    let by_name = super::super::order::order(out.len(), &|a, b| out[a].name.cmp(&out[b].name));
    Ok(super::super::order::permute(out, &by_name))
}
