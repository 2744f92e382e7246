//! The vocabulary: every word some live document holds, interned once as a [`TermId`], with its
//! document frequency and its postings; and the two ways a query word that is not there
//! reaches words that are: as a prefix of them, and within a few edits of them.
//!
//! A term lives while a document holds it: the document frequency is kept exact on every insert
//! and removal, and a term no document holds any more is dropped at once (its id is reused), so
//! that a catalog that churns through names does not grow the vocabulary without end.

use super::tokenize::MAX_WORD;
use std::collections::{BTreeMap, HashMap};

/// A word's id.
pub(crate) type TermId = u32;

/// Fields, in the order of [`Posting::tf`].
pub(crate) const FIELDS: usize = 3;

/// One document holding one term: the document's slot and how often the term is in each field
/// (name, description, parameters; at most 255). Eight bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Posting {
    pub slot: u32,
    pub tf: [u8; FIELDS],
}

#[derive(Debug)]
struct Term {
    text: Box<str>,
    /// Live documents holding it; 0 for a free id.
    df: u32,
    /// Its documents' postings, and postings of removed documents not yet dropped.
    postings: Vec<Posting>,
    /// Which byte classes it holds ([`mask`]).
    mask: u64,
    /// Its place in `by_len[text.len()]`.
    pos: u32,
}

/// The words, their statistics and postings. See the module documentation.
#[derive(Debug, Default)]
pub(crate) struct Vocab {
    terms: Vec<Term>,
    ids: HashMap<Box<str>, TermId>,
    /// The same words in byte order, for prefixes.
    sorted: BTreeMap<Box<str>, TermId>,
    /// Live terms by length in bytes, for near words.
    by_len: Vec<Vec<TermId>>,
    free: Vec<TermId>,
}

/// Which of 64 classes of bytes `word` holds: letters and digits one class each, other bytes
/// shared. One edit adds or removes at most one byte value, and a substitution both, so two
/// words `d` edits apart differ in at most `2d` classes: [`Vocab::near`] skips words farther
/// than that without computing their distance.
pub(crate) fn mask(word: &str) -> u64 {
    word.bytes().fold(0, |m, b| {
        let bit = match b {
            b'a'..=b'z' => b - b'a',
            b'0'..=b'9' => 26 + b - b'0',
            _ => 36 + b % 28,
        };
        m | 1 << bit
    })
}

/// Whether `b` is `a` with two neighbouring bytes swapped (and nothing else changed).
pub(crate) fn swapped(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let Some(i) = a.iter().zip(b).position(|(x, y)| x != y) else { return false };
    i + 1 < a.len() && a[i] == b[i + 1] && a[i + 1] == b[i] && a[i + 2..] == b[i + 2..]
}

impl Vocab {
    /// The id of `word`, if a live document holds it.
    pub(crate) fn get(&self, word: &str) -> Option<TermId> {
        self.ids.get(word).copied()
    }

    /// The id of `word`, made if it is new (with no documents until [`Vocab::add`]).
    pub(crate) fn intern(&mut self, word: &str) -> TermId {
        if let Some(&id) = self.ids.get(word) {
            return id;
        }
        let len = word.len().min(MAX_WORD);
        if self.by_len.len() <= len {
            self.by_len.resize_with(len + 1, Vec::new);
        }
        let term = Term { text: word.into(), df: 0, postings: Vec::new(), mask: mask(word), pos: 0 };
        let id = match self.free.pop() {
            Some(id) => {
                self.terms[id as usize] = term;
                id
            }
            None => {
                self.terms.push(term);
                (self.terms.len() - 1) as TermId
            }
        };
        let t = &mut self.terms[id as usize];
        t.pos = self.by_len[len].len() as u32;
        self.by_len[len].push(id);
        self.ids.insert(word.into(), id);
        self.sorted.insert(word.into(), id);
        id
    }

    /// Notes one more document holding `id`, with its posting.
    pub(crate) fn add(&mut self, id: TermId, posting: Posting) {
        let t = &mut self.terms[id as usize];
        t.df += 1;
        t.postings.push(posting);
    }

    /// Notes one document fewer holding `id` (its posting stays until [`Vocab::compact`]).
    /// When none is left, the term is dropped with every posting it had: the count of those
    /// postings is returned.
    pub(crate) fn drop_one(&mut self, id: TermId) -> usize {
        let Some(t) = self.terms.get_mut(id as usize) else { return 0 };
        t.df = t.df.saturating_sub(1);
        if t.df > 0 {
            return 0;
        }
        let postings = std::mem::take(&mut t.postings).len();
        let text = std::mem::take(&mut t.text);
        let (len, pos) = (text.len().min(MAX_WORD), t.pos as usize);
        let bucket = &mut self.by_len[len];
        bucket.swap_remove(pos);
        if let Some(&moved) = bucket.get(pos) {
            self.terms[moved as usize].pos = pos as u32;
        }
        self.ids.remove(&text);
        self.sorted.remove(&text);
        self.free.push(id);
        postings
    }

    /// Drops every posting whose slot `live` says is gone.
    pub(crate) fn compact(&mut self, live: impl Fn(u32) -> bool) {
        for t in &mut self.terms {
            t.postings.retain(|p| live(p.slot));
            if t.postings.capacity() > 2 * t.postings.len() + 4 {
                t.postings.shrink_to_fit();
            }
        }
    }

    pub(crate) fn text(&self, id: TermId) -> &str {
        self.terms.get(id as usize).map_or("", |t| &t.text)
    }

    pub(crate) fn df(&self, id: TermId) -> u32 {
        self.terms.get(id as usize).map_or(0, |t| t.df)
    }

    pub(crate) fn postings(&self, id: TermId) -> &[Posting] {
        self.terms.get(id as usize).map_or(&[], |t| &t.postings)
    }

    /// Live words that start with `word` and are longer, in byte order, at most `scan` of them.
    pub(crate) fn prefixed<'v>(&'v self, word: &'v str, scan: usize) -> impl Iterator<Item = TermId> + 'v {
        self.sorted
            .range::<str, _>((std::ops::Bound::Excluded(word), std::ops::Bound::Unbounded))
            .take_while(move |(t, _)| t.starts_with(word))
            .take(scan)
            .map(|(_, &id)| id)
    }

    /// Live words within `d` edits of `word`, each with its edits, in no particular order:
    /// edits as [`crate::suggest::distance`] counts them (bytes inserted, deleted, replaced),
    /// except that two neighbouring bytes swapped ([`swapped`]) are one edit, not two. Reads only
    /// the words whose length is within `d` of `word`'s, and computes the distance only for
    /// those whose [`mask`] allows it (a swap leaves the mask as it is).
    pub(crate) fn near(&self, word: &str, d: usize) -> Vec<(TermId, usize)> {
        let m = mask(word);
        let mut out = Vec::new();
        let lo = word.len().saturating_sub(d);
        for len in lo..=word.len() + d {
            for &id in self.by_len.get(len).map_or(&[][..], Vec::as_slice) {
                let t = &self.terms[id as usize];
                if swapped(word, &t.text) {
                    out.push((id, 1));
                    continue;
                }
                if (t.mask ^ m).count_ones() as usize > 2 * d {
                    continue;
                }
                if let Some(e) = crate::suggest::distance(word, &t.text, d) {
                    out.push((id, e));
                }
            }
        }
        out
    }

    /// Live terms.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.ids.len()
    }

    /// Bytes held on the heap (an estimate: a hash map entry is counted as its key, value and
    /// control byte; a B-tree entry as its key and value plus half again for the nodes).
    pub(crate) fn heap_size(&self) -> usize {
        use std::mem::size_of;
        let words: usize = self.terms.iter().map(|t| t.text.len()).sum();
        let postings: usize = self.terms.iter().map(|t| t.postings.capacity() * size_of::<Posting>()).sum();
        let by_len: usize = self.by_len.iter().map(|b| b.capacity() * 4).sum();
        self.terms.capacity() * size_of::<Term>()
            + postings
            + 3 * words
            + self.ids.capacity() * (size_of::<(Box<str>, TermId)>() + 1)
            + self.sorted.len() * size_of::<(Box<str>, TermId)>() * 3 / 2
            + by_len
            + self.by_len.capacity() * size_of::<Vec<TermId>>()
            + self.free.capacity() * 4
    }

    /// Checks the vocabulary's own bookkeeping (tests).
    #[cfg(test)]
    pub(crate) fn check(&self) {
        assert_eq!(self.ids.len(), self.sorted.len());
        let live = self.terms.iter().filter(|t| t.df > 0).count();
        assert_eq!(live, self.ids.len(), "every live term is in the maps, and no other");
        for (text, &id) in &self.ids {
            let t = &self.terms[id as usize];
            assert_eq!(&t.text, text);
            assert_eq!(self.sorted.get(text), Some(&id));
            assert_eq!(self.by_len[text.len()][t.pos as usize], id);
        }
        assert_eq!(self.by_len.iter().map(Vec::len).sum::<usize>(), live);
        for &id in &self.free {
            assert_eq!(self.terms[id as usize].df, 0);
            assert!(self.terms[id as usize].postings.is_empty());
        }
    }
}
