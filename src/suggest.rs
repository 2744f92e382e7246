//! Edit distance and the closest names to an unknown one, with bounded work: names are compared
//! on at most their first [`MAX_COMPARED`] bytes, so a 1 MB name still answers at once. The
//! foundation of every "did you mean": unknown keys, unknown tools (through the router's index,
//! `router::index`, which finds the same names without looking at every candidate) and URIs.

/// Characters of each name that take part in the comparison.
pub const MAX_COMPARED: usize = 128;
/// Candidates [`closest`] looks at (the router's index has no such cap).
pub const MAX_CANDIDATES: usize = 10_000;

/// Levenshtein distance over the first [`MAX_COMPARED`] bytes of each, giving up (returning
/// `None`) as soon as it must exceed `limit`. Only the band of cells within `limit` of the
/// diagonal is computed (a cell outside it is more than `limit` already), on the stack.
pub fn distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a = &a.as_bytes()[..a.len().min(MAX_COMPARED)];
    let b = &b.as_bytes()[..b.len().min(MAX_COMPARED)];
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    // No distance between compared parts exceeds MAX_COMPARED, so cells fit a byte; cells beyond
    // the band read as "more than the limit".
    let limit = limit.min(MAX_COMPARED);
    let far = (limit + 1) as u8;
    let mut rows = [[0u8; MAX_COMPARED + 1]; 2];
    for (j, cell) in rows[0].iter_mut().enumerate().take(b.len() + 1) {
        *cell = j.min(limit + 1) as u8;
    }
    let mut p = 0;
    for (i, &ca) in a.iter().enumerate() {
        let row = i + 1;
        let lo = row.saturating_sub(limit);
        let hi = (row + limit).min(b.len());
        let [prev, cur] = if p == 0 {
            let [x, y] = &mut rows;
            [x, y]
        } else {
            let [x, y] = &mut rows;
            [y, x]
        };
        cur[0] = if row <= limit { row as u8 } else { far };
        if lo > 1 {
            cur[lo - 1] = far;
        }
        let mut row_min = if lo == 0 { cur[0] } else { far };
        for j in lo.max(1)..=hi {
            let cost = u8::from(ca != b[j - 1]);
            let v = (prev[j - 1] + cost).min(prev[j] + 1).min(cur[j - 1] + 1).min(far);
            cur[j] = v;
            row_min = row_min.min(v);
        }
        if hi < b.len() {
            cur[hi + 1] = far;
        }
        if usize::from(row_min) > limit {
            return None;
        }
        p = 1 - p;
    }
    let d = usize::from(rows[p][b.len()]);
    (d <= limit).then_some(d)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compares_bounded_prefixes_of_bounded_candidates() {
        let candidates: Vec<String> = (0..20_000).map(|i| format!("tool_number_{i}")).collect();
        let huge = "tool_number_1".repeat(80_000);
        // Only the first 128 bytes of each side are compared, and only 10,000 candidates.
        let found = closest(&huge, candidates.iter().map(String::as_str), 3);
        assert!(found.is_empty(), "128 compared bytes are far beyond the bound from every candidate: {found:?}");
        // Candidates past the first 10,000 are never looked at, even an exact match.
        let found = closest("tool_number_15000", candidates.iter().map(String::as_str), 3);
        assert!(!found.contains(&"tool_number_15000"), "{found:?}");
        // One edit away among the first 10,000, ties in candidate order.
        assert_eq!(found, ["tool_number_1000", "tool_number_1500", "tool_number_5000"]);
        assert_eq!(closest("serena_find_symbl", ["serena_find_symbol", "git_git_status"], 3), ["serena_find_symbol"]);
    }
}

#[cfg(test)]
mod band {
    use super::distance;

    /// The plain dynamic programme, every cell: what the banded one must agree with.
    fn full(a: &[u8], b: &[u8]) -> usize {
        let mut prev: Vec<usize> = (0..=b.len()).collect();
        for (i, &ca) in a.iter().enumerate() {
            let mut cur = vec![i + 1; b.len() + 1];
            for (j, &cb) in b.iter().enumerate() {
                cur[j + 1] = (prev[j] + usize::from(ca != cb)).min(prev[j + 1] + 1).min(cur[j] + 1);
            }
            prev = cur;
        }
        prev[b.len()]
    }

    #[test]
    fn the_band_agrees_with_every_cell() {
        let words =
            ["", "a", "ab", "ba", "abc", "get_user", "get_usr", "gte_user", "list_users", "x_get_user_y", "user_get"];
        for a in words {
            for b in words {
                let d = full(a.as_bytes(), b.as_bytes());
                for limit in 0..8 {
                    assert_eq!(distance(a, b, limit), (d <= limit).then_some(d), "{a:?} {b:?} limit {limit}");
                }
            }
        }
    }
}
