//! FastMCP (`fastmcp` `Namespace` transform, `server/transforms/namespace.py`; `mount(server,
//! namespace)`): `<namespace>_<tool>`, nothing sanitized, no prefix for an empty namespace; of
//! several tools under one name the first listed is kept (`dedupe_with_versions`).

use super::{Listed, Named};

pub(super) fn name(lists: &[Listed<'_>]) -> Vec<Named> {
    let mut out = Vec::new();
    for l in lists {
        for (ti, tool) in l.tools.iter().enumerate() {
            let name = if l.name.is_empty() { tool.to_string() } else { format!("{}_{tool}", l.name) };
            out.push(Named { server: l.server, tool: ti, name, listed: true, routed: true });
        }
    }
    out
}
