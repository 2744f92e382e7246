//! Search over a catalog of tools (issue 26): which tools a few words are about, best first.
//!
//! An incremental index of documents, each a tool: its names (the exposed name, then any other
//! name the exact and prefix boosts should know, such as the upstream name), its description
//! and its input parameters' names, and a group (the router's server index) a query may keep
//! to. A query is ranked by BM25F over the three fields (`score.rs`: the formula and its
//! constants) with boosts for a name that is exactly the query, begins with it, or holds its
//! words together; its words also reach the words they begin and, when no tool has them, the
//! nearest words within a couple of edits (`query.rs`), so that `usr profle` finds
//! `get_user_profile`. Words are cut
//! the same way everywhere (`tokenize.rs`): `get_user_profile`, `getUserProfile` and
//! `get-user-profile` are all `get`, `user`, `profile`.
//!
//! Everything is kept up to date by [`SearchIndex::insert`] and [`SearchIndex::remove`]: the
//! document count, each word's document frequency and each field's mean length are exact after
//! every change, with no rebuild (`index.rs`), so replacing one server's tools costs those
//! tools' words whatever the size of the catalog. Results are deterministic: equal scores are
//! ordered by first name, then id, and a score does not depend on the order of the changes
//! that led to the catalog.
//!
//! Bounded work on any input, and no panic: of a text, the first 4096 bytes are read and a
//! word keeps at most 32 bytes; a document keeps at most [`MAX_NAMES`] names of
//! [`MAX_NAME_WORDS`] words, [`MAX_DESCRIPTION_WORDS`] description words and
//! [`MAX_PARAMETER_WORDS`] words of its first [`MAX_PARAMETERS`] parameters; a query reads 256
//! bytes and 16 words, each reaching at most 13 terms. Equal scores are ordered by the first
//! [`MAX_NAME_KEY`] bytes of the first name. A query reads the postings of the terms
//! its words reach, so its cost grows with how many tools hold them (see `benches/search.rs`).
//!
//! The interface, for the router:
//!
//! ```text
//! let mut index = SearchIndex::new();
//! index.insert(id, &Document { names: &[exposed, upstream], description, parameters: &names, group });
//! index.remove(id);                               // -> whether it was there
//! index.query(text, limit, Some(group)) -> Vec<Hit { id, score, matched }>
//! hit.matched.names()                             // "name", "description", "parameters"
//! index.heap_size()                               // bytes, for the benchmark
//! ```
//!
//! `insert` on an id already held replaces its document. Ids are the caller's (the router's
//! entry ids, reused as it likes). See the unit test `example` below.
//!
//! This module uses nothing of the crate but [`crate::suggest`] (and std): `tests/search.rs`
//! and `benches/search.rs` include both by path, since the module is not public.

mod index;
pub(crate) mod query;
pub(crate) mod score;
pub(crate) mod tokenize;
mod vocab;

pub(crate) use index::SearchIndex;

/// Names of a document that are read (the first is the one equal scores are ordered by).
pub(crate) const MAX_NAMES: usize = 4;
/// Bytes of the first name kept to order equal scores by.
pub(crate) const MAX_NAME_KEY: usize = 256;
/// Words of each name that are indexed.
pub(crate) const MAX_NAME_WORDS: usize = 32;
/// Words of a description that are indexed (stop words not counted).
pub(crate) const MAX_DESCRIPTION_WORDS: usize = 256;
/// Parameters of a document that are read.
pub(crate) const MAX_PARAMETERS: usize = 64;
/// Words of all its parameters' names that are indexed.
pub(crate) const MAX_PARAMETER_WORDS: usize = 256;

/// One tool as the index reads it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Document<'a> {
    /// Its names: the exposed name first, then others the boosts compare with (the upstream
    /// name). Words of all of them make the name field, each word counted as often as the
    /// name holding it most often has it.
    pub names: &'a [&'a str],
    pub description: Option<&'a str>,
    /// Its input parameters' names.
    pub parameters: &'a [&'a str],
    /// What a query may keep to (the router's server index).
    pub group: u32,
}

/// Which fields a query's words were found in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Matched(pub u8);

impl Matched {
    pub(crate) const NAME: u8 = 1;
    pub(crate) const DESCRIPTION: u8 = 2;
    pub(crate) const PARAMETERS: u8 = 4;

    /// The fields a posting's counts show.
    pub(crate) fn of(tf: [u8; vocab::FIELDS]) -> Matched {
        Matched(u8::from(tf[0] > 0) | u8::from(tf[1] > 0) << 1 | u8::from(tf[2] > 0) << 2)
    }

    pub(crate) fn name(self) -> bool {
        self.0 & Matched::NAME != 0
    }
    pub(crate) fn description(self) -> bool {
        self.0 & Matched::DESCRIPTION != 0
    }
    pub(crate) fn parameters(self) -> bool {
        self.0 & Matched::PARAMETERS != 0
    }

    /// The fields by the names issue 26 gives them, in that order.
    pub(crate) fn names(self) -> impl Iterator<Item = &'static str> {
        [(self.name(), "name"), (self.description(), "description"), (self.parameters(), "parameters")]
            .into_iter()
            .filter_map(|(on, n)| on.then_some(n))
    }
}

/// A document a query found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Hit {
    /// The caller's id.
    pub id: u32,
    /// Above 0; higher is better.
    pub score: f64,
    pub matched: Matched,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example() {
        let mut index = SearchIndex::new();
        let tools: [(&str, &str, &str, &[&str]); 4] = [
            (
                "github__create_issue",
                "create_issue",
                "Create a new issue in a GitHub repository",
                &["owner", "repo", "title"],
            ),
            ("github__list_issues", "list_issues", "List issues in a GitHub repository", &["owner", "repo", "state"]),
            (
                "slack__slack_get_user_profile",
                "slack_get_user_profile",
                "Get detailed profile information for a specific user",
                &["user_id"],
            ),
            ("fs__read_file", "read_file", "Read the complete contents of a file", &["path"]),
        ];
        for (id, (name, upstream, description, parameters)) in tools.iter().enumerate() {
            let group = u32::from(name.starts_with("slack")) + 2 * u32::from(name.starts_with("fs"));
            index.insert(
                id as u32,
                &Document { names: &[name, upstream], description: Some(description), parameters, group },
            );
        }
        let ids = |hits: Vec<Hit>| hits.iter().map(|h| h.id).collect::<Vec<_>>();

        // The exact name first (case style aside), then what the words also reach.
        let hits = index.query("createIssue", 10, None);
        assert_eq!(ids(hits.clone()), [0, 1]);
        assert_eq!(hits[0].matched.names().collect::<Vec<_>>(), ["name", "description"]);
        assert!(hits[0].score > 2.0 * hits[1].score);
        // Misspelled words reach the nearest ones.
        assert_eq!(ids(index.query("usr profle", 10, None)), [2]);
        // A parameter name, kept to one group.
        let hits = index.query("path", 10, Some(2));
        assert_eq!((hits[0].id, hits[0].matched.names().collect::<Vec<_>>()), (3, vec!["parameters"]));
        assert!(index.query("path", 10, Some(0)).is_empty());

        // Replacing and removing keep every statistic exact.
        let doc =
            Document { names: &["github__close_issue"], description: Some("Close an issue"), ..Document::default() };
        index.insert(1, &doc);
        assert_eq!(ids(index.query("list issues", 10, None)), [1, 0]);
        assert!(index.remove(0) && !index.remove(0));
        assert_eq!(index.len(), 3);
        assert!(index.heap_size() > 0);
        index.check();
    }
}
