//! LangChain MCP adapters (`@langchain/mcp-adapters` `dist/tools.js` `loadMcpTools`) with
//! `prefixToolNameWithServerName`: `[<additionalToolNamePrefix>__]<server>__<tool>`, nothing
//! sanitized, tools with an empty name left out; `MultiServerMCPClient` keeps its servers in a
//! plain object, so integer-like server names come first.

use super::{object_key_order, Dropped, Listed, Named};
use crate::diagnostic::Code;

pub(super) fn name(lists: &[Listed<'_>], prefix: &str) -> (Vec<Named>, Vec<Dropped>) {
    let order = object_key_order(&lists.iter().map(|l| l.name).collect::<Vec<_>>());
    let mut out = Vec::new();
    let mut dropped = Vec::new();
    for l in order.into_iter().map(|i| &lists[i]) {
        for (ti, tool) in l.tools.iter().enumerate() {
            if tool.is_empty() {
                dropped.push(Dropped {
                    server: l.server,
                    tool: ti,
                    code: Code::InvalidToolName,
                    message: "langchain leaves out tools with an empty name".to_string(),
                });
                continue;
            }
            let name = format!("{prefix}{}__{tool}", l.name);
            out.push(Named { server: l.server, tool: ti, name, listed: true, routed: true });
        }
    }
    (out, dropped)
}
