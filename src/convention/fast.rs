//! Fast paths: for each convention with `Options::default()`, regular expressions that decide
//! what the checkers decide, so that a JavaScript caller can answer most names without crossing
//! into wasm.
//!
//! Each convention module writes its own patterns next to its checker, from the same constants
//! and byte predicates the checker uses (limits, reserved and vague words, known servers, actions,
//! character classes); this module holds the shared pieces, and [`fast_patterns`](super::fast_patterns) dispatches.
//!
//! The patterns are JavaScript regular-expression sources, to be compiled with
//! `new RegExp(source)` and no flags. They use anchors, classes, groups, quantifiers, lookahead
//! (`(?=…)`, `(?!…)`) and named groups (`(?<name>…)`); no lookbehind, no backreference, nothing
//! that needs the `u` flag. Every class is ASCII, so neither pattern ever matches a name with a
//! character of 0x80 or above, and such a name is invalid in every convention. The length limit
//! is not in the patterns but beside them ([`FastPatterns::max_len`]), checked first.
//!
//! ```
//! use mcp_naming::{fast_patterns, Convention};
//!
//! // The MCP rule needs no lookaround, so regex-lite runs its patterns as JavaScript does.
//! let p = fast_patterns(Convention::Mcp).unwrap();
//! let valid = regex_lite::Regex::new(&p.valid).unwrap();
//! let is_valid = |name: &str| name.len() <= p.max_len && valid.is_match(name);
//! assert!(is_valid("get-user-profile"));
//! assert!(!is_valid(&"a".repeat(129)));
//! assert!(!is_valid("get user profile"));
//! let clean = regex_lite::Regex::new(p.clean.as_deref().unwrap()).unwrap();
//! assert_eq!(&clean.captures("get-user").unwrap()["name"], "get-user");
//! assert!(!clean.is_match("get-user-")); // valid, but it warns: dash_at_edge
//!
//! // The registry's `segments` part is its `segments` group split on ".".
//! let registry = fast_patterns(Convention::Registry).unwrap();
//! assert_eq!(registry.split, Some('.'));
//! assert!(registry.clean.unwrap().contains("(?<segments>"));
//! ```

/// The fast-path patterns of one convention, for `Options::default()`.
///
/// Every pattern is to be used after one check, `name.len_utf16() <= max_len`: a longer name is
/// invalid in every convention, so the patterns leave the length out (in V8 a look-ahead for it
/// costs several times the rest of the match).
///
/// * `valid` matches exactly the ASCII names up to `max_len` that [`is_valid`](super::is_valid)
///   accepts. A name with a character above 0x7F is invalid in every convention (with the
///   default options), so a name `valid` does not match is invalid.
/// * `clean` matches exactly the ASCII names up to `max_len` whose [`validate`](super::validate)
///   report has no error, no warning and (therefore) no suggestion: such a report is entirely
///   given by the match. It has one named group per part, named as
///   [`Convention::part_names`](crate::Convention::part_names); a group that did not take part in the match (the server of a
///   Syntropy built-in, the mcp of an agent built-in) is an absent part (`None`, `null`). A part
///   that is a list (the registry's `segments`) is its group's text split on [`split`](Self::split).
///   `None` when no exact pattern exists (no convention today).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct FastPatterns {
    /// Matches the valid ASCII names.
    pub valid: String,
    /// Matches the ASCII names with a clean report; its named groups are the parts.
    pub clean: Option<String>,
    /// The separator a list part's group is split on (`'.'` for the registry's `segments`).
    pub split: Option<char>,
    /// The longest valid name, in UTF-16 units (bytes, for the ASCII names the patterns match).
    #[serde(rename = "maxLength")]
    pub max_len: usize,
}

/// A class of the ASCII bytes `ok` accepts (`[\-.0-9A-Z_a-z]`), in ranges where they run.
pub(crate) fn class(ok: &dyn Fn(u8) -> bool) -> String {
    let mut out = String::from("[");
    let mut b = 0u8;
    let mut any = false;
    while b < 0x80 {
        if !ok(b) {
            b += 1;
            continue;
        }
        let start = b;
        while b + 1 < 0x80 && ok(b + 1) {
            b += 1;
        }
        any = true;
        push_class_byte(&mut out, start);
        if b > start + 1 {
            out.push('-');
        }
        if b > start {
            push_class_byte(&mut out, b);
        }
        b += 1;
    }
    if !any {
        return "(?:(?!))".to_string();
    }
    out.push(']');
    out
}

fn push_class_byte(out: &mut String, b: u8) {
    match b {
        b'\\' | b']' | b'[' | b'^' | b'-' => {
            out.push('\\');
            out.push(b as char);
        }
        0x21..=0x7e => out.push(b as char),
        _ => out.push_str(&format!("\\x{b:02x}")),
    }
}

/// `text` matched literally.
pub(crate) fn literal(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|' | '/' => {
                out.push('\\');
                out.push(c);
            }
            ' '..='~' => out.push(c),
            _ => c.encode_utf16(&mut [0; 2]).iter().for_each(|u| out.push_str(&format!("\\u{u:04x}"))),
        }
    }
    out
}

/// `c` matched literally.
pub(crate) fn char_literal(c: char) -> String {
    literal(c.encode_utf8(&mut [0; 4]))
}

/// One of `words` literally, longest first (so that the first alternative to match is the
/// longest, as `ServerList::longest_prefix` picks it); a group that never matches when there are
/// none.
pub(crate) fn any_of(words: &[&str]) -> String {
    let mut list: Vec<&str> = Vec::new();
    for &w in words {
        // Longest first, then alphabetical: deterministic whatever the order of the table.
        if list.contains(&w) {
            continue;
        }
        let at = list.iter().position(|x| x.len() < w.len() || (x.len() == w.len() && *x > w)).unwrap_or(list.len());
        list.insert(at, w);
    }
    if list.is_empty() {
        return "(?:(?!))".to_string();
    }
    let alternatives: Vec<String> = list.iter().map(|w| literal(w)).collect();
    format!("(?:{})", alternatives.join("|"))
}

/// A quantifier for `min` to `max` repetitions (`None`: no upper bound).
pub(crate) fn repeat(min: usize, max: Option<usize>) -> String {
    match (min, max) {
        (0, None) => "*".to_string(),
        (1, None) => "+".to_string(),
        (0, Some(1)) => "?".to_string(),
        (m, None) => format!("{{{m},}}"),
        (m, Some(n)) if m == n => format!("{{{m}}}"),
        (m, Some(n)) => format!("{{{m},{n}}}"),
    }
}

/// `body` as a group named `name` when `named`; else as it is, in a non-capturing group only
/// when it has an alternation of its own.
pub(crate) fn group(name: &str, body: &str, named: bool) -> String {
    if named {
        format!("(?<{name}>{body})")
    } else if has_top_level_alternation(body) {
        format!("(?:{body})")
    } else {
        body.to_string()
    }
}

fn has_top_level_alternation(body: &str) -> bool {
    let (mut depth, mut in_class, mut escaped) = (0usize, false, false);
    for c in body.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '[' => in_class = true,
            ']' => in_class = false,
            _ if in_class => {}
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            '|' if depth == 0 => return true,
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::{fast_patterns, is_valid, validate, Convention, Options};
    use super::*;

    #[test]
    fn classes_and_literals() {
        assert_eq!(class(&super::super::mcp::is_name_byte), r"[\-.0-9A-Z_a-z]");
        assert_eq!(class(&|b| b == b'a' || b == b'b'), "[ab]");
        assert_eq!(class(&|b| b < 2 || b == b']'), r"[\x00\x01\]]");
        assert_eq!(class(&|_| false), "(?:(?!))");
        assert_eq!(literal("a.b(c)"), r"a\.b\(c\)");
        assert_eq!(any_of(&["get", "list", "create", "get"]), "(?:create|list|get)");
        assert_eq!(any_of(&[]), "(?:(?!))");
        assert_eq!(repeat(2, Some(19)), "{2,19}");
        assert_eq!(group("tool", "a|b", true), "(?<tool>a|b)");
        assert_eq!(group("tool", "a|b", false), "(?:a|b)");
        assert_eq!(group("tool", r"(?:a|b)[|\|]+", false), r"(?:a|b)[|\|]+");
    }

    /// Every pattern is anchored, ASCII, free of lookbehind, with a named group per part.
    #[test]
    fn every_convention_has_well_formed_patterns() {
        for c in Convention::ALL {
            let p = fast_patterns(c).expect("every convention has patterns");
            let clean = p.clean.as_deref().expect("every convention has a clean pattern");
            for source in [p.valid.as_str(), clean] {
                assert!(source.starts_with('^') && source.ends_with('$'), "{c}: {source}");
                assert!(source.is_ascii() && !source.contains("(?<=") && !source.contains("(?<!"), "{c}: {source}");
            }
            for part in c.part_names() {
                assert!(clean.contains(&format!("(?<{part}>")), "{c}: no group {part} in {clean}");
            }
            assert_eq!(p.split.is_some(), c.part_names() == ["segments"], "{c}");
        }
    }

    /// The MCP patterns need no lookaround, so regex-lite checks them here against the core on
    /// every string of up to 3 characters over an alphabet around the rule, and on lengths around
    /// the limit. (The others use lookahead; tests/js/fast-paths.test.mjs checks every
    /// convention against the core in the JavaScript engine.)
    #[test]
    fn mcp_patterns_agree_with_the_core_under_regex_lite() {
        let p = fast_patterns(Convention::Mcp).unwrap();
        let valid = regex_lite::Regex::new(&p.valid).unwrap();
        let clean = regex_lite::Regex::new(p.clean.as_deref().unwrap()).unwrap();
        let opts = Options::default();
        let alphabet = ["a", "Z", "0", "_", "-", ".", " ", ",", ":", "/", "@"];
        let mut names = vec![String::new()];
        let mut level = vec![String::new()];
        for _ in 0..3 {
            level = level.iter().flat_map(|n| alphabet.iter().map(move |c| format!("{n}{c}"))).collect();
            names.extend(level.iter().cloned());
        }
        for n in [126, 127, 128, 129, 130] {
            names.push("a".repeat(n));
            names.push(format!("{}-", "a".repeat(n - 1)));
            names.push(format!("-{}", "a".repeat(n - 1)));
        }
        for name in &names {
            let short = name.len() <= p.max_len;
            assert_eq!(short && valid.is_match(name), is_valid(name, Convention::Mcp, &opts), "valid: {name:?}");
            let report = validate(name, Convention::Mcp, &opts);
            let is_clean = report.errors.is_empty() && report.warnings.is_empty() && report.suggestion.is_none();
            match clean.captures(name).filter(|_| short) {
                Some(m) => {
                    assert!(is_clean, "clean matched {name:?}: {report:?}");
                    assert_eq!(report.parts, Some(super::super::Parts::Mcp { name: &m["name"] }), "{name:?}");
                }
                None => assert!(!is_clean, "clean missed {name:?}"),
            }
        }
    }
}
