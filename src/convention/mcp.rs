//! `mcp`: the MCP specification's rule for tool names.
//!
//! ```text
//! name ::= [A-Za-z0-9_.-]{1,128}      ; length in UTF-16 units, case-sensitive
//! ```
//!
//! Checked in the order of the official TypeScript SDK's `validateToolName`, so that verdicts
//! and warnings agree with it: empty; too long (before any character is looked at); warnings for
//! a space, a comma, a `-` or a `.` at either end; then one error per distinct invalid character,
//! in order of first occurrence.
//!
//! ```
//! use mcp_naming::{validate, Code, Convention, Options};
//!
//! let report = validate("get user profile", Convention::Mcp, &Options::default());
//! assert!(!report.is_valid());
//! assert_eq!(report.errors[0].code, Code::InvalidCharacter);
//! assert_eq!(report.warnings[0].code, Code::ContainsSpace);
//! assert_eq!(report.suggestion.as_deref(), Some("get_user_profile"));
//! ```

use super::fast::{self, FastPatterns};
use super::{bad_chars, check_length, Parts, Sink};
use crate::diagnostic::{Code, Diagnostic, Span};

/// The grammar, as shown to users.
pub const GRAMMAR: &str = "name ::= [A-Za-z0-9_.-]{1,128}";
/// The longest name, in UTF-16 units.
pub const MAX_LEN: usize = 128;
/// Valid examples (the specification's own first).
pub const VALID_EXAMPLES: &[&str] = &["getUser", "DATA_EXPORT_v2", "admin.tools.list", "get-user-profile"];
/// Invalid examples.
pub const INVALID_EXAMPLES: &[&str] = &["", "get user profile", "user/profile/update", "user@domain.com", "user-ñame"];
const ALLOWED: &str = "ASCII letters, digits, \"_\", \"-\" and \".\"";
/// Characters that warn anywhere in the name (the SDK's parsing hazards).
const HAZARDS: [(char, Code, &str); 2] = [(' ', Code::ContainsSpace, "a space"), (',', Code::ContainsComma, "a comma")];
/// Characters that warn at either end of the name.
const EDGES: [(u8, Code, &str); 2] = [(b'-', Code::DashAtEdge, "a dash"), (b'.', Code::DotAtEdge, "a dot")];

/// Whether `b` may appear in an MCP tool name.
pub const fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'.'
}

pub(crate) fn check<'a, S: Sink>(name: &'a str, sink: &mut S) -> Option<Parts<'a>> {
    if !check_length(sink, name, MAX_LEN, "name") {
        return None;
    }
    if sink.detailed() {
        for (c, code, what) in HAZARDS {
            if let Some(at) = name.find(c) {
                sink.warning(|| {
                    Diagnostic::warning(
                        code,
                        Span::new(at, at + 1),
                        format!("the name contains {what}, which may cause parsing issues: use \"_\" instead"),
                    )
                });
            }
        }
        for (b, code, what) in EDGES {
            edge(sink, name, b, code, what);
        }
    }
    bad_chars(sink, name, 0, is_name_byte, ALLOWED);
    Some(Parts::Mcp { name })
}

fn edge<S: Sink>(sink: &mut S, name: &str, b: u8, code: Code, what: &str) {
    let bytes = name.as_bytes();
    let at = if bytes.first() == Some(&b) {
        0
    } else if bytes.last() == Some(&b) {
        name.len() - 1
    } else {
        return;
    };
    sink.warning(|| {
        Diagnostic::warning(
            code,
            Span::new(at, at + 1),
            format!("the name starts or ends with {what}, which may cause parsing issues in some contexts"),
        )
    });
}

/// Invalid characters become `_` (lookalikes become their ASCII letter, invisible characters
/// go), runs of `_` that this creates collapse, and the result is cut to 128.
pub(crate) fn suggest(name: &str) -> Option<String> {
    // One pass: every character pushed is an ASCII name byte or `_`, so byte offsets below are
    // character offsets.
    let mut out = String::with_capacity(name.len().min(4 * MAX_LEN));
    for c in name.chars() {
        if crate::chars::is_invisible(c) {
            continue;
        }
        let c = if c.is_ascii() { c } else { crate::chars::lookalike(c).unwrap_or(c) };
        if c.is_ascii() && is_name_byte(c as u8) {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    // `_` at either end goes, unless nothing else is there.
    let end = out.trim_end_matches('_').len();
    if end > 0 {
        out.truncate(end);
        let start = out.len() - out.trim_start_matches('_').len();
        out.drain(..start);
    }
    out.truncate(MAX_LEN);
    (!out.is_empty() && out != "_").then_some(out)
}

/// `valid`: name characters, at least one. `clean`: no hazard anywhere and no edge character at
/// either end, so a clean name is one inner character, or two with any between.
pub(crate) fn fast_patterns() -> FastPatterns {
    let quiet = |b: u8| is_name_byte(b) && !HAZARDS.iter().any(|h| h.0 == char::from(b));
    let any = fast::class(&quiet);
    let inner = fast::class(&|b| quiet(b) && !EDGES.iter().any(|e| e.0 == b));
    let all = fast::class(&is_name_byte);
    FastPatterns {
        valid: format!("^{all}+$"),
        clean: Some(format!("^(?<name>{inner}(?:{any}*{inner})?)$")),
        split: None,
        max_len: MAX_LEN,
    }
}
