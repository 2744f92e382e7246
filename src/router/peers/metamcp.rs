//! MetaMCP (`apps/backend/src/lib/metamcp/metamcp-proxy.ts`, `utils.ts` `sanitizeName`):
//! `<server>__<tool>`, the server name without the characters outside `[A-Za-z0-9_-]`, the tool
//! verbatim. Configured server names match `^[a-zA-Z0-9_-]+$` without a run of `_`.

use super::{Listed, Named};
use crate::text::quoted;

pub(super) fn check_server_name(name: &str) -> Result<(), String> {
    let ok = !name.is_empty()
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        && !name.contains("__");
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{} is not a server name MetaMCP accepts: use letters, digits, \"_\" and \"-\", without \"__\"",
            quoted(name)
        ))
    }
}

pub(super) fn name(lists: &[Listed<'_>], known: &[&str]) -> Vec<Named> {
    let mut out = Vec::new();
    for (l, server) in lists.iter().zip(known) {
        let prefix: String = server.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-').collect();
        for (ti, tool) in l.tools.iter().enumerate() {
            out.push(Named {
                server: l.server,
                tool: ti,
                name: format!("{prefix}__{tool}"),
                listed: true,
                routed: true,
            });
        }
    }
    out
}
