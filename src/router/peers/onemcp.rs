//! 1MCP (`@1mcp/agent`: `src/constants/mcp.ts` `MCP_URI_SEPARATOR`, `src/utils/core/parsing.ts`
//! `buildUri` / `parseUri`, `src/core/protocol/toolRequestHandlers.ts`,
//! `promptRequestHandlers.ts`, `resourceRequestHandlers.ts`,
//! `src/core/capabilities/capabilityCatalog.ts` `listVisibleCapabilityPages`): tools and prompts
//! are `<server>_1mcp_<name>`, both parts trimmed; resource URIs and templates
//! `<server>_1mcp_<uri>`. 1MCP splits a name back at the first `_1mcp_` and trims both parts, so
//! it cannot call the tools of a server whose name holds `_1mcp_` or has spaces around it (the
//! router names them alike and routes them by its table); a name empty once trimmed makes
//! `buildUri` throw, failing the whole list.
//! Servers in configuration order, each server's tools as listed.

use super::{Listed, Named};
use crate::diagnostic::{Code, Error, Span};
use crate::text::quoted;

/// Between the server and the tool (`MCP_URI_SEPARATOR`).
pub(crate) const SEPARATOR: &str = "_1mcp_";

pub(super) fn check_server_name(name: &str) -> Result<(), String> {
    if name.trim().is_empty() {
        Err("is empty once trimmed: 1MCP's buildUri refuses it".to_string())
    } else {
        Ok(())
    }
}

pub(super) fn name(lists: &[Listed<'_>]) -> Result<Vec<Named>, Error> {
    let mut out = Vec::new();
    for l in lists {
        for (ti, tool) in l.tools.iter().enumerate() {
            if tool.trim().is_empty() {
                return Err(Error::new(
                    Code::InvalidToolName,
                    Span::whole(tool),
                    format!(
                        "1mcp: server {} lists a tool whose name is empty once trimmed; 1MCP's buildUri throws and the whole tools/list fails",
                        quoted(l.name)
                    ),
                )
                .for_server(l.name));
            }
            let name = format!("{}{SEPARATOR}{}", l.name.trim(), tool.trim());
            out.push(Named { server: l.server, tool: ti, name, listed: true, routed: true });
        }
    }
    Ok(out)
}
