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
//! A transposition is one edit (the distance is optimal string alignment, `suggest.rs`). One
//! inside a segment changes that segment only; one across the boundary of two segments changes
//! both, so a lookup also reads each segment as it stands with the byte before it, or the byte
//! after it, swapped in from the query's neighbour (the segment a boundary transposition left
//! intact in the form): then `d` edits still leave `m - d` segments found.
//!
//! Each posting also carries the form's sketch: how many bytes of each of 12 classes the form
//! holds, modulo 4. An edit changes at most two classes' counts by one (a transposition none),
//! so a form whose sketch is further from the query's than `d` edits can go is dropped while
//! its bucket is read, before its text is looked at. In a catalog of look-alike names
//! (`srv12__get_issue_123`, `srv47__get_issue_188`) the forms that hold enough segments are
//! many, and grow with the catalog, but most differ in their digits, which the sketch sees.
//!
//! Suggestions come closest first, then in the order the client sees (slot, then place in it),
//! so a lookup hands its forms over slot by slot and the caller stops once the slots handed
//! over hold the names it still wants: in a large catalog with many names at the last distance
//! asked for, the first slots settle it.
//!
//! Why not the alternatives: SymSpell's deletion neighbourhoods grow with the number of edits
//! (up to 6 here: a quarter of the name's length), a BK-tree visits most of the tree at that
//! radius, and n-gram counting reads posting lists that grow with the catalog. Segments keep
//! both the lookups (at most a few hundred, whatever the catalog) and the memory (at most seven
//! postings a name, eight bytes each) small.
//!
//! Postings are `u64`s (18 bits of the hash of the segment and its place, the form's 24-bit
//! sketch, the form in 22 bits) in hash buckets, a power of two of them, about a hundred
//! postings each, each bucket sorted and counting its postings by 4 more bits of their keys:
//! a key's postings are a run of its bucket, its size known without reading it. Adding a name
//! pushes its postings, a lookup reads a run, and the buckets double as the postings grow, so
//! adding a server's names costs O(its names) amortized whatever the catalog. Postings of
//! removed names stay until stale ones are as many as live ones, then every bucket drops them
//! at once; a hash that two segments share only adds candidates. The index holds the forms of
//! the first 2^20 entries; past them (a catalog of over a million tools), a lookup hands the
//! others over whole, to be compared one by one.

use crate::suggest::MAX_COMPARED;
use std::ops::ControlFlow;

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

/// Something that calls its argument with each of a list of forms, its entry's slot and its text.
pub(crate) type Forms<'a> = dyn Fn(&mut dyn FnMut(Form, u32, &str)) + 'a;

/// Postings a bucket holds on average before the buckets double.
const BUCKET: usize = 128;

/// Bits of a posting: the key's low 18 (its bucket among them), the sketch's 24, the form's 22.
const KEY_BITS: u32 = 18;
const SKETCH_BITS: u32 = 24;
const FORM_BITS: u32 = 22;
const KEY_SHIFT: u32 = SKETCH_BITS + FORM_BITS;
const KEY_MASK: u32 = (1 << KEY_BITS) - 1;
const FORM_MASK: u64 = (1 << FORM_BITS) - 1;
/// The most buckets (every bucket bit is a key bit); past them, buckets only grow longer.
const MAX_BUCKETS: usize = 1 << KEY_BITS;
/// The first form a posting cannot hold: the index takes the forms of the first 2^20 entries
/// (past them, a lookup hands their forms over whole, to be compared one by one).
pub(crate) const MAX_FORM: Form = 1 << FORM_BITS;

/// Classes of the sketch: 12.
const CLASSES: usize = 12;

/// Each byte's class: the letters by their frequency in English, then the digits, `_`, `-`
/// and `.`, dealt out in turn (so that the letters and digits names differ in most often fall
/// in different classes); an uppercase letter in its lowercase letter's class; any other byte
/// by its value.
const CLASS: [u8; 256] = {
    let order = b"etaoinsrhldcumfpgwybvkxjqz0123456789_-.";
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b % CLASSES) as u8;
        b += 1;
    }
    let mut i = 0;
    while i < order.len() {
        let c = order[i];
        table[c as usize] = (i % CLASSES) as u8;
        if c.is_ascii_lowercase() {
            table[c.to_ascii_uppercase() as usize] = (i % CLASSES) as u8;
        }
        i += 1;
    }
    table
};

/// The classes of the index's second sketch, 16, the same bytes dealt out in turn (so that
/// bytes that share a class of the first sketch seldom share one here).
const WIDE_CLASSES: usize = 16;

const WIDE_CLASS: [u8; 256] = {
    let order = b"etaoinsrhldcumfpgwybvkxjqz0123456789_-.";
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b % WIDE_CLASSES) as u8;
        b += 1;
    }
    let mut i = 0;
    while i < order.len() {
        let c = order[i];
        table[c as usize] = (i % WIDE_CLASSES) as u8;
        if c.is_ascii_lowercase() {
            table[c.to_ascii_uppercase() as usize] = (i % WIDE_CLASSES) as u8;
        }
        i += 1;
    }
    table
};

/// [`sketch`] over the 16 wide classes: 32 bits, kept per form beside its slot (not in its
/// postings), read for the forms the postings' sketch lets through.
fn wide_sketch(bytes: &[u8]) -> u32 {
    let mut counts = [0u8; WIDE_CLASSES];
    for &b in bytes {
        let c = WIDE_CLASS[b as usize] as usize;
        counts[c] = counts[c].wrapping_add(1);
    }
    counts.iter().enumerate().fold(0, |s, (c, &n)| s | u32::from(n & 3) << (2 * c))
}

/// How many bytes of each class `bytes` holds, modulo 4, two bits a class: an insertion or a
/// deletion changes one class's count by one, a substitution two classes' by one each, a
/// transposition none.
fn sketch(bytes: &[u8]) -> u32 {
    let mut counts = [0u8; CLASSES];
    for &b in bytes {
        let c = CLASS[b as usize] as usize;
        counts[c] = counts[c].wrapping_add(1);
    }
    counts.iter().enumerate().fold(0, |s, (c, &n)| s | u32::from(n & 3) << (2 * c))
}

/// The least edits between two texts whose sketches are `a` and `b`: counts that differ by `r`
/// modulo 4 differ by at least `min(r, 4 - r)` (0, 1, 2, 1), and an edit changes at most two
/// counts by one. The differences of all classes are taken at once, two bits a lane.
#[cfg(test)]
fn sketch_edits(a: u32, b: u32) -> usize {
    lanes_apart(a, b, 0x0055_5555)
}

/// A name looked up, with what every round of a miss reads of it.
pub(crate) struct Query<'q> {
    /// Its compared bytes.
    bytes: &'q [u8],
    near: Near,
    wide: u32,
}

impl<'q> Query<'q> {
    pub(crate) fn new(text: &'q str) -> Query<'q> {
        let bytes = compared(text);
        Query { bytes, near: Near::new(sketch(bytes)), wide: wide_sketch(bytes) }
    }
}

/// A query's sketch, read against many: per byte of a sketch (four classes), how far apart the
/// counts of those classes are (the sum that, halved, bounds the edits), so that a posting costs
/// three lookups.
struct Near {
    bytes: [[u8; 256]; 3],
}

impl Near {
    fn new(query: u32) -> Near {
        let mut bytes = [[0u8; 256]; 3];
        for (i, table) in bytes.iter_mut().enumerate() {
            for (b, apart) in table.iter_mut().enumerate() {
                let (q, p) = ((query >> (8 * i)) & 0xff, b as u32);
                *apart = (0..4)
                    .map(|lane| {
                        let r = ((q >> (2 * lane)).wrapping_sub(p >> (2 * lane)) & 3) as u8;
                        r.min(4 - r)
                    })
                    .sum();
            }
        }
        Near { bytes }
    }

    /// Twice the least edits to a text of sketch `s` (or one more).
    fn apart(&self, s: u32) -> usize {
        let [a, b, c] = &self.bytes;
        usize::from(a[(s & 0xff) as usize])
            + usize::from(b[((s >> 8) & 0xff) as usize])
            + usize::from(c[((s >> 16) & 0xff) as usize])
    }
}

/// [`sketch_edits`] of two wide sketches.
fn wide_edits(a: u32, b: u32) -> usize {
    lanes_apart(a, b, 0x5555_5555)
}

/// The least edits between two sketches of the lanes `low` marks (their low bits).
fn lanes_apart(a: u32, b: u32, low: u32) -> usize {
    let high = low << 1;
    // Lane by lane, `a - b` modulo 4 (no borrow crosses a lane).
    let r = (a | high).wrapping_sub(b & !high & (low | high)) ^ ((a ^ !b) & high);
    let (hi, lo) = ((r >> 1) & low, r & low);
    // Lanes 1 and 3 count 1, lane 2 counts 2: the lanes that differ, and those that differ by 2.
    let apart = (hi | lo).count_ones() + (hi & !lo).count_ones();
    (apart as usize).div_ceil(2)
}

fn posting(key: u32, sketch: u32, form: Form) -> u64 {
    u64::from(key & KEY_MASK) << KEY_SHIFT | u64::from(sketch) << FORM_BITS | u64::from(form) & FORM_MASK
}

fn posting_key(p: u64) -> u32 {
    (p >> KEY_SHIFT) as u32
}

fn posting_form(p: u64) -> Form {
    (p & FORM_MASK) as Form
}

fn posting_sketch(p: u64) -> u32 {
    (p >> FORM_BITS) as u32 & ((1 << SKETCH_BITS) - 1)
}

/// Calls `f` with the text of segment `i` of `m` (of `n` bytes) where the query `q` may hold it
/// at `at`: as it stands, and with a neighbour swapped in across each boundary a transposition
/// may have crossed (the first byte from before it, the last from after it, or both).
fn variants(q: &[u8], at: usize, n: usize, i: usize, m: usize, mut f: impl FnMut(&[u8])) {
    let seg = &q[at..at + n];
    f(seg);
    let left = i > 0 && at > 0 && n > 0 && q[at - 1] != q[at];
    let right = i + 1 < m && at + n < q.len() && n > 0 && q[at + n - 1] != q[at + n];
    let mut buf = [0u8; MAX_COMPARED];
    let buf = &mut buf[..n];
    if left {
        buf.copy_from_slice(seg);
        buf[0] = q[at - 1];
        f(buf);
    }
    if right {
        buf.copy_from_slice(seg);
        buf[n - 1] = q[at + n];
        f(buf);
    }
    if left && right && n > 1 {
        buf.copy_from_slice(seg);
        buf[0] = q[at - 1];
        buf[n - 1] = q[at + n];
        f(buf);
    }
}

/// Bits of a key above its bucket's that a bucket counts its postings by.
const RUN_BITS: u32 = 4;

/// The postings of a bucket, sorted (a key's postings are a run), and how many there are per
/// value of the key's [`RUN_BITS`] above the bucket's: the size of a key's run, known without
/// reading the postings (exact once the buckets are 2^14; in a smaller index, runs of a few
/// keys together).
#[derive(Clone, Debug, Default)]
struct Bucket {
    postings: Vec<u64>,
    counts: [u16; 1 << RUN_BITS],
}

/// Where a key's postings are counted in its bucket, with `bits` bucket bits.
fn run_class(key: u32, bits: u32) -> usize {
    ((key & KEY_MASK) >> bits.min(KEY_BITS)) as usize & ((1 << RUN_BITS) - 1)
}

impl Bucket {
    fn recount(&mut self, bits: u32) {
        self.counts = Default::default();
        for &p in &self.postings {
            let c = run_class(posting_key(p), bits);
            self.counts[c] = self.counts[c].saturating_add(1);
        }
    }
}

/// The postings. See the module documentation.
#[derive(Debug)]
pub(crate) struct Index {
    /// A power of two of buckets; a posting is in bucket `key & (len - 1)`.
    buckets: Vec<Bucket>,
    /// Per entry id, as last indexed: its slot (what orders suggestions first; past `u16::MAX`,
    /// that one, the slot read from `wide` then), kept small so that it stays in cache.
    slots: Vec<u16>,
    /// Per entry id, as last indexed: its slot, then the wide sketch of each of its forms.
    wide: Vec<[u32; 4]>,
    /// Postings of live forms, and of removed ones still in a bucket.
    live: usize,
    stale: usize,
}

impl Default for Index {
    fn default() -> Index {
        Index { buckets: vec![Bucket::default(); 16], slots: Vec::new(), wide: Vec::new(), live: 0, stale: 0 }
    }
}

/// A candidate form: its entry's slot, the form, and its length's place among the lengths a
/// lookup reads.
type Found = (u32, Form);

impl Index {
    fn bucket(&self, key: u32) -> usize {
        (key & KEY_MASK) as usize & (self.buckets.len() - 1)
    }

    /// How many bits pick a bucket.
    fn bits(&self) -> u32 {
        self.buckets.len().trailing_zeros()
    }

    /// The size of `key`'s run, from its bucket's counts (with other keys', in a small index).
    fn estimate(&self, key: u32) -> usize {
        usize::from(self.buckets[self.bucket(key)].counts[run_class(key, self.bits())])
    }

    /// `key`'s bucket, and where in it the key's bits above the bucket's say its run stands.
    fn guess(&self, key: u32) -> (&[u64], usize) {
        let b = &self.buckets[self.bucket(key)].postings;
        let bits = self.bits().min(KEY_BITS);
        let spare = KEY_BITS - bits;
        let guess = if spare == 0 { 0 } else { (((key & KEY_MASK) >> bits) as usize * b.len()) >> spare };
        (b, guess.min(b.len()))
    }

    /// The postings under `key`: a run of its (sorted) bucket, found where the key's bits
    /// above the bucket's say it stands (they are a hash's: spread evenly), then stepped to.
    fn run(&self, key: u32) -> &[u64] {
        let (b, guess) = self.guess(key);
        let k = key & KEY_MASK;
        // The first posting of a key at least `k`, and the first past them: by steps that
        // double from the guess, then halving (a long run costs its logarithm, not its length).
        let first_at_least = |k: u32| {
            let mut step = 1;
            let (lo, hi) = if guess < b.len() && posting_key(b[guess]) < k {
                let mut lo = guess + 1;
                while lo + step <= b.len() && posting_key(b[lo + step - 1]) < k {
                    lo += step;
                    step *= 2;
                }
                (lo, (lo + step).min(b.len()))
            } else {
                let mut hi = guess;
                while hi >= step && posting_key(b[hi - step]) >= k {
                    hi -= step;
                    step *= 2;
                }
                (hi.saturating_sub(step), hi)
            };
            lo + b[lo..hi].partition_point(|&p| posting_key(p) < k)
        };
        let start = first_at_least(k);
        let end = start + b[start..].iter().take_while(|&&p| posting_key(p) == k).count();
        &b[start..end]
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
            let bits = self.bits();
            for b in &mut self.buckets {
                b.postings.retain(|p| !dead(posting_form(*p) >> 2));
                b.recount(bits);
            }
            self.stale = 0;
        }
        self.grow();
        dropped
    }

    /// Doubles the buckets until they would hold at most [`BUCKET`] of `postings` on average.
    /// Each doubling splits every bucket in place (its postings stay, or move to the bucket a
    /// size above, both still sorted), so that memory never holds two copies of the index.
    fn grow_for(&mut self, postings: usize) {
        let before = self.buckets.len();
        while postings > self.buckets.len() * BUCKET && self.buckets.len() < MAX_BUCKETS {
            let size = self.buckets.len();
            for b in 0..size {
                let bucket = &mut self.buckets[b].postings;
                let moved: Vec<u64> = bucket.iter().copied().filter(|p| posting_key(*p) as usize & size != 0).collect();
                bucket.retain(|p| posting_key(*p) as usize & size == 0);
                bucket.shrink_to_fit();
                self.buckets.push(Bucket { postings: moved, counts: Default::default() });
            }
        }
        if self.buckets.len() != before {
            let bits = self.bits();
            for b in &mut self.buckets {
                b.recount(bits);
            }
        }
    }

    /// [`Index::grow_for`] the postings held.
    pub(crate) fn grow(&mut self) {
        self.grow_for(self.live + self.stale);
    }

    /// Adds many forms' postings (`forms` calls its argument with each form, its entry's slot
    /// and its text, as often as asked): the buckets grown first, and each bucket made room for
    /// once (the keys counted, then pushed), so that taking in a whole catalog leaves no slack
    /// and no copy; each bucket that took postings is sorted again.
    pub(crate) fn add_all(&mut self, forms: &Forms<'_>) {
        let mut total = 0;
        forms(&mut |form, slot, text| {
            let bytes = compared(text);
            total += segments(bytes.len());
            let id = (form >> 2) as usize;
            if self.wide.len() <= id {
                self.wide.resize(id + 1, [0; 4]);
                self.slots.resize(id + 1, 0);
            }
            self.slots[id] = slot.min(u32::from(u16::MAX)) as u16;
            self.wide[id][0] = slot;
            self.wide[id][1 + (form & 3) as usize] = wide_sketch(bytes);
        });
        self.grow_for(self.live + self.stale + total);
        let each = |f: &mut dyn FnMut(u32, u64)| {
            forms(&mut |form, _, text| {
                let bytes = compared(text);
                let m = segments(bytes.len());
                let sketch = sketch(bytes);
                for i in 0..m {
                    let (start, n) = segment(bytes.len(), m, i);
                    let key = key(bytes.len(), i, &bytes[start..start + n]);
                    f(key, posting(key, sketch, form));
                }
            });
        };
        let mask = self.buckets.len() - 1;
        let mut counts = vec![0u32; self.buckets.len()];
        each(&mut |key, _| counts[(key & KEY_MASK) as usize & mask] += 1);
        let mut touched = Vec::with_capacity(counts.iter().filter(|&&n| n > 0).count());
        for (i, (b, &n)) in self.buckets.iter_mut().zip(&counts).enumerate() {
            if n > 0 {
                b.postings.reserve_exact(n as usize);
                touched.push(i);
            }
        }
        let buckets = &mut self.buckets;
        each(&mut |key, p| buckets[(key & KEY_MASK) as usize & mask].postings.push(p));
        let bits = self.bits();
        for i in touched {
            let b = &mut self.buckets[i];
            b.postings.sort_unstable();
            b.recount(bits);
        }
        self.live += total;
    }

    /// Calls `found` with every form that may be within `d` edits of `query` (and some that are
    /// not: confirm each with the distance), once each with its text, slot by slot in their order (`extra`:
    /// forms kept out of the index, to hand over as well), and stops as soon as `found` says
    /// so. `text` gives a form's text (`None` for a stale posting's).
    ///
    /// A form within `d` edits holds at least `m - d` of its `m` segments unchanged, so any
    /// `d + 1` of its segments include one of them: per length, only the `d + 1` segments whose
    /// posting lists are shortest are read (prefix filtering), which keeps a lookup short
    /// however many names share a common segment (a server's name, `get_`). A posting whose
    /// sketch is more than `d` edits from the query's is dropped there; each form left must
    /// then show `m - d` of its segments where the query may hold them. Handing the forms over
    /// slot by slot lets a caller that wants the first few in slot order stop early.
    pub(crate) fn candidates<'t>(
        &self,
        query: &Query<'_>,
        d: usize,
        extra: &[Found],
        text: impl Fn(Form) -> Option<&'t str>,
        mut found: impl FnMut(u32, Form, &'t str) -> ControlFlow<()>,
    ) {
        let (q, near) = (query.bytes, &query.near);
        let lo = q.len().saturating_sub(d);
        let hi = (q.len() + d).min(MAX_COMPARED);
        // Per length from `lo` and segment: the keys where the query may hold it (sorted), as a
        // range of `keys`.
        let mut keys: Vec<u32> = Vec::new();
        let mut ranges: Vec<[(u32, u32); MAX_EDITS + 1]> = Vec::with_capacity(hi + 1 - lo);
        // The keys whose postings are read.
        let mut reads: Vec<u32> = Vec::new();
        for len in lo..=hi {
            let m = segments(len);
            let mut at_len = [(0u32, 0u32); MAX_EDITS + 1];
            let mut sizes = [0usize; MAX_EDITS + 1];
            for (i, (range, size)) in at_len.iter_mut().zip(&mut sizes).enumerate().take(m) {
                let start = keys.len();
                let (_, n) = segment(len, m, i);
                for at in places(q.len(), len, m, i, d) {
                    variants(q, at, n, i, m, |bytes| keys.push(key(len, i, bytes)));
                }
                let list = &mut keys[start..];
                list.sort_unstable();
                let kept = dedup_sorted(list);
                keys.truncate(start + kept);
                *range = (start as u32, keys.len() as u32);
                // The postings its keys' buckets count (known without reading them; a segment
                // no shift of the query can hold has none: it cannot be one of the unchanged).
                *size = keys[start..].iter().map(|&k| self.estimate(k)).sum();
            }
            // The d + 1 segments with the fewest postings; of their keys, those with any.
            let by_size = super::order::order(m, &|a, b| sizes[a].cmp(&sizes[b]));
            for &i in by_size.iter().take(d + 1) {
                let (a, b) = at_len[i];
                reads.extend(keys[a as usize..b as usize].iter().filter(|&&k| self.estimate(k) > 0));
            }
            ranges.push(at_len);
        }
        // The postings of those keys whose sketch is near enough, a few keys at a time (their
        // buckets fetched together), then their forms once each, by slot.
        let mut forms: Vec<Form> = Vec::new();
        const KEYS: usize = 16;
        for batch in reads.chunks(KEYS) {
            // First only a load each where the run should be, so that the waits overlap.
            let touched = batch.iter().fold(0u64, |x, &k| {
                let (b, at) = self.guess(k);
                x ^ b.get(at).copied().unwrap_or(0)
            });
            std::hint::black_box(touched);
            let mut runs: [&[u64]; KEYS] = [&[]; KEYS];
            for (r, &k) in runs.iter_mut().zip(batch) {
                *r = self.run(k);
            }
            for run in &runs[..batch.len()] {
                forms.extend(run.iter().filter(|&&p| near.apart(posting_sketch(p)) <= 2 * d).map(|&p| posting_form(p)));
            }
        }
        // Each form's slot (past u16::MAX, read where the wide sketches are).
        let forms: Vec<Found> = forms
            .into_iter()
            .map(|f| {
                let id = (f >> 2) as usize;
                match self.slots.get(id).copied() {
                    Some(u16::MAX) => (self.wide[id][0], f),
                    Some(s) => (u32::from(s), f),
                    None => (0, f),
                }
            })
            .chain(extra.iter().copied())
            .collect();
        // The wide sketch, read for the forms a slot's turn comes to, drops most of those left.
        let near_wide = query.wide;
        let far = |f: Form| {
            self.wide.get((f >> 2) as usize).is_some_and(|w| wide_edits(w[1 + (f & 3) as usize], near_wide) > d)
        };
        // Slot by slot, each slot's forms sorted (and once each) only when its turn comes: a
        // caller that stops early sorts no more than it reads.
        // The segments a form holds are counted only for a long query: a short one's distance
        // (bit vectors, `suggest::Pattern`) costs less than counting them.
        let check_held = q.len() > 64;
        let (mut forms, groups) = by_slot(forms);
        for (slot, range) in groups {
            let group = &mut forms[range];
            group.sort_unstable();
            let kept = dedup_sorted(group);
            let group: Vec<Form> = group[..kept].iter().copied().filter(|&f| !far(f)).collect();
            // The texts a few forms at a time: their entries and bytes are fetched together
            // (the memory waits overlap), then looked at.
            const BATCH: usize = 16;
            for batch in group.chunks(BATCH) {
                let mut texts: [Option<&'t str>; BATCH] = [None; BATCH];
                for (t, &form) in texts.iter_mut().zip(batch) {
                    *t = text(form).filter(|t| (lo..=hi).contains(&compared(t).len()));
                }
                std::hint::black_box(texts.iter().flatten().fold(0u8, |x, t| x ^ t.bytes().next().unwrap_or(0)));
                for (whole, &form) in texts.iter().zip(batch) {
                    let Some(whole) = *whole else { continue };
                    let t = compared(whole);
                    let len = t.len();
                    let m = segments(len);
                    let at_len = &ranges[len - lo];
                    // Segments the query holds where it may: by their keys (a key two segments
                    // share only lets a form through to the distance).
                    let held = || {
                        (0..m)
                            .filter(|&i| {
                                let (start, n) = segment(len, m, i);
                                let (a, b) = at_len[i];
                                keys[a as usize..b as usize].binary_search(&key(len, i, &t[start..start + n])).is_ok()
                            })
                            .count()
                    };
                    if (!check_held || held() >= m.saturating_sub(d).max(1)) && found(slot, form, whole).is_break() {
                        return;
                    }
                }
            }
        }
    }
}

/// The forms of `found` grouped by slot (a counting sort: slots are few, and dense), and each
/// slot with its group's range, the slots in order.
fn by_slot(found: Vec<Found>) -> (Vec<Form>, Vec<(u32, std::ops::Range<usize>)>) {
    let slots = found.iter().map(|&(s, _)| s as usize + 1).max().unwrap_or(0);
    if slots > 4 * found.len() + 64 {
        // Few forms over many slots: sorted at once (as `u64`s, as postings are).
        let mut packed: Vec<u64> = found.iter().map(|&(s, f)| u64::from(s) << 32 | u64::from(f)).collect();
        packed.sort_unstable();
        let mut groups: Vec<(u32, std::ops::Range<usize>)> = Vec::new();
        for (i, &p) in packed.iter().enumerate() {
            let s = (p >> 32) as u32;
            match groups.last_mut() {
                Some((g, r)) if *g == s => r.end = i + 1,
                _ => groups.push((s, i..i + 1)),
            }
        }
        return (packed.into_iter().map(|p| p as Form).collect(), groups);
    }
    let mut starts = vec![0usize; slots + 1];
    for &(s, _) in &found {
        starts[s as usize + 1] += 1;
    }
    for i in 1..=slots {
        starts[i] += starts[i - 1];
    }
    let groups =
        (0..slots).filter(|&s| starts[s] < starts[s + 1]).map(|s| (s as u32, starts[s]..starts[s + 1])).collect();
    let mut forms = vec![0; found.len()];
    for (s, f) in found {
        forms[starts[s as usize]] = f;
        starts[s as usize] += 1;
    }
    (forms, groups)
}

/// Keeps the first of each run of equal items of sorted `items` at its front; how many.
fn dedup_sorted<T: PartialEq + Copy>(items: &mut [T]) -> usize {
    let mut kept = 0;
    for i in 0..items.len() {
        if kept == 0 || items[i] != items[kept - 1] {
            items[kept] = items[i];
            kept += 1;
        }
    }
    kept
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
            f(0, 1, "github__search_code");
            f(4, 0, "memory__read_graph");
        });
        let text = |f: Form| match f {
            0 => Some("github__search_code"),
            4 => Some("memory__read_graph"),
            _ => None,
        };
        let mut got = Vec::new();
        let mut all = |_, f, _: &str| {
            got.push(f);
            ControlFlow::Continue(())
        };
        index.candidates(&Query::new("github__serch_code"), 1, &[], text, &mut all);
        // A transposition across a segment boundary: one edit.
        index.candidates(&Query::new("memory__raed_graph"), 1, &[], text, &mut all);
        index.candidates(&Query::new("memory__read_grpah"), 1, &[], text, &mut all);
        assert_eq!(got, [0, 4, 4]);
        got.clear();
        index.candidates(&Query::new("zzzzzzzzzzzzzzzzzz"), 2, &[], text, |_, f, _| {
            got.push(f);
            ControlFlow::Continue(())
        });
        assert!(got.is_empty(), "{got:?}");
    }

    #[test]
    fn hands_forms_over_slot_by_slot_and_stops_when_asked() {
        let mut index = Index::default();
        let names = ["tool_a1", "tool_a2", "tool_a3"];
        index.add_all(&|f| {
            for (i, n) in names.iter().enumerate() {
                f((i as Form) << 2, 2 - i as u32, n);
            }
        });
        let text = |f: Form| names.get((f >> 2) as usize).copied();
        let mut slots = Vec::new();
        index.candidates(&Query::new("tool_a"), 1, &[], text, |slot, _, _| {
            slots.push(slot);
            if slot == 1 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(slots, [0, 1]);
    }

    #[test]
    fn a_run_is_every_posting_of_its_key() {
        let mut index = Index::default();
        // Many forms of one text (a long run), and others around it.
        let texts: Vec<String> =
            (0..3000).map(|i| if i % 3 == 0 { "same_name".into() } else { format!("n{i}") }).collect();
        index.add_all(&|f| {
            for (i, t) in texts.iter().enumerate() {
                f((i as Form) << 2, 0, t);
            }
        });
        for t in ["same_name", "n1", "n2999", "absent"] {
            let bytes = compared(t);
            let m = segments(bytes.len());
            for i in 0..m {
                let (start, n) = segment(bytes.len(), m, i);
                let k = key(bytes.len(), i, &bytes[start..start + n]);
                let all: Vec<u64> = index.buckets[index.bucket(k)]
                    .postings
                    .iter()
                    .copied()
                    .filter(|&p| posting_key(p) == k & KEY_MASK)
                    .collect();
                assert_eq!(index.run(k), all.as_slice(), "{t} segment {i}");
            }
        }
    }

    #[test]
    fn sketch_edits_are_the_sum_over_classes() {
        let slow = |a: u32, b: u32| {
            let apart: usize = (0..CLASSES)
                .map(|c| {
                    let r = ((a >> (2 * c)).wrapping_sub(b >> (2 * c)) & 3) as usize;
                    r.min(4 - r)
                })
                .sum();
            apart.div_ceil(2)
        };
        let mut x: u32 = 0x1234_5678;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let (a, b) = (x & 0xff_ffff, x.rotate_left(11) & 0xff_ffff);
            assert_eq!(sketch_edits(a, b), slow(a, b), "{a:x} {b:x}");
        }
    }

    #[test]
    fn the_query_tables_agree_with_the_lanes() {
        let mut x: u32 = 0x2545_f491;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let (q, p) = (x & 0xff_ffff, x.rotate_left(9) & 0xff_ffff);
            let near = Near::new(q);
            assert_eq!(near.apart(p).div_ceil(2), sketch_edits(p, q), "{q:x} {p:x}");
        }
    }

    #[test]
    fn sketches_bound_the_edits() {
        for (a, b, edits) in
            [("srv7__create_status_xq", "srv3__create_status_53", 3), ("echo", "ecoh", 1), ("ab", "ba", 0)]
        {
            let (a, b) = (a.as_bytes(), b.as_bytes());
            let (small, wide) = (sketch_edits(sketch(a), sketch(b)), wide_edits(wide_sketch(a), wide_sketch(b)));
            assert!(small <= edits && wide <= edits, "{a:?} {b:?}: {small} {wide}");
        }
    }
}
