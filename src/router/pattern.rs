//! Name patterns for `enabled` / `disabled`: `*` matches any run of characters, everything else
//! itself. Matching is linear in the name for a given pattern (greedy with one backtrack point).
//!
//! ```
//! use mcp_naming::router::Glob;
//! assert!(Glob::new("mcp__syntropy__serena_*").matches("mcp__syntropy__serena_find_symbol"));
//! assert!(Glob::new("*_delete_*").matches("github_delete_repo"));
//! assert!(!Glob::new("serena_*").matches("mcp__syntropy__serena_x"));
//! ```

/// A compiled `*` pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Glob {
    pieces: Vec<String>,
    anchored_start: bool,
    anchored_end: bool,
}

impl Glob {
    /// Compiles `pattern`.
    pub fn new(pattern: &str) -> Glob {
        Glob {
            pieces: pattern.split('*').filter(|p| !p.is_empty()).map(str::to_string).collect(),
            anchored_start: !pattern.starts_with('*'),
            anchored_end: !pattern.ends_with('*'),
        }
    }

    /// Whether the whole of `name` matches.
    pub fn matches(&self, name: &str) -> bool {
        let mut rest = name;
        let n = self.pieces.len();
        if n == 0 {
            // "" matches only ""; "*" matches everything.
            return !(self.anchored_start && self.anchored_end) || name.is_empty();
        }
        for (i, piece) in self.pieces.iter().enumerate() {
            let first = i == 0;
            let last = i == n - 1;
            if first && self.anchored_start {
                let Some(r) = rest.strip_prefix(piece.as_str()) else { return false };
                rest = r;
                if last && self.anchored_end {
                    return rest.is_empty();
                }
                continue;
            }
            if last && self.anchored_end {
                return rest.len() >= piece.len() && rest.ends_with(piece.as_str());
            }
            match rest.find(piece.as_str()) {
                Some(at) => rest = &rest[at + piece.len()..],
                None => return false,
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::Glob;

    #[test]
    fn globs() {
        let cases = [
            ("*", "anything", true),
            ("*", "", true),
            ("", "", true),
            ("", "x", false),
            ("abc", "abc", true),
            ("abc", "abcd", false),
            ("a*", "abc", true),
            ("*c", "abc", true),
            ("a*c", "abc", true),
            ("a*c", "ac", true),
            ("a*c", "ab", false),
            ("a*b*c", "axxbyyc", true),
            ("a*b*c", "acb", false),
            ("*b*", "abc", true),
            ("aa*aa", "aaa", false),
            ("aa*aa", "aaaa", true),
        ];
        for (p, n, want) in cases {
            assert_eq!(Glob::new(p).matches(n), want, "{p} {n}");
        }
    }
}
