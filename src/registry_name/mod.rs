//! Server names of the official MCP Registry (`modelcontextprotocol/registry`): `<namespace>/<name>`,
//! such as `io.github.acme/weather`.
//!
//! The registry's rules: the `server.json` schema's pattern `^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$` and
//! 3 to 200 characters (`internal/validators/schemas/2025-12-11.json`); its validator is stricter
//! (`internal/validators/validators.go`, `parseServerName`): exactly one `/`, the namespace
//! `^[a-zA-Z0-9][a-zA-Z0-9.-]*[a-zA-Z0-9]$`, the name `^[a-zA-Z0-9][a-zA-Z0-9._-]*[a-zA-Z0-9]$`
//! (so each part is at least two characters, a letter or digit at each end). A package's README
//! carries `mcp-name: <name>`, which must equal it exactly ([`check_mcp_name_marker`]).
//!
//! [`validate_server_name`] answers as [`crate::validate`] does: every error with its code and
//! span, and the nearest valid name. [`registry_prefixes`] derives short prefixes from a set of
//! names for a router (the name's last part, more of it where two servers would meet).
//!
//! ```
//! use mcp_naming::registry_name::{validate_server_name, registry_prefixes};
//!
//! let report = validate_server_name("io.github.acme/weather");
//! assert!(report.is_valid());
//! assert_eq!(report.parts, Some(("io.github.acme", "weather")));
//!
//! let report = validate_server_name("com.example/server/path");
//! assert_eq!(report.errors[0].code.as_str(), "extra_separator");
//! assert_eq!(report.suggestion.as_deref(), Some("com.example/server-path"));
//!
//! let prefixes = registry_prefixes(&["io.github.acme/weather", "io.github.other/weather", "com.example/maps"]);
//! assert_eq!(prefixes, ["acme-weather", "other-weather", "maps"]);
//! ```

mod marker;
mod prefix;

pub use marker::{check_mcp_name_marker, MarkerCheck};
pub(crate) use prefix::prefixes_with;
pub use prefix::registry_prefixes;

use crate::convention::checks::char_diagnostic;
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::text::quoted;
use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

/// The shortest name the schema takes, in characters.
pub const MIN_LEN: usize = 3;
/// The longest name the schema takes, in characters.
pub const MAX_LEN: usize = 200;

/// What follows the rule in every message.
const RULE: &str = "a registry name is <namespace>/<name>, such as io.github.owner/server";

/// The outcome of [`validate_server_name`]: `{ valid, errors, warnings, parts, suggestion }`,
/// `parts` being `{ namespace, name }`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ServerNameReport<'a> {
    /// What makes the name invalid.
    pub errors: Vec<Diagnostic>,
    /// What is worth changing (none of the registry's rules warns today).
    pub warnings: Vec<Diagnostic>,
    /// The namespace and the name, when the name is valid.
    pub parts: Option<(&'a str, &'a str)>,
    /// The nearest valid name, where one can be derived.
    pub suggestion: Option<String>,
}

impl ServerNameReport<'_> {
    /// True when there is no error.
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }
}

impl Serialize for ServerNameReport<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Parts<'p>(&'p str, &'p str);
        impl Serialize for Parts<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut p = s.serialize_struct("Parts", 2)?;
                p.serialize_field("namespace", self.0)?;
                p.serialize_field("name", self.1)?;
                p.end()
            }
        }
        let mut r = s.serialize_struct("ServerNameReport", 5)?;
        r.serialize_field("valid", &self.is_valid())?;
        r.serialize_field("errors", &self.errors)?;
        r.serialize_field("warnings", &self.warnings)?;
        r.serialize_field("parts", &self.parts.map(|(a, b)| Parts(a, b)))?;
        r.serialize_field("suggestion", &self.suggestion)?;
        r.end()
    }
}

fn namespace_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'.' || b == b'-'
}

fn name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'.' || b == b'_' || b == b'-'
}

/// Checks one part (`what` is "namespace" or "name") at byte `base`.
fn check_part(part: &str, base: usize, what: &str, ok: fn(u8) -> bool, allowed: &str, out: &mut Vec<Diagnostic>) {
    let span = Span::new(base, base + part.len());
    if part.is_empty() {
        out.push(Diagnostic::error(Code::EmptySegment, span, format!("the {what} is empty: {RULE}")));
        return;
    }
    let mut seen: Vec<char> = Vec::new();
    for (i, c) in part.char_indices() {
        if (c.is_ascii() && ok(c as u8)) || c == '/' || seen.contains(&c) {
            continue;
        }
        seen.push(c);
        out.push(char_diagnostic(c, base + i, allowed));
    }
    let first = part.chars().next().unwrap_or(' ');
    if first.is_ascii() && ok(first as u8) && !first.is_ascii_alphanumeric() {
        out.push(Diagnostic::error(
            Code::InvalidStart,
            Span::new(base, base + 1),
            format!(
                "the {what} {} starts with {}: it must start with a letter or a digit",
                quoted(part),
                quoted(&first.to_string())
            ),
        ));
    }
    let last = part.chars().next_back().unwrap_or(' ');
    if part.len() > 1 && last.is_ascii() && ok(last as u8) && !last.is_ascii_alphanumeric() {
        out.push(Diagnostic::error(
            Code::InvalidEnd,
            Span::new(base + part.len() - 1, base + part.len()),
            format!(
                "the {what} {} ends with {}: it must end with a letter or a digit",
                quoted(part),
                quoted(&last.to_string())
            ),
        ));
    }
    if part.chars().count() == 1 && first.is_ascii_alphanumeric() {
        out.push(Diagnostic::error(
            Code::SegmentTooShort,
            span,
            format!(
                "the {what} {} is one character: the registry needs at least 2, a letter or a digit at each end",
                quoted(part)
            ),
        ));
    }
}

/// Validates a registry server name with the registry's rules (see the module documentation).
/// Never panics; spans are byte offsets into `name`.
pub fn validate_server_name(name: &str) -> ServerNameReport<'_> {
    let (errors, parts) = check(name);
    let suggestion = if errors.is_empty() { None } else { suggest(name).filter(|s| s != name) };
    ServerNameReport { errors, warnings: Vec::new(), parts, suggestion }
}

/// The errors of `name`, and its parts when there is none.
fn check(name: &str) -> (Vec<Diagnostic>, Option<(&str, &str)>) {
    let mut errors = Vec::new();
    if name.is_empty() {
        errors.push(Diagnostic::error(Code::Empty, Span::default(), format!("the server name is empty: {RULE}")));
        return (errors, None);
    }
    let chars = name.chars().count();
    if chars > MAX_LEN {
        errors.push(Diagnostic::error(
            Code::TooLong,
            Span::whole(name),
            format!("the server name is {chars} characters long: the registry takes at most {MAX_LEN}"),
        ));
    } else if chars < MIN_LEN {
        errors.push(Diagnostic::error(
            Code::TooShort,
            Span::whole(name),
            format!("the server name is {chars} characters long: the registry needs at least {MIN_LEN}"),
        ));
    }
    let slashes: Vec<usize> = name.match_indices('/').map(|(i, _)| i).collect();
    let Some(&slash) = slashes.first() else {
        errors.push(Diagnostic::error(
            Code::MissingSeparator,
            Span::whole(name),
            format!("{} has no \"/\": {RULE}", quoted(name)),
        ));
        return (errors, None);
    };
    if let Some(&second) = slashes.get(1) {
        errors.push(Diagnostic::error(
            Code::ExtraSeparator,
            Span::new(second, second + 1),
            format!(
                "{} has {} slashes: the registry takes exactly one, between the namespace and the name",
                quoted(name),
                slashes.len()
            ),
        ));
    }
    let (namespace, rest) = (&name[..slash], &name[slash + 1..]);
    check_part(namespace, 0, "namespace", namespace_byte, "letters, digits, \".\" and \"-\"", &mut errors);
    check_part(rest, slash + 1, "name", name_byte, "letters, digits, \".\", \"_\" and \"-\"", &mut errors);
    let parts = errors.is_empty().then_some((namespace, rest));
    (errors, parts)
}

/// Whether `name` is a valid registry server name: [`validate_server_name`]'s verdict, without
/// building a message (what a router asks of every configured name).
pub fn is_server_name(name: &str) -> bool {
    let part = |p: &str, ok: fn(u8) -> bool| {
        let b = p.as_bytes();
        b.len() >= 2
            && b[0].is_ascii_alphanumeric()
            && b[b.len() - 1].is_ascii_alphanumeric()
            && b.iter().all(|&c| ok(c))
    };
    let chars = name.chars().count();
    match name.split_once('/') {
        Some((namespace, rest)) => {
            (MIN_LEN..=MAX_LEN).contains(&chars) && part(namespace, namespace_byte) && part(rest, name_byte)
        }
        None => false,
    }
}

/// The nearest valid name: lookalikes read as ASCII, other characters and extra slashes as `-`,
/// each part trimmed to a letter or digit at both ends; `None` without a `/` or when a part
/// ends up shorter than two characters.
fn suggest(name: &str) -> Option<String> {
    let ascii = crate::chars::to_ascii_lookalikes(name);
    let (namespace, rest) = ascii.split_once('/')?;
    let clean = |part: &str, ok: fn(u8) -> bool| -> String {
        let mapped: String = part.chars().map(|c| if c.is_ascii() && ok(c as u8) { c } else { '-' }).collect();
        mapped.trim_matches(|c: char| !c.is_ascii_alphanumeric()).to_string()
    };
    let namespace = clean(namespace, namespace_byte);
    let rest = clean(&rest.replace('/', "-"), name_byte);
    let candidate = format!("{namespace}/{rest}");
    is_server_name(&candidate).then_some(candidate)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(name: &str) -> Vec<&'static str> {
        validate_server_name(name).errors.iter().map(|d| d.code.as_str()).collect()
    }

    #[test]
    fn the_registry_rules() {
        assert!(validate_server_name("com.example/server_name").is_valid());
        assert_eq!(codes(""), ["empty"]);
        assert_eq!(codes("ab"), ["too_short", "missing_separator"]);
        assert_eq!(codes("com.example.server"), ["missing_separator"]);
        assert_eq!(codes("/server"), ["empty_segment"]);
        assert_eq!(codes("com.example//server"), ["extra_separator"]);
        assert_eq!(codes("-com.example/x_"), ["invalid_start", "invalid_end"]);
        assert_eq!(codes("a/bc"), ["segment_too_short"]);
        assert_eq!(codes("com_example/x y"), ["invalid_character", "invalid_character"]);
        assert_eq!(
            codes("com.例え/サーバー"),
            [
                "non_ascii_character",
                "non_ascii_character",
                "non_ascii_character",
                "non_ascii_character",
                "non_ascii_character"
            ]
        );
        assert_eq!(codes(&format!("a.b/{}", "x".repeat(200))), ["too_long"]);
        let r = validate_server_name("io.github.acme/weather");
        assert_eq!(r.parts, Some(("io.github.acme", "weather")));
        assert_eq!(validate_server_name("com example/my server!").suggestion.as_deref(), Some("com-example/my-server"));
        assert_eq!(validate_server_name("nothing").suggestion, None);
    }
}
