//! Obot's composite MCP servers (obot `pkg/mcp/tools.go` `ApplyToolOverrides`,
//! `pkg/mcp/mcpvalidators.go` `CompositeValidator.ValidateConfig`, `pkg/mcp/backend.go`
//! `compositeMCPServerNanobotConfig`, `pkg/mcp/types.go` (components sorted by name); served by
//! nanobot: `pkg/mcp/client.go` `Client.ListTools` / `Client.Call`, `pkg/tools/service.go`
//! `BuildToolMappings`, `pkg/server/server.go` `handleListTools`): each component server's tools
//! are `<toolPrefix><tool>`, the prefix joined with no separator (no prefix: the bare name).
//! Prefixes match `^[A-Za-z0-9._/-]*$`, are at most 64 characters, and two components may not
//! share one. The names of every component go into one map, components in name order, so of
//! two tools under one name the one of the last component is served; the list is sorted by name.

use super::{Listed, Named};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::router::order::{order, permute};
use crate::text::quoted;

/// The longest `toolPrefix` (`maxToolPrefixLength`).
const MAX_PREFIX: usize = 64;

/// Checks the configured prefixes as `CompositeValidator` does; `Err` names the problem.
pub(super) fn check_prefixes(prefixes: &[(String, String)]) -> Result<(), String> {
    for (i, (server, prefix)) in prefixes.iter().enumerate() {
        if prefix.is_empty() {
            continue;
        }
        if let Some((other, _)) = prefixes[..i].iter().find(|(_, p)| p == prefix) {
            return Err(format!(
                "servers {} and {} both have the tool prefix {}: Obot refuses a duplicate toolPrefix",
                quoted(other),
                quoted(server),
                quoted(prefix)
            ));
        }
        if !prefix.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'/' | b'-')) {
            return Err(format!(
                "server {} has the tool prefix {}: Obot's toolPrefix must match ^[A-Za-z0-9._/-]*$",
                quoted(server),
                quoted(prefix)
            ));
        }
        if prefix.len() > MAX_PREFIX {
            return Err(format!(
                "server {} has a tool prefix of {} characters: Obot's toolPrefix is at most {MAX_PREFIX}",
                quoted(server),
                prefix.len()
            ));
        }
    }
    Ok(())
}

/// The names, and a warning per name several tools share.
pub(super) fn name(lists: &[Listed<'_>], prefixes: &[(String, String)]) -> (Vec<Named>, Vec<Diagnostic>) {
    let prefix = |server: &str| prefixes.iter().find(|(s, _)| s == server).map_or("", |(_, p)| p.as_str());
    // Components in name order; within one, tools as listed.
    let components = order(lists.len(), &|a, b| lists[a].name.cmp(lists[b].name));
    let mut out = Vec::new();
    for &li in &components {
        let l = &lists[li];
        for (ti, tool) in l.tools.iter().enumerate() {
            out.push(Named {
                server: l.server,
                tool: ti,
                name: format!("{}{tool}", prefix(l.name)),
                listed: true,
                routed: true,
            });
        }
    }
    // The map keeps the last tool written under a name.
    let mut members: std::collections::HashMap<&str, Vec<usize>> = std::collections::HashMap::new();
    for (i, t) in out.iter().enumerate() {
        members.entry(t.name.as_str()).or_default().push(i);
    }
    let mut shared: Vec<Vec<usize>> = members.into_values().filter(|m| m.len() > 1).collect();
    shared.sort_by_key(|m| m[0]);
    let describe = |t: &Named| {
        let l = lists.iter().find(|l| l.server == t.server).expect("a listed server");
        format!("server {} tool {}", quoted(l.name), quoted(l.tools[t.tool]))
    };
    let mut notes = Vec::new();
    for m in shared {
        let last = m[m.len() - 1];
        let who: Vec<String> = m.iter().map(|&j| describe(&out[j])).collect();
        notes.push(Diagnostic::warning(
            Code::NameCollision,
            Span::whole(&out[last].name),
            format!(
                "obot names {} {}: nanobot serves the last (servers in name order), {}",
                who.join(" and "),
                quoted(&out[last].name),
                who[who.len() - 1]
            ),
        ));
        for &j in &m {
            out[j].listed = j == last;
            out[j].routed = j == last;
        }
    }
    let by_name = order(out.len(), &|a, b| out[a].name.cmp(&out[b].name));
    (permute(out, &by_name), notes)
}
