//! Search over the exposed tools (issue 26), beside the route table: [`Router::search_tools`].
//!
//! The host gives each tool's searchable text (its description and its input parameters'
//! names: [`ToolText`]) with the names it exposes ([`Router::expose_list_with`],
//! [`Router::place_list_with`]); a host that never searches gives none and pays nothing. The
//! index (`crate::search`) is built on the first search, and kept up to date from then on by
//! the exposes: each marks the servers whose entries it replaced and the entries it renamed
//! elsewhere, and the next search takes in only those. A document's id stays with its
//! `(server, upstream tool)` while that tool is listed, whatever it is renamed to (an override,
//! a conflict strategy, provider fitting); its names are the exposed name, then the upstream
//! name; its description is the one `tools` gives, else the server's.

use super::table::Entry;
use super::{Router, Server};
use crate::diagnostic::{Code, Error, Span};
use crate::json::Json;
use crate::read::Reader;
use crate::search::{Document, SearchIndex, MAX_PARAMETERS};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Mutex;

/// The longest query read, in bytes; a longer one is refused.
pub const MAX_QUERY: usize = 1024;
/// The most hits one search answers.
pub const MAX_LIMIT: usize = crate::arguments::SEARCH_MAX as usize;
/// Hits answered when no limit is given.
pub const DEFAULT_LIMIT: usize = 10;
/// Bytes of a description kept for search (what the index reads of a text).
const MAX_DESCRIPTION: usize = 4096;
/// Bytes of a parameter name kept.
const MAX_PARAMETER: usize = 128;

/// What a host knows of one upstream tool besides its name, for search: its description and
/// its input parameters' names (`inputSchema.properties`' keys).
///
/// ```
/// use mcp_naming::router::ToolText;
/// let text = ToolText { description: Some("Read a file"), parameters: &["path"] };
/// assert_eq!(text.parameters, ["path"]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToolText<'a> {
    /// The tool's description, as the server lists it.
    pub description: Option<&'a str>,
    /// Its input parameters' names.
    pub parameters: &'a [&'a str],
}

/// A [`ToolText`] as the router keeps it: the description, then each parameter, after a NUL
/// (one allocation; a NUL inside a text reads as a word break, as it would anyway).
#[derive(Clone, Debug, Default)]
struct Stored {
    text: Box<str>,
    /// Where the description ends; `u32::MAX`: none.
    description: u32,
}

impl Stored {
    fn of(t: &ToolText<'_>) -> Stored {
        let d = t.description.map(|d| head(d, MAX_DESCRIPTION));
        let mut text = String::with_capacity(d.map_or(0, str::len) + t.parameters.len() * 8);
        text.push_str(d.unwrap_or(""));
        for p in t.parameters.iter().take(MAX_PARAMETERS) {
            text.push('\0');
            text.push_str(head(p, MAX_PARAMETER));
        }
        Stored { description: d.map_or(u32::MAX, |d| d.len() as u32), text: text.into() }
    }

    fn description(&self) -> Option<&str> {
        (self.description != u32::MAX).then(|| &self.text[..self.description as usize])
    }

    fn parameters(&self) -> Vec<&str> {
        let start = if self.description == u32::MAX { 0 } else { self.description as usize };
        let rest = &self.text[start..];
        rest.strip_prefix('\0').map_or_else(Vec::new, |r| r.split('\0').collect())
    }
}

/// A document: whose tool it is, under which name.
#[derive(Debug)]
struct Doc {
    server: u32,
    upstream: Box<str>,
    name: Box<str>,
    /// The item of its server's list (its text).
    item: u32,
}

/// The index and what it has yet to take in (behind a lock: searches are answered from `&self`).
#[derive(Debug, Default)]
struct State {
    /// `None` until the first search.
    index: Option<SearchIndex>,
    /// Per server: its listed tools' documents, by upstream name.
    docs: Vec<HashMap<Box<str>, u32>>,
    /// Per document id.
    info: Vec<Option<Doc>>,
    free: Vec<u32>,
    /// Servers whose segment an expose replaced since the last search.
    dirty: Vec<bool>,
    /// Entries of other servers renamed since (segment, place).
    renamed: Vec<(u32, u32)>,
    /// `discovery.always`'s tools at a catalog version.
    always: Option<(u64, Vec<Box<str>>)>,
}

/// The router's search state. See the module documentation.
#[derive(Debug, Default)]
pub(crate) struct Search {
    /// Per server, per item of its last tools list: its text (empty: the host gave none).
    texts: Vec<Vec<Stored>>,
    state: Mutex<State>,
    /// Moved on by every tools expose.
    pub version: u64,
    /// How many tools are listed (enabled and listed).
    pub listed: usize,
}

impl Search {
    pub(crate) fn new(servers: usize) -> Search {
        Search { texts: vec![Vec::new(); servers], ..Search::default() }
    }

    fn state(&mut self) -> &mut State {
        self.state.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Server `si` listed again, with these texts (`None`: none given).
    pub(crate) fn set_texts(&mut self, si: usize, texts: Option<&[ToolText<'_>]>) {
        self.texts[si] = texts.map_or_else(Vec::new, |t| t.iter().map(Stored::of).collect());
        self.version = self.version.wrapping_add(1);
        self.touch(si);
    }

    /// Server `si`'s entries were replaced (once the index exists, the next search takes them in).
    pub(crate) fn touch(&mut self, si: usize) {
        let s = self.state();
        if s.index.is_some() {
            s.dirty[si] = true;
        }
    }

    /// The entry at `slot`, `pos` was renamed.
    pub(crate) fn renamed(&mut self, slot: usize, pos: usize) {
        self.version = self.version.wrapping_add(1);
        let s = self.state();
        if s.index.is_some() {
            s.renamed.push((slot as u32, pos as u32));
        }
    }
}

/// [`Router::search_tools`]'s options.
///
/// ```
/// use mcp_naming::router::SearchOptions;
/// let options = SearchOptions { limit: Some(5), server: Some("github") };
/// assert_eq!(options.limit, Some(5));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchOptions<'a> {
    /// At most this many hits, 1 to [`MAX_LIMIT`] (default [`DEFAULT_LIMIT`]).
    pub limit: Option<usize>,
    /// Only this configured server's tools.
    pub server: Option<&'a str>,
}

/// The options of `searchTools` as the packages pass them: `{ limit?, server? }`, unknown keys
/// refused with the nearest key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchOptionsOwned {
    /// As [`SearchOptions::limit`].
    pub limit: Option<usize>,
    /// As [`SearchOptions::server`].
    pub server: Option<String>,
}

impl SearchOptionsOwned {
    /// The keys search options may have.
    pub const KEYS: &'static [&'static str] = &["limit", "server"];

    /// Reads `{ limit?, server? }` (`null` and absent: the defaults).
    ///
    /// ```
    /// use mcp_naming::Json;
    /// use mcp_naming::router::SearchOptionsOwned;
    /// let json: Json = serde_json::from_str(r#"{ "limt": 3 }"#).unwrap();
    /// let err = SearchOptionsOwned::from_json(&json).unwrap_err();
    /// assert_eq!(err.code.as_str(), "invalid_argument");
    /// assert_eq!(err.diagnostics[0].suggestion.as_deref(), Some("limit"));
    /// ```
    ///
    /// # Errors
    /// `invalid_argument`: not an object, an unknown key, a limit that is not a whole number
    /// from 1 to [`MAX_LIMIT`], a server that is not a string.
    pub fn from_json(value: &Json) -> Result<SearchOptionsOwned, Error> {
        if matches!(value, Json::Null) {
            return Ok(SearchOptionsOwned::default());
        }
        let mut r = Reader::argument();
        if value.as_object().is_none() {
            let object = crate::dialect::a(crate::dialect::JsonType::Object);
            r.problem("options", format!("must be {object} {{ limit?, server? }}, got {}", value.described()));
            return Err(r.into_error("invalid search options"));
        }
        r.object(value, "options", SearchOptionsOwned::KEYS);
        let limit = r.opt_number(value, "limit", "options", crate::arguments::SEARCH_LIMIT);
        let server = r.opt_string(value, "server", "options");
        r.finish(Some(SearchOptionsOwned { limit: limit.map(|n| n as usize), server }), "invalid search options")
    }

    /// Borrowed, for [`Router::search_tools`].
    pub fn as_options(&self) -> SearchOptions<'_> {
        SearchOptions { limit: self.limit, server: self.server.as_deref() }
    }
}

/// A tool a search found.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[non_exhaustive]
pub struct SearchHit {
    /// The exposed name (what `tools/call` and `call_tool` take).
    pub name: String,
    /// The backend server.
    pub server: String,
    /// The backend's own tool name.
    pub upstream: String,
    /// Above 0; higher is better (BM25F with the name boosts: comparable within one search).
    pub score: f64,
    /// Which fields the query's words were found in, of `name`, `description`, `parameters`.
    pub matched: Vec<&'static str>,
    /// The description the tool was indexed with (the one `tools` gives, else the server's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

impl Router {
    /// Exposes a server's list as [`Router::expose_list`], with each item's searchable text
    /// (`texts[i]` is item `i`'s; tools only): what a host that searches, or runs discovery
    /// mode, passes. [`Router::expose_list`] forgets the server's texts.
    ///
    /// # Errors
    /// As [`Router::expose_list`]; `invalid_argument` for texts of prompts, or texts not one
    /// per item.
    pub fn expose_list_with(
        &mut self,
        kind: super::Kind,
        server: &str,
        items: &[super::ListItem<'_>],
        texts: &[ToolText<'_>],
        on_invalid: super::OnInvalid,
    ) -> Result<super::Exposure, Error> {
        check_texts(kind, items.len(), texts)?;
        self.expose_items(kind, server, items, Some(texts), on_invalid, true, &[])
    }

    /// [`Router::place_list`] with texts, as [`Router::expose_list_with`].
    ///
    /// # Errors
    /// As [`Router::expose_list_with`].
    pub fn place_list_with(
        &mut self,
        kind: super::Kind,
        server: &str,
        items: &[super::ListItem<'_>],
        texts: &[ToolText<'_>],
        on_invalid: super::OnInvalid,
    ) -> Result<super::Exposure, Error> {
        check_texts(kind, items.len(), texts)?;
        self.expose_items(kind, server, items, Some(texts), on_invalid, false, &[])
    }

    /// The listed tools (enabled, not dropped) a few words are about, best first: ranked by
    /// their exposed and upstream names, their descriptions and their input parameters' names
    /// (see `crate::search`), equal scores by name. A misspelled word reaches the nearest
    /// words; a query of stop words only finds nothing.
    ///
    /// ```
    /// use mcp_naming::Json;
    /// use mcp_naming::router::{ListItem, OnInvalid, Kind, Router, RouterConfig, SearchOptions, ToolText};
    /// let config: Json = serde_json::from_str(r#"{ "style": "claude", "servers": [{ "name": "github" }, { "name": "fs" }] }"#).unwrap();
    /// let mut router = Router::new(RouterConfig::from_json(&config).unwrap()).unwrap();
    /// let items = [ListItem::Named("create_issue"), ListItem::Named("list_issues")];
    /// let texts = [
    ///     ToolText { description: Some("Create a new issue in a repository"), parameters: &["owner", "repo", "title"] },
    ///     ToolText { description: Some("List issues of a repository"), parameters: &["owner", "repo", "state"] },
    /// ];
    /// router.expose_list_with(Kind::Tool, "github", &items, &texts, OnInvalid::Throw).unwrap();
    /// let hits = router.search_tools("open an isue", &SearchOptions::default()).unwrap();
    /// assert_eq!(hits[0].name, "github__create_issue");
    /// assert!(router.search_tools("issues", &SearchOptions { server: Some("fs"), limit: None }).unwrap().is_empty());
    /// assert_eq!(router.search_tools(" ", &SearchOptions::default()).unwrap_err().code.as_str(), "invalid_argument");
    /// ```
    ///
    /// # Errors
    /// `invalid_argument` for a query that is empty (or only spaces) or longer than
    /// [`MAX_QUERY`] bytes, or a limit outside 1 to [`MAX_LIMIT`]; `unknown_server`.
    pub fn search_tools(&self, query: &str, options: &SearchOptions<'_>) -> Result<Vec<SearchHit>, Error> {
        if query.trim().is_empty() {
            return Err(Error::new(
                Code::InvalidArgument,
                Span::whole(query),
                "the query is empty: give a few words of what the tool should do".to_string(),
            ));
        }
        if query.len() > MAX_QUERY {
            return Err(Error::new(
                Code::InvalidArgument,
                Span::new(MAX_QUERY, query.len()),
                format!("the query is {} bytes long: at most {MAX_QUERY}", query.len()),
            ));
        }
        let limit = options.limit.unwrap_or(DEFAULT_LIMIT);
        if limit == 0 || limit > MAX_LIMIT {
            return Err(Error::invalid_argument(format!("limit must be from 1 to {MAX_LIMIT}, got {limit}")));
        }
        let group = options.server.map(|s| self.server_index(s)).transpose()?;
        let mut guard = self.search.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let state = &mut *guard;
        self.catch_up(state);
        let index = state.index.as_ref().expect("built by catch_up");
        let hits = index.query(query, limit, group.map(|g| g as u32));
        Ok(hits
            .into_iter()
            .filter_map(|h| {
                let doc = state.info.get(h.id as usize)?.as_ref()?;
                Some(SearchHit {
                    name: doc.name.to_string(),
                    server: self.c.servers[doc.server as usize].name.clone(),
                    upstream: doc.upstream.to_string(),
                    score: h.score,
                    matched: h.matched.names().collect(),
                    description: self
                        .indexed_description(doc.server as usize, &doc.upstream, doc.item)
                        .map(str::to_string),
                })
            })
            .collect())
    }

    /// The bytes the search index holds (0 before the first search).
    pub fn search_heap_size(&self) -> usize {
        let s = self.search.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        // Each document's names, its slot, and its key in its server's map (estimated: string
        // bytes, a map entry's 32 and a slot's 48).
        let docs: usize = s.info.iter().flatten().map(|d| 2 * d.upstream.len() + d.name.len() + 48 + 32).sum();
        let texts: usize = self.search.texts.iter().flatten().map(|t| t.text.len() + 24).sum();
        s.index.as_ref().map_or(0, SearchIndex::heap_size) + docs + texts
    }

    /// Builds the index on the first search; later, takes in what the exposes since changed.
    fn catch_up(&self, s: &mut State) {
        let n = self.c.servers.len();
        if s.index.is_none() {
            s.index = Some(SearchIndex::new());
            s.docs = vec![HashMap::new(); n];
            s.dirty = vec![true; n];
        }
        // Renamed entries first: a server refreshed after is the truth about its own.
        let renamed = std::mem::take(&mut s.renamed);
        for (slot, pos) in renamed {
            let Some(&id) = self.tools.segments.get(slot as usize).and_then(|seg| seg.get(pos as usize)) else {
                continue;
            };
            let Some(e) = self.tools.get(id) else { continue };
            if !s.dirty[e.server as usize] {
                self.index_entry(s, e);
            }
        }
        for si in 0..n {
            if !std::mem::take(&mut s.dirty[si]) {
                continue;
            }
            let slot = self.c.style.slot(si);
            let mut old = std::mem::take(&mut s.docs[si]);
            for (_, e) in self.tools.segment(slot).filter(|(_, e)| e.server as usize == si) {
                if let Some(id) = old.remove(e.upstream()) {
                    s.docs[si].insert(e.upstream().into(), id);
                }
                self.index_entry(s, e);
            }
            for (_, id) in old {
                drop_doc(s, id);
            }
        }
    }

    /// The description a tool is searched by: the one `tools` gives, else the server's (the
    /// texts and the index agree once caught up).
    fn indexed_description(&self, si: usize, upstream: &str, item: u32) -> Option<&str> {
        self.description_of(si, upstream)
            .or_else(|| self.search.texts[si].get(item as usize).and_then(Stored::description))
    }

    /// Entry `e`'s document, as it now stands: (re)indexed when listed, dropped when not.
    fn index_entry(&self, s: &mut State, e: &Entry) {
        let si = e.server as usize;
        let held = s.docs[si].get(e.upstream()).copied();
        if !e.visible() {
            if let Some(id) = held {
                s.docs[si].remove(e.upstream());
                drop_doc(s, id);
            }
            return;
        }
        let id = held.unwrap_or_else(|| {
            let id = s.free.pop().unwrap_or_else(|| {
                s.info.push(None);
                (s.info.len() - 1) as u32
            });
            s.docs[si].insert(e.upstream().into(), id);
            id
        });
        let stored = self.search.texts[si].get(e.index as usize);
        let description = self.description_of(si, e.upstream()).or_else(|| stored.and_then(Stored::description));
        let parameters = stored.map(Stored::parameters).unwrap_or_default();
        let names = [e.name(), e.upstream()];
        let names = if e.name() == e.upstream() { &names[..1] } else { &names[..] };
        let doc = Document { names, description, parameters: &parameters, group: e.server };
        s.index.as_mut().expect("built").insert(id, &doc);
        s.info[id as usize] =
            Some(Doc { server: e.server, upstream: e.upstream().into(), name: e.name().into(), item: e.index });
    }

    /// The names of the listed tools `discovery.always` matches, in the order clients see them
    /// (kept until the catalog changes).
    pub(crate) fn always_listed(&self) -> Vec<Box<str>> {
        let Some((rules, _)) = &self.c.discovery else { return Vec::new() };
        let mut s = self.search.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((v, names)) = &s.always {
            if *v == self.search.version {
                return names.clone();
            }
        }
        let names: Vec<Box<str>> = if rules.is_empty() {
            Vec::new()
        } else {
            self.tools
                .all()
                .map(|(_, e)| e)
                .filter(|e| e.visible())
                .filter(|e| {
                    let server: &Server = &self.c.servers[e.server as usize];
                    let names = [e.name(), &self.qualify(e.name())];
                    rules.iter().any(|(_, r)| r.matches(Some(&server.name), e.upstream(), &names))
                })
                .map(|e| e.name().into())
                .collect()
        };
        s.always = Some((self.search.version, names.clone()));
        names
    }
}

/// The first `max` bytes of `text` at most, ending on a character boundary.
fn head(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

fn drop_doc(s: &mut State, id: u32) {
    if let Some(index) = s.index.as_mut() {
        index.remove(id);
    }
    s.info[id as usize] = None;
    s.free.push(id);
}

fn check_texts(kind: super::Kind, items: usize, texts: &[ToolText<'_>]) -> Result<(), Error> {
    if kind != super::Kind::Tool && !texts.is_empty() {
        return Err(Error::invalid_argument("search texts are for tools only".to_string()));
    }
    if !texts.is_empty() && texts.len() != items {
        return Err(Error::invalid_argument(format!(
            "{} search texts for {items} items: give one per item, or none",
            texts.len()
        )));
    }
    Ok(())
}
