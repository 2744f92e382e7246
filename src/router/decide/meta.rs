//! A request's `_meta` on its way upstream, and the envelope of a result on its way to the
//! client (MCP 2026-07-28: every request carries its revision, capabilities and client
//! identity; every result its type and the server's identity).
//!
//! Forwarded to an upstream of 2026-07-28, as the client sent it, but that the revision is the
//! one the gateway speaks to that upstream, and that the client's capabilities lose what the
//! gateway cannot carry back (extensions other than MCP Apps, `experimental`, `tasks`): the
//! client's identity, its log level, trace context (`traceparent`, `tracestate`, `baggage`)
//! and a progress token pass as they are. To an upstream of 2025-11-25 and before, the
//! per-request keys are removed (its session carries them: the host's bridge), the rest passes.
//!
//! A result the gateway gives a client of 2026-07-28 carries `resultType` (`complete` where an
//! older server gave none) and the gateway's own identity in `_meta`; a client of 2025-11-25
//! and before gets neither.

use super::discover::CARRIED_EXTENSIONS;
use crate::router::probe::{first, Edit, Found, Scalar, Step};
use crate::router::revision::{Era, CLIENT_CAPABILITIES, CLIENT_INFO, LOG_LEVEL, PROTOCOL_VERSION, SERVER_INFO};
use crate::router::Router;

/// The per-request keys a session carries instead, for an upstream of 2025-11-25 and before.
const PER_REQUEST: [&str; 4] = [PROTOCOL_VERSION, CLIENT_CAPABILITIES, CLIENT_INFO, LOG_LEVEL];

/// The client capabilities whose answers the gateway could not carry back.
const UNCARRIED_CAPABILITIES: [&str; 2] = ["experimental", "tasks"];

fn meta(rest: &[&'static str]) -> Vec<Step> {
    std::iter::once("_meta").chain(rest.iter().copied()).map(Step::key).collect()
}

impl Router {
    /// The edits of a request's `_meta` for upstream `si`, from what
    /// [`Probe::RequestMeta`](crate::router::probe::Probe::RequestMeta) found in its params: none
    /// without `_meta`, or for an upstream that never answered ([`Router::upstream_answered`]).
    pub(crate) fn meta_edits(&self, si: usize, found: &[Found]) -> Vec<Edit> {
        let Some(Scalar::Object) = first(found, 0) else { return Vec::new() };
        let Some(upstream) = self.upstream(si) else { return Vec::new() };
        let keys = found.iter().filter(|f| f.pattern == 1).filter_map(|f| f.value.as_str());
        match upstream.era {
            Era::Legacy => keys
                .filter(|k| PER_REQUEST.contains(k))
                .map(|k| Edit::Remove { path: meta(&[]).into_iter().chain([Step::key(k.to_string())]).collect() })
                .collect(),
            Era::Modern => {
                let mut edits = Vec::new();
                if let Some(Scalar::String(v)) = first(found, 2) {
                    if *v != upstream.version {
                        edits.push(Edit::string(meta(&[PROTOCOL_VERSION]), upstream.version.clone()));
                    }
                }
                for f in found.iter().filter(|f| f.pattern == 3) {
                    if let Some(k) = f.value.as_str().filter(|k| UNCARRIED_CAPABILITIES.contains(k)) {
                        edits.push(Edit::Remove {
                            path: meta(&[CLIENT_CAPABILITIES]).into_iter().chain([Step::key(k.to_string())]).collect(),
                        });
                    }
                }
                for f in found.iter().filter(|f| f.pattern == 4) {
                    if let Some(id) = f.value.as_str().filter(|id| !CARRIED_EXTENSIONS.contains(id)) {
                        let path = meta(&[CLIENT_CAPABILITIES, "extensions"])
                            .into_iter()
                            .chain([Step::key(id.to_string())])
                            .collect();
                        edits.push(Edit::Remove { path });
                    }
                }
                edits
            }
        }
    }

    /// The envelope of a result the gateway gives a client of revision `protocol_version`:
    /// for 2026-07-28 and after, `resultType: "complete"` (`input_required` results are an
    /// upstream's, see [`Router::decide_response`]) and the gateway's identity in `_meta`;
    /// nothing before. What a host applies to the results it builds itself (lists, the
    /// gateway's own tools).
    ///
    /// ```
    /// use mcp_naming::Json;
    /// use mcp_naming::router::probe::apply;
    /// use mcp_naming::router::Router;
    /// let router = Router::from_json(&serde_json::from_str(r#"{ "style": "agent", "gateway": "hub", "servers": [] }"#).unwrap()).unwrap();
    /// let result: Json = serde_json::from_str(r#"{ "tools": [] }"#).unwrap();
    /// let out = apply(&result, &router.result_envelope(Some("2026-07-28")));
    /// assert_eq!(out.get("resultType").unwrap().as_str(), Some("complete"));
    /// assert_eq!(out.get("_meta").unwrap().get("io.modelcontextprotocol/serverInfo").unwrap().get("name").unwrap().as_str(), Some("hub"));
    /// assert!(router.result_envelope(Some("2025-11-25")).is_empty());
    /// ```
    pub fn result_envelope(&self, protocol_version: Option<&str>) -> Vec<Edit> {
        if protocol_version.map(Era::of) != Some(Era::Modern) {
            return Vec::new();
        }
        vec![
            Edit::string(vec![Step::key("resultType")], "complete"),
            Edit::new(meta(&[SERVER_INFO]), self.server_info()),
        ]
    }
}

/// The identity edit alone (a result that has its type).
pub(crate) fn identity(router: &Router) -> Edit {
    Edit::new(meta(&[SERVER_INFO]), router.server_info())
}

/// The removal of an identity a result of an upstream carried, for a client before 2026-07-28.
pub(crate) fn no_identity() -> Edit {
    Edit::Remove { path: meta(&[SERVER_INFO]) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::Json;
    use crate::router::decide::Answered;
    use crate::router::probe::{apply, find, probes, Probe};

    fn json(s: &str) -> Json {
        serde_json::from_str(s).unwrap()
    }

    #[test]
    fn the_forwarding_rule() {
        let mut r = Router::from_json(&json(
            r#"{ "style": "claude", "servers": [{ "name": "new" }, { "name": "old" }, { "name": "silent" }] }"#,
        ))
        .unwrap();
        r.upstream_answered(
            "new",
            &Answered::from_result(&json(r#"{ "supportedVersions": ["2026-07-28"], "capabilities": {} }"#), false),
        )
        .unwrap();
        r.upstream_answered(
            "old",
            &Answered::from_result(&json(r#"{ "protocolVersion": "2025-11-25", "capabilities": {} }"#), true),
        )
        .unwrap();
        let params = json(
            r#"{ "name": "x", "_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": { "sampling": {}, "experimental": { "a": {} }, "extensions": { "io.modelcontextprotocol/ui": {}, "io.modelcontextprotocol/tasks": {} } },
                "io.modelcontextprotocol/clientInfo": { "name": "c", "version": "1" },
                "io.modelcontextprotocol/logLevel": "info",
                "traceparent": "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01", "tracestate": "a=b", "baggage": "k=v",
                "progressToken": 4 } }"#,
        );
        let found = find(&params, probes(Probe::RequestMeta));
        let to_new = apply(&params, &r.meta_edits(0, &found));
        assert_eq!(
            to_new.get("_meta").unwrap().get(CLIENT_CAPABILITIES).unwrap().to_text(),
            r#"{"sampling":{},"extensions":{"io.modelcontextprotocol/ui":{}}}"#
        );
        for key in [PROTOCOL_VERSION, CLIENT_INFO, LOG_LEVEL, "traceparent", "tracestate", "baggage", "progressToken"] {
            assert_eq!(to_new.get("_meta").unwrap().get(key), params.get("_meta").unwrap().get(key), "{key}");
        }
        let to_old = apply(&params, &r.meta_edits(1, &found));
        assert_eq!(
            to_old.get("_meta").unwrap().to_text(),
            r#"{"traceparent":"00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01","tracestate":"a=b","baggage":"k=v","progressToken":4}"#
        );
        assert!(r.meta_edits(2, &found).is_empty(), "an upstream that never answered gets the request as it came");
        assert!(r.meta_edits(0, &find(&json(r#"{ "name": "x" }"#), probes(Probe::RequestMeta))).is_empty());
        assert_eq!(identity(&r).path().len(), 2);
        assert_eq!(no_identity().path().len(), 2);
    }
}
