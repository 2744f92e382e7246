//! A client's request: which upstream answers it, under which name or URI, or whether the
//! gateway answers it itself (discovery's meta-tools).

use super::shape;
use super::{Accept, Insert, Method, Request, RequestDecision};
use crate::diagnostic::{Code, Error};
use crate::json::Json;
use crate::router::discovery::MetaTool;
use crate::router::header::NameHeader;
use crate::router::probe::{first, probes, Edit, Found, Scalar, Step};
use crate::router::resources::CompletionRef;
use crate::router::route::Target;
use crate::router::Router;
use crate::text::quoted;

/// The edit that names the upstream's own name (or URI) at `field`.
fn renamed(t: Target, path: Vec<Step>) -> RequestDecision {
    RequestDecision::Forward {
        server: t.server,
        header: t.header,
        edits: vec![Edit::string(path, t.upstream)],
        reads: Vec::new(),
    }
}

/// The pattern of each request probe that finds a retry's `requestState` (its last).
fn state_pattern(method: Method) -> u8 {
    (probes(method.probe()).len() - 1) as u8
}

/// The arguments of a meta-tool call as the core reads them: each member's value as found,
/// objects and arrays empty (their contents never cross); `Null` without arguments.
fn arguments(found: &[Found]) -> Json {
    match first(found, 2) {
        None | Some(Scalar::Null) => return Json::Null,
        Some(Scalar::Object) => {}
        Some(other) => return scalar(other),
    }
    let members = found
        .iter()
        .filter(|f| f.pattern == 3)
        .filter_map(|f| match f.path.last() {
            Some(Step::Key(k)) => Some((k.to_string(), scalar(&f.value))),
            _ => None,
        })
        .collect();
    Json::Object(members)
}

fn scalar(value: &Scalar) -> Json {
    match value {
        Scalar::String(s) => Json::String(s.clone()),
        Scalar::Number(n) => Json::Number(*n),
        Scalar::Boolean(b) => Json::Bool(*b),
        Scalar::Null => Json::Null,
        Scalar::Array => Json::Array(Vec::new()),
        Scalar::Object => Json::Object(Vec::new()),
    }
}

impl Request {
    /// The text `error` (an error of this request's decision) is about, which its spans index:
    /// the name (or URI) the params carry; for `call_tool`, the name it calls; for a completion,
    /// the reference's name or URI; for an `Mcp-Name` header that disagrees with the body (or
    /// does not decode), the header as given. Empty when the params carry none.
    ///
    /// ```
    /// use mcp_naming::router::decide::{Method, Request};
    /// use mcp_naming::router::probe::{find, probes};
    /// use mcp_naming::Error;
    /// let params = serde_json::from_str(r#"{ "name": "call_tool", "arguments": { "name": "echoo" } }"#).unwrap();
    /// let request = Request::new(Method::MetaCall, find(&params, probes(Method::MetaCall.probe())));
    /// assert_eq!(request.subject(&Error::invalid_argument("…")), "echoo");
    ///
    /// let params = serde_json::from_str(r#"{ "name": "srv__ask" }"#).unwrap();
    /// let mut request = Request::new(Method::CallTool, find(&params, probes(Method::CallTool.probe())));
    /// request.header = Some("srv__asqk".to_string());
    /// let e = mcp_naming::router::NameHeader::new(Some("srv__asqk"), None).check("srv__ask").unwrap_err();
    /// assert_eq!(request.subject(&e), "srv__asqk");
    /// ```
    pub fn subject(&self, error: &Error) -> &str {
        let at = |pattern: u8, key: Option<&str>| {
            self.found
                .iter()
                .filter(|f| f.pattern == pattern)
                .find(|f| key.is_none_or(|k| f.path.last() == Some(&Step::key(k.to_string()))))
                .and_then(|f| f.value.as_str())
        };
        let header = matches!(error.code, Code::NameMismatch | Code::InvalidHeader);
        // A header that disagrees with the body: the error spans the header as given.
        if let Some(given) = self.header.as_deref().filter(|_| header) {
            return given;
        }
        match self.method {
            Method::MetaCall if !header => at(3, Some("name")),
            Method::Complete => at(3, None).or_else(|| at(4, None)),
            _ => at(1, None),
        }
        .unwrap_or("")
    }
}

impl Router {
    /// What to do with a client's request ([`super`]).
    ///
    /// # Errors
    /// `invalid_argument` for params of the wrong shape (worded with their path: `params.name
    /// must be a string, got a number`); the header's `name_mismatch` / `invalid_header`; as
    /// [`Router::call_target`], [`Router::prompt_target`], [`Router::resource_target`] and
    /// [`Router::completion_target`] for what the params name; `invalid_argument` for a
    /// discovery meta-tool with [`Accept::Forward`].
    pub fn decide_request(&self, request: &Request) -> Result<RequestDecision, Error> {
        let decision = self.decide_target(request)?;
        let RequestDecision::Forward { server, header, mut edits, mut reads } = decision else { return Ok(decision) };
        let si = self.server_index(&server)?;
        // A retry of a multi round-trip request: the state goes on only where it came from.
        if let Some(f) = request
            .found
            .iter()
            .find(|f| f.pattern == state_pattern(request.method) && request.method != Method::Complete)
        {
            match &f.value {
                Scalar::String(sealed) => {
                    let state = self.unseal(sealed, &server, request.method)?;
                    edits.push(Edit::string(f.path.clone(), state));
                }
                Scalar::Null => {}
                other => return Err(shape::wrong("params.requestState", crate::dialect::JsonType::String, other)),
            }
        }
        edits.extend(self.meta_edits(si, &request.meta));
        if let (Method::CallTool, Some(Edit::Set { value: Json::String(upstream), .. })) =
            (request.method, edits.first())
        {
            reads = self.reads(si, upstream, &["arguments"], true);
        }
        Ok(RequestDecision::Forward { server, header, edits, reads })
    }

    fn decide_target(&self, request: &Request) -> Result<RequestDecision, Error> {
        let found = &request.found[..];
        let header = NameHeader::new(request.header.as_deref(), request.protocol_version.as_deref());
        let name = || -> Result<&str, Error> {
            shape::object(found, "params")?;
            shape::string(found, 1, "params.name")
        };
        let uri = || -> Result<&str, Error> {
            shape::object(found, "params")?;
            shape::string(found, 1, "params.uri")
        };
        match request.method {
            Method::CallTool | Method::MetaCall => self.decide_call(name()?, found, header, request.accept),
            _ if request.accept == Accept::Answer => Ok(RequestDecision::Pass),
            Method::GetPrompt => Ok(renamed(self.prompt_target(name()?, header)?, vec![Step::key("name")])),
            Method::ReadResource => Ok(renamed(self.resource_target(uri()?, header)?, vec![Step::key("uri")])),
            Method::Subscribe | Method::Unsubscribe => {
                Ok(renamed(self.resource_target(uri()?, None)?, vec![Step::key("uri")]))
            }
            Method::Complete => self.decide_complete(found),
        }
    }

    fn decide_call(
        &self,
        name: &str,
        found: &[Found],
        header: NameHeader<'_>,
        accept: Accept,
    ) -> Result<RequestDecision, Error> {
        let pass = accept == Accept::Answer;
        let meta = match self.meta_tool(name) {
            None if pass => return Ok(RequestDecision::Pass),
            None => return Ok(renamed(self.call_target(name, header)?, vec![Step::key("name")])),
            Some(m) => m,
        };
        header.check(name)?;
        match meta {
            MetaTool::CallTool if pass => Ok(RequestDecision::Pass),
            MetaTool::CallTool => {
                let t = self.call_tool_target(&arguments(found))?;
                let inner = vec![Step::key("arguments"), Step::key("arguments")];
                let outer = vec![Step::key("arguments")];
                let moved = match found.iter().find(|f| f.pattern == 3 && f.path == inner) {
                    Some(Found { value: Scalar::Object, .. }) => Edit::Take { path: outer, from: inner },
                    _ => Edit::Remove { path: outer },
                };
                let si = self.server_index(&t.server)?;
                let reads = self.reads(si, &t.upstream, &["arguments"], false);
                let edits = vec![Edit::string(vec![Step::key("name")], t.upstream), moved];
                Ok(RequestDecision::Forward { server: t.server, header: t.header, edits, reads })
            }
            m if accept == Accept::Forward => Err(Error::invalid_argument(format!(
                "{} is answered by the gateway itself (discovery), not by an upstream",
                quoted(m.name())
            ))),
            MetaTool::SearchTools => Ok(self.answered(self.search_result(&arguments(found)))),
            MetaTool::GetToolDetails => Ok(match self.details_target(&arguments(found)) {
                Err(e) => self.answered(Err(e)),
                Ok(tool) => {
                    let index = self.item_index(tool.server_index, &tool.upstream);
                    let result = self.details_of(&tool.name, tool.server_index, &tool.upstream, &Json::Null);
                    let at = |path: Vec<Step>, text: bool| Insert {
                        path,
                        server: tool.server_index as u32,
                        index,
                        name: tool.name.clone(),
                        text,
                    };
                    let text = vec![Step::key("content"), Step::Index(0), Step::key("text")];
                    RequestDecision::Answer {
                        result,
                        inserts: vec![at(text, true), at(vec![Step::key("structuredContent")], false)],
                    }
                }
            }),
        }
    }

    /// A meta-tool's answer: its result, or the tool error result a model reads its mistake from.
    fn answered(&self, result: Result<Json, Error>) -> RequestDecision {
        let result = result.unwrap_or_else(|e| crate::router::tool_error_result(&e));
        RequestDecision::Answer { result, inserts: Vec::new() }
    }

    /// The place in its server's list of the listed tool `upstream`.
    fn item_index(&self, server: usize, upstream: &str) -> u32 {
        self.tools
            .all()
            .map(|(_, e)| e)
            .find(|e| e.server as usize == server && e.upstream() == upstream && e.routed)
            .map_or(0, |e| e.index)
    }

    fn decide_complete(&self, found: &[Found]) -> Result<RequestDecision, Error> {
        shape::object(found, "params")?;
        match first(found, 1) {
            Some(Scalar::Object) => {}
            Some(other) => return Err(shape::wrong("params.ref", crate::dialect::JsonType::Object, other)),
            None => return Err(shape::missing("params.ref")),
        }
        let kind = shape::string(found, 2, "params.ref.type")?;
        // The type decides which member names the target (an unknown type is worded first).
        let (pattern, field) = match CompletionRef::new(kind, "")? {
            CompletionRef::Prompt(_) => (3, "name"),
            _ => (4, "uri"),
        };
        let value = shape::string(found, pattern, &format!("params.ref.{field}"))?;
        let t = self.completion_target(CompletionRef::new(kind, value)?)?;
        Ok(renamed(t, vec![Step::key("ref"), Step::key(field)]))
    }
}
