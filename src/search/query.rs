//! A query: its words, and the vocabulary terms each reaches.
//!
//! A query word reaches:
//! - itself, with weight 1, when some document holds it;
//! - when it has at least [`MIN_EXPANDED`] characters and is not a description stop word: the
//!   [`MAX_PREFIXED`] shortest words it begins (among the first [`PREFIX_SCAN`] in byte order;
//!   ties in byte order), with weight [`PREFIX_WEIGHT`] (`repo` reaches `repos`, `repository`;
//!   `file` reaches `files`);
//! - when, besides, no document holds it: the nearest words within [`edits`] of it, those at
//!   the fewest edits only, at most [`MAX_NEAR`] of them (the words more documents hold first,
//!   then byte order), each with weight [`EDIT_WEIGHT`] to the power of its edits (`usr`
//!   reaches `user`, `profle` reaches `profile`, `serach` reaches `search`). Edits are those of
//!   the suggestion machinery ([`crate::suggest::distance`]), but for two neighbouring letters
//!   swapped, the commonest slip, which is one edit here, not two (`vocab::swapped`).
//!
//! Why not the suggestion limit (a quarter of the length): it is made for whole tool names,
//! where a quarter of 20 characters is 5 edits. Words are short: one edit up to 5 characters,
//! two from 6 (the steps full-text engines use for their automatic fuzziness). Only the nearest
//! are kept so that a farther word that many tools hold (`each`, 2 edits from `serach`) does
//! not crowd out the one meant (`search`, 1 swap).
//!
//! A description stop word (`a`, `the`, `to`…) reaches nothing when the query has other words:
//! `take a screenshot` is about screenshots, not about a tool whose parameter is named `a`, and
//! `post message to slack` not about `reply_to_thread` (the name boosts still see it:
//! `get user by id` is exactly `get_user_by_id`). A term reached twice keeps the higher weight. Bounded: the first [`MAX_QUERY_BYTES`] bytes
//! of a query are read, of which the first [`MAX_QUERY_WORDS`] words; repeated words count once.

use super::tokenize::{is_stop, words};
use super::vocab::{TermId, Vocab};

/// Bytes of a query that are read.
pub(crate) const MAX_QUERY_BYTES: usize = 256;
/// Words of a query that are used.
pub(crate) const MAX_QUERY_WORDS: usize = 16;
/// Characters a query word needs to reach other words than itself.
pub(crate) const MIN_EXPANDED: usize = 3;
/// Words a query word reaches as their prefix, and how many it looks at to choose them.
pub(crate) const MAX_PREFIXED: usize = 8;
pub(crate) const PREFIX_SCAN: usize = 64;
/// Weight of a word the query word begins.
pub(crate) const PREFIX_WEIGHT: f64 = 0.5;
/// Near words a query word no document holds reaches, and at most how many edits away.
pub(crate) const MAX_NEAR: usize = 4;
/// Edits a near word may be from a query word of 6 characters or more.
pub(crate) const MAX_EDITS: usize = 2;
/// Weight of a near word: this to the power of its edits.
pub(crate) const EDIT_WEIGHT: f64 = 0.6;

/// Edits a near word may be from `word`: 1 up to 5 characters, [`MAX_EDITS`] from 6 (words
/// under [`MIN_EXPANDED`] characters reach no near word).
pub(crate) fn edits(word: &str) -> usize {
    if word.chars().count() <= 5 {
        1
    } else {
        MAX_EDITS
    }
}

/// A query word and its id, if some document holds it.
#[derive(Clone, Debug)]
pub(crate) struct Word {
    pub text: String,
    pub id: Option<TermId>,
}

/// A parsed query.
#[derive(Debug)]
pub(crate) struct Query {
    /// Its words in order (for the name boosts).
    pub words: Vec<Word>,
    /// Each distinct word's terms and weights, in the order the words first come.
    pub reach: Vec<Vec<(TermId, f64)>>,
    /// The words the last word begins (longer ones), sorted, when there are at most
    /// [`MAX_BEGUN`]: the name boosts ask about tens of thousands of names at 100,000 tools,
    /// and a search in this list is cheaper than reading each word's text.
    begun: Option<Vec<TermId>>,
}

/// Most words a query keeps as the ones its last word begins (more are compared as text).
pub(crate) const MAX_BEGUN: usize = 1024;

/// `text` cut to at most `max` bytes, on a character boundary.
pub(crate) fn head(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

fn reach(word: &str, id: Option<TermId>, vocab: &Vocab) -> Vec<(TermId, f64)> {
    let mut out: Vec<(TermId, f64)> = id.map(|id| (id, 1.0)).into_iter().collect();
    let mut add = |t: TermId, w: f64| match out.iter_mut().find(|(o, _)| *o == t) {
        Some(o) => o.1 = o.1.max(w),
        None => out.push((t, w)),
    };
    if is_stop(word) || word.chars().count() < MIN_EXPANDED {
        return out;
    }
    let mut longer: Vec<TermId> = vocab.prefixed(word, PREFIX_SCAN).collect();
    longer.sort_by(|&a, &b| vocab.text(a).len().cmp(&vocab.text(b).len()).then(vocab.text(a).cmp(vocab.text(b))));
    for t in longer.into_iter().take(MAX_PREFIXED) {
        add(t, PREFIX_WEIGHT);
    }
    if id.is_none() {
        let mut near = vocab.near(word, edits(word));
        let fewest = near.iter().map(|&(_, e)| e).min().unwrap_or(0);
        near.retain(|&(_, e)| e == fewest);
        near.sort_by(|&(a, _), &(b, _)| vocab.df(b).cmp(&vocab.df(a)).then(vocab.text(a).cmp(vocab.text(b))));
        for (t, e) in near.into_iter().take(MAX_NEAR) {
            add(t, EDIT_WEIGHT.powi(e as i32));
        }
    }
    out
}

impl Query {
    /// The words of `text` and what each reaches in `vocab`.
    pub(crate) fn parse(text: &str, vocab: &Vocab) -> Query {
        let mut seq: Vec<Word> = Vec::new();
        words(head(text, MAX_QUERY_BYTES), |w| {
            seq.push(Word { text: w.to_string(), id: vocab.get(w) });
            seq.len() < MAX_QUERY_WORDS
        });
        let only_stop = seq.iter().all(|w| is_stop(&w.text));
        let mut reached = Vec::new();
        for (i, w) in seq.iter().enumerate() {
            if seq[..i].iter().all(|o| o.text != w.text) && (only_stop || !is_stop(&w.text)) {
                reached.push(reach(&w.text, w.id, vocab));
            }
        }
        let begun = seq.last().and_then(|w| {
            let mut ids: Vec<TermId> = vocab.prefixed(&w.text, MAX_BEGUN + 1).collect();
            ids.sort_unstable();
            (ids.len() <= MAX_BEGUN).then_some(ids)
        });
        Query { words: seq, reach: reached, begun }
    }

    /// Whether the last word begins the (longer) word `t`.
    pub(crate) fn last_begins(&self, t: TermId, vocab: &Vocab) -> bool {
        match (&self.begun, self.words.last()) {
            (Some(ids), _) => ids.binary_search(&t).is_ok(),
            (None, Some(w)) => vocab.text(t).len() > w.text.len() && vocab.text(t).starts_with(w.text.as_str()),
            (None, None) => false,
        }
    }
}
