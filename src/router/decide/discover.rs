//! What the gateway says about itself (MCP 2026-07-28 `server/discover`, and `initialize` for
//! clients of 2025-11-25 and before), from what each upstream said about itself: the revisions
//! it serves, the capabilities it can carry, its own identity. Each upstream's answer is
//! recorded as it comes ([`Router::upstream_answered`]): which revision the gateway speaks to
//! it, and what of its capabilities the gateway cannot carry; the gateway's own answer is then a
//! function of those records alone ([`Router::decide_discover`], [`Router::decide_initialize`]).
//!
//! What the gateway carries: `tools`, `prompts`, `resources` (with `subscribe` and
//! `listChanged`), `completions` and `logging` when any upstream has them; of the `extensions`,
//! the ones whose messages it knows how to rewrite (`io.modelcontextprotocol/ui`: MCP Apps);
//! nothing `experimental`, and not `tasks` (a task's handle names no server: the gateway could
//! not route it back). What it drops is said in the upstream's decision.

use super::shape;
use crate::diagnostic::{Code, Diagnostic, Error, Span};
use crate::json::Json;
use crate::router::cache::ListCache;
use crate::router::revision::{newest_shared, Era, LEGACY_REVISIONS, MODERN_REVISIONS, SERVER_INFO};
use crate::router::Router;
use crate::text::quoted;
use serde::{Deserialize, Serialize};

/// The extensions whose messages the gateway knows how to carry.
pub const CARRIED_EXTENSIONS: &[&str] = &["io.modelcontextprotocol/ui"];

/// The capabilities the gateway carries, in the order it lists them.
const CARRIED: &[&str] = &["completions", "logging", "prompts", "resources", "tools"];

/// What an upstream said about itself, as a host hands it over: its `server/discover` result
/// (2026-07-28), or its `initialize` result (2025-11-25 and before). Only versions,
/// capabilities and instructions cross.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", rename_all_fields = "camelCase", tag = "answered")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Answered {
    /// A `server/discover` result.
    #[serde(rename_all = "camelCase")]
    Discover {
        /// Its `supportedVersions`.
        supported_versions: Vec<String>,
        /// Its `capabilities`.
        #[cfg_attr(feature = "schema", schemars(with = "serde_json::Value"))]
        capabilities: Json,
        /// Its `instructions`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        instructions: Option<String>,
        /// Its `ttlMs` and `cacheScope`.
        #[serde(default)]
        cache: ListCache,
    },
    /// An `initialize` result.
    #[serde(rename_all = "camelCase")]
    Initialize {
        /// Its `protocolVersion`.
        protocol_version: String,
        /// Its `capabilities`.
        #[cfg_attr(feature = "schema", schemars(with = "serde_json::Value"))]
        capabilities: Json,
        /// Its `instructions`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        instructions: Option<String>,
    },
}

impl Answered {
    /// What a host read from a `server/discover` result (`initialize` false) or an `initialize`
    /// result: the members named above, nothing else.
    pub fn from_result(result: &Json, initialize: bool) -> Answered {
        let capabilities = result.get("capabilities").cloned().unwrap_or(Json::Null);
        let instructions = result.get("instructions").and_then(Json::as_str).map(str::to_string);
        if initialize {
            let protocol_version = result.get("protocolVersion").and_then(Json::as_str).unwrap_or("").to_string();
            return Answered::Initialize { protocol_version, capabilities, instructions };
        }
        let supported_versions = result
            .get("supportedVersions")
            .and_then(Json::as_array)
            .map(|v| v.iter().filter_map(Json::as_str).map(str::to_string).collect())
            .unwrap_or_default();
        Answered::Discover { supported_versions, capabilities, instructions, cache: ListCache::from_result(result) }
    }
}

/// What the gateway keeps of an upstream's answer.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Upstream {
    pub era: Era,
    /// The revision the gateway speaks to it.
    pub version: String,
    /// Its capabilities, as far as the gateway carries them (`extensions` filtered).
    pub capabilities: Json,
    pub instructions: Option<String>,
    pub cache: ListCache,
}

impl Upstream {
    /// Whether its capability `name` has the flag `flag` (`{ "tools": { "listChanged": true } }`).
    pub fn flag(&self, name: &str, flag: &str) -> bool {
        self.capabilities.get(name).and_then(|c| c.get(flag)).and_then(Json::as_bool) == Some(true)
    }

    /// Whether it has capability `name` at all.
    pub fn has(&self, name: &str) -> bool {
        self.capabilities.get(name).is_some_and(|c| !matches!(c, Json::Null | Json::Bool(false)))
    }
}

/// How the gateway speaks to an upstream that answered, and what of it it cannot carry.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct UpstreamDecision {
    /// Its era: `modern` (every request carries the revision), `legacy` (a session after
    /// `initialize`, bridged by the host).
    pub era: Era,
    /// The revision the gateway sends it (`_meta` and `MCP-Protocol-Version`), or negotiated.
    pub version: String,
    /// The capabilities (and extensions) the gateway leaves out, each as `name` or
    /// `extensions.<id>` / `experimental.<id>`.
    pub dropped: Vec<String>,
    /// What a person should know: one `invalid_argument` warning per capability dropped.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<serde_json::Value>"))]
    pub warnings: Vec<Diagnostic>,
}

/// The gateway's own answer to `server/discover`, or to `initialize`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct DiscoverDecision {
    /// The result to answer with, whole (it holds nothing of an upstream's but what the
    /// upstreams said about themselves).
    #[cfg_attr(feature = "schema", schemars(with = "serde_json::Value"))]
    pub result: Json,
}

fn object(members: Vec<(&str, Json)>) -> Json {
    Json::Object(members.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

fn string(s: &str) -> Json {
    Json::String(s.to_string())
}

impl Router {
    /// Records what upstream `server` said about itself ([`Answered`]) and answers how the
    /// gateway speaks to it: the newest revision both speak, and what of its capabilities the
    /// gateway leaves out. Replaces what it answered before (an upstream restarted, upgraded).
    ///
    /// ```
    /// use mcp_naming::Json;
    /// use mcp_naming::router::decide::Answered;
    /// use mcp_naming::router::{Era, Router};
    ///
    /// let json = |s: &str| -> Json { serde_json::from_str(s).unwrap() };
    /// let mut router = Router::from_json(&json(r#"{ "style": "claude", "servers": [{ "name": "memory" }] }"#)).unwrap();
    /// let discovered = json(r#"{ "supportedVersions": ["2026-07-28"], "capabilities": { "tools": { "listChanged": true }, "experimental": { "x": {} } } }"#);
    /// let d = router.upstream_answered("memory", &Answered::from_result(&discovered, false)).unwrap();
    /// assert_eq!((d.era, d.version.as_str()), (Era::Modern, "2026-07-28"));
    /// assert_eq!(d.dropped, ["experimental.x"]);
    /// ```
    ///
    /// # Errors
    /// `unknown_server`; `unsupported_protocol_version` when the upstream speaks no revision the
    /// gateway speaks (its record is then removed: it is not served); `invalid_argument` for
    /// capabilities that are not an object.
    pub fn upstream_answered(&mut self, server: &str, answered: &Answered) -> Result<UpstreamDecision, Error> {
        let si = self.server_index(server)?;
        self.upstreams[si] = None;
        let (era, version, capabilities, instructions, cache) = match answered {
            Answered::Discover { supported_versions, capabilities, instructions, cache } => {
                let shared = newest_shared(supported_versions.iter().map(String::as_str), Era::Modern);
                let Some(v) = shared else {
                    return Err(unsupported(server, supported_versions));
                };
                (Era::Modern, v.to_string(), capabilities, instructions, *cache)
            }
            Answered::Initialize { protocol_version, capabilities, instructions } => {
                if Era::of(protocol_version) == Era::Modern {
                    return Err(unsupported(server, std::slice::from_ref(protocol_version)));
                }
                (Era::Legacy, protocol_version.clone(), capabilities, instructions, ListCache::default())
            }
        };
        let members = match capabilities {
            Json::Object(m) => m,
            Json::Null => &Vec::new(),
            other => {
                return Err(shape::wrong(
                    "capabilities",
                    crate::dialect::JsonType::Object,
                    &crate::router::probe::Scalar::of(other),
                ))
            }
        };
        let mut dropped = Vec::new();
        let mut kept = Vec::new();
        for (name, value) in members {
            match name.as_str() {
                "extensions" | "experimental" => {
                    let carried: Vec<(String, Json)> = value
                        .as_object()
                        .unwrap_or(&[])
                        .iter()
                        .filter(|(id, _)| {
                            let keep = name == "extensions" && CARRIED_EXTENSIONS.contains(&id.as_str());
                            if !keep {
                                dropped.push(format!("{name}.{id}"));
                            }
                            keep
                        })
                        .cloned()
                        .collect();
                    if !carried.is_empty() {
                        kept.push((name.clone(), Json::Object(carried)));
                    }
                }
                n if CARRIED.contains(&n) => kept.push((name.clone(), value.clone())),
                _ => dropped.push(name.clone()),
            }
        }
        let warnings = dropped
            .iter()
            .map(|d| {
                Diagnostic::warning(
                    Code::InvalidArgument,
                    Span::default(),
                    format!("server {}: capability {} is not carried through the gateway", quoted(server), quoted(d)),
                )
            })
            .collect();
        self.upstreams[si] = Some(Upstream {
            era,
            version: version.clone(),
            capabilities: Json::Object(kept),
            instructions: instructions.clone(),
            cache,
        });
        Ok(UpstreamDecision { era, version, dropped, warnings })
    }

    /// The recorded upstreams, in configuration order, with their names.
    pub(crate) fn recorded(&self) -> impl Iterator<Item = (&str, &Upstream)> {
        self.c.servers.iter().zip(&self.upstreams).filter_map(|(s, u)| Some((s.name.as_str(), u.as_ref()?)))
    }

    /// The era and revision recorded for upstream `si`, if it answered.
    pub(crate) fn upstream(&self, si: usize) -> Option<&Upstream> {
        self.upstreams.get(si).and_then(Option::as_ref)
    }

    /// The capabilities the gateway offers: what it carries of each recorded upstream's,
    /// merged (a flag is set when any upstream sets it); `tools` too when the gateway answers
    /// tools itself (built-ins, discovery).
    fn carried_capabilities(&self) -> Json {
        let mut out: Vec<(&str, Json)> = Vec::new();
        let upstreams: Vec<&Upstream> = self.recorded().map(|(_, u)| u).collect();
        for &name in CARRIED {
            let own = name == "tools" && (self.discovery_configured() || !self.c.builtins.is_empty());
            if !own && !upstreams.iter().any(|u| u.has(name)) {
                continue;
            }
            let flags: &[&str] = match name {
                "resources" => &["subscribe", "listChanged"],
                "tools" | "prompts" => &["listChanged"],
                _ => &[],
            };
            let set: Vec<(&str, Json)> = flags
                .iter()
                .filter(|f| upstreams.iter().any(|u| u.flag(name, f)))
                .map(|f| (*f, Json::Bool(true)))
                .collect();
            out.push((name, object(set)));
        }
        let mut extensions: Vec<(&str, Json)> = Vec::new();
        for &id in CARRIED_EXTENSIONS {
            let first = upstreams.iter().find_map(|u| u.capabilities.get("extensions").and_then(|e| e.get(id)));
            if let Some(settings) = first {
                extensions.push((id, settings.clone()));
            }
        }
        if !extensions.is_empty() {
            out.push(("extensions", object(extensions)));
        }
        object(out)
    }

    /// The upstreams' instructions, each under its server's name, in configuration order.
    fn instructions(&self) -> Option<Json> {
        let parts: Vec<String> = self
            .recorded()
            .filter_map(|(name, u)| Some(format!("## {name}\n\n{}", u.instructions.as_deref()?.trim())))
            .collect();
        (!parts.is_empty()).then(|| Json::String(parts.join("\n\n")))
    }

    /// The gateway's identity: its name as clients see it, and this crate's version.
    pub fn server_info(&self) -> Json {
        object(vec![("name", string(&self.c.gateway)), ("version", string(env!("CARGO_PKG_VERSION")))])
    }

    /// The gateway's `server/discover` result: the revisions it serves (its own: it bridges
    /// every upstream it recorded), the capabilities it carries, its identity in `_meta`, the
    /// upstreams' instructions, and caching no looser than any upstream's answer allowed.
    ///
    /// ```
    /// use mcp_naming::Json;
    /// use mcp_naming::router::decide::Answered;
    /// use mcp_naming::router::Router;
    ///
    /// let json = |s: &str| -> Json { serde_json::from_str(s).unwrap() };
    /// let mut router = Router::from_json(&json(r#"{ "style": "claude", "gateway": "hub", "servers": [{ "name": "a" }, { "name": "b" }] }"#)).unwrap();
    /// router.upstream_answered("a", &Answered::from_result(&json(r#"{ "supportedVersions": ["2026-07-28"], "capabilities": { "tools": {} } }"#), false)).unwrap();
    /// router.upstream_answered("b", &Answered::from_result(&json(r#"{ "protocolVersion": "2025-11-25", "capabilities": { "resources": { "subscribe": true } } }"#), true)).unwrap();
    /// let result = router.decide_discover().result;
    /// assert_eq!(result.to_text(), r#"{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"resources":{"subscribe":true},"tools":{}},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"hub","version":"0.1.0"}},"ttlMs":0,"cacheScope":"private"}"#);
    /// ```
    pub fn decide_discover(&self) -> DiscoverDecision {
        let mut members = vec![
            ("resultType", string("complete")),
            ("supportedVersions", Json::Array(MODERN_REVISIONS.iter().map(|v| string(v)).collect())),
            ("capabilities", self.carried_capabilities()),
        ];
        if let Some(i) = self.instructions() {
            members.push(("instructions", i));
        }
        members.push(("_meta", object(vec![(SERVER_INFO, self.server_info())])));
        let cache = ListCache::merge(self.recorded().map(|(_, u)| u.cache)).or_claim_nothing();
        members.extend(cache.members());
        DiscoverDecision { result: object(members) }
    }

    /// The gateway's `initialize` result for a client of revision `requested` (2025-11-25 and
    /// before): that revision when the gateway speaks it, else its newest handshake revision
    /// (the client then decides whether to go on), the capabilities it carries, its identity.
    ///
    /// # Errors
    /// `unsupported_protocol_version` for a revision of 2026-07-28 and after, which has no
    /// `initialize` (-32022, naming the revisions to use instead).
    pub fn decide_initialize(&self, requested: &str) -> Result<DiscoverDecision, Error> {
        if Era::of(requested) == Era::Modern {
            return Err(Error::new(
                Code::UnsupportedProtocolVersion,
                Span::whole(requested),
                format!(
                    "revision {} has no initialize: send requests with their _meta directly (server/discover lists {})",
                    quoted(requested),
                    MODERN_REVISIONS.join(", ")
                ),
            ));
        }
        let version = if LEGACY_REVISIONS.contains(&requested) { requested } else { LEGACY_REVISIONS[0] };
        let mut members = vec![
            ("protocolVersion", string(version)),
            ("capabilities", self.carried_capabilities()),
            ("serverInfo", self.server_info()),
        ];
        if let Some(i) = self.instructions() {
            members.push(("instructions", i));
        }
        Ok(DiscoverDecision { result: object(members) })
    }
}

/// The error for an upstream that speaks none of the gateway's revisions.
fn unsupported(server: &str, offered: &[String]) -> Error {
    Error::new(
        Code::UnsupportedProtocolVersion,
        Span::default(),
        format!(
            "server {} speaks {}, and the gateway speaks {} and {}: it is not served",
            quoted(server),
            if offered.is_empty() { "no revision".to_string() } else { offered.join(", ") },
            MODERN_REVISIONS.join(", "),
            LEGACY_REVISIONS.join(", ")
        ),
    )
    .for_server(server)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(s: &str) -> Json {
        serde_json::from_str(s).unwrap()
    }

    fn router() -> Router {
        Router::from_json(&json(
            r#"{ "style": "claude", "servers": [{ "name": "a" }, { "name": "b" }, { "name": "c" }] }"#,
        ))
        .unwrap()
    }

    #[test]
    fn the_answer_is_a_function_of_what_the_upstreams_said() {
        let discover = |caps: &str, ttl: &str| {
            Answered::from_result(
                &json(&format!(
                    r#"{{ "supportedVersions": ["2025-01-01", "2026-07-28"], "capabilities": {caps}, "instructions": " Use a. ", {ttl} }}"#
                )),
                false,
            )
        };
        let init = |caps: &str| {
            Answered::from_result(
                &json(&format!(r#"{{ "protocolVersion": "2025-06-18", "capabilities": {caps} }}"#)),
                true,
            )
        };
        let a = discover(
            r#"{ "tools": { "listChanged": true }, "extensions": { "io.modelcontextprotocol/ui": { "mimeTypes": ["text/html;profile=mcp-app"] }, "io.modelcontextprotocol/tasks": {} } }"#,
            r#""ttlMs": 60000, "cacheScope": "public""#,
        );
        let b = init(r#"{ "prompts": {}, "resources": { "subscribe": true }, "tasks": {}, "logging": {} }"#);
        // Whatever order they answer in, one answer.
        let mut answers = Vec::new();
        for order in [[0, 1], [1, 0]] {
            let mut r = router();
            for i in order {
                let (server, answered) = [("a", &a), ("b", &b)][i];
                r.upstream_answered(server, answered).unwrap();
            }
            answers.push(r.decide_discover().result.to_text());
        }
        assert_eq!(answers[0], answers[1]);
        let result = json(&answers[0]);
        assert_eq!(
            result.get("capabilities").unwrap().to_text(),
            r#"{"logging":{},"prompts":{},"resources":{"subscribe":true},"tools":{"listChanged":true},"extensions":{"io.modelcontextprotocol/ui":{"mimeTypes":["text/html;profile=mcp-app"]}}}"#
        );
        assert_eq!(result.get("instructions").unwrap().as_str(), Some("## a\n\nUse a."));
        // b's answer said nothing of caching: the gateway's claims nothing.
        assert_eq!(
            (result.get("ttlMs").unwrap().as_f64(), result.get("cacheScope").unwrap().as_str()),
            (Some(0.0), Some("private"))
        );

        let mut r = router();
        let d = r.upstream_answered("a", &a).unwrap();
        assert_eq!(
            (d.era, d.version.as_str(), d.dropped.as_slice()),
            (Era::Modern, "2026-07-28", &["extensions.io.modelcontextprotocol/tasks".to_string()][..])
        );
        assert_eq!(r.decide_discover().result.get("ttlMs").unwrap().as_f64(), Some(60000.0));
        let d = r.upstream_answered("b", &b).unwrap();
        assert_eq!(
            (d.era, d.version.as_str(), d.dropped.as_slice()),
            (Era::Legacy, "2025-06-18", &["tasks".to_string()][..])
        );
        assert_eq!(d.warnings[0].message, "server \"b\": capability \"tasks\" is not carried through the gateway");
    }

    #[test]
    fn the_gateway_offers_tools_it_answers_itself_and_nothing_else_of_its_own() {
        // Upstreams with prompts only: `tools` is offered when the gateway answers tools itself
        // (built-ins, or discovery), either one alone; never `resources` nor anything else.
        let prompts_only = Answered::from_result(
            &json(r#"{ "supportedVersions": ["2026-07-28"], "capabilities": { "prompts": {} } }"#),
            false,
        );
        let capabilities = |config: &str| {
            let mut r = Router::from_json(&json(config)).unwrap();
            r.upstream_answered("a", &prompts_only).unwrap();
            r.decide_discover().result.get("capabilities").unwrap().to_text()
        };
        let servers = r#""style": "claude", "servers": [{ "name": "a" }]"#;
        assert_eq!(capabilities(&format!("{{ {servers} }}")), r#"{"prompts":{}}"#);
        assert_eq!(
            capabilities(&format!(r#"{{ {servers}, "builtins": ["health"] }}"#)),
            r#"{"prompts":{},"tools":{}}"#
        );
        assert_eq!(
            capabilities(&format!(r#"{{ {servers}, "discovery": {{ "mode": "search" }} }}"#)),
            r#"{"prompts":{},"tools":{}}"#
        );
    }

    #[test]
    fn an_upstream_the_gateway_cannot_speak_to_is_refused_and_forgotten() {
        let mut r = router();
        let ok = Answered::from_result(
            &json(r#"{ "supportedVersions": ["2026-07-28"], "capabilities": { "tools": {} } }"#),
            false,
        );
        r.upstream_answered("a", &ok).unwrap();
        let e = r
            .upstream_answered(
                "a",
                &Answered::from_result(&json(r#"{ "supportedVersions": ["2030-01-01"], "capabilities": {} }"#), false),
            )
            .unwrap_err();
        assert_eq!((e.code, e.server.as_deref()), (Code::UnsupportedProtocolVersion, Some("a")));
        assert_eq!(e.message, "server \"a\" speaks 2030-01-01, and the gateway speaks 2026-07-28 and 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05: it is not served");
        assert!(r.upstream(0).is_none());
        assert_eq!(r.decide_discover().result.get("capabilities").unwrap().to_text(), "{}");
        let e = r
            .upstream_answered(
                "b",
                &Answered::Initialize {
                    protocol_version: "2026-07-28".into(),
                    capabilities: Json::Null,
                    instructions: None,
                },
            )
            .unwrap_err();
        assert_eq!(e.code, Code::UnsupportedProtocolVersion);
        let e = r
            .upstream_answered(
                "b",
                &Answered::Initialize {
                    protocol_version: "2025-11-25".into(),
                    capabilities: Json::String("x".into()),
                    instructions: None,
                },
            )
            .unwrap_err();
        assert_eq!(e.message, "capabilities must be an object, got a string");
        assert_eq!(r.upstream_answered("z", &ok).unwrap_err().code, Code::UnknownServer);
    }

    #[test]
    fn initialize_is_the_gateways_business() {
        let r = router();
        let result = r.decide_initialize("2025-06-18").unwrap().result;
        assert_eq!(
            result.to_text(),
            r#"{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"gateway","version":"0.1.0"}}"#
        );
        assert_eq!(
            r.decide_initialize("2024-01-01").unwrap().result.get("protocolVersion").unwrap().as_str(),
            Some("2025-11-25")
        );
        let e = r.decide_initialize("2026-07-28").unwrap_err();
        assert_eq!((e.code, crate::router::json_rpc_code(e.code)), (Code::UnsupportedProtocolVersion, -32022));
    }
}
