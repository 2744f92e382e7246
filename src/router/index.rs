//! The index behind "did you mean": which exposed names are within edit distance `d` of an
//! unknown one, found without looking at every name, so that a miss costs about the same at
//! 100,000 tools as at 1,000.
//!
//! It is a partition index (the pigeonhole filter of PassJoin, Li et al., VLDB 2011). A name of
//! `l` bytes is cut into `m(l)` segments, one more than the most edits any query that may reach
//! it is allowed ([`segments`]). `d` edits change at most `d` segments, so a name within `d` edits
//! of the query still holds at least `m - d` of its segments unchanged, each at most `d` bytes
//! from where the query has it. A lookup therefore lists, for each length within `d` of the
//! query's, each segment and each place it may stand in the query, the names that have that
//! segment there; names with fewer than `m - d` segments found are not within `d`. The filter
//! never drops a name that is within `d` (tests/suggest_index.rs compares it with looking at
//! every name); the caller confirms each candidate with the real distance.
//!
//! Why not the alternatives: SymSpell's deletion neighbourhoods grow with the number of edits
//! (up to 6 here: a quarter of the name's length), a BK-tree visits most of the tree at that
//! radius, and n-gram counting reads posting lists that grow with the catalog. Segments keep
//! both the lookups (at most a few hundred, whatever the catalog) and the memory (at most seven
//! postings a name, eight bytes each) small.
//!
//! Postings are `u64`s (a 32-bit hash of the segment and its place, then the form) in hash
//! buckets, a power of two of them, about a hundred postings each: adding a name pushes its
//! postings, a lookup reads one bucket, and the buckets double as the postings grow, so adding
//! a server's names costs O(its names) amortized whatever the catalog. Postings of removed
//! names stay until stale ones are as many as live ones, then every bucket drops them at once;
//! a hash that two segments share only adds candidates.

use crate::suggest::MAX_COMPARED;

/// A form: an entry id and which of its names (exposed, upstream, tool part), as `entry << 2 |
/// which`.
pub(crate) type Form = u32;

/// The most edits any lookup allows (the suggestion limit's ceiling).
pub(crate) const MAX_EDITS: usize = 6;

/// Segments a form of `len` bytes is cut into. A query `q` reaches forms within `limit(q) =
/// clamp(|q| / 4, 1, 6)` edits, so a reachable form has `len ≥ |q| - limit(q) ≥ 3·limit(q)`:
/// `clamp(len / 3, 1, 6) + 1` segments leave at least one unchanged.
pub(crate) fn segments(len: usize) -> usize {
    (len / 3).clamp(1, MAX_EDITS) + 1
}

/// Start and length of segment `i` of `m` in a form of `len` bytes: the last `len % m` segments
/// are one byte longer than the others.
fn segment(len: usize, m: usize, i: usize) -> (usize, usize) {
    let base = len / m;
    let short = m - len % m;
    if i < short {
        (i * base, base)
    } else {
        (short * base + (i - short) * (base + 1), base + 1)
    }
}

/// Where segment `i` of `m` of a form of `len` bytes may stand in a query of `q` bytes within
/// `d` edits: moved by `shift`, with at least |shift| edits before it and |q - len - shift|
/// after it.
fn places(q: usize, len: usize, m: usize, i: usize, d: usize) -> impl Iterator<Item = usize> {
    let (start, n) = segment(len, m, i);
    let diff = q as isize - len as isize;
    let d = d as isize;
    (-d..=d).filter_map(move |shift| {
        let at = start as isize + shift;
        (shift.abs() + (diff - shift).abs() <= d && at >= 0 && at as usize + n <= q).then_some(at as usize)
    })
}

/// The hash of segment `i` of a form of `len` bytes (FNV-1a, 32 bits).
fn key(len: usize, i: usize, bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in [len as u8, i as u8].iter().chain(bytes) {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

fn compared(text: &str) -> &[u8] {
    &text.as_bytes()[..text.len().min(MAX_COMPARED)]
}

/// Something that calls its argument with each of a list of forms and its text.
pub(crate) type Forms<'a> = dyn Fn(&mut dyn FnMut(Form, &str)) + 'a;

/// Postings a bucket holds on average before the buckets double.
const BUCKET: usize = 128;

/// The postings. See the module documentation.
#[derive(Debug)]
pub(crate) struct Index {
    /// A power of two of buckets; a posting is in bucket `key & (len - 1)`.
    buckets: Vec<Vec<u64>>,
    /// Postings of live forms, and of removed ones still in a bucket.
    live: usize,
    stale: usize,
}

impl Default for Index {
    fn default() -> Index {
        Index { buckets: vec![Vec::new(); 16], live: 0, stale: 0 }
    }
}

impl Index {
    fn bucket(&self, key: u32) -> usize {
        key as usize & (self.buckets.len() - 1)
    }

    /// Notes that a form of `text` was removed: its postings are stale until the buckets drop them.
    pub(crate) fn remove(&mut self, text: &str) {
        let m = segments(compared(text).len());
        self.live = self.live.saturating_sub(m);
        self.stale += m;
    }

    /// After a change: drops the stale postings when they are as many as the live ones (then
    /// the caller may reuse the ids of the entries `dead` says are gone, and this returns
    /// true), and doubles the buckets when they are full.
    pub(crate) fn settle(&mut self, dead: impl Fn(u32) -> bool) -> bool {
        let dropped = self.stale > 4096.max(self.live);
        if dropped {
            for b in &mut self.buckets {
                b.retain(|p| !dead((*p as u32) >> 2));
            }
            self.stale = 0;
        }
        self.grow();
        dropped
    }

    /// Doubles the buckets until they would hold at most [`BUCKET`] of `postings` on average.
    /// Each doubling splits every bucket in place (its postings stay, or move to the bucket a
    /// size above), so that memory never holds two copies of the index.
    fn grow_for(&mut self, postings: usize) {
        while postings > self.buckets.len() * BUCKET {
            let size = self.buckets.len();
            for b in 0..size {
                let moved: Vec<u64> =
                    self.buckets[b].iter().copied().filter(|p| (p >> 32) as usize & size != 0).collect();
                self.buckets[b].retain(|p| (p >> 32) as usize & size == 0);
                self.buckets[b].shrink_to_fit();
                self.buckets.push(moved);
            }
        }
    }

    /// [`Index::grow_for`] the postings held.
    pub(crate) fn grow(&mut self) {
        self.grow_for(self.live + self.stale);
    }

    /// Adds many forms' postings (`forms` calls its argument with each form and its text, as
    /// often as asked): the buckets grown first, and each bucket made room for once (the keys
    /// counted, then pushed), so that taking in a whole catalog leaves no slack and no copy.
    pub(crate) fn add_all(&mut self, forms: &Forms<'_>) {
        let mut total = 0;
        forms(&mut |_, text| total += segments(compared(text).len()));
        self.grow_for(self.live + self.stale + total);
        let each = |f: &mut dyn FnMut(u32, u64)| {
            forms(&mut |form, text| {
                let bytes = compared(text);
                let m = segments(bytes.len());
                for i in 0..m {
                    let (start, n) = segment(bytes.len(), m, i);
                    let key = key(bytes.len(), i, &bytes[start..start + n]);
                    f(key, u64::from(key) << 32 | u64::from(form));
                }
            });
        };
        let mask = self.buckets.len() - 1;
        let mut counts = vec![0u32; self.buckets.len()];
        each(&mut |key, _| counts[key as usize & mask] += 1);
        for (b, n) in self.buckets.iter_mut().zip(counts) {
            b.reserve_exact(n as usize);
        }
        let buckets = &mut self.buckets;
        each(&mut |key, p| buckets[key as usize & mask].push(p));
        self.live += total;
    }

    /// The forms of the postings under `key`.
    fn lookup(&self, key: u32, into: &mut Vec<Form>) {
        let k = u64::from(key);
        into.extend(self.buckets[self.bucket(key)].iter().filter(|p| *p >> 32 == k).map(|p| *p as u32));
    }

    /// Calls `found` with every form that may be within `d` edits of `query` (and some that are
    /// not: confirm each with the distance), once each. `text` gives a form's text (`None` for
    /// a stale posting's).
    ///
    /// A form within `d` edits holds at least `m - d` of its `m` segments unchanged, so any
    /// `d + 1` of its segments include one of them: per length, only the `d + 1` segments whose
    /// posting lists are shortest are read (prefix filtering), which keeps a lookup short
    /// however many names share a common segment (a server's name, `get_`). Each form found
    /// there must then show `m - d` of its segments where the query may hold them.
    pub(crate) fn candidates<'t>(
        &self,
        query: &str,
        d: usize,
        text: impl Fn(Form) -> Option<&'t str>,
        mut found: impl FnMut(Form),
    ) {
        let q = compared(query);
        let lo = q.len().saturating_sub(d);
        let hi = (q.len() + d).min(MAX_COMPARED);
        let mut forms: Vec<Form> = Vec::new();
        let mut keys: Vec<(usize, Vec<u32>)> = vec![(0, Vec::new()); MAX_EDITS + 1];
        for len in lo..=hi {
            let m = segments(len);
            let need = m.saturating_sub(d).max(1);
            // Each segment's keys where the query may hold it, and the postings of their buckets
            // (an upper bound of the postings under them, known without reading them).
            for (i, (size, list)) in keys.iter_mut().enumerate().take(m) {
                list.clear();
                let (_, n) = segment(len, m, i);
                list.extend(places(q.len(), len, m, i, d).map(|at| key(len, i, &q[at..at + n])));
                *size = list.iter().map(|&k| self.buckets[self.bucket(k)].len()).sum();
            }
            let keys = &keys[..m];
            // The d + 1 segments with the fewest postings (a segment no shift of the query can
            // hold counts as none: it cannot be one of the unchanged ones).
            let by_size = super::order::order(m, &|a, b| keys[a].0.cmp(&keys[b].0));
            forms.clear();
            for &i in by_size.iter().take(d + 1) {
                for &k in &keys[i].1 {
                    self.lookup(k, &mut forms);
                }
            }
            forms.sort_unstable();
            forms.dedup();
            for &form in &forms {
                let Some(t) = text(form).map(compared).filter(|t| t.len() == len) else { continue };
                // Segments the query holds where it may: by their keys (a key two segments share
                // only lets a form through to the distance).
                let held = (0..m)
                    .filter(|&i| {
                        let (start, n) = segment(len, m, i);
                        keys[i].1.contains(&key(len, i, &t[start..start + n]))
                    })
                    .count();
                if held >= need {
                    found(form);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_cover_the_form() {
        for len in 0..=MAX_COMPARED {
            let m = segments(len);
            let mut at = 0;
            for i in 0..m {
                let (start, n) = segment(len, m, i);
                assert_eq!(start, at, "len {len} segment {i}");
                at += n;
            }
            assert_eq!(at, len);
        }
    }

    #[test]
    fn finds_a_form_within_the_edits() {
        let mut index = Index::default();
        index.add_all(&|f| {
            f(0, "github__search_code");
            f(4, "memory__read_graph");
        });
        let text = |f: Form| match f {
            0 => Some("github__search_code"),
            4 => Some("memory__read_graph"),
            _ => None,
        };
        let mut got = Vec::new();
        index.candidates("github__serch_code", 1, text, |f| got.push(f));
        assert!(got.contains(&0), "{got:?}");
        got.clear();
        index.candidates("zzzzzzzzzzzzzzzzzz", 2, text, |f| got.push(f));
        assert!(got.is_empty(), "{got:?}");
    }
}
