//! Small helpers for quoting untrusted text in messages.

/// `text` cut to at most `max` characters, with `…` when it was cut, so that a message about a
/// 1 MB name stays one short sentence.
///
/// ```
/// assert_eq!(mcp_naming::text::clip("abcdef", 3), "abc…");
/// assert_eq!(mcp_naming::text::clip("abc", 3), "abc");
/// ```
pub fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// `text` quoted for a message: clipped to 80 characters, with quotes and escapes.
pub fn quoted(text: &str) -> String {
    format!("{:?}", clip(text, 80))
}
