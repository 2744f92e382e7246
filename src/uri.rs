//! Chora resource URIs: `namespace://type/id[?query]`.
//!
//! ```text
//! uri       ::= namespace "://" type "/" id [ "?" query ]     ; at most 2048 characters
//! namespace ::= [a-z][a-z0-9]{2,19}
//! type      ::= [a-z][a-z0-9_]+
//! id        ::= segment ( "/" segment )*                      ; segment ::= [a-z0-9_.-]+
//! query     ::= pair ( "&" pair )*                            ; pair ::= key "=" value
//! key/value ::= ( [A-Za-z0-9._~-] | "%" HEX HEX )*            ; key not empty; decoded as UTF-8
//! ```
//!
//! The id takes `/`-separated segments, as the convention's own examples need
//! (`coda://docs/abc123/tables/grid-1?limit=100`). Formatting percent-encodes query keys and values.
//!
//! ```
//! use mcp_naming::{format_resource_uri, parse_resource_uri, ResourceUri};
//!
//! let uri = parse_resource_uri("coda://docs/abc123/tables/grid-1?limit=100").unwrap();
//! assert_eq!((uri.namespace.as_str(), uri.kind.as_str(), uri.id.as_str()), ("coda", "docs", "abc123/tables/grid-1"));
//! assert_eq!(uri.query, vec![("limit".to_string(), "100".to_string())]);
//!
//! let parts = ResourceUri {
//!     namespace: "myproject".into(), kind: "docs".into(), id: "123".into(),
//!     query: vec![("q".into(), "a b&c".into())],
//! };
//! assert_eq!(format_resource_uri(&parts).unwrap(), "myproject://docs/123?q=a%20b%26c");
//! ```

use crate::convention::chora::{check_namespace, is_namespace};
use crate::convention::{check_length, Collect, Sink, Word};
use crate::diagnostic::{Code, Diagnostic, Error, Span};
use crate::text::quoted;
use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

/// The longest URI.
pub const MAX_LEN: usize = 2048;
/// The grammar, as shown to users.
pub const GRAMMAR: &str =
    "uri ::= namespace \"://\" type \"/\" id [\"?\" key=value(&key=value)*]; type ::= [a-z][a-z0-9_]+; id ::= [a-z0-9_.-]+(/[a-z0-9_.-]+)*";

/// A parsed resource URI, with the query decoded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResourceUri {
    /// The namespace (`myproject`).
    pub namespace: String,
    /// The resource type (`templates`); `type` in JavaScript.
    pub kind: String,
    /// The resource id, possibly with `/` (`2024-01/report-v2.pdf`).
    pub id: String,
    /// The decoded query pairs, in order.
    pub query: Vec<(String, String)>,
}

impl ResourceUri {
    /// The longest URI accepted, in bytes.
    pub const MAX_LEN: usize = MAX_LEN;
    /// The grammar of resource URIs.
    pub const GRAMMAR: &'static str = GRAMMAR;

    /// Reads parts from JSON as the packages give them: `{ namespace, type, id, query? }`, the
    /// query an object of strings.
    ///
    /// ```
    /// use mcp_naming::{format_resource_uri, ResourceUri};
    /// let json = serde_json::from_str(r#"{ "namespace": "docs", "type": "pages", "id": "intro", "query": { "v": "2" } }"#).unwrap();
    /// let uri = ResourceUri::from_json(&json).unwrap();
    /// assert_eq!(format_resource_uri(&uri).unwrap(), "docs://pages/intro?v=2");
    /// ```
    ///
    /// # Errors
    /// `invalid_argument`, one diagnostic per missing member, unknown key or value of the wrong
    /// type.
    pub fn from_json(value: &crate::json::Json) -> Result<ResourceUri, Error> {
        let mut r = crate::read::Reader::argument();
        r.object(value, "parts", &["namespace", "type", "id", "query"]);
        let string = crate::dialect::a(crate::dialect::JsonType::String);
        let namespace = r.req_string(value, "namespace", "parts", string);
        let kind = r.req_string(value, "type", "parts", string);
        let id = r.req_string(value, "id", "parts", string);
        let query = r.pairs(value, "query", "parts", &crate::dialect::of_strings(crate::dialect::JsonType::Object));
        let uri = match (namespace, kind, id) {
            (Some(namespace), Some(kind), Some(id)) => Some(ResourceUri { namespace, kind, id, query }),
            _ => None,
        };
        r.finish(uri, "")
    }
}

/// The outcome of [`validate_resource_uri`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UriReport {
    /// The problems that make the URI invalid.
    pub errors: Vec<Diagnostic>,
    /// The problems worth fixing that do not.
    pub warnings: Vec<Diagnostic>,
    /// The parts, when the URI has no error.
    pub parts: Option<ResourceUri>,
    /// The nearest valid URI, when one can be derived.
    pub suggestion: Option<String>,
}

impl UriReport {
    /// True when there is no error.
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }
}

const TYPE: Word<'static> = Word {
    what: "resource type",
    underscore: true,
    rule: "use lowercase letters, digits and \"_\", starting with a letter (a plural noun such as templates)",
};
const ID_RULE: &str = "lowercase letters, digits, \"_\", \".\" and \"-\", with \"/\" between segments";

fn is_id_byte(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'_' | b'.' | b'-')
}

fn is_query_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'%')
}

/// Validates a resource URI; `expected_namespace` makes another namespace an error.
///
/// ```
/// use mcp_naming::validate_resource_uri;
///
/// let report = validate_resource_uri("myproject/templates/daily-report.md", None);
/// assert_eq!(report.errors[0].code.as_str(), "missing_scheme_separator");
/// assert_eq!(report.suggestion.as_deref(), Some("myproject://templates/daily-report.md"));
/// ```
pub fn validate_resource_uri(uri: &str, expected_namespace: Option<&str>) -> UriReport {
    let mut sink = Collect::default();
    let parts = check(uri, expected_namespace, &mut sink);
    let suggestion = if sink.errors.is_empty() || uri.len() > MAX_LEN {
        None
    } else {
        suggest(uri, expected_namespace).filter(|s| {
            s != uri && {
                let mut again = Collect::default();
                check(s, expected_namespace, &mut again);
                again.errors.is_empty()
            }
        })
    };
    UriReport {
        parts: if sink.errors.is_empty() { parts } else { None },
        errors: sink.errors,
        warnings: sink.warnings,
        suggestion,
    }
}

/// Parses a resource URI.
///
/// # Errors
/// The diagnostics of [`validate_resource_uri`], the first error's code naming the error.
pub fn parse_resource_uri(uri: &str) -> Result<ResourceUri, Error> {
    let report = validate_resource_uri(uri, None);
    match report.parts {
        Some(parts) => Ok(parts),
        None => Err(Error::from_diagnostics(report.errors)
            .unwrap_or_else(|| Error::invalid_argument("the URI does not parse"))
            .with_suggestion(report.suggestion)),
    }
}

/// Formats a resource URI, percent-encoding the query's keys and values.
///
/// # Errors
/// The diagnostics of the formatted URI when a part is invalid (an uppercase type, an empty id,
/// an empty query key).
pub fn format_resource_uri(parts: &ResourceUri) -> Result<String, Error> {
    let mut out = format!("{}://{}/{}", parts.namespace, parts.kind, parts.id);
    for (i, (k, v)) in parts.query.iter().enumerate() {
        out.push(if i == 0 { '?' } else { '&' });
        percent_encode(k, &mut out);
        out.push('=');
        percent_encode(v, &mut out);
    }
    let back = parse_resource_uri(&out)?;
    if back != *parts {
        return Err(Error::new(
            Code::InvalidArgument,
            Span::whole(&out),
            format!("the parts do not survive a round trip through {}", quoted(&out)),
        ));
    }
    Ok(out)
}

fn percent_encode(text: &str, out: &mut String) {
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push('%');
            out.push(char::from(b"0123456789ABCDEF"[(b >> 4) as usize]));
            out.push(char::from(b"0123456789ABCDEF"[(b & 15) as usize]));
        }
    }
}

fn percent_decode(text: &str, base: usize, sink: &mut Collect) -> Option<String> {
    let b = text.as_bytes();
    let mut bytes = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = |c: u8| (c as char).to_digit(16);
            match (b.get(i + 1).and_then(|c| hex(*c)), b.get(i + 2).and_then(|c| hex(*c))) {
                (Some(h), Some(l)) => {
                    bytes.push((h * 16 + l) as u8);
                    i += 3;
                }
                _ => {
                    let end = (i + 3).min(b.len());
                    sink.error(|| {
                        Diagnostic::error(
                            Code::InvalidPercentEncoding,
                            Span::new(base + i, base + end),
                            "\"%\" must be followed by two hexadecimal digits: write %25 for a literal \"%\"",
                        )
                    });
                    return None;
                }
            }
        } else {
            bytes.push(b[i]);
            i += 1;
        }
    }
    match String::from_utf8(bytes) {
        Ok(s) => Some(s),
        Err(_) => {
            sink.error(|| {
                Diagnostic::error(
                    Code::InvalidPercentEncoding,
                    Span::new(base, base + text.len()),
                    format!("{} decodes to bytes that are not UTF-8: percent-encode UTF-8 text", quoted(text)),
                )
            });
            None
        }
    }
}

fn check(uri: &str, expected: Option<&str>, sink: &mut Collect) -> Option<ResourceUri> {
    if !check_length(sink, uri, MAX_LEN, "URI") {
        return None;
    }
    let Some(sep) = uri.find("://") else {
        let segments = uri.split('?').next().unwrap_or("").split('/').filter(|s| !s.is_empty()).count();
        if segments == 2 && !uri.contains(':') {
            sink.error(|| {
                Diagnostic::error(
                    Code::MissingNamespace,
                    Span::new(0, 0),
                    format!("{} has no namespace: write namespace://type/id, such as myproject://{uri}", quoted(uri)),
                )
            });
        } else {
            sink.error(|| {
                Diagnostic::error(
                    Code::MissingSchemeSeparator,
                    Span::whole(uri),
                    format!("{} has no \"://\" after the namespace: write namespace://type/id", quoted(uri)),
                )
            });
        }
        return None;
    };
    let namespace = &uri[..sep];
    check_namespace(sink, namespace, 0, "namespace");
    let rest_at = sep + 3;
    let (path, query) = match uri[rest_at..].split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (&uri[rest_at..], None),
    };
    let Some(slash) = path.find('/') else {
        if path.is_empty() {
            sink.error(|| {
                Diagnostic::error(
                    Code::MissingResourceType,
                    Span::new(rest_at, rest_at),
                    "the URI has no resource type after \"://\": write namespace://type/id",
                )
            });
        } else {
            TYPE.check(sink, path, rest_at);
            sink.error(|| {
                Diagnostic::error(
                    Code::MissingResourceId,
                    Span::new(rest_at + path.len(), rest_at + path.len()),
                    format!("the URI has no resource id after the type {}: write namespace://type/id", quoted(path)),
                )
            });
        }
        return None;
    };
    let kind = &path[..slash];
    let id = &path[slash + 1..];
    let id_at = rest_at + slash + 1;
    if kind.is_empty() {
        sink.error(|| {
            Diagnostic::error(
                Code::MissingResourceType,
                Span::new(rest_at, rest_at),
                "the resource type is empty: write namespace://type/id",
            )
        });
    } else {
        TYPE.check(sink, kind, rest_at);
        if kind.len() == 1 && TYPE.ok(kind) {
            sink.error(|| {
                Diagnostic::error(
                    Code::SegmentTooShort,
                    Span::new(rest_at, rest_at + 1),
                    format!("resource type {} is too short: use at least 2 characters", quoted(kind)),
                )
            });
        }
    }
    if id.is_empty() {
        sink.error(|| {
            Diagnostic::error(
                Code::MissingResourceId,
                Span::new(id_at, id_at),
                "the resource id is empty: write namespace://type/id",
            )
        });
    } else {
        check_id(sink, id, id_at);
    }
    let mut pairs = Vec::new();
    if let Some(query) = query {
        let mut at = rest_at + path.len() + 1;
        for pair in query.split('&') {
            check_pair(sink, pair, at, &mut pairs);
            at += pair.len() + 1;
        }
    }
    if let Some(expected) = expected {
        if sink.errors.is_empty() && namespace != expected {
            sink.error(|| {
                Diagnostic::error(
                    Code::WrongNamespace,
                    Span::new(0, sep),
                    format!("namespace {} is not the expected one: use {expected}://", quoted(namespace)),
                )
            });
        }
    }
    sink.errors.is_empty().then(|| ResourceUri {
        namespace: namespace.to_string(),
        kind: kind.to_string(),
        id: id.to_string(),
        query: pairs,
    })
}

fn check_id(sink: &mut Collect, id: &str, base: usize) {
    if id.bytes().all(|b| is_id_byte(b) || b == b'/') && !id.split('/').any(str::is_empty) {
        return;
    }
    if id.bytes().any(|b| b.is_ascii_uppercase()) {
        sink.error(|| {
            Diagnostic::error(
                Code::UppercaseLetter,
                Span::new(base, base + id.len()),
                format!("resource id {} has uppercase letters: use {ID_RULE}", quoted(id)),
            )
        });
    }
    crate::convention::bad_chars(sink, id, base, |b| is_id_byte(b) || b == b'/' || b.is_ascii_uppercase(), ID_RULE);
    if id.split('/').any(str::is_empty) {
        sink.error(|| {
            Diagnostic::error(
                Code::EmptySegment,
                Span::new(base, base + id.len()),
                format!("resource id {} has an empty segment (a leading, trailing or doubled \"/\")", quoted(id)),
            )
        });
    }
}

fn check_pair(sink: &mut Collect, pair: &str, base: usize, out: &mut Vec<(String, String)>) {
    let Some((key, value)) = pair.split_once('=') else {
        sink.error(|| {
            Diagnostic::error(
                Code::InvalidQuery,
                Span::new(base, base + pair.len()),
                format!("query part {} is not key=value: write key=value(&key=value)*", quoted(pair)),
            )
        });
        return;
    };
    if key.is_empty() {
        sink.error(|| {
            Diagnostic::error(
                Code::InvalidQuery,
                Span::new(base, base + 1),
                "a query key is empty: write key=value(&key=value)*",
            )
        });
        return;
    }
    let before = sink.errors.len();
    let allowed = "letters, digits, \"-\", \".\", \"_\", \"~\" or %XX escapes";
    crate::convention::bad_chars(sink, key, base, is_query_byte, allowed);
    crate::convention::bad_chars(sink, value, base + key.len() + 1, is_query_byte, allowed);
    if sink.errors.len() != before {
        return;
    }
    let k = percent_decode(key, base, sink);
    let v = percent_decode(value, base + key.len() + 1, sink);
    if let (Some(k), Some(v)) = (k, v) {
        out.push((k, v));
    }
}

fn kebab(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    let mut prev_lower = false;
    for c in text.chars() {
        if c.is_ascii_uppercase() {
            if prev_lower {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
            prev_lower = false;
        } else if c.is_ascii() && (is_id_byte(c as u8) || c == '/') {
            out.push(c);
            prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        } else if !out.ends_with('-') {
            out.push('-');
            prev_lower = false;
        }
    }
    out
}

fn suggest(uri: &str, expected: Option<&str>) -> Option<String> {
    let uri = crate::chars::to_ascii_lookalikes(uri);
    let (head, query) = match uri.split_once('?') {
        Some((h, q)) => (h.to_string(), Some(q)),
        None => (uri.clone(), None),
    };
    let (ns, path) = match head.split_once("://") {
        Some((ns, path)) => (Some(ns.to_string()), path.to_string()),
        None => {
            let segments: Vec<&str> = head.split('/').filter(|s| !s.is_empty()).collect();
            if segments.len() >= 3 {
                (Some(segments[0].to_string()), segments[1..].join("/"))
            } else {
                (None, segments.join("/"))
            }
        }
    };
    let ns = match (expected, ns) {
        (Some(e), _) => e.to_string(),
        (None, Some(ns)) if is_namespace(&ns) => ns,
        (None, Some(ns)) => crate::convention::chora::namespace_from_slug(&ns).ok()?,
        (None, None) => return None,
    };
    let (kind, id) = path.split_once('/')?;
    let kind = crate::chars::camel_to_snake(kind);
    let id = kebab(id.trim_matches('/'));
    let mut out = format!("{ns}://{kind}/{id}");
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    Some(out)
}

/// `{ namespace, type, id, query }`, the query an object.
impl Serialize for ResourceUri {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Query<'q>(&'q [(String, String)]);
        impl Serialize for Query<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut map = s.serialize_map(Some(self.0.len()))?;
                for (k, v) in self.0 {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
        let mut u = s.serialize_struct("ResourceUri", 4)?;
        u.serialize_field("namespace", &self.namespace)?;
        u.serialize_field("type", &self.kind)?;
        u.serialize_field("id", &self.id)?;
        u.serialize_field("query", &Query(&self.query))?;
        u.end()
    }
}

/// `{ valid, convention: "chora", errors, warnings, parts, suggestion }`.
impl Serialize for UriReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut r = s.serialize_struct("UriReport", 6)?;
        r.serialize_field("valid", &self.is_valid())?;
        r.serialize_field("convention", "chora")?;
        r.serialize_field("errors", &self.errors)?;
        r.serialize_field("warnings", &self.warnings)?;
        r.serialize_field("parts", &self.parts)?;
        r.serialize_field("suggestion", &self.suggestion)?;
        r.end()
    }
}
