//! Short prefixes for registry names, for a router or a gateway that puts the server before each
//! tool: the name's last part (`io.github.acme/weather` → `weather`), and more of it, one
//! namespace label at a time from the right, where two servers would meet (`acme-weather`,
//! `other-weather`). Deterministic: the prefixes depend on the set of names, never their order.
//!
//! A prefix is the parts' words, lowercase, joined by `-` (characters other than letters and
//! digits are word breaks). Two prefixes meet when they are equal once case and separators are
//! ignored, or when one is a name that is not a registry name (which keeps itself). Where two
//! whole names still meet (`io.github.Acme/Weather` and `io.github.acme/weather`), each ends
//! with `-` and 8 hex digits of SHA-1 of its full name.

use super::is_server_name;
use std::collections::HashMap;

/// The units a prefix grows by: the name part, then the namespace's labels from the right.
fn units(name: &str) -> Vec<&str> {
    let (namespace, last) = name.split_once('/').unwrap_or(("", name));
    let mut out = vec![last];
    out.extend(namespace.rsplit('.').filter(|l| !l.is_empty()));
    out
}

/// The generic form of a candidate: lowercase words joined by `-`.
fn words(text: &str) -> String {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

/// The candidate of `name` with `k` units: the first `k` units, the outermost first.
fn candidate(units: &[&str], k: usize) -> String {
    let taken: Vec<&str> = units[..k.min(units.len())].iter().rev().copied().collect();
    words(&taken.join("-"))
}

/// The key under which two prefixes meet: lowercase letters and digits only.
pub(crate) fn meet_key(text: &str) -> String {
    text.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

/// Prefixes for `names` (see the module documentation): the names `grows` says are written as
/// prefixes, the others as themselves (they never grow, but a prefix that meets one does); `fit`
/// writes a candidate the way the consumer can (a router's style), `None` when it cannot.
pub(crate) fn prefixes_with(names: &[&str], grows: &[bool], fit: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
    let registry: Vec<bool> = names.iter().zip(grows).map(|(n, g)| *g && is_server_name(n)).collect();
    let units: Vec<Vec<&str>> = names.iter().map(|n| units(n)).collect();
    let mut k: Vec<usize> = vec![1; names.len()];
    let mut hashed = vec![false; names.len()];
    let write = |i: usize, k: usize, hashed: bool| -> String {
        if !registry[i] {
            return names[i].to_string();
        }
        let base = candidate(&units[i], k);
        let base = if hashed { format!("{base}-{}", &crate::sha1::hex(names[i].as_bytes())[..8]) } else { base };
        fit(&base).unwrap_or(base)
    };
    loop {
        let current: Vec<String> = (0..names.len()).map(|i| write(i, k[i], hashed[i])).collect();
        let mut groups: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, c) in current.iter().enumerate() {
            groups.entry(meet_key(c)).or_default().push(i);
        }
        let mut changed = false;
        for group in groups.values().filter(|g| g.len() > 1) {
            for &i in group {
                if !registry[i] || hashed[i] {
                    continue;
                }
                if k[i] < units[i].len() {
                    k[i] += 1;
                } else {
                    hashed[i] = true;
                }
                changed = true;
            }
        }
        if !changed {
            return current;
        }
    }
}

/// Short readable prefixes for registry names, one per name in order (see the module
/// documentation); a name that is not a registry name is its own prefix.
pub fn registry_prefixes(names: &[&str]) -> Vec<String> {
    prefixes_with(names, &vec![true; names.len()], &|_| None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_grow_where_names_meet() {
        assert_eq!(registry_prefixes(&["io.github.acme/weather"]), ["weather"]);
        assert_eq!(
            registry_prefixes(&["io.github.acme/weather", "io.github.other/weather", "weather"]),
            ["acme-weather", "other-weather", "weather"]
        );
        // Order does not matter.
        assert_eq!(registry_prefixes(&["b.x/tool", "a.x/tool"]), ["b-x-tool", "a-x-tool"]);
        assert_eq!(
            registry_prefixes(&["com.example/Time_MCP", "io.github.me/time-mcp"]),
            ["example-time-mcp", "me-time-mcp"]
        );
        let same = registry_prefixes(&["io.github.Acme/Weather", "io.github.acme/weather"]);
        assert!(same[0].starts_with("io-github-acme-weather-") && same[0] != same[1], "{same:?}");
    }
}
