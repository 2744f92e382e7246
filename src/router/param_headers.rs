//! Tool parameters mirrored into `Mcp-Param-{name}` headers (SEP-2243, MCP 2026-07-28,
//! `basic/transports/streamable-http.mdx`, "Schema Extension"). A tool's `inputSchema` may
//! annotate a property with `x-mcp-header: "<name>"`; the annotation is valid only if the name
//! is not empty, is an RFC 9110 token, holds no control character, is unique ignoring case in
//! the schema, sits on an `integer`, `string` or `boolean` property (never `number`), and that
//! property is reached from the root through `properties` keys alone (not through `items`,
//! `oneOf`/`anyOf`/`allOf`/`not`, `if`/`then`/`else` or `$ref`). A client over Streamable HTTP
//! must leave a tool that breaks one out of `tools/list`, and should warn with the tool's name
//! and the reason: [`rules`] says which, from what a probe of the schema found.
//!
//! A call's header values are the arguments at the annotated paths, as [`value`] writes them
//! (a string as it is, an integer in decimal, a boolean as `true`/`false`, Base64 sentinel form
//! when the text cannot ride as it is); a client's headers are checked against the body as
//! [`check`] does (integers compared as numbers), -32020 `HeaderMismatch` when they disagree.

use super::header::{decode_named, encode};
use super::probe::{Found, Path, Scalar, Step};
use crate::diagnostic::{Code, Error, Span};
use crate::text::quoted;

/// The largest integer a header may carry (2^53 − 1, JavaScript's safe range).
pub const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// One annotated parameter of a tool: its header's name and the property path to its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ParamHeader {
    /// `x-mcp-header`'s value (the header is `Mcp-Param-{name}`).
    pub name: String,
    /// The property names from the arguments' root to the value.
    pub path: Vec<String>,
}

impl ParamHeader {
    /// The header's full name.
    pub fn header(&self) -> String {
        format!("Mcp-Param-{}", self.name)
    }
}

/// Whether `b` is an RFC 9110 `tchar`.
fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

/// Where an annotation sits, worded: `inputSchema.properties.a.items`.
fn worded(path: &[Step]) -> String {
    let mut out = String::new();
    for step in &path[..path.len().saturating_sub(1)] {
        match step {
            Step::Key(k) if out.is_empty() => out.push_str(k),
            Step::Key(k) => {
                out.push('.');
                out.push_str(k);
            }
            Step::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// Why one annotation (found at `path`, holding `value`) is invalid, given the types the probe
/// found; the parameter it mirrors otherwise.
fn annotation(path: &[Step], value: &Scalar, types: &[Found]) -> Result<ParamHeader, String> {
    let name = match value {
        Scalar::String(s) => s,
        other => return Err(format!("must be a string, got {}", other.described())),
    };
    if name.is_empty() {
        return Err("is empty".into());
    }
    if let Some(c) = name.chars().find(|c| c.is_control()) {
        return Err(format!("holds a control character ({c:?})"));
    }
    if let Some(c) = name.chars().find(|c| !c.is_ascii() || !is_tchar(*c as u8)) {
        return Err(format!(
            "is not an RFC 9110 token: {} is not allowed (letters, digits and !#$%&'*+-.^_`|~ are)",
            quoted(&c.to_string())
        ));
    }
    // The steps between `inputSchema` and `x-mcp-header`: `properties`, a name, again and again.
    let inner = &path[1..path.len() - 1];
    if inner.is_empty() {
        return Err("is on the inputSchema itself, not on a property".into());
    }
    let mut property = Vec::new();
    for (i, pair) in inner.chunks(2).enumerate() {
        match pair {
            [Step::Key(k), Step::Key(name)] if k == "properties" => property.push(name.to_string()),
            _ => {
                let through = match &pair[0] {
                    Step::Key(k) => k.to_string(),
                    Step::Index(_) => match inner[..2 * i].last() {
                        Some(Step::Key(k)) => k.to_string(),
                        _ => "an array".into(),
                    },
                };
                return Err(format!(
                    "is reached through {}: only a property reached through `properties` alone may carry one",
                    if through == "properties" {
                        "`properties` without a property".to_string()
                    } else {
                        format!("`{through}`")
                    }
                ));
            }
        }
    }
    let schema = &path[..path.len() - 1];
    // The schema's `type`, and (a list of types) its items.
    let type_path: Path = schema.iter().cloned().chain([Step::key("type")]).collect();
    let of = types.iter().find(|f| f.pattern == 1 && f.path == type_path).map(|f| &f.value);
    let ty = match of {
        Some(Scalar::String(t)) => t.clone(),
        Some(Scalar::Array) => {
            let items: Vec<&Scalar> = types
                .iter()
                .filter(|f| f.pattern == 2 && f.path.len() == type_path.len() + 1 && f.path.starts_with(&type_path))
                .map(|f| &f.value)
                .collect();
            let named: Vec<&str> = items.iter().filter_map(|s| s.as_str()).filter(|t| *t != "null").collect();
            match named[..] {
                [one] if items.iter().all(|s| s.as_str().is_some()) => one.to_string(),
                _ => return Err("is on a property of several types: integer, string or boolean it must be".into()),
            }
        }
        Some(other) => return Err(format!("is on a property whose type is {}", other.described())),
        None => return Err("is on a property without a type: integer, string or boolean it must be".into()),
    };
    match ty.as_str() {
        "integer" | "string" | "boolean" => Ok(ParamHeader { name: name.clone(), path: property }),
        "number" => Err("is on a number: only integer, string and boolean properties may carry one".into()),
        other => Err(format!(
            "is on a property of type {}: only integer, string and boolean ones may carry one",
            quoted(other)
        )),
    }
}

/// The annotated parameters of one tool, from what [`Probe::ToolHeaders`](super::probe::Probe::ToolHeaders)
/// found in it; the first rule it breaks, worded with where, otherwise.
pub(crate) fn rules(found: &[Found]) -> Result<Vec<ParamHeader>, String> {
    let mut out: Vec<ParamHeader> = Vec::new();
    let mut seen: Vec<(String, String)> = Vec::new();
    for f in found.iter().filter(|f| f.pattern == 0) {
        let at = worded(&f.path);
        let header = annotation(&f.path, &f.value, found).map_err(|why| {
            let named = f.value.as_str().map_or_else(String::new, |n| format!(" {}", quoted(n)));
            format!("its x-mcp-header{named} at {at} {why}")
        })?;
        let folded = header.name.to_ascii_lowercase();
        if let Some((first, _)) = seen.iter().find(|(_, f)| *f == folded) {
            return Err(format!(
                "its x-mcp-header {} at {at} differs from {} only in case: header names must be unique ignoring case",
                quoted(&header.name),
                quoted(first)
            ));
        }
        seen.push((header.name.clone(), folded));
        out.push(header);
    }
    Ok(out)
}

/// The warning of a tool left out of the list for `why` ([`rules`]).
pub(crate) fn left_out(tool: &str, why: &str) -> String {
    format!("tool {} is left out of the list: {why}", quoted(tool))
}

/// A value as its header carries it: `None` for `null` (no header); an error for what no header
/// can carry (an object, an array, a number that is not an integer within ±(2^53 − 1)).
pub(crate) fn value(v: &Scalar) -> Result<Option<String>, &'static str> {
    match v {
        Scalar::Null => Ok(None),
        Scalar::String(s) => Ok(Some(encode(s))),
        Scalar::Boolean(b) => Ok(Some(b.to_string())),
        Scalar::Number(n) if n.fract() == 0.0 && n.abs() <= MAX_SAFE_INTEGER => Ok(Some(format!("{}", *n as i64))),
        Scalar::Number(_) => Err("a number that is not an integer within ±(2^53 − 1)"),
        // In the host's words (`a list`, `a dict` to a Python caller), as every type named.
        Scalar::Array | Scalar::Object => Err(v.described()),
    }
}

/// Whether a header value is one a client may send: visible ASCII, spaces and tabs.
fn is_field_value(v: &str) -> bool {
    v.bytes().all(|b| b == b'\t' || (0x20..=0x7e).contains(&b))
}

/// Checks the header `given` (as received, `None` when absent) of parameter `param` against
/// the body's value `body` (`None`: absent or `null`); `required`: the request's revision
/// requires the header when the body has the value.
///
/// # Errors
/// `param_mismatch` for a header that disagrees with the body, one missing where the body has
/// the value, one given where it has none; `invalid_header` for a value no header may hold or a
/// Base64 form that does not decode. Both are -32020 `HeaderMismatch`, HTTP 400.
pub(crate) fn check(
    param: &ParamHeader,
    given: Option<&str>,
    body: Option<&Scalar>,
    required: bool,
) -> Result<(), Error> {
    let header = param.header();
    let argument = format!("arguments.{}", param.path.join("."));
    let mismatch = |message: String| Error::new(Code::ParamMismatch, Span::default(), message);
    let body = body.filter(|v| **v != Scalar::Null);
    let Some(given) = given else {
        return match body {
            Some(_) if required => Err(mismatch(format!(
                "the {header} header is missing, but {argument} is given: requests of protocol revision 2026-07-28 and later carry it"
            ))),
            _ => Ok(()),
        };
    };
    let given = given.trim_matches([' ', '\t']);
    if !is_field_value(given) {
        return Err(Error::new(
            Code::InvalidHeader,
            Span::whole(given),
            format!("{header} holds a character a header value cannot"),
        ));
    }
    let decoded = decode_named(&header, given)?;
    let Some(body) = body else {
        return Err(mismatch(format!("the {header} header says {}, but {argument} is not given", quoted(&decoded))));
    };
    let same = match body {
        Scalar::String(s) => *s == decoded,
        Scalar::Boolean(b) => decoded == b.to_string(),
        // Integers compare as numbers: `42.0` is `42`.
        Scalar::Number(n) => integer_text(&decoded) == Some(*n),
        _ => false,
    };
    if same {
        return Ok(());
    }
    let says = match body {
        Scalar::String(s) => quoted(s),
        Scalar::Boolean(b) => b.to_string(),
        Scalar::Number(n) => crate::read::number_text(*n),
        other => other.described().to_string(),
    };
    Err(mismatch(format!("the {header} header says {} but {argument} is {says}: they must agree", quoted(&decoded))))
}

/// An integer header's value as a number: optional sign, decimal digits, and a fraction of
/// zeros only (`42`, `-7`, `42.0`); `None` for anything else. (Not `f64::from_str`: its tables
/// would cost the .wasm about 15 KB, and an integer header holds no other form.)
fn integer_text(text: &str) -> Option<f64> {
    let text = text.trim();
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let plain = !whole.is_empty() && whole.len() <= 16 && whole.bytes().all(|b| b.is_ascii_digit());
    if !plain || !fraction.bytes().all(|b| b == b'0') {
        return None;
    }
    let n = whole.parse::<u64>().ok()? as f64;
    Some(if negative { -n } else { n })
}

/// The path to a parameter's value in a call's params: `arguments`, then the property names.
pub(crate) fn argument_path(prefix: &[&'static str], param: &ParamHeader) -> Path {
    prefix.iter().map(|k| Step::key(*k)).chain(param.path.iter().map(|p| Step::key(p.clone()))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::router::probe::{find, probes, Probe};
    use crate::Json;

    fn tool(schema: &str) -> Vec<Found> {
        let tool: Json = serde_json::from_str(&format!(r#"{{ "name": "t", "inputSchema": {schema} }}"#)).unwrap();
        find(&tool, probes(Probe::ToolHeaders))
    }

    fn names(schema: &str) -> Vec<(String, String)> {
        rules(&tool(schema)).unwrap().into_iter().map(|p| (p.name, p.path.join("."))).collect()
    }

    fn why(schema: &str) -> String {
        rules(&tool(schema)).unwrap_err()
    }

    #[test]
    fn integer_headers_read_as_numbers_without_float_parsing() {
        for (text, n) in [
            ("42", 42.0),
            (" -7 ", -7.0),
            ("+3", 3.0),
            ("42.0", 42.0),
            ("42.", 42.0),
            ("9007199254740991", 9007199254740991.0),
        ] {
            assert_eq!(integer_text(text), Some(n), "{text}");
        }
        for text in ["", "-", "4.2", "4e1", "0x10", "12345678901234567", "one", ".5", "1.0.0"] {
            assert_eq!(integer_text(text), None, "{text}");
        }
    }

    #[test]
    fn valid_annotations_are_read_with_their_paths() {
        let schema = r#"{ "type": "object", "properties": {
            "region": { "type": "string", "x-mcp-header": "Region" },
            "shard": { "type": "integer", "x-mcp-header": "Shard" },
            "dry": { "type": ["boolean", "null"], "x-mcp-header": "Dry-Run" },
            "type": { "type": "object", "properties": { "type": { "type": "string", "x-mcp-header": "Kind" } } },
            "plain": { "type": "number" } } }"#;
        assert_eq!(
            names(schema),
            [
                ("Region".into(), "region".into()),
                ("Shard".into(), "shard".into()),
                ("Dry-Run".into(), "dry".into()),
                ("Kind".into(), "type.type".into())
            ]
        );
        assert_eq!(names(r#"{ "type": "object" }"#), []);
    }

    #[test]
    fn every_rule_of_the_revision() {
        let p = |def: &str| format!(r#"{{ "type": "object", "properties": {{ "a": {def} }} }}"#);
        assert_eq!(
            why(&p(r#"{ "type": "string", "x-mcp-header": "" }"#)),
            "its x-mcp-header \"\" at inputSchema.properties.a is empty"
        );
        assert_eq!(
            why(&p(r#"{ "type": "string", "x-mcp-header": "Two Words" }"#)),
            "its x-mcp-header \"Two Words\" at inputSchema.properties.a is not an RFC 9110 token: \" \" is not allowed (letters, digits and !#$%&'*+-.^_`|~ are)"
        );
        assert!(
            why(&p(r#"{ "type": "string", "x-mcp-header": "A\r\nB" }"#)).ends_with("holds a control character ('\\r')")
        );
        assert!(why(&p(r#"{ "type": "string", "x-mcp-header": "Ré" }"#)).contains("\"é\" is not allowed"));
        assert_eq!(
            why(&p(r#"{ "type": "string", "x-mcp-header": 5 }"#)),
            "its x-mcp-header at inputSchema.properties.a must be a string, got a number"
        );
        assert!(why(&p(r#"{ "type": "number", "x-mcp-header": "N" }"#))
            .ends_with("is on a number: only integer, string and boolean properties may carry one"));
        assert!(why(&p(r#"{ "x-mcp-header": "N" }"#))
            .ends_with("is on a property without a type: integer, string or boolean it must be"));
        assert!(why(&p(r#"{ "type": ["string", "integer"], "x-mcp-header": "N" }"#)).contains("several types"));
        assert!(why(&p(r#"{ "type": "object", "x-mcp-header": "N" }"#)).contains("of type \"object\""));
        assert!(why(&p(r#"{ "type": "array", "items": { "type": "string", "x-mcp-header": "I" } }"#))
            .ends_with("at inputSchema.properties.a.items is reached through `items`: only a property reached through `properties` alone may carry one"));
        for keyword in ["anyOf", "oneOf", "allOf"] {
            let schema = format!(
                r#"{{ "type": "object", "{keyword}": [{{ "properties": {{ "a": {{ "type": "string", "x-mcp-header": "A" }} }} }}] }}"#
            );
            assert!(why(&schema).contains(&format!("reached through `{keyword}`")), "{keyword}");
        }
        for keyword in ["not", "if", "then", "else"] {
            let schema = format!(
                r#"{{ "type": "object", "{keyword}": {{ "properties": {{ "a": {{ "type": "string", "x-mcp-header": "A" }} }} }} }}"#
            );
            assert!(why(&schema).contains(&format!("reached through `{keyword}`")), "{keyword}");
        }
        let schema = r##"{ "type": "object", "$defs": { "d": { "type": "string", "x-mcp-header": "D" } }, "properties": { "a": { "$ref": "#/$defs/d" } } }"##;
        assert!(why(schema).contains("reached through `$defs`"));
        assert!(why(r#"{ "type": "object", "x-mcp-header": "Root" }"#)
            .ends_with("is on the inputSchema itself, not on a property"));
        assert_eq!(
            why(r#"{ "type": "object", "properties": { "a": { "type": "string", "x-mcp-header": "Region" }, "b": { "type": "string", "x-mcp-header": "REGION" } } }"#),
            "its x-mcp-header \"REGION\" at inputSchema.properties.b differs from \"Region\" only in case: header names must be unique ignoring case"
        );
        assert_eq!(left_out("t", "why"), "tool \"t\" is left out of the list: why");
    }

    #[test]
    fn values_and_checks() {
        let s = |v: &str| Scalar::String(v.into());
        assert_eq!(value(&s("us-west1")), Ok(Some("us-west1".into())));
        assert_eq!(value(&s("Hello, 世界")), Ok(Some("=?base64?SGVsbG8sIOS4lueVjA==?=".into())));
        assert_eq!(value(&Scalar::Number(-7.0)), Ok(Some("-7".into())));
        assert_eq!(value(&Scalar::Number(MAX_SAFE_INTEGER)), Ok(Some("9007199254740991".into())));
        assert!(value(&Scalar::Number(MAX_SAFE_INTEGER + 2.0)).is_err());
        assert!(value(&Scalar::Number(1.5)).is_err());
        assert_eq!(value(&Scalar::Boolean(false)), Ok(Some("false".into())));
        assert_eq!(value(&Scalar::Null), Ok(None));
        assert_eq!(value(&Scalar::Object), Err("an object"));

        let region = ParamHeader { name: "Region".into(), path: vec!["region".into()] };
        assert!(check(&region, Some("us-west1"), Some(&s("us-west1")), true).is_ok());
        assert!(check(&region, Some("  us-west1 "), Some(&s("us-west1")), true).is_ok());
        assert!(check(&region, Some("=?base64?SGVsbG8=?="), Some(&s("Hello")), true).is_ok());
        // Without the sentinel's both ends, a value is literal.
        assert!(check(&region, Some("SGVsbG8="), Some(&s("SGVsbG8=")), true).is_ok());
        assert!(check(&region, Some("=?base64?SGVsbG8="), Some(&s("=?base64?SGVsbG8=")), true).is_ok());
        let e = check(&region, Some("=?base64?SGVsbG8?="), Some(&s("Hello")), true).unwrap_err();
        assert_eq!(e.code, Code::InvalidHeader);
        assert!(e.message.starts_with("Mcp-Param-Region \"=?base64?SGVsbG8?=\" is not valid"));
        assert_eq!(
            check(&region, Some("=?base64?SGVs!!!bG8=?="), Some(&s("Hello")), true).unwrap_err().code,
            Code::InvalidHeader
        );
        let e = check(&region, Some("eu"), Some(&s("us")), true).unwrap_err();
        assert_eq!(
            (e.code, e.message.as_str()),
            (
                Code::ParamMismatch,
                "the Mcp-Param-Region header says \"eu\" but arguments.region is \"us\": they must agree"
            )
        );
        let e = check(&region, None, Some(&s("us")), true).unwrap_err();
        assert_eq!(e.message, "the Mcp-Param-Region header is missing, but arguments.region is given: requests of protocol revision 2026-07-28 and later carry it");
        assert!(check(&region, None, Some(&s("us")), false).is_ok());
        assert!(check(&region, None, Some(&Scalar::Null), true).is_ok());
        assert!(check(&region, None, None, true).is_ok());
        assert_eq!(check(&region, Some("us"), None, true).unwrap_err().code, Code::ParamMismatch);
        assert_eq!(check(&region, Some("a\u{1}b"), Some(&s("a")), true).unwrap_err().code, Code::InvalidHeader);
        let shard = ParamHeader { name: "Shard".into(), path: vec!["shard".into()] };
        assert!(check(&shard, Some("42.0"), Some(&Scalar::Number(42.0)), true).is_ok());
        assert!(check(&shard, Some("43"), Some(&Scalar::Number(42.0)), true).is_err());
        let dry = ParamHeader { name: "Dry-Run".into(), path: vec!["options".into(), "dry".into()] };
        assert!(check(&dry, Some("true"), Some(&Scalar::Boolean(true)), true).is_ok());
        assert!(check(&dry, Some("True"), Some(&Scalar::Boolean(true)), true)
            .unwrap_err()
            .message
            .contains("arguments.options.dry is true"));
        assert_eq!(
            argument_path(&["arguments"], &dry),
            [Step::key("arguments"), Step::key("options"), Step::key("dry")]
        );
    }
}
