//! Envoy AI Gateway's MCP proxy (`internal/mcpproxy/handlers.go` `nameSeparator`,
//! `downstreamResourceName`, `upstreamResourceName`, `mergeToolsList`, `mergePromptsList`,
//! `downstreamResourceURI`, `upstreamResourceURI`, `rewriteMetaResourceURIs`;
//! `internal/controller/gateway.go`: the backend's name is its `MCPRoute` backendRef's name):
//! always `<backend>__<tool>`, nothing sanitized, split back at the first `__`. Backend names are
//! Kubernetes object names (lowercase RFC 1123 subdomains, at most 253), so never hold `_`.
//! Backends answer concurrently and their lists are merged as they arrive: each server's tools
//! keep their order, the servers' order is not fixed (the router keeps configuration order).

use super::{Listed, Named};
use crate::text::quoted;

pub(super) fn check_backend_name(name: &str) -> Result<(), String> {
    let label = |l: &str| {
        let b = l.as_bytes();
        !b.is_empty()
            && b.iter().all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
            && b[0] != b'-'
            && b[b.len() - 1] != b'-'
    };
    if !name.is_empty() && name.len() <= 253 && name.split('.').all(label) {
        Ok(())
    } else {
        Err(format!(
            "{} is not a backend name Envoy AI Gateway can have: a backendRef names a Kubernetes object (lowercase letters, digits and \"-\" in labels joined by \".\", at most 253), and its tools are split back at the first \"__\"",
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
                name: format!("{}__{tool}", l.name),
                listed: true,
                routed: true,
            });
        }
    }
    out
}
