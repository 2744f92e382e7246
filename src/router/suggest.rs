//! The closest names to an unknown one, by edit distance, with bounded work: names are compared
//! on at most their first [`MAX_COMPARED`] characters, and at most [`MAX_CANDIDATES`] candidates
//! are looked at, so a 1 MB name against 10,000 tools still answers at once.
//!
//! ```
//! use mcp_naming::router::suggest::closest;
//! let known = ["serena_find_symbol", "serena_find_file", "git_git_status"];
//! assert_eq!(closest("serena_find_symbl", known.iter().copied(), 3), ["serena_find_symbol"]);
//! ```

/// Characters of each name that take part in the comparison.
pub const MAX_COMPARED: usize = 128;
/// Candidates looked at.
pub const MAX_CANDIDATES: usize = 10_000;

/// Levenshtein distance over the first [`MAX_COMPARED`] bytes of each, giving up (returning
/// `None`) as soon as it must exceed `limit`.
pub fn distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a = &a.as_bytes()[..a.len().min(MAX_COMPARED)];
    let b = &b.as_bytes()[..b.len().min(MAX_COMPARED)];
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, &ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        let mut row_min = cur[0];
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
            row_min = row_min.min(cur[j + 1]);
        }
        if row_min > limit {
            return None;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    (prev[b.len()] <= limit).then_some(prev[b.len()])
}

/// How far a suggestion may be from `name`: a quarter of its length (of the compared part),
/// at least 1 and at most 6 edits. Farther candidates are never suggested.
pub fn limit(name: &str) -> usize {
    (name.len().min(MAX_COMPARED) / 4).clamp(1, 6)
}

/// Up to `n` candidates closest to `name`, closest first (ties in candidate order), among those
/// within [`limit`].
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>, n: usize) -> Vec<&'a str> {
    let limit = limit(name);
    // The best `n` so far, closest first; ties keep candidate order.
    let mut best: Vec<(usize, &str)> = Vec::with_capacity(n + 1);
    for c in candidates.into_iter().take(MAX_CANDIDATES) {
        if best.iter().any(|(_, b)| *b == c) {
            continue;
        }
        let Some(d) = distance(name, c, limit) else { continue };
        let at = best.iter().position(|(bd, _)| *bd > d).unwrap_or(best.len());
        if at < n {
            best.insert(at, (d, c));
            best.truncate(n);
        }
    }
    best.into_iter().map(|(_, c)| c).collect()
}
