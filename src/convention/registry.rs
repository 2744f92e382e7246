//! `registry`: the tool registry's dotted tool ids.
//!
//! ```text
//! id      ::= segment ("." segment)+          ; at most 128 characters
//! segment ::= [a-z][a-z0-9_]*
//! ```
//!
//! ```
//! use mcp_naming::{parse, Convention, Options};
//!
//! let parts = parse("edit.ast.apply_refactor", Convention::Registry, &Options::default()).unwrap();
//! assert_eq!(parts.segments().collect::<Vec<_>>(), ["edit", "ast", "apply_refactor"]);
//! ```

use super::fast::{self, FastPatterns};
use super::{check_length, Parts, Sink, Word};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::text::quoted;

/// The grammar, as shown to users.
pub const GRAMMAR: &str = "id ::= segment (\".\" segment)+; segment ::= [a-z][a-z0-9_]*";
/// The longest id.
pub const MAX_LEN: usize = 128;
/// Valid examples (the registry's own).
pub const VALID_EXAMPLES: &[&str] = &["fs.write", "edit.ast.apply_refactor", "fs.read"];
/// Invalid examples.
pub const INVALID_EXAMPLES: &[&str] = &["fs", "Fs.Write", "fs..write", "fs.2write"];

/// Between segments.
pub const SEPARATOR: char = '.';
/// The fewest segments of an id.
const MIN_SEGMENTS: usize = 2;

const SEGMENT: Word<'static> =
    Word { what: "segment", underscore: true, rule: "use lowercase letters, digits and \"_\", starting with a letter" };

pub(crate) fn check<'a, S: Sink>(name: &'a str, sink: &mut S) -> Option<Parts<'a>> {
    if !check_length(sink, name, MAX_LEN, "id") {
        return None;
    }
    let mut at = 0;
    let mut count = 0;
    for segment in name.split(SEPARATOR) {
        SEGMENT.check(sink, segment, at);
        at += segment.len() + SEPARATOR.len_utf8();
        count += 1;
        if sink.failed() && !sink.detailed() {
            return None;
        }
    }
    if count < MIN_SEGMENTS {
        sink.error(|| {
            Diagnostic::error(
                Code::TooFewSegments,
                Span::whole(name),
                format!("{} has one segment: a tool id has two or more, such as fs.write", quoted(name)),
            )
        });
    }
    (!sink.failed()).then_some(Parts::Registry { id: name })
}

pub(crate) fn suggest(name: &str) -> Option<String> {
    let sep = SEPARATOR.to_string();
    let cleaned = crate::chars::to_ascii_lookalikes(name).replace(['/', ':'], &sep);
    let segments: Vec<String> =
        cleaned.split(SEPARATOR).map(crate::chars::camel_to_snake).filter(|s| !s.is_empty()).collect();
    (segments.len() >= MIN_SEGMENTS).then(|| segments.join(&sep))
}

/// `valid` and `clean` alike (an id has no warning): two or more segments joined by
/// `.`. The `segments` part is the whole id (the `segments` group) split on `.`.
pub(crate) fn fast_patterns() -> FastPatterns {
    let segment = SEGMENT.pattern("*");
    let sep = fast::char_literal(SEPARATOR);
    let id = format!("{segment}(?:{sep}{segment}){}", fast::repeat(MIN_SEGMENTS.saturating_sub(1), None));
    FastPatterns {
        valid: format!("^{id}$"),
        clean: Some(format!("^(?<segments>{id})$")),
        split: Some(SEPARATOR),
        max_len: MAX_LEN,
    }
}
