//! The `Mcp-Param-*` headers of a call (SEP-2243): at expose, each tool's `x-mcp-header`
//! annotations are checked ([`super::super::param_headers::rules`]) and a tool that breaks a rule
//! is left out of the list with a warning; the annotated parameters of the others are kept.
//! At a call, the forward decision names the argument paths whose values the headers need
//! ([`ParamRead`]); the host reads those values alone (the arguments never cross whole) and
//! [`Router::decide_params`] answers the headers to send upstream, having checked the ones the
//! client sent against the same values (-32020 `HeaderMismatch` when they disagree).

use crate::diagnostic::{Code, Diagnostic, Error, Span};
use crate::router::param_headers::{self, argument_path, ParamHeader};
use crate::router::placement::Skipped;
use crate::router::probe::{Found, Path, Step};
use crate::router::revision::Era;
use crate::router::Router;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// A value a call's headers need: where it is in the params as forwarded, and its header.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ParamRead {
    /// The header: `Mcp-Param-{name}`.
    pub header: String,
    /// Where the value is, in the params after the decision's edits (`arguments`, then the
    /// property names).
    pub path: Path,
    /// Whether the client's own header is checked against it (a call of the tool by its name;
    /// not a discovery `call_tool`, whose own schema declares no header).
    pub checked: bool,
}

impl ParamRead {
    /// The read of header `header` at `path`, checked against the client's own or not.
    pub fn new(header: impl Into<String>, path: Path, checked: bool) -> ParamRead {
        ParamRead { header: header.into(), path, checked }
    }
}

/// A header as a transport received it, or as it sends it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Header {
    /// Its name.
    pub name: String,
    /// Its value.
    pub value: String,
}

impl Header {
    /// The header `name: value`.
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> Header {
        Header { name: name.into(), value: value.into() }
    }
}

/// What a host hands over for a call's parameter headers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ParamsRequest {
    /// The forward decision's reads.
    pub reads: Vec<ParamRead>,
    /// The values found at their paths ([`crate::router::probe::find_paths`]): each found's
    /// pattern is the index of its read.
    pub found: Vec<Found>,
    /// The `Mcp-Param-*` headers the client sent (any case).
    #[serde(default)]
    pub given: Vec<Header>,
    /// The revision of the client's request: from 2026-07-28 a value in the body needs its
    /// header.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol_version: Option<String>,
}

impl ParamsRequest {
    /// The values `found` at `reads`, with no client header and no revision.
    pub fn new(reads: Vec<ParamRead>, found: Vec<Found>) -> ParamsRequest {
        ParamsRequest { reads, found, given: Vec::new(), protocol_version: None }
    }
}

/// The headers to send upstream with a call.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ParamsDecision {
    /// Each `Mcp-Param-*` header, the annotated ones from the values, then the client's that no
    /// annotation names (an intermediary forwards what it does not recognize).
    pub headers: Vec<Header>,
}

/// One server's tools' annotated parameters, by upstream name.
pub(crate) type ToolParams = HashMap<Box<str>, Vec<ParamHeader>>;

/// Per server, its [`ToolParams`].
pub(crate) type Params = Vec<ToolParams>;

/// What a list's `x-mcp-header` annotations decide: the tools left out (index, why), the
/// warnings, the parameters of the others.
pub(crate) type Checked = (Vec<(u32, Skipped)>, Vec<Diagnostic>, ToolParams);

impl Router {
    /// The tools of a list to leave out for their `x-mcp-header` annotations, the warnings
    /// saying why, and the parameters of the others (by upstream name), from what
    /// [`Probe::ToolHeaders`](crate::router::probe::Probe::ToolHeaders) found in each item
    /// (index, upstream name, finds).
    pub(crate) fn check_headers<'a>(items: impl IntoIterator<Item = (u32, &'a str, &'a [Found])>) -> Checked {
        let mut left_out = Vec::new();
        let mut warnings = Vec::new();
        let mut kept = HashMap::new();
        for (index, name, found) in items {
            match param_headers::rules(found) {
                Ok(params) if params.is_empty() => {}
                Ok(params) => {
                    kept.insert(Box::from(name), params);
                }
                Err(why) => {
                    let message = param_headers::left_out(name, &why);
                    warnings.push(Diagnostic::warning(Code::InvalidParamHeader, Span::default(), message.clone()));
                    left_out.push((index, Skipped { name: name.to_string(), code: Code::InvalidParamHeader, message }));
                }
            }
        }
        (left_out, warnings, kept)
    }

    /// The reads of a call of server `si`'s tool `upstream`, its arguments at `prefix`.
    pub(crate) fn reads(&self, si: usize, upstream: &str, prefix: &[&'static str], checked: bool) -> Vec<ParamRead> {
        let Some(params) = self.params.get(si).and_then(|p| p.get(upstream)) else { return Vec::new() };
        params.iter().map(|p| ParamRead { header: p.header(), path: argument_path(prefix, p), checked }).collect()
    }

    /// The `Mcp-Param-*` headers to send upstream with a call, from the values at its reads; the
    /// client's own headers checked against the same values.
    ///
    /// ```
    /// use mcp_naming::router::decide::{Header, ParamRead, ParamsRequest};
    /// use mcp_naming::router::probe::{Found, Scalar, Step};
    /// use mcp_naming::router::Router;
    ///
    /// let router = Router::from_json(&serde_json::from_str(r#"{ "style": "agent", "servers": [] }"#).unwrap()).unwrap();
    /// let read: ParamRead = serde_json::from_str(r#"{ "header": "Mcp-Param-Region", "path": ["arguments", "region"], "checked": true }"#).unwrap();
    /// let found = vec![Found { pattern: 0, path: read.path.clone(), value: Scalar::String("us-west1".into()) }];
    /// let mut request: ParamsRequest = serde_json::from_str(r#"{ "reads": [], "found": [], "protocolVersion": "2026-07-28" }"#).unwrap();
    /// request.reads = vec![read];
    /// request.found = found;
    /// request.given = vec![Header::new("mcp-param-region", "us-west1")];
    /// let headers = router.decide_params(&request).unwrap().headers;
    /// assert_eq!(headers, [Header::new("Mcp-Param-Region", "us-west1")]);
    /// request.given = vec![Header::new("Mcp-Param-Region", "eu")];
    /// assert_eq!(router.decide_params(&request).unwrap_err().code.as_str(), "param_mismatch");
    /// ```
    ///
    /// # Errors
    /// `param_mismatch` / `invalid_header` (-32020, HTTP 400) for a client header that
    /// disagrees with its value, is missing where the revision requires it, or cannot be read;
    /// `invalid_argument` for a value no header can carry (an object, an array, a number that
    /// is not an integer within ±(2^53 − 1)).
    pub fn decide_params(&self, request: &ParamsRequest) -> Result<ParamsDecision, Error> {
        let required = request.protocol_version.as_deref().map(Era::of) == Some(Era::Modern);
        let mut headers = Vec::new();
        for (i, read) in request.reads.iter().enumerate() {
            let name = read.header.strip_prefix("Mcp-Param-").unwrap_or(&read.header);
            // The property names after `arguments`.
            let path = read.path.iter().skip(1).filter_map(|s| match s {
                Step::Key(k) => Some(k.to_string()),
                Step::Index(_) => None,
            });
            let param = ParamHeader { name: name.to_string(), path: path.collect() };
            let value = request.found.iter().find(|f| f.pattern as usize == i).map(|f| &f.value);
            if read.checked {
                let given =
                    request.given.iter().find(|h| h.name.eq_ignore_ascii_case(&read.header)).map(|h| h.value.as_str());
                param_headers::check(&param, given, value, required)?;
            }
            match value.map(param_headers::value).transpose() {
                Ok(Some(Some(v))) => headers.push(Header::new(read.header.clone(), v)),
                Ok(_) => {}
                Err(what) => {
                    return Err(Error::invalid_argument(format!(
                        "arguments.{} is {what}: the {} header cannot carry it",
                        param.path.join("."),
                        read.header
                    )))
                }
            }
        }
        for h in &request.given {
            let named = request.reads.iter().any(|r| r.header.eq_ignore_ascii_case(&h.name));
            if !named && h.name.len() > 10 && h.name[..10].eq_ignore_ascii_case("Mcp-Param-") {
                headers.push(h.clone());
            }
        }
        Ok(ParamsDecision { headers })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::router::probe::Scalar;

    fn string(s: &str) -> Scalar {
        Scalar::String(s.into())
    }

    fn request(
        reads: &[(&str, &[&'static str], bool)],
        values: &[Option<Scalar>],
        given: &[(&str, &str)],
        v: &str,
    ) -> ParamsRequest {
        let reads: Vec<ParamRead> = reads
            .iter()
            .map(|(h, p, checked)| ParamRead {
                header: h.to_string(),
                path: p.iter().map(|k| Step::key(*k)).collect(),
                checked: *checked,
            })
            .collect();
        let found = values
            .iter()
            .enumerate()
            .filter_map(|(i, v)| Some(Found { pattern: i as u8, path: reads[i].path.clone(), value: v.clone()? }))
            .collect();
        ParamsRequest {
            reads,
            found,
            given: given.iter().map(|(n, v)| Header::new(*n, *v)).collect(),
            protocol_version: Some(v.to_string()),
        }
    }

    #[test]
    fn headers_from_values_and_the_clients_checked() {
        let router =
            Router::from_json(&serde_json::from_str(r#"{ "style": "agent", "servers": [] }"#).unwrap()).unwrap();
        let reads: &[(&str, &[&'static str], bool)] = &[
            ("Mcp-Param-Region", &["arguments", "region"], true),
            ("Mcp-Param-Shard", &["arguments", "shard"], true),
            ("Mcp-Param-Tenant", &["arguments", "options", "tenant"], true),
        ];
        let values = [Some(string("Hello, 世界")), Some(Scalar::Number(42.0)), None];
        let given = [
            ("mcp-param-region", "=?base64?SGVsbG8sIOS4lueVjA==?="),
            ("MCP-PARAM-SHARD", "42"),
            ("Mcp-Param-Other", "x"),
        ];
        let d = router.decide_params(&request(reads, &values, &given, "2026-07-28")).unwrap();
        assert_eq!(
            d.headers,
            [
                Header::new("Mcp-Param-Region", "=?base64?SGVsbG8sIOS4lueVjA==?="),
                Header::new("Mcp-Param-Shard", "42"),
                Header::new("Mcp-Param-Other", "x")
            ]
        );
        // A missing header is refused from 2026-07-28 on; before, it is computed all the same.
        let e = router.decide_params(&request(reads, &values, &given[1..], "2026-07-28")).unwrap_err();
        assert_eq!((e.code, crate::router::json_rpc_code(e.code)), (Code::ParamMismatch, -32020));
        assert_eq!(router.decide_params(&request(reads, &values, &[], "2025-11-25")).unwrap().headers.len(), 2);
        // Unchecked reads (discovery's call_tool) ignore the client's headers.
        let unchecked: &[(&str, &[&'static str], bool)] = &[("Mcp-Param-Region", &["arguments", "region"], false)];
        assert_eq!(
            router.decide_params(&request(unchecked, &[Some(string("us"))], &[], "2026-07-28")).unwrap().headers,
            [Header::new("Mcp-Param-Region", "us")]
        );
        let e = router.decide_params(&request(unchecked, &[Some(Scalar::Object)], &[], "2026-07-28")).unwrap_err();
        assert_eq!(e.message, "arguments.region is an object: the Mcp-Param-Region header cannot carry it");
    }
}
