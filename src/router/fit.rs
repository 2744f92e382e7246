//! Exposed names that fit a length limit and a provider's characters, keeping the style's
//! shape: the server part is shortened before the tool part, the style's separator stays as it
//! is, and a cut part ends in a hash of what was cut, so names stay distinct and deterministic.
//! Fitted names route back through the table, never by parsing.
//!
//! | step | when | the name |
//! | --- | --- | --- |
//! | keep | it fits and is free | `server<sep>tool` |
//! | sanitize | a character the provider refuses | each such character becomes `_` |
//! | shorten the server | still too long | the server's first characters + 4 hex of FNV-1a of the server (at least 8 characters) |
//! | cut the tool | still too long, or taken | the tool's first characters + `_` + 8 hex of FNV-1a of `server\0tool` (re-salted while taken) |

use crate::provider::{stable_hash, Provider};

/// What an exposed name must satisfy.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limit {
    /// Characters the provider accepts (none: any the style writes).
    pub provider: Option<Provider>,
    /// The longest exposed name (the client's prefix already taken off).
    pub max: usize,
}

/// The shortest a shortened server part gets: 4 characters of the name and 4 of its hash.
const MIN_SERVER: usize = 8;

fn sanitize(part: &str, provider: Option<Provider>) -> String {
    match provider {
        None => part.to_string(),
        Some(p) => part.chars().map(|c| if c.is_ascii() && p.allows(c as u8, false) { c } else { '_' }).collect(),
    }
}

/// `text` cut to at most `n` bytes (ASCII by then), without `_` or `-` at the cut.
fn cut(text: &str, n: usize) -> &str {
    let mut end = n.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].trim_end_matches(['_', '-'])
}

/// The room for the server part when a server's batch of tool parts must fit: what is left
/// beside the longest tool part (counted up to half the limit), at least 8 characters. One
/// value per server, so that all its tools share one shortened server part.
pub(crate) fn server_room<'a>(prefix: &str, sep: &str, tools: impl Iterator<Item = &'a str>, limit: Limit) -> usize {
    let longest = tools.map(str::len).max().unwrap_or(0).min(limit.max / 2);
    limit.max.saturating_sub(prefix.len() + sep.len() + longest).max(MIN_SERVER)
}

/// The exposed name for `server` and `tool` (the style's tool part) joined by `sep` after
/// `prefix`, within `limit`, avoiding the names `taken` says are taken; a server part longer
/// than `server_room` (see [`server_room`]) is shortened first.
pub(crate) fn fit(
    prefix: &str,
    server: &str,
    sep: &str,
    tool: &str,
    limit: Limit,
    server_room: usize,
    taken: impl Fn(&str) -> bool,
) -> String {
    let plain = format!("{prefix}{server}{sep}{tool}");
    let accepts = |n: &str| limit.provider.is_none_or(|p| p.accepts(n));
    if plain.len() <= limit.max && accepts(&plain) && !taken(&plain) && server.len() <= server_room {
        return plain;
    }
    let (prefix, sep) = (sanitize(prefix, limit.provider), sanitize(sep, limit.provider));
    let (mut server, tool) = (sanitize(server, limit.provider), sanitize(tool, limit.provider));
    if let (Some(p), Some(&first)) = (limit.provider, format!("{prefix}{server}").as_bytes().first()) {
        if !p.allows(first, true) {
            server.insert(0, '_');
        }
    }
    let fixed = prefix.len() + sep.len();
    let name = format!("{prefix}{server}{sep}{tool}");
    if name.len() <= limit.max && accepts(&name) && !taken(&name) && server.len() <= server_room {
        return name;
    }
    if server.len() > server_room {
        server = format!("{}{:04x}", cut(&server, server_room - 4), stable_hash(&server, 0) & 0xffff);
    }
    let name = format!("{prefix}{server}{sep}{tool}");
    if name.len() <= limit.max && accepts(&name) && !taken(&name) {
        return name;
    }
    // The tool part: as much of it as fits before `_` and 8 hex characters.
    let room = limit.max.saturating_sub(fixed + server.len() + 9);
    let stem = cut(&tool, room);
    let key = format!("{server}\0{tool}");
    let mut salt = 0u32;
    loop {
        let candidate = format!("{prefix}{server}{sep}{stem}_{:08x}", stable_hash(&key, salt));
        let candidate =
            if stem.is_empty() { candidate.replacen(&format!("{sep}_"), sep.as_str(), 1) } else { candidate };
        if !taken(&candidate) || salt == u32::MAX {
            return candidate;
        }
        salt += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_shortened_before_tool() {
        let limit = Limit { provider: Some(Provider::Anthropic), max: 64 - "mcp__gateway__".len() };
        let server = "filesystem-mirror-with-a-deliberately-long-server-name";
        let room = server_room("", "__", ["read_file", "write_file"].into_iter(), limit);
        let a = fit("", server, "__", "read_file", limit, room, |_| false);
        let b = fit("", server, "__", "write_file", limit, room, |_| false);
        assert_eq!(a.split("__").next(), b.split("__").next(), "one server part for the server's tools");
        assert!(a.len() <= 50 && b.len() <= 50, "{a} {b}");
        assert!(a.ends_with("__read_file") && b.ends_with("__write_file"), "{a} {b}");
        assert_ne!(a, b);
    }

    #[test]
    fn single_separator_style_keeps_one_underscore() {
        let limit = Limit { provider: Some(Provider::OpenAi), max: 64 };
        let long_tool = "a_very_long_tool_name_that_goes_on_and_on_and_on_and_on_forever_more";
        let name = fit("", "srv", "_", long_tool, limit, 64, |_| false);
        assert!(name.len() <= 64, "{name}");
        assert!(!name.contains("__"), "{name}");
        assert!(name.starts_with("srv_a_very_long"), "{name}");
    }

    #[test]
    fn taken_names_are_resalted() {
        let limit = Limit { provider: None, max: 64 };
        let first = fit("", "s", "__", "t", limit, 64, |_| false);
        let second = fit("", "s", "__", "t", limit, 64, |n| n == first);
        assert_ne!(first, second);
        let third = fit("", "s", "__", "t", limit, 64, |n| n == first || n == second);
        assert!(third != first && third != second);
    }
}
