//! The protocol revisions a gateway meets on either side, and the reserved `_meta` keys of
//! MCP 2026-07-28 ("modern": stateless, every request carrying its revision, capabilities and
//! client identity) as against 2025-11-25 and before ("legacy": an `initialize` handshake, then
//! a session).
//!
//! ```
//! use mcp_naming::router::{Era, MODERN_REVISIONS};
//! assert_eq!(Era::of("2026-07-28"), Era::Modern);
//! assert_eq!(Era::of("2025-11-25"), Era::Legacy);
//! assert_eq!(MODERN_REVISIONS, ["2026-07-28"]);
//! ```

use serde::{Deserialize, Serialize};

/// The stateless revisions the gateway serves (and speaks to upstreams that offer them), newest
/// first.
pub const MODERN_REVISIONS: &[&str] = &["2026-07-28"];

/// The handshake revisions the gateway serves through `initialize` (and speaks to upstreams
/// that answer `initialize`), newest first.
pub const LEGACY_REVISIONS: &[&str] = &["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/// `_meta` key: the revision a request is sent for.
pub const PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
/// `_meta` key: the client's capabilities for a request.
pub const CLIENT_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
/// `_meta` key: the client's name and version.
pub const CLIENT_INFO: &str = "io.modelcontextprotocol/clientInfo";
/// `_meta` key: the least severe log level a request wants `notifications/message` for.
pub const LOG_LEVEL: &str = "io.modelcontextprotocol/logLevel";
/// `_meta` key of a result: the server's name and version.
pub const SERVER_INFO: &str = "io.modelcontextprotocol/serverInfo";
/// `_meta` key of a notification on a `subscriptions/listen` stream: the listen request's id.
pub const SUBSCRIPTION_ID: &str = "io.modelcontextprotocol/subscriptionId";
/// `_meta` keys of W3C trace context (SEP-414), carried as they are.
pub const TRACE_CONTEXT: [&str; 3] = ["traceparent", "tracestate", "baggage"];

/// Which side of the handshake a revision is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Era {
    /// 2025-11-25 and before: `initialize`, then a session.
    Legacy,
    /// 2026-07-28 and after: every request carries its revision.
    Modern,
}

impl Era {
    /// The era of revision `version` (a date, `YYYY-MM-DD`): modern from 2026-07-28; anything
    /// that is not such a date is legacy (the revisions before dates are).
    pub fn of(version: &str) -> Era {
        if super::name_header_required(version) {
            Era::Modern
        } else {
            Era::Legacy
        }
    }
}

/// The newest of `offered` the gateway speaks in `era`, if any.
pub(crate) fn newest_shared<'a>(offered: impl IntoIterator<Item = &'a str>, era: Era) -> Option<&'static str> {
    let ours = match era {
        Era::Modern => MODERN_REVISIONS,
        Era::Legacy => LEGACY_REVISIONS,
    };
    let offered: Vec<&str> = offered.into_iter().collect();
    ours.iter().copied().find(|v| offered.contains(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eras_and_shared_revisions() {
        assert_eq!(Era::of("2027-01-01"), Era::Modern);
        assert_eq!(Era::of("draft"), Era::Legacy);
        assert_eq!(newest_shared(["2025-06-18", "2026-07-28"], Era::Modern), Some("2026-07-28"));
        assert_eq!(newest_shared(["2025-06-18", "2025-11-25"], Era::Legacy), Some("2025-11-25"));
        assert_eq!(newest_shared(["2027-01-01"], Era::Modern), None);
    }
}
