//! An upstream's result of `tools/call`, `prompts/get` or `resources/read` on its way to a
//! client, as a gateway of MCP 2026-07-28 decides it: every URI in the client's form (the
//! content's, and the resource links inside the sampling requests of an `input_required`
//! result), the envelope of the client's revision ([`Router::result_envelope`]), and the
//! upstream's `requestState` sealed to that upstream and method ([`super::super::state`]) so
//! that the retry carrying it can only go back where it came from.

use super::meta::{identity, no_identity};
use super::{shape, Method, ResultDecision};
use crate::diagnostic::{Code, Error, Span};
use crate::router::probe::{first, Edit, Found, Scalar, Step};
use crate::router::revision::Era;
use crate::router::state;
use crate::router::Router;
use crate::text::quoted;
use serde::{Deserialize, Serialize};

/// The patterns of [`Probe::Response`](crate::router::probe::Probe::Response), by what they find.
const URIS: [u8; 9] = [1, 2, 3, 4, 5, 10, 11, 12, 13];
const RESULT_TYPE: u8 = 6;
const SERVER_INFO: u8 = 7;
const REQUEST_STATE: u8 = 8;

/// An upstream's result, as a host hands it over.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Response {
    /// The request it answers.
    pub method: Method,
    /// What [`Probe::Response`](crate::router::probe::Probe::Response) found in it.
    pub found: Vec<Found>,
    /// The revision of the client's request (`None`: 2025-11-25 and before, as for `initialize`d
    /// sessions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol_version: Option<String>,
}

impl Response {
    /// A result of `method` whose probe found `found`, for a client of `protocol_version`.
    pub fn new(method: Method, found: Vec<Found>, protocol_version: Option<&str>) -> Response {
        Response { method, found, protocol_version: protocol_version.map(str::to_string) }
    }
}

/// The wire name of a method that may answer `input_required`.
pub(crate) fn wire(method: Method) -> &'static str {
    match method {
        Method::CallTool | Method::MetaCall => "tools/call",
        Method::GetPrompt => "prompts/get",
        Method::ReadResource => "resources/read",
        Method::Subscribe => "resources/subscribe",
        Method::Unsubscribe => "resources/unsubscribe",
        Method::Complete => "completion/complete",
    }
}

impl Router {
    /// What to do with `server`'s result before the client gets it ([`super`]'s table, for
    /// 2026-07-28): the URIs it carries in their gateway form, its envelope for the client's
    /// revision, and, for an `input_required` result, its `requestState` sealed and
    /// [`ResultDecision::input_required`] set (a client of 2025-11-25 cannot take one: the
    /// host's bridge asks it with requests of its own).
    ///
    /// ```
    /// use mcp_naming::Json;
    /// use mcp_naming::router::decide::{Method, Response};
    /// use mcp_naming::router::probe::{apply, find, probes, Probe};
    /// use mcp_naming::router::Router;
    ///
    /// let json = |s: &str| -> Json { serde_json::from_str(s).unwrap() };
    /// let mut router = Router::from_json(&json(r#"{ "style": "claude", "servers": [{ "name": "a" }], "requestStateKey": "an example key of 32 bytes or more" }"#)).unwrap();
    /// let result = json(r#"{ "resultType": "input_required", "inputRequests": { "q": { "method": "roots/list", "params": {} } }, "requestState": "s1" }"#);
    /// let d = router.decide_response("a", &Response::new(Method::CallTool, find(&result, probes(Probe::Response)), Some("2026-07-28"))).unwrap();
    /// assert!(d.input_required);
    /// let sealed = apply(&result, &d.edits);
    /// assert!(sealed.get("requestState").unwrap().as_str().unwrap().starts_with("mcpn1."));
    /// ```
    ///
    /// # Errors
    /// `unknown_server`; `invalid_argument` for a result that is not an object, or whose
    /// `resultType` is not one the gateway knows (`complete`, `input_required`), or an
    /// `input_required` answer to a method that cannot have one; `invalid_config` for a
    /// `requestState` to seal without a key ([`RouterConfig::request_state_key`](crate::router::RouterConfig::request_state_key)).
    pub fn decide_response(&mut self, server: &str, response: &Response) -> Result<ResultDecision, Error> {
        self.server_index(server)?;
        let found = &response.found[..];
        shape::object(found, "result")?;
        let modern = response.protocol_version.as_deref().map(Era::of) == Some(Era::Modern);
        let mut edits = Vec::new();
        for f in found.iter().filter(|f| URIS.contains(&f.pattern)) {
            let Scalar::String(uri) = &f.value else { continue };
            let exposed = self.rewrite_uri(server, uri)?;
            if exposed != *uri {
                edits.push(Edit::string(f.path.clone(), exposed));
            }
        }
        let input_required = match first(found, RESULT_TYPE) {
            None => false,
            Some(Scalar::String(t)) if t == "complete" => false,
            Some(Scalar::String(t)) if t == "input_required" => {
                if !matches!(
                    response.method,
                    Method::CallTool | Method::MetaCall | Method::GetPrompt | Method::ReadResource
                ) {
                    return Err(Error::invalid_argument(format!(
                        "result.resultType is \"input_required\", which a {} result cannot be",
                        quoted(wire(response.method))
                    )));
                }
                true
            }
            Some(Scalar::String(t)) => {
                return Err(Error::invalid_argument(format!(
                    "result.resultType {} is not one the gateway knows: \"complete\" or \"input_required\"",
                    quoted(t)
                )))
            }
            Some(other) => return Err(shape::wrong("result.resultType", crate::dialect::JsonType::String, other)),
        };
        let type_path = vec![Step::key("resultType")];
        match (modern, first(found, RESULT_TYPE)) {
            (true, None) => edits.push(Edit::string(type_path, "complete")),
            (false, Some(_)) if !input_required => edits.push(Edit::Remove { path: type_path }),
            _ => {}
        }
        match (modern, first(found, SERVER_INFO)) {
            (true, _) => edits.push(identity(self)),
            (false, Some(_)) => edits.push(no_identity()),
            (false, None) => {}
        }
        if let Some(f) = found.iter().find(|f| f.pattern == REQUEST_STATE) {
            match &f.value {
                Scalar::String(s) => {
                    let Some(key) = self.c.state_key.as_deref() else { return Err(no_key()) };
                    edits.push(Edit::string(f.path.clone(), state::seal(key, server, wire(response.method), s)));
                }
                other => return Err(shape::wrong("result.requestState", crate::dialect::JsonType::String, other)),
            }
        }
        Ok(ResultDecision { edits, input_required })
    }

    /// The state a retry sends upstream: `sealed` opened and checked against where the retry
    /// routes (`server`, `method`).
    pub(crate) fn unseal(&self, sealed: &str, server: &str, method: Method) -> Result<String, Error> {
        let Some(key) = self.c.state_key.as_deref() else { return Err(no_key()) };
        let opened = state::open(key, sealed)?;
        opened.check(server, wire(method))?;
        Ok(opened.state)
    }
}

fn no_key() -> Error {
    Error::new(
        Code::InvalidConfig,
        Span::default(),
        "the gateway has no requestStateKey to seal an input_required result's requestState with: set requestStateKey (32 bytes or more, the same on every gateway process)",
    )
}

/// The JSON-RPC error code to answer a client of `client` with for an upstream's `code`:
/// `-32002` (resource not found before 2026-07-28) is `-32602` for a client of 2026-07-28,
/// which must not see it; every other code as it is.
///
/// ```
/// use mcp_naming::router::{decide::client_error_code, Era};
/// assert_eq!(client_error_code(-32002, Era::Modern), -32602);
/// assert_eq!(client_error_code(-32002, Era::Legacy), -32002);
/// assert_eq!(client_error_code(-32601, Era::Modern), -32601);
/// ```
pub fn client_error_code(code: i64, client: Era) -> i64 {
    match (code, client) {
        (-32002, Era::Modern) => -32602,
        (c, _) => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::Json;
    use crate::router::probe::{apply, find, probes, Probe};
    use crate::router::OnInvalid;

    fn json(s: &str) -> Json {
        serde_json::from_str(s).unwrap()
    }

    fn gateway() -> crate::router::Gateway {
        let mut g = crate::router::Gateway::from_json(&json(
            r#"{ "style": "claude", "servers": [{ "name": "a" }, { "name": "b" }], "requestStateKey": "0123456789abcdef0123456789abcdef" }"#,
        ))
        .unwrap();
        // Both list test://x: b's is its gateway form.
        for s in ["a", "b"] {
            g.expose_resources(s, &json(r#"{ "resources": [{ "uri": "test://x", "name": "x" }] }"#), OnInvalid::Throw)
                .unwrap();
        }
        g
    }

    fn decide(
        g: &mut crate::router::Gateway,
        server: &str,
        method: Method,
        result: &Json,
        v: Option<&str>,
    ) -> Result<Json, Error> {
        let d =
            g.router_mut().decide_response(server, &Response::new(method, find(result, probes(Probe::Response)), v))?;
        Ok(apply(result, &d.edits))
    }

    #[test]
    fn input_required_results_are_rewritten_and_sealed() {
        let mut g = gateway();
        let result = json(
            r#"{ "resultType": "input_required",
                 "inputRequests": {
                   "ask": { "method": "elicitation/create", "params": { "mode": "form", "message": "?", "requestedSchema": { "type": "object", "properties": {} } } },
                   "llm": { "method": "sampling/createMessage", "params": { "maxTokens": 9, "messages": [
                     { "role": "user", "content": { "type": "tool_result", "toolUseId": "1", "content": [{ "type": "resource_link", "uri": "test://x", "name": "x" }] } },
                     { "role": "user", "content": [{ "type": "tool_result", "toolUseId": "2", "content": [{ "type": "resource", "resource": { "uri": "test://x", "text": "t" } }] }] } ] } },
                   "roots": { "method": "roots/list", "params": {} } },
                 "requestState": "upstream-state" }"#,
        );
        let out = decide(&mut g, "b", Method::CallTool, &result, Some("2026-07-28")).unwrap();
        let messages = out
            .get("inputRequests")
            .unwrap()
            .get("llm")
            .unwrap()
            .get("params")
            .unwrap()
            .get("messages")
            .unwrap()
            .to_text();
        assert_eq!(messages.matches("test://b/x").count(), 2, "{messages}");
        let sealed = out.get("requestState").unwrap().as_str().unwrap().to_string();
        assert_eq!(g.router().unseal(&sealed, "b", Method::CallTool).unwrap(), "upstream-state");
        assert_eq!(g.router().unseal(&sealed, "a", Method::CallTool).unwrap_err().code, Code::InvalidRequestState);
        assert_eq!(g.router().unseal(&sealed, "b", Method::GetPrompt).unwrap_err().code, Code::InvalidRequestState);
        assert_eq!(
            out.get("_meta").unwrap().get("io.modelcontextprotocol/serverInfo").unwrap().get("name").unwrap().as_str(),
            Some("gateway")
        );
        assert_eq!(out.get("resultType").unwrap().as_str(), Some("input_required"));
    }

    #[test]
    fn the_envelope_follows_the_clients_revision() {
        let mut g = gateway();
        let old = json(r#"{ "content": [{ "type": "resource_link", "uri": "test://x", "name": "x" }] }"#);
        let out = decide(&mut g, "a", Method::CallTool, &old, Some("2026-07-28")).unwrap();
        assert_eq!(out.get("resultType").unwrap().as_str(), Some("complete"));
        assert!(out.get("_meta").is_some());
        let new = json(
            r#"{ "resultType": "complete", "contents": [], "_meta": { "io.modelcontextprotocol/serverInfo": { "name": "up", "version": "1" }, "k": 1 } }"#,
        );
        assert_eq!(
            decide(&mut g, "a", Method::ReadResource, &new, Some("2025-11-25")).unwrap().to_text(),
            r#"{"contents":[],"_meta":{"k":1}}"#
        );
        assert_eq!(
            decide(&mut g, "a", Method::ReadResource, &new, None).unwrap().to_text(),
            r#"{"contents":[],"_meta":{"k":1}}"#
        );
        for (result, message) in [
            (
                r#"{ "resultType": "task" }"#,
                "result.resultType \"task\" is not one the gateway knows: \"complete\" or \"input_required\"",
            ),
            (r#"{ "resultType": 1 }"#, "result.resultType must be a string, got a number"),
            (r#"{ "requestState": {} }"#, "result.requestState must be a string, got an object"),
            (r#"[]"#, "result must be an object, got an array"),
        ] {
            assert_eq!(
                decide(&mut g, "a", Method::CallTool, &json(result), Some("2026-07-28")).unwrap_err().message,
                message
            );
        }
        let e =
            decide(&mut g, "a", Method::Complete, &json(r#"{ "resultType": "input_required" }"#), Some("2026-07-28"))
                .unwrap_err();
        assert_eq!(
            e.message,
            "result.resultType is \"input_required\", which a \"completion/complete\" result cannot be"
        );
        let mut keyless =
            crate::router::Gateway::from_json(&json(r#"{ "style": "claude", "servers": [{ "name": "a" }] }"#)).unwrap();
        keyless.router_mut().c.state_key = None;
        let e = decide(
            &mut keyless,
            "a",
            Method::CallTool,
            &json(r#"{ "resultType": "input_required", "requestState": "s" }"#),
            Some("2026-07-28"),
        )
        .unwrap_err();
        assert_eq!(e.code, Code::InvalidConfig);
    }
}
