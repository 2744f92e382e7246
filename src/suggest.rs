//! Edit distance and the closest names to an unknown one, with bounded work: names are compared
//! on at most their first [`MAX_COMPARED`] bytes, so a 1 MB name still answers at once. The
//! foundation of every "did you mean": unknown keys, unknown tools (through the router's index,
//! `router::index`, which finds the same names without looking at every candidate) and URIs.

/// Characters of each name that take part in the comparison.
pub const MAX_COMPARED: usize = 128;
/// Candidates [`closest`] looks at (the router's index has no such cap).
pub const MAX_CANDIDATES: usize = 10_000;

/// Optimal string alignment distance (Damerau–Levenshtein without editing a substring twice:
/// an insertion, a deletion, a substitution or the transposition of two neighbours each count
/// one, so `ecoh` is one edit from `echo`) over the first [`MAX_COMPARED`] bytes of each,
/// giving up (returning `None`) as soon as it must exceed `limit`. Only the band of cells within
/// `limit` of the diagonal is computed (a cell outside it is more than `limit` already), on the
/// stack.
pub fn distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a = &a.as_bytes()[..a.len().min(MAX_COMPARED)];
    let b = &b.as_bytes()[..b.len().min(MAX_COMPARED)];
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    // No distance between compared parts exceeds MAX_COMPARED, so cells fit a byte; cells beyond
    // the band read as "more than the limit". Three rows, one after the other: a transposition
    // reads two rows up.
    const W: usize = MAX_COMPARED + 1;
    let limit = limit.min(MAX_COMPARED);
    let far = (limit + 1) as u8;
    let mut cells = [far; 3 * W];
    for (j, cell) in cells.iter_mut().enumerate().take(b.len() + 1) {
        *cell = j.min(limit + 1) as u8;
    }
    // Where the row before, the one before it and this one start in `cells`.
    let (mut prev, mut before) = (0, 2 * W);
    for (i, &ca) in a.iter().enumerate() {
        let row = i + 1;
        let cur = 3 * W - prev - before;
        let lo = row.saturating_sub(limit);
        let hi = (row + limit).min(b.len());
        cells[cur] = if row <= limit { row as u8 } else { far };
        if lo > 1 {
            cells[cur + lo - 1] = far;
        }
        let mut row_min = if lo == 0 { cells[cur] } else { far };
        for j in lo.max(1)..=hi {
            let cb = b[j - 1];
            let mut v = (cells[prev + j - 1] + u8::from(ca != cb)).min(cells[prev + j] + 1).min(cells[cur + j - 1] + 1);
            if j > 1 && i > 0 && ca != cb && ca == b[j - 2] && a[i - 1] == cb {
                v = v.min(cells[before + j - 2] + 1);
            }
            let v = v.min(far);
            cells[cur + j] = v;
            row_min = row_min.min(v);
        }
        if hi < b.len() {
            cells[cur + hi + 1] = far;
        }
        // A transposition's cell two rows down costs at least the least of this row (it is
        // reached from here too, at no more), so past the limit here is past it for good.
        if usize::from(row_min) > limit {
            return None;
        }
        before = prev;
        prev = cur;
    }
    let d = usize::from(cells[prev + b.len()]);
    (d <= limit).then_some(d)
}

/// A name compared with many others: [`distance`] from it, by the bit-vector algorithm of
/// Hyyrö (2003, "A bit-vector algorithm for computing Levenshtein and Damerau edit distances")
/// when its compared part fits in 64 bits (a column of the table in one word: a few word
/// operations a byte of the other name), else by the band.
pub(crate) struct Pattern<'a> {
    text: &'a str,
    /// Per byte value, the positions of the pattern that hold it (empty past 64 bytes).
    peq: Vec<u64>,
    len: usize,
}

impl<'a> Pattern<'a> {
    pub(crate) fn new(text: &'a str) -> Pattern<'a> {
        let bytes = &text.as_bytes()[..text.len().min(MAX_COMPARED)];
        let mut peq = Vec::new();
        if !bytes.is_empty() && bytes.len() <= 64 {
            peq = vec![0u64; 256];
            for (i, &b) in bytes.iter().enumerate() {
                peq[b as usize] |= 1 << i;
            }
        }
        Pattern { text, peq, len: bytes.len() }
    }

    /// [`distance`]`(pattern, other, limit)`.
    pub(crate) fn distance(&self, other: &str, limit: usize) -> Option<usize> {
        if self.peq.is_empty() {
            return distance(self.text, other, limit);
        }
        let t = &other.as_bytes()[..other.len().min(MAX_COMPARED)];
        if self.len.abs_diff(t.len()) > limit {
            return None;
        }
        let m = self.len;
        let top = 1u64 << (m - 1);
        let (mut vp, mut vn, mut d0, mut pm_prev) = (u64::MAX, 0u64, 0u64, 0u64);
        let mut score = m;
        for &c in t {
            let pm = self.peq[c as usize];
            let tr = ((!d0 & pm) << 1) & pm_prev;
            d0 = (((pm & vp).wrapping_add(vp)) ^ vp) | pm | vn | tr;
            let hp = vn | !(d0 | vp);
            let hn = vp & d0;
            if hp & top != 0 {
                score += 1;
            } else if hn & top != 0 {
                score -= 1;
            }
            let x = (hp << 1) | 1;
            vn = x & d0;
            vp = (hn << 1) | !(x | d0);
            pm_prev = pm;
        }
        (score <= limit).then_some(score)
    }
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
        // A transposition is one edit.
        assert_eq!(distance("ecoh", "echo", 1), Some(1));
        assert_eq!(distance("get-smu", "get-sum", 1), Some(1));
        assert_eq!(closest("ecoh", ["echo", "add"], 3), ["echo"]);
    }
}

#[cfg(test)]
mod band {
    use super::distance;

    /// The plain dynamic programme of optimal string alignment, every cell: what the banded one
    /// must agree with.
    fn full(a: &[u8], b: &[u8]) -> usize {
        let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
        for (i, row) in d.iter_mut().enumerate() {
            row[0] = i;
        }
        for (j, cell) in d[0].iter_mut().enumerate() {
            *cell = j;
        }
        for i in 1..=a.len() {
            for j in 1..=b.len() {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                d[i][j] = (d[i - 1][j - 1] + cost).min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
                }
            }
        }
        d[a.len()][b.len()]
    }

    #[test]
    fn the_band_agrees_with_every_cell() {
        let words = [
            "",
            "a",
            "ab",
            "ba",
            "abc",
            "acb",
            "bca",
            "ca",
            "abcd",
            "badc",
            "get_user",
            "get_usr",
            "gte_user",
            "egt_usre",
            "list_users",
            "x_get_user_y",
            "user_get",
            "echo",
            "ecoh",
            "ceho",
            "get-sum",
            "get-smu",
        ];
        for a in words {
            for b in words {
                let d = full(a.as_bytes(), b.as_bytes());
                for limit in 0..8 {
                    assert_eq!(distance(a, b, limit), (d <= limit).then_some(d), "{a:?} {b:?} limit {limit}");
                }
            }
        }
    }

    #[test]
    fn the_bit_vectors_agree_with_every_cell() {
        struct Rng(u64);
        impl Rng {
            fn next(&mut self) -> usize {
                self.0 ^= self.0 << 13;
                self.0 ^= self.0 >> 7;
                self.0 ^= self.0 << 17;
                self.0 as usize
            }
            fn word(&mut self, n: usize) -> Vec<u8> {
                (0..n).map(|_| b"abc_1"[self.next() % 5]).collect()
            }
        }
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..8_000 {
            let (la, lb) = (rng.next() % 70, rng.next() % 70);
            let a = rng.word(la);
            let mut b = rng.word(lb);
            if rng.next() % 2 == 0 {
                // A near copy: a few swaps, substitutions, deletions.
                b = a.clone();
                for _ in 0..rng.next() % 4 {
                    if b.len() > 1 {
                        let i = rng.next() % (b.len() - 1);
                        match rng.next() % 3 {
                            0 => b.swap(i, i + 1),
                            1 => b[i] = b'x',
                            _ => {
                                b.remove(i);
                            }
                        }
                    }
                }
            }
            let want = full(&a, &b);
            let (a, b) = (String::from_utf8(a).unwrap(), String::from_utf8(b).unwrap());
            let p = super::Pattern::new(&a);
            for limit in [0, 1, 2, 3, 6, 200] {
                assert_eq!(p.distance(&b, limit), (want <= limit).then_some(want), "{a:?} {b:?} {limit}");
            }
        }
    }

    #[test]
    fn the_band_agrees_on_every_short_string_of_three_letters() {
        // Every string of up to 5 of "abc" against every other: transpositions, runs, overlaps.
        let mut words = vec![String::new()];
        for _ in 0..5 {
            let longer: Vec<String> = words
                .iter()
                .filter(|w| w.len() == words.last().map_or(0, String::len))
                .flat_map(|w| ['a', 'b', 'c'].map(|c| format!("{w}{c}")))
                .collect();
            words.extend(longer);
        }
        for a in &words {
            for b in &words {
                let d = full(a.as_bytes(), b.as_bytes());
                for limit in 0..6 {
                    assert_eq!(distance(a, b, limit), (d <= limit).then_some(d), "{a:?} {b:?} limit {limit}");
                }
            }
        }
    }
}
