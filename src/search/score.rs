//! Scoring: BM25F over the three fields, then the name boosts.
//!
//! A query word `w` reaches terms `t` with a weight `weight(w, t)` (1 for `w` itself, less for
//! the words `w` is a prefix of or a few edits from: `query.rs`). For a document `D`:
//!
//! ```text
//! tf(t, D)    = Σ_f W_f · tf_f(t, D) / (1 − B_f + B_f · len_f(D) / avglen_f)
//! part(t, D)  = tf(t, D) · (K1 + 1) / (K1 + tf(t, D))
//! idf(t)      = ln(1 + (N − df(t) + 0.5) / (df(t) + 0.5))
//! score(D)    = boost(D) · Σ_w max_t weight(w, t) · idf(t) · part(t, D)
//! ```
//!
//! summed over the query's distinct words in their order, the fields `f` in the order name,
//! description, parameters (fields the term is not in add nothing). `N` is the number of
//! documents, `df(t)` how many hold `t` in any field, `len_f` a field's words and `avglen_f`
//! its mean over all documents (kept as exact integer sums, so a score does not depend on the
//! order documents came in). `boost(D)` is 1 when no term the query reached is in `D`'s name;
//! otherwise it is [`EXACT_BOOST`] when the query's words are exactly
//! one of the document's names' words, else [`PREFIX_BOOST`] when they begin one, else
//! [`PHRASE_BOOST`] when two or more of them stand together, in order, inside one (`merge
//! request` in `create_merge_request`, not in `merge_pull_request`), else 1.
//!
//! The constants: `K1 = 1.2` and `B = 0.75` for descriptions are the usual BM25 values; names
//! are short and of similar length, so their length counts less (`B = 0.5`), as for parameter
//! lists. A word in the name counts three times a word of the description (`W`), so that
//! `create issue` finds `create_issue` before a tool whose description mentions both.

use super::query::Query;
use super::vocab::{TermId, Vocab, FIELDS};

/// Saturation of term frequency.
pub(crate) const K1: f64 = 1.2;
/// Weight of a word in the name, the description, the parameter names.
pub(crate) const WEIGHT: [f64; FIELDS] = [3.0, 1.0, 1.0];
/// How much each field's length normalizes (0: not at all, 1: fully).
pub(crate) const B: [f64; FIELDS] = [0.5, 0.75, 0.5];
/// Factor of a document one of whose names has exactly the query's words.
pub(crate) const EXACT_BOOST: f64 = 3.0;
/// Factor of a document one of whose names begins with the query's words (the last one may be
/// the start of a word: `get_user_pro` begins `get_user_profile`).
pub(crate) const PREFIX_BOOST: f64 = 1.5;

/// Factor of a document one of whose names holds the query's words (two or more) together and
/// in order, not at its start: BM25 sees words, not their order, and a name is a phrase.
pub(crate) const PHRASE_BOOST: f64 = 1.25;

/// Ends each name's words in a document's list of them.
pub(crate) const END: TermId = TermId::MAX;

/// Inverse document frequency of a term `df` of `n` documents hold (always above 0).
pub(crate) fn idf(df: u32, n: usize) -> f64 {
    let (df, n) = (f64::from(df), n as f64);
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

/// Mean words of each field over `n` documents whose lengths sum to `total`.
pub(crate) fn averages(total: [u64; FIELDS], n: usize) -> [f64; FIELDS] {
    total.map(|t| if n == 0 { 0.0 } else { t as f64 / n as f64 })
}

/// `part(t, D)` of the module documentation, from the term's counts in `D`'s fields, `D`'s
/// field lengths and the means.
pub(crate) fn part(tf: [u8; FIELDS], lens: [u16; FIELDS], avg: [f64; FIELDS]) -> f64 {
    let mut t = 0.0;
    for f in 0..FIELDS {
        if tf[f] > 0 {
            t += WEIGHT[f] * f64::from(tf[f]) / (1.0 - B[f] + B[f] * f64::from(lens[f]) / avg[f]);
        }
    }
    t * (K1 + 1.0) / (K1 + t)
}

/// How the query's words stand to one name's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Fit {
    None,
    Phrase,
    Prefix,
    Exact,
}

/// Whether `query`'s words are `name`'s words, begin them, or stand together inside them.
pub(crate) fn fit(q: &Query, name: &[TermId], vocab: &Vocab) -> Fit {
    let query = &q.words;
    let n = query.len();
    if n == 0 || n > name.len() {
        return Fit::None;
    }
    let holds = |at: &[TermId]| query.iter().zip(at).all(|(q, &t)| q.id == Some(t));
    if !holds(&name[..n - 1]) {
        let inside = n >= 2 && name.windows(n).skip(1).any(holds);
        return if inside { Fit::Phrase } else { Fit::None };
    }
    let (last, t) = (&query[n - 1], name[n - 1]);
    if last.id == Some(t) {
        if n == name.len() {
            Fit::Exact
        } else {
            Fit::Prefix
        }
    } else if q.last_begins(t, vocab) {
        Fit::Prefix
    } else if n >= 2 && name.windows(n).skip(1).any(holds) {
        Fit::Phrase
    } else {
        Fit::None
    }
}

/// `boost(D)` from `D`'s names' words (each name's ended by [`END`]).
pub(crate) fn boost(query: &Query, names: &[TermId], vocab: &Vocab) -> f64 {
    let best = names.split(|&t| t == END).map(|name| fit(query, name, vocab)).max().unwrap_or(Fit::None);
    match best {
        Fit::Exact => EXACT_BOOST,
        Fit::Prefix => PREFIX_BOOST,
        Fit::Phrase => PHRASE_BOOST,
        Fit::None => 1.0,
    }
}
