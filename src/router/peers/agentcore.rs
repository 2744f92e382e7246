//! Amazon Bedrock AgentCore Gateway (AWS documentation: "Understand how AgentCore Gateway tools
//! are named", `gateway-tool-naming.html`; `CreateGatewayTarget` `name`; "Search for tools in your
//! AgentCore gateway", `gateway-using-mcp-semantic-search.html`): `<target>___<tool>` (three
//! `_`), the target's name unchanged. Target names match `^([0-9a-zA-Z][-]?){1,100}$`, at most
//! 100 characters and unique within the gateway, so never hold `_`: a name splits back at the
//! first `___`. The gateway's own search tool is `x_amz_bedrock_agentcore_search` (list it in
//! `builtins`). The service does not document the order of its list; the router keeps
//! configuration order.

use super::{Listed, Named};
use crate::text::quoted;

/// The longest target name it accepts.
pub(super) const MAX_TARGET_NAME: usize = 100;

pub(super) fn check_target_name(name: &str) -> Result<(), String> {
    let b = name.as_bytes();
    let ok = !b.is_empty()
        && b.len() <= MAX_TARGET_NAME
        && b[0].is_ascii_alphanumeric()
        && b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'-')
        && !name.contains("--");
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{} is not a target name AgentCore Gateway accepts: ^([0-9a-zA-Z][-]?){{1,100}}$ (letters and digits, single \"-\" between them, at most 100)",
            quoted(name)
        ))
    }
}

pub(super) fn name(lists: &[Listed<'_>]) -> Vec<Named> {
    let mut out = Vec::new();
    for l in lists {
        for (ti, tool) in l.tools.iter().enumerate() {
            out.push(Named {
                server: l.server,
                tool: ti,
                name: format!("{}___{tool}", l.name),
                listed: true,
                routed: true,
            });
        }
    }
    out
}
