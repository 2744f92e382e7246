//! agentgateway (`crates/agentgateway/src/mcp/handler.rs` `resource_name`, `merge_tools`,
//! `duplicate_names`; `upstream/mod.rs` `UpstreamGroup::new`; `types/agent.rs`
//! `validate_mcp_target_name`): `<target>_<tool>`, nothing sanitized. Target names are lowercase
//! DNS labels joined by `.` (no `_`), at most 253. The mode decides for the whole backend:
//! `conditional` (the default) prefixes when more than one target is configured, `always`
//! always, `never` never, and then drops every name served more than once.

use super::{Listed, Named};
use crate::router::modes::PrefixMode;
use crate::text::quoted;

/// The longest target name it accepts.
pub(super) const MAX_TARGET_NAME: usize = 253;

pub(super) fn check_target_name(name: &str) -> Result<(), String> {
    let label = |l: &str| {
        let b = l.as_bytes();
        !b.is_empty()
            && b.iter().all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
            && b[0] != b'-'
            && b[b.len() - 1] != b'-'
    };
    if !name.is_empty() && name.len() <= MAX_TARGET_NAME && name.split('.').all(label) {
        Ok(())
    } else {
        Err(format!(
            "{} is not a target name agentgateway accepts: use lowercase letters, digits and \"-\" in labels joined by \".\" (\"_\" and \"+\" are its delimiters), at most 253",
            quoted(name)
        ))
    }
}

/// The names, and whether duplicates are dropped (`never` with several targets).
pub(super) fn name(lists: &[Listed<'_>], configured: usize, mode: PrefixMode) -> (Vec<Named>, bool) {
    let multiplexing = configured != 1;
    let prefixed = match mode {
        PrefixMode::Always => true,
        PrefixMode::Conditional => multiplexing,
        PrefixMode::Never => false,
    };
    let mut out = Vec::new();
    for l in lists {
        for (ti, tool) in l.tools.iter().enumerate() {
            let name = if prefixed { format!("{}_{tool}", l.name) } else { tool.to_string() };
            out.push(Named { server: l.server, tool: ti, name, listed: true, routed: true });
        }
    }
    (out, mode == PrefixMode::Never && multiplexing)
}
