//! The index: documents in slots, their postings in the vocabulary, the statistics BM25 needs
//! kept exact on every change, and the query that reads them.
//!
//! Documents are keyed by the caller's `u32` id and stored in slots of their own. Inserting
//! costs the document's words; removing costs its distinct terms: the statistics (document
//! count, each term's document frequency, each field's summed length) are updated at once, and
//! the document's postings stay behind, skipped by queries, until stale postings are more than a
//! quarter of the live ones (or dead slots outnumber live documents), when one pass over the
//! postings drops them all and the slots are reused. So any sequence of changes costs amortized
//! time proportional to the words it adds, and memory proportional to the live documents (at
//! most a quarter more postings than they hold).

use super::query::Query;
use super::score::{self, END};
use super::tokenize::{is_stop, words};
use super::vocab::{Posting, TermId, Vocab, FIELDS};
use super::{Document, Hit, Matched};
use super::{MAX_DESCRIPTION_WORDS, MAX_NAMES, MAX_NAME_KEY, MAX_NAME_WORDS, MAX_PARAMETERS, MAX_PARAMETER_WORDS};
use std::collections::HashMap;
use std::sync::Mutex;

/// Stale postings (or dead slots) tolerated whatever the size of the index.
const MIN_STALE: usize = 1024;

/// What a query reads of every document it reaches, apart from the rest (12 bytes a slot, so
/// that reading a long posting list stays in cache).
#[derive(Clone, Copy, Debug, Default)]
struct Meta {
    /// Words per field.
    lens: [u16; FIELDS],
    live: bool,
    group: u32,
}

#[derive(Debug)]
struct Doc {
    id: u32,
    /// Its first name (at most [`MAX_NAME_KEY`] bytes), the key that orders equal scores.
    name: Box<str>,
    /// Each name's words, each ended by [`END`].
    names: Box<[TermId]>,
    /// Its distinct terms.
    terms: Box<[TermId]>,
}

/// Per-query work space, kept between queries (a query resets what it touched).
#[derive(Debug, Default)]
struct Scratch {
    /// By slot: the query's running score, the current word's best part, the fields hit.
    total: Vec<f64>,
    best: Vec<f64>,
    fields: Vec<u8>,
    /// Slots the current word reached, and slots any word reached.
    word: Vec<u32>,
    hits: Vec<u32>,
}

impl Scratch {
    fn fit(&mut self, slots: usize) {
        if self.total.len() < slots {
            self.total.resize(slots, 0.0);
            self.best.resize(slots, 0.0);
            self.fields.resize(slots, 0);
        }
    }

    fn heap_size(&self) -> usize {
        self.total.capacity() * 16 + self.fields.capacity() + (self.word.capacity() + self.hits.capacity()) * 4
    }
}

/// The search index. See the module documentation of `search`.
#[derive(Debug, Default)]
pub(crate) struct SearchIndex {
    vocab: Vocab,
    docs: Vec<Option<Doc>>,
    meta: Vec<Meta>,
    slots: HashMap<u32, u32>,
    /// Slots of removed documents whose postings may remain, and slots free for reuse.
    dead: Vec<u32>,
    free: Vec<u32>,
    total_len: [u64; FIELDS],
    live_postings: usize,
    stale_postings: usize,
    scratch: Mutex<Scratch>,
}

/// (term, field, which name) of each word of a document.
type Occurrence = (TermId, u8, u8);

impl SearchIndex {
    /// An empty index.
    pub(crate) fn new() -> SearchIndex {
        SearchIndex::default()
    }

    /// Documents held.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    /// Words of `doc` as occurrences, and its names' words.
    fn read(&mut self, doc: &Document<'_>) -> (Vec<Occurrence>, Vec<TermId>) {
        let vocab = &mut self.vocab;
        let mut seen: Vec<Occurrence> = Vec::new();
        let mut names: Vec<TermId> = Vec::new();
        for (k, name) in doc.names.iter().take(MAX_NAMES).enumerate() {
            let mut n = 0;
            words(name, |w| {
                let t = vocab.intern(w);
                names.push(t);
                seen.push((t, 0, k as u8));
                n += 1;
                n < MAX_NAME_WORDS
            });
            names.push(END);
        }
        let mut n = 0;
        if let Some(text) = doc.description {
            words(text, |w| {
                if !is_stop(w) {
                    seen.push((vocab.intern(w), 1, 0));
                    n += 1;
                }
                n < MAX_DESCRIPTION_WORDS
            });
        }
        let mut n = 0;
        for p in doc.parameters.iter().take(MAX_PARAMETERS) {
            if n >= MAX_PARAMETER_WORDS {
                break;
            }
            words(p, |w| {
                seen.push((vocab.intern(w), 2, 0));
                n += 1;
                n < MAX_PARAMETER_WORDS
            });
        }
        (seen, names)
    }

    /// Adds `doc` under `id`, in place of the document `id` had if any.
    pub(crate) fn insert(&mut self, id: u32, doc: &Document<'_>) {
        self.remove(id);
        let (mut seen, names) = self.read(doc);
        seen.sort_unstable();
        let slot = match self.free.pop() {
            Some(s) => s,
            None => {
                self.docs.push(None);
                self.meta.push(Meta::default());
                (self.docs.len() - 1) as u32
            }
        };
        let mut terms = Vec::new();
        let mut lens = [0u32; FIELDS];
        for group in seen.chunk_by(|a, b| a.0 == b.0) {
            let mut tf = [0u32; FIELDS];
            for run in group.chunk_by(|a, b| a == b) {
                let (f, c) = (usize::from(run[0].1), run.len() as u32);
                // A name's count is its most in any one name; the other fields' add up.
                tf[f] = if f == 0 { tf[f].max(c) } else { tf[f] + c };
            }
            for (l, c) in lens.iter_mut().zip(tf) {
                *l += c;
            }
            let term = group[0].0;
            self.vocab.add(term, Posting { slot, tf: tf.map(|c| c.min(255) as u8) });
            terms.push(term);
        }
        let lens = lens.map(|l| l.min(u32::from(u16::MAX)) as u16);
        for (total, l) in self.total_len.iter_mut().zip(lens) {
            *total += u64::from(l);
        }
        self.live_postings += terms.len();
        let name = super::query::head(doc.names.first().copied().unwrap_or(""), MAX_NAME_KEY);
        self.docs[slot as usize] = Some(Doc { id, name: name.into(), names: names.into(), terms: terms.into() });
        self.meta[slot as usize] = Meta { lens, live: true, group: doc.group };
        self.slots.insert(id, slot);
    }

    /// Removes the document under `id`; whether there was one.
    pub(crate) fn remove(&mut self, id: u32) -> bool {
        let Some(slot) = self.slots.remove(&id) else { return false };
        let Some(doc) = self.docs.get_mut(slot as usize).and_then(Option::take) else { return false };
        let meta = std::mem::take(&mut self.meta[slot as usize]);
        for &t in doc.terms.iter() {
            self.stale_postings += 1;
            let dropped = self.vocab.drop_one(t);
            self.stale_postings = self.stale_postings.saturating_sub(dropped);
        }
        self.live_postings = self.live_postings.saturating_sub(doc.terms.len());
        for (total, l) in self.total_len.iter_mut().zip(meta.lens) {
            *total = total.saturating_sub(u64::from(l));
        }
        self.dead.push(slot);
        let postings = self.stale_postings > (self.live_postings / 4).max(MIN_STALE);
        if postings || self.dead.len() > self.slots.len().max(MIN_STALE) {
            self.compact();
        }
        true
    }

    /// Drops every stale posting; the dead slots become free.
    fn compact(&mut self) {
        let docs = &self.docs;
        self.vocab.compact(|slot| matches!(docs.get(slot as usize), Some(Some(_))));
        self.free.append(&mut self.dead);
        self.stale_postings = 0;
    }

    /// The best `limit` documents for `text`, best first (equal scores by first name, then id),
    /// among those of `group` if given. See `score.rs` and `query.rs`.
    pub(crate) fn query(&self, text: &str, limit: usize, group: Option<u32>) -> Vec<Hit> {
        if limit == 0 || self.slots.is_empty() {
            return Vec::new();
        }
        let q = Query::parse(text, &self.vocab);
        let n = self.slots.len();
        let avg = score::averages(self.total_len, n);
        let mut guard = self.scratch.try_lock().ok();
        let mut local = Scratch::default();
        let sc: &mut Scratch = match guard.as_deref_mut() {
            Some(s) => s,
            None => &mut local,
        };
        sc.fit(self.docs.len());
        for reach in &q.reach {
            for &(term, weight) in reach {
                let idf = score::idf(self.vocab.df(term), n);
                for p in self.vocab.postings(term) {
                    let Some(m) = self.meta.get(p.slot as usize) else { continue };
                    if !m.live || group.is_some_and(|g| g != m.group) {
                        continue;
                    }
                    let c = weight * idf * score::part(p.tf, m.lens, avg);
                    let s = p.slot as usize;
                    if sc.best[s] == 0.0 {
                        sc.word.push(p.slot);
                    }
                    if c > sc.best[s] {
                        sc.best[s] = c;
                    }
                    if sc.fields[s] == 0 {
                        sc.hits.push(p.slot);
                    }
                    sc.fields[s] |= Matched::of(p.tf).0;
                }
            }
            for &s in &sc.word {
                sc.total[s as usize] += sc.best[s as usize];
                sc.best[s as usize] = 0.0;
            }
            sc.word.clear();
        }
        let mut found: Vec<(f64, u32, u8)> = Vec::with_capacity(sc.hits.len());
        for &s in &sc.hits {
            found.push((sc.total[s as usize], s, sc.fields[s as usize]));
            sc.total[s as usize] = 0.0;
            sc.fields[s as usize] = 0;
        }
        sc.hits.clear();
        drop(guard);
        self.rank(found, &q, limit)
    }

    /// The best `limit` of the documents found (score before boosts, slot, fields), boosted,
    /// best first. A boost is at most [`score::EXACT_BOOST`], so only the `limit` best before
    /// boosts and those that a boost could lift to the worst of them boosted are looked at: a
    /// few, not the tens of thousands a common word finds.
    fn rank(&self, mut found: Vec<(f64, u32, u8)>, q: &Query, limit: usize) -> Vec<Hit> {
        let k = limit.min(found.len());
        if k == 0 {
            return Vec::new();
        }
        if found.len() > k {
            found.select_nth_unstable_by(k - 1, |a, b| b.0.total_cmp(&a.0));
        }
        let boosted = |&(total, slot, fields): &(f64, u32, u8)| {
            let doc = self.docs.get(slot as usize).and_then(Option::as_ref)?;
            let named = Matched(fields).name();
            Some((if named { total * score::boost(q, &doc.names, &self.vocab) } else { total }, fields, doc))
        };
        let mut best: Vec<(f64, u8, &Doc)> = found[..k].iter().filter_map(boosted).collect();
        let floor = best.iter().map(|b| b.0).fold(f64::INFINITY, f64::min);
        best.extend(found[k..].iter().filter(|f| f.0 * score::EXACT_BOOST >= floor).filter_map(boosted));
        let order = |a: &(f64, u8, &Doc), b: &(f64, u8, &Doc)| {
            b.0.total_cmp(&a.0).then_with(|| a.2.name.cmp(&b.2.name)).then(a.2.id.cmp(&b.2.id))
        };
        if best.len() > k {
            best.select_nth_unstable_by(k - 1, order);
            best.truncate(k);
        }
        best.sort_unstable_by(order);
        best.into_iter().map(|(score, fields, doc)| Hit { id: doc.id, score, matched: Matched(fields) }).collect()
    }

    /// Bytes the index holds on the heap (an estimate, see `Vocab::heap_size`), work space
    /// included.
    pub(crate) fn heap_size(&self) -> usize {
        use std::mem::size_of;
        let docs: usize = self.docs.iter().flatten().map(|d| d.name.len() + 4 * (d.names.len() + d.terms.len())).sum();
        let scratch = self.scratch.try_lock().map_or(0, |s| s.heap_size());
        self.vocab.heap_size()
            + self.docs.capacity() * size_of::<Option<Doc>>()
            + self.meta.capacity() * size_of::<Meta>()
            + docs
            + self.slots.capacity() * (size_of::<(u32, u32)>() + 1)
            + (self.dead.capacity() + self.free.capacity()) * 4
            + scratch
    }

    /// Slots allocated, live or not (tests: compaction keeps them near the live documents).
    #[cfg(test)]
    pub(crate) fn slots(&self) -> usize {
        self.docs.len()
    }

    /// Checks the bookkeeping against the documents (tests).
    #[cfg(test)]
    pub(crate) fn check(&self) {
        self.vocab.check();
        let live: Vec<&Doc> = self.docs.iter().flatten().collect();
        assert_eq!(live.len(), self.slots.len());
        for d in &live {
            assert_eq!(self.docs[self.slots[&d.id] as usize].as_ref().map(|x| x.id), Some(d.id));
        }
        assert_eq!(self.live_postings, live.iter().map(|d| d.terms.len()).sum::<usize>());
        for f in 0..FIELDS {
            let lens = self.meta.iter().filter(|m| m.live).map(|m| u64::from(m.lens[f]));
            assert_eq!(self.total_len[f], lens.sum::<u64>());
        }
        assert_eq!(self.meta.len(), self.docs.len());
        for (m, d) in self.meta.iter().zip(&self.docs) {
            assert_eq!(m.live, d.is_some());
        }
        for &s in self.dead.iter().chain(&self.free) {
            assert!(self.docs[s as usize].is_none());
        }
        let terms: std::collections::BTreeSet<TermId> = live.iter().flat_map(|d| d.terms.iter().copied()).collect();
        assert_eq!(terms.len(), self.vocab.len(), "the vocabulary is the live documents' terms");
        let mut stale = 0;
        for &t in &terms {
            let postings = self.vocab.postings(t);
            assert_eq!(
                self.vocab.df(t) as usize,
                postings.iter().filter(|p| self.docs[p.slot as usize].is_some()).count()
            );
            stale += postings.iter().filter(|p| self.docs[p.slot as usize].is_none()).count();
            assert!(postings.iter().all(|p| !self.free.contains(&p.slot)), "a free slot has no posting");
        }
        assert_eq!(stale, self.stale_postings);
        for d in &live {
            for &t in d.terms.iter() {
                let own = self.vocab.postings(t).iter().filter(|p| self.slots[&d.id] == p.slot).count();
                assert_eq!(own, 1, "one posting per document and term");
            }
        }
        assert!(self.vocab.len() <= self.live_postings);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_stay_near_the_live_documents() {
        let mut index = SearchIndex::new();
        let mut live = std::collections::BTreeSet::new();
        for step in 0..6000u32 {
            let id = step * 7 % 40;
            if step % 3 == 0 {
                assert_eq!(index.remove(id), live.remove(&id));
            } else {
                let name = format!("tool_{step}");
                index.insert(id, &Document { names: &[&name], ..Document::default() });
                live.insert(id);
            }
        }
        index.check();
        assert_eq!(index.len(), live.len());
        // 6,000 changes to 40 documents: the slots are the live ones and a bounded number of
        // dead ones awaiting compaction, not one a change.
        assert!(index.slots() < 40 + 2 * MIN_STALE, "{} slots", index.slots());
    }
}
