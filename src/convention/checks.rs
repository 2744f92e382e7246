//! The diagnostics every convention's checker shares: a character a rule refuses (named, with
//! its lookalike or its invisibility said), a name too long or empty. The character tables they
//! word come from [`crate::chars`], which holds no diagnostics.

use crate::chars::{describe, is_invisible, lookalike, quote};
use crate::diagnostic::{Code, Diagnostic, Span};

/// The diagnostic for a character that is not allowed where it stands. `allowed` completes the
/// sentence "use ..." and says what is allowed there.
pub fn char_diagnostic(c: char, at: usize, allowed: &str) -> Diagnostic {
    let span = Span::new(at, at + c.len_utf8());
    if c.is_ascii() {
        return Diagnostic::error(
            Code::InvalidCharacter,
            span,
            format!("character {} is not allowed: use {allowed}", quote(c)),
        );
    }
    if let Some(ascii) = lookalike(c) {
        return Diagnostic::error(
            Code::ConfusableCharacter,
            span,
            format!("character {} looks like \"{ascii}\" but is not ASCII: type \"{ascii}\" instead", describe(c)),
        );
    }
    if is_invisible(c) {
        return Diagnostic::error(
            Code::InvisibleCharacter,
            span,
            format!("invisible character {} is hidden in the name: remove it", describe(c)),
        );
    }
    Diagnostic::error(Code::NonAsciiCharacter, span, format!("character {} is not ASCII: use {allowed}", describe(c)))
}

/// Pushes one diagnostic per distinct character of `text` that `ok` refuses, in order of first
/// occurrence, offsetting spans by `base`.
pub fn push_bad_chars(text: &str, base: usize, ok: impl Fn(u8) -> bool, allowed: &str, out: &mut Vec<Diagnostic>) {
    let mut seen: Vec<char> = Vec::new();
    for (i, c) in text.char_indices() {
        if c.is_ascii() && ok(c as u8) {
            continue;
        }
        if seen.contains(&c) {
            continue;
        }
        seen.push(c);
        out.push(char_diagnostic(c, base + i, allowed));
    }
}

/// The too-long error: `what` is "name", "namespace", …
pub fn too_long(text: &str, limit: usize, what: &str) -> Diagnostic {
    // Counting a huge input in full is wasted work: past 64 KiB it is "more than" the limit.
    let shown =
        if text.len() <= 1 << 16 { text.encode_utf16().count().to_string() } else { format!("more than {limit}") };
    Diagnostic::error(
        Code::TooLong,
        Span::whole(text),
        format!("{what} is {shown} characters long: use at most {limit}"),
    )
}

/// The empty-name error.
pub fn empty(what: &str) -> Diagnostic {
    Diagnostic::error(Code::Empty, Span::default(), format!("{what} is empty: give at least one character"))
}
