//! Small helpers for quoting untrusted text in messages.

/// `text` cut to at most `max` characters, with `…` when it was cut, so that a message about a
/// 1 MB name stays one short sentence.
pub fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// `text` quoted for a message: clipped to 80 characters, in double quotes, with `"`, `\\`,
/// control and invisible characters escaped (`\n`, `\u{200b}`), so that what a message shows is
/// what the name holds.
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(80) + 2);
    out.push('"');
    for c in clip(text, 80).chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || crate::chars::is_invisible(c) => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::{clip, quoted};

    #[test]
    fn clips_and_quotes() {
        assert_eq!(clip("abcdef", 3), "abc…");
        assert_eq!(clip("abc", 3), "abc");
        assert_eq!(quoted("a\"b\n\u{200b}"), r#""a\"b\n\u{200b}""#);
    }
}
