//! The conventions, one module each, and the functions that dispatch over them.
//!
//! Every convention is written once, as a checker that reports into a `Sink`: the
//! [`validate`] sink collects diagnostics and computes a suggestion, the [`is_valid`] sink only
//! notes that an error happened and builds no message. Both answers therefore always agree.
//!
//! ```
//! use mcp_naming::{detect, parse, Convention, Options, Parts};
//!
//! let opts = Options::default();
//! assert_eq!(
//!     parse("myproject:create_task", Convention::Chora, &opts).unwrap(),
//!     Parts::Chora { namespace: "myproject", tool: "create_task" }
//! );
//! assert!(detect("memory__save", &opts).contains(&Convention::Agent));
//! ```

pub(crate) mod agent;
pub(crate) mod checks;
pub(crate) mod chora;
pub(crate) mod claude;
mod explain;
mod fast;
pub(crate) mod mcp;
pub(crate) mod openproject;
mod parts_json;
pub(crate) mod registry;
pub(crate) mod syntropy;

use crate::diagnostic::{Code, Diagnostic, Error, Severity, Span};
use core::fmt;
use core::str::FromStr;
pub use explain::{explain, Explanation};
pub use fast::FastPatterns;
pub use parts_json::format_json;
use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

/// A naming convention. The ids (`"mcp"`, `"chora"`, …) are public API.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Convention {
    /// The MCP specification's rule: 1–128 of `A–Z a–z 0–9 _ - .`.
    Mcp,
    /// Chora `namespace:tool_name`.
    Chora,
    /// Syntropy `mcp__syntropy__<server>_<tool>`.
    Syntropy,
    /// Claude Code `mcp__<server>__<tool>`.
    Claude,
    /// The Cloudflare agent's `<mcp>__<tool>`.
    Agent,
    /// OpenProject `{action}_{entity}`.
    OpenProject,
    /// The tool registry's dotted ids.
    Registry,
}

impl Convention {
    /// Every convention, in the order of their ids above.
    pub const ALL: [Convention; 7] = [
        Convention::Mcp,
        Convention::Chora,
        Convention::Syntropy,
        Convention::Claude,
        Convention::Agent,
        Convention::OpenProject,
        Convention::Registry,
    ];

    /// The public id: `"mcp"`, `"chora"`, `"syntropy"`, `"claude"`, `"agent"`, `"openproject"`,
    /// `"registry"`.
    pub const fn id(self) -> &'static str {
        match self {
            Convention::Mcp => "mcp",
            Convention::Chora => "chora",
            Convention::Syntropy => "syntropy",
            Convention::Claude => "claude",
            Convention::Agent => "agent",
            Convention::OpenProject => "openproject",
            Convention::Registry => "registry",
        }
    }

    /// The names of the parts of a name in this convention, as [`Parts`] has them (and the
    /// npm package's parts objects): `["namespace", "tool"]` for Chora, `["segments"]` for the
    /// registry's list of dotted segments.
    pub const fn part_names(self) -> &'static [&'static str] {
        match self {
            Convention::Mcp => &["name"],
            Convention::Chora => &["namespace", "tool"],
            Convention::Syntropy | Convention::Claude => &["server", "tool"],
            Convention::Agent => &["mcp", "tool"],
            Convention::OpenProject => &["action", "entity"],
            Convention::Registry => &["segments"],
        }
    }

    /// A short human title.
    pub const fn title(self) -> &'static str {
        match self {
            Convention::Mcp => "MCP specification tool name",
            Convention::Chora => "Chora namespace:tool_name",
            Convention::Syntropy => "Syntropy mcp__syntropy__<server>_<tool>",
            Convention::Claude => "Claude Code mcp__<server>__<tool>",
            Convention::Agent => "Cloudflare agent <mcp>__<tool>",
            Convention::OpenProject => "OpenProject {action}_{entity}",
            Convention::Registry => "Tool registry dotted id",
        }
    }

    /// The grammar, in the notation each module's documentation uses.
    pub const fn grammar(self) -> &'static str {
        match self {
            Convention::Mcp => mcp::GRAMMAR,
            Convention::Chora => chora::GRAMMAR,
            Convention::Syntropy => syntropy::GRAMMAR,
            Convention::Claude => claude::GRAMMAR,
            Convention::Agent => agent::GRAMMAR,
            Convention::OpenProject => openproject::GRAMMAR,
            Convention::Registry => registry::GRAMMAR,
        }
    }

    /// The longest valid name, in bytes.
    ///
    /// ```
    /// use mcp_naming::Convention;
    /// assert_eq!(Convention::Mcp.max_len(), 128);
    /// assert_eq!(Convention::Claude.max_len(), 64);
    /// ```
    pub const fn max_len(self) -> usize {
        match self {
            Convention::Mcp => mcp::MAX_LEN,
            Convention::Chora => chora::MAX_LEN,
            Convention::Syntropy => syntropy::MAX_LEN,
            Convention::Claude => claude::MAX_LEN,
            Convention::Agent => agent::MAX_LEN,
            Convention::OpenProject => openproject::MAX_LEN,
            Convention::Registry => registry::MAX_LEN,
        }
    }

    /// Examples of valid and invalid names (valid first).
    pub const fn examples(self) -> (&'static [&'static str], &'static [&'static str]) {
        match self {
            Convention::Mcp => (mcp::VALID_EXAMPLES, mcp::INVALID_EXAMPLES),
            Convention::Chora => (chora::VALID_EXAMPLES, chora::INVALID_EXAMPLES),
            Convention::Syntropy => (syntropy::VALID_EXAMPLES, syntropy::INVALID_EXAMPLES),
            Convention::Claude => (claude::VALID_EXAMPLES, claude::INVALID_EXAMPLES),
            Convention::Agent => (agent::VALID_EXAMPLES, agent::INVALID_EXAMPLES),
            Convention::OpenProject => (openproject::VALID_EXAMPLES, openproject::INVALID_EXAMPLES),
            Convention::Registry => (registry::VALID_EXAMPLES, registry::INVALID_EXAMPLES),
        }
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Convention {
    type Err = Error;

    /// # Errors
    /// `invalid_argument` for a string that is not a convention id.
    fn from_str(text: &str) -> Result<Convention, Error> {
        Convention::ALL.into_iter().find(|c| c.id() == text).ok_or_else(|| {
            Error::invalid_argument(format!(
                "unknown convention {}: use one of mcp, chora, syntropy, claude, agent, openproject, registry",
                crate::text::quoted(&crate::text::clip(text, 40))
            ))
        })
    }
}

/// What a caller knows beyond the name. Every field is optional; `Options::default()` uses the
/// seeds' defaults. Built with the `with_*` methods, or read from JSON with
/// [`Options::from_json`].
///
/// ```
/// use mcp_naming::{validate, Convention, Options};
/// let opts = Options::default().with_servers(["memory", "git"]).with_builtins(["help"]);
/// assert!(validate("memory__create_entities", Convention::Agent, &opts).is_valid());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Chora: the namespace the name must have (`wrong_namespace` otherwise); also the server
    /// used when converting a name that has none.
    pub expected_namespace: Option<String>,
    /// Syntropy, Claude and agent: the known servers (matched longest first).
    pub servers: Option<Vec<String>>,
    /// Syntropy and agent: the gateway's own tools, which have no server.
    pub builtins: Option<Vec<String>>,
    /// Chora: the project claiming the namespace (`reserved_namespace` when it is not the owner).
    pub project: Option<String>,
    /// OpenProject: the known actions (replacing the default list).
    pub actions: Option<Vec<String>>,
}

impl Options {
    /// The keys an options object may have, as JSON (and the npm package) spells them.
    pub const KEYS: &'static [&'static str] = &["expectedNamespace", "servers", "builtins", "project", "actions"];

    /// Reads options from JSON, refusing unknown keys with the path and the nearest known key
    /// (`options.expectedNamespce` → `expectedNamespace`), as the npm package does.
    ///
    /// ```
    /// use mcp_naming::{Json, Options};
    /// let json: Json = serde_json::from_str(r#"{ "expectedNamespce": "x" }"#).unwrap();
    /// let err = Options::from_json(&json).unwrap_err();
    /// assert_eq!(err.message, "options.expectedNamespce: unknown key \"expectedNamespce\": did you mean \"expectedNamespace\"?");
    /// assert_eq!(err.suggestions, ["expectedNamespace"]);
    /// ```
    ///
    /// # Errors
    /// `invalid_argument`, its diagnostics naming each bad key or value by path.
    pub fn from_json(value: &crate::json::Json) -> Result<Options, Error> {
        let mut r = crate::read::Reader::argument();
        r.object(value, "options", Options::KEYS);
        let opts = Options {
            expected_namespace: r.opt_string(value, "expectedNamespace", "options"),
            servers: r.opt_strings(value, "servers", "options"),
            builtins: r.opt_strings(value, "builtins", "options"),
            project: r.opt_string(value, "project", "options"),
            actions: r.opt_strings(value, "actions", "options"),
        };
        r.finish(Some(opts), "")
    }

    /// With the namespace a Chora name must have.
    pub fn with_expected_namespace(mut self, namespace: impl Into<String>) -> Options {
        self.expected_namespace = Some(namespace.into());
        self
    }

    /// With the known servers (Syntropy, Claude and agent names).
    pub fn with_servers<S: Into<String>>(mut self, servers: impl IntoIterator<Item = S>) -> Options {
        self.servers = Some(servers.into_iter().map(Into::into).collect());
        self
    }

    /// With the gateway's own tools (Syntropy and agent names).
    pub fn with_builtins<S: Into<String>>(mut self, builtins: impl IntoIterator<Item = S>) -> Options {
        self.builtins = Some(builtins.into_iter().map(Into::into).collect());
        self
    }

    /// With the project claiming a Chora namespace.
    pub fn with_project(mut self, project: impl Into<String>) -> Options {
        self.project = Some(project.into());
        self
    }

    /// With the known OpenProject actions (replacing the default list).
    pub fn with_actions<S: Into<String>>(mut self, actions: impl IntoIterator<Item = S>) -> Options {
        self.actions = Some(actions.into_iter().map(Into::into).collect());
        self
    }

    /// The servers option, or `default` when it is not set.
    pub(crate) fn servers_or<'s>(&'s self, default: &'s [&'s str]) -> ServerList<'s> {
        match &self.servers {
            Some(list) => ServerList::Owned(list),
            None => ServerList::Static(default),
        }
    }

    /// The builtins option, or `default` when it is not set.
    pub(crate) fn builtins_or<'s>(&'s self, default: &'s [&'s str]) -> ServerList<'s> {
        match &self.builtins {
            Some(list) => ServerList::Owned(list),
            None => ServerList::Static(default),
        }
    }
}

/// A list of names from the options or a built-in default, without copying either.
#[derive(Clone, Copy, Debug)]
pub(crate) enum ServerList<'s> {
    Owned(&'s [String]),
    Static(&'s [&'s str]),
}

impl<'s> ServerList<'s> {
    pub(crate) fn iter(self) -> impl Iterator<Item = &'s str> {
        let (a, b) = match self {
            ServerList::Owned(v) => (Some(v.iter().map(String::as_str)), None),
            ServerList::Static(v) => (None, Some(v.iter().copied())),
        };
        a.into_iter().flatten().chain(b.into_iter().flatten())
    }

    pub(crate) fn contains(self, name: &str) -> bool {
        self.iter().any(|s| s == name)
    }

    /// The longest entry `s` such that `text` starts with `s` followed by `sep` and more.
    pub(crate) fn longest_prefix(self, text: &str, sep: &str) -> Option<&'s str> {
        self.iter()
            .filter(|s| {
                !s.is_empty()
                    && text.len() > s.len() + sep.len()
                    && text.starts_with(*s)
                    && text[s.len()..].starts_with(sep)
            })
            .max_by_key(|s| s.len())
    }

    /// The names in alphabetical order, joined with ", " (an insertion sort: the lists are short,
    /// and it keeps the sorting machinery out of the `.wasm`).
    pub(crate) fn joined(self) -> String {
        let mut v: Vec<&str> = Vec::new();
        for s in self.iter() {
            let at = v.iter().position(|x| *x > s).unwrap_or(v.len());
            v.insert(at, s);
        }
        v.join(", ")
    }
}

/// The parts of a parsed name, borrowed from it (each variant names its fields).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
#[non_exhaustive]
pub enum Parts<'a> {
    /// `mcp`: the whole name.
    Mcp { name: &'a str },
    /// `chora`: `namespace:tool`.
    Chora { namespace: &'a str, tool: &'a str },
    /// `syntropy`: `mcp__syntropy__<server>_<tool>`; no server for a gateway built-in.
    Syntropy { server: Option<&'a str>, tool: &'a str },
    /// `claude`: `mcp__<server>__<tool>`.
    Claude { server: &'a str, tool: &'a str },
    /// `agent`: `<mcp>__<tool>`; no mcp for a built-in.
    Agent { mcp: Option<&'a str>, tool: &'a str },
    /// `openproject`: `{action}_{entity}`.
    OpenProject { action: &'a str, entity: &'a str },
    /// `registry`: the dotted id; see [`Parts::segments`].
    Registry { id: &'a str },
}

impl<'a> Parts<'a> {
    /// The convention these parts belong to.
    pub fn convention(&self) -> Convention {
        match self {
            Parts::Mcp { .. } => Convention::Mcp,
            Parts::Chora { .. } => Convention::Chora,
            Parts::Syntropy { .. } => Convention::Syntropy,
            Parts::Claude { .. } => Convention::Claude,
            Parts::Agent { .. } => Convention::Agent,
            Parts::OpenProject { .. } => Convention::OpenProject,
            Parts::Registry { .. } => Convention::Registry,
        }
    }

    /// Calls `f` with each part in the order of [`Convention::part_names`] (`None` for an absent
    /// optional part; every segment for the registry), without allocating.
    ///
    /// ```
    /// use mcp_naming::{parse, Convention, Options};
    /// let mut seen = Vec::new();
    /// parse("mcp__syntropy__healthcheck", Convention::Syntropy, &Options::default()).unwrap().for_each_value(|v| seen.push(v));
    /// assert_eq!(seen, [None, Some("healthcheck")]);
    /// ```
    pub fn for_each_value(&self, mut f: impl FnMut(Option<&'a str>)) {
        match *self {
            Parts::Mcp { name } => f(Some(name)),
            Parts::Chora { namespace: a, tool: b }
            | Parts::Claude { server: a, tool: b }
            | Parts::OpenProject { action: a, entity: b } => {
                f(Some(a));
                f(Some(b));
            }
            Parts::Syntropy { server: a, tool: b } | Parts::Agent { mcp: a, tool: b } => {
                f(a);
                f(Some(b));
            }
            Parts::Registry { .. } => self.segments().for_each(|s| f(Some(s))),
        }
    }

    /// The registry id's segments (`fs.write` → `fs`, `write`); empty for other conventions.
    pub fn segments(&self) -> impl Iterator<Item = &'a str> {
        let id = match self {
            Parts::Registry { id } => Some(*id),
            _ => None,
        };
        id.into_iter().flat_map(|id| id.split(registry::SEPARATOR))
    }

    /// The server (namespace, mcp) and tool of a name, where the convention has them.
    pub fn server_and_tool(&self) -> (Option<&'a str>, &'a str) {
        match *self {
            Parts::Mcp { name } => (None, name),
            Parts::Chora { namespace, tool } => (Some(namespace), tool),
            Parts::Syntropy { server, tool } => (server, tool),
            Parts::Claude { server, tool } => (Some(server), tool),
            Parts::Agent { mcp, tool } => (mcp, tool),
            Parts::OpenProject { .. } | Parts::Registry { .. } => (None, ""),
        }
    }
}

/// The outcome of [`validate`]: every error and warning, the parts when the name parses, and the
/// nearest valid name when one can be derived.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report<'a> {
    /// The convention checked.
    pub convention: Convention,
    /// The problems that make the name invalid.
    pub errors: Vec<Diagnostic>,
    /// The problems worth fixing that do not.
    pub warnings: Vec<Diagnostic>,
    /// The parts, when the name has no error.
    pub parts: Option<Parts<'a>>,
    /// The nearest valid name, when one can be derived and differs from the input.
    pub suggestion: Option<String>,
}

impl Report<'_> {
    /// True when there is no error.
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }
}

/// Where checkers report. [`Collect`] keeps everything; [`Verdict`] keeps one bit.
pub(crate) trait Sink {
    /// Reports an error; the closure runs only if the sink keeps details.
    fn error(&mut self, make: impl FnOnce() -> Diagnostic);
    /// Reports a warning; the closure runs only if the sink keeps details.
    fn warning(&mut self, make: impl FnOnce() -> Diagnostic);
    /// Whether an error has been reported.
    fn failed(&self) -> bool;
    /// Whether the sink keeps details (warnings, messages); checkers may stop early when not.
    fn detailed(&self) -> bool;
}

/// A sink that collects diagnostics.
#[derive(Default)]
pub(crate) struct Collect {
    pub errors: Vec<Diagnostic>,
    pub warnings: Vec<Diagnostic>,
}

impl Sink for Collect {
    fn error(&mut self, make: impl FnOnce() -> Diagnostic) {
        let d = make();
        debug_assert_eq!(d.severity, Severity::Error);
        self.errors.push(d);
    }
    fn warning(&mut self, make: impl FnOnce() -> Diagnostic) {
        let d = make();
        debug_assert_eq!(d.severity, Severity::Warning);
        self.warnings.push(d);
    }
    fn failed(&self) -> bool {
        !self.errors.is_empty()
    }
    fn detailed(&self) -> bool {
        true
    }
}

/// A sink that keeps only whether there was an error.
#[derive(Default)]
pub(crate) struct Verdict {
    pub failed: bool,
}

impl Sink for Verdict {
    fn error(&mut self, _make: impl FnOnce() -> Diagnostic) {
        self.failed = true;
    }
    fn warning(&mut self, _make: impl FnOnce() -> Diagnostic) {}
    fn failed(&self) -> bool {
        self.failed
    }
    fn detailed(&self) -> bool {
        false
    }
}

/// Reports the distinct characters of `text` that `ok` refuses (see [`checks::push_bad_chars`]).
pub(crate) fn bad_chars<S: Sink>(sink: &mut S, text: &str, base: usize, ok: impl Fn(u8) -> bool, allowed: &str) {
    if text.bytes().all(&ok) {
        return;
    }
    if !sink.detailed() {
        sink.error(marker);
        return;
    }
    let mut found = Vec::new();
    checks::push_bad_chars(text, base, ok, allowed, &mut found);
    for d in found {
        sink.error(|| d);
    }
}

/// A placeholder diagnostic for sinks that keep no detail: a checker that has found an error
/// reports it with `sink.error(marker)` before it stops early, and only a [`Verdict`] sink (which
/// never calls the closure) takes that path.
pub(crate) fn marker() -> Diagnostic {
    Diagnostic::error(Code::InvalidCharacter, Span::default(), String::new())
}

/// Checks the length limit (UTF-16 units) first, as the SDK does; reports and returns false when
/// the name is empty or too long, so that no deeper work is done on it.
pub(crate) fn check_length<S: Sink>(sink: &mut S, name: &str, limit: usize, what: &str) -> bool {
    if name.is_empty() {
        sink.error(|| checks::empty(what));
        return false;
    }
    if name.len() > limit && crate::chars::utf16_len_capped(name, limit) > limit {
        sink.error(|| checks::too_long(name, limit, what));
        return false;
    }
    true
}

/// The length limit, then the characters every provider accepts (`[A-Za-z0-9_-]`): the shared
/// start of the `mcp__…` conventions. Returns false when the name failed.
pub(crate) fn check_provider_safe<S: Sink>(sink: &mut S, name: &str, limit: usize) -> bool {
    if !check_length(sink, name, limit, "name") {
        return false;
    }
    bad_chars(sink, name, 0, syntropy::is_tool_byte, "letters, digits, \"_\" and \"-\"");
    !sink.failed()
}

fn check<'a, S: Sink>(name: &'a str, convention: Convention, opts: &Options, sink: &mut S) -> Option<Parts<'a>> {
    match convention {
        Convention::Mcp => mcp::check(name, sink),
        Convention::Chora => chora::check(name, opts, sink),
        Convention::Syntropy => syntropy::check(name, opts, sink),
        Convention::Claude => claude::check(name, opts, sink),
        Convention::Agent => agent::check(name, opts, sink),
        Convention::OpenProject => openproject::check(name, opts, sink),
        Convention::Registry => registry::check(name, sink),
    }
}

fn suggest_raw(name: &str, convention: Convention, opts: &Options) -> Option<String> {
    match convention {
        Convention::Mcp => mcp::suggest(name),
        Convention::Chora => chora::suggest(name, opts),
        Convention::Syntropy => syntropy::suggest(name, opts),
        Convention::Claude => claude::suggest(name, opts),
        Convention::Agent => agent::suggest(name, opts),
        Convention::OpenProject => openproject::suggest(name, opts),
        Convention::Registry => registry::suggest(name),
    }
}

/// The longest name a suggestion is searched for; past it, the name is only reported.
pub const MAX_SUGGEST_LEN: usize = 1024;

/// Validates `name` in `convention`: every error and warning, the parts, and a suggestion.
///
/// Never panics, whatever the input; a valid name without warnings allocates nothing.
///
/// ```
/// use mcp_naming::{validate, Convention, Options};
///
/// let report = validate("MyProject:CreateTask", Convention::Chora, &Options::default());
/// assert!(!report.is_valid());
/// assert_eq!(report.suggestion.as_deref(), Some("myproject:create_task"));
/// ```
pub fn validate<'a>(name: &'a str, convention: Convention, opts: &Options) -> Report<'a> {
    let mut sink = Collect::default();
    let parts = check(name, convention, opts, &mut sink);
    let suggestion = if (sink.errors.is_empty() && sink.warnings.is_empty()) || name.len() > MAX_SUGGEST_LEN {
        None
    } else {
        suggest_raw(name, convention, opts).filter(|s| s != name && is_valid(s, convention, opts))
    };
    Report {
        convention,
        parts: if sink.errors.is_empty() { parts } else { None },
        errors: sink.errors,
        warnings: sink.warnings,
        suggestion,
    }
}

/// The verdict of [`validate`], computed without building any message or allocating.
///
/// ```
/// use mcp_naming::{is_valid, Convention, Options};
/// assert!(is_valid("fs.write", Convention::Registry, &Options::default()));
/// assert!(!is_valid("fs", Convention::Registry, &Options::default()));
/// ```
pub fn is_valid(name: &str, convention: Convention, opts: &Options) -> bool {
    let mut sink = Verdict::default();
    check(name, convention, opts, &mut sink);
    !sink.failed
}

/// Parses `name` into its parts.
///
/// # Errors
/// The report's errors, with the first error's code, and the suggestion if there is one.
///
/// ```
/// use mcp_naming::{parse, Convention, Options, Parts};
/// let parts = parse("mcp__syntropy__context7_get_library_docs", Convention::Syntropy, &Options::default());
/// assert_eq!(parts.unwrap(), Parts::Syntropy { server: Some("context7"), tool: "get_library_docs" });
/// ```
pub fn parse<'a>(name: &'a str, convention: Convention, opts: &Options) -> Result<Parts<'a>, Error> {
    let report = validate(name, convention, opts);
    match report.parts {
        Some(parts) => Ok(parts),
        None => {
            let mut diagnostics = report.errors;
            diagnostics.extend(report.warnings);
            Err(Error::from_diagnostics(diagnostics)
                .unwrap_or_else(|| Error::invalid_argument("the name does not parse"))
                .with_suggestion(report.suggestion))
        }
    }
}

/// Formats parts into a name: the exact inverse of [`parse`].
///
/// # Errors
/// The diagnostics of the formatted name when it is not valid in its convention (with the
/// default options), for example a Chora namespace of two letters.
///
/// ```
/// use mcp_naming::{format, Parts};
/// assert_eq!(format(&Parts::Agent { mcp: Some("memory"), tool: "save" }).unwrap(), "memory__save");
/// assert!(format(&Parts::Chora { namespace: "mp", tool: "tool" }).is_err());
/// ```
pub fn format(parts: &Parts<'_>) -> Result<String, Error> {
    format_with(parts, &Options::default())
}

/// [`format()`] with options (known servers and built-ins matter for syntropy and agent names).
///
/// # Errors
/// As [`format()`].
pub fn format_with(parts: &Parts<'_>, opts: &Options) -> Result<String, Error> {
    let text = match *parts {
        Parts::Mcp { name } => name.to_string(),
        Parts::Chora { namespace, tool } => format!("{namespace}:{tool}"),
        Parts::Syntropy { server: Some(server), tool } => format!("{}{server}_{tool}", syntropy::PREFIX),
        Parts::Syntropy { server: None, tool } => format!("{}{tool}", syntropy::PREFIX),
        Parts::Claude { server, tool } => format!("mcp__{server}__{tool}"),
        Parts::Agent { mcp: Some(mcp), tool } => format!("{mcp}__{tool}"),
        Parts::Agent { mcp: None, tool } => tool.to_string(),
        Parts::OpenProject { action, entity } => format!("{action}_{entity}"),
        Parts::Registry { id } => id.to_string(),
    };
    let reparsed = parse(&text, parts.convention(), opts)?;
    if reparsed != *parts {
        return Err(Error::new(
            Code::NotConvertible,
            Span::whole(&text),
            format!(
                "the parts do not survive a round trip: {} parses differently in {}",
                crate::text::quoted(&text),
                parts.convention()
            ),
        ));
    }
    Ok(text)
}

/// The conventions `name` is valid in (with `opts`), in the order of [`Convention::ALL`].
pub fn detect(name: &str, opts: &Options) -> Vec<Convention> {
    Convention::ALL.into_iter().filter(|c| is_valid(name, *c, opts)).collect()
}

/// Converts a name between conventions, where that means something: the server (namespace, mcp)
/// and tool carry over; a Syntropy name converts to and from the Claude Code name of its backend
/// (`mcp__syntropy__context7_get_library_docs` ⇄ `mcp__context7__get-library-docs`); a name
/// without a server takes `opts.expected_namespace`.
///
/// # Errors
/// The source name's errors; `not_convertible` when the target has no way to write it.
///
/// ```
/// use mcp_naming::{convert, Convention, Options};
/// let opts = Options::default();
/// assert_eq!(convert("myproject:create_task", Convention::Chora, Convention::Agent, &opts).unwrap(),
///            "myproject__create_task");
/// ```
pub fn convert(name: &str, from: Convention, to: Convention, opts: &Options) -> Result<String, Error> {
    let parts = parse(name, from, opts)?;
    if from == to {
        return Ok(name.to_string());
    }
    if from == Convention::Syntropy && to == Convention::Claude {
        let text = syntropy::layers(name, opts)?.backend_name();
        return checked(name, text, to, opts);
    }
    if from == Convention::Claude && to == Convention::Syntropy {
        if let Some(text) = syntropy::from_backend_name(name, opts) {
            return Ok(text);
        }
    }
    let (server, tool) = match parts {
        Parts::OpenProject { .. } => (None, name),
        Parts::Registry { id } => match id.split_once('.') {
            Some((first, rest)) if !rest.contains('.') => (Some(first), rest),
            _ => (None, id),
        },
        other => other.server_and_tool(),
    };
    let server = server.or(opts.expected_namespace.as_deref());
    let text = match (to, server) {
        (Convention::Mcp, Some(server)) => format!("{server}__{tool}"),
        (Convention::Mcp, None) => tool.to_string(),
        (Convention::Chora, Some(server)) => format!("{server}:{tool}"),
        (Convention::Syntropy, Some(server)) => format!("{}{server}_{tool}", syntropy::PREFIX),
        (Convention::Syntropy, None) => format!("{}{tool}", syntropy::PREFIX),
        (Convention::Claude, Some(server)) => format!("mcp__{server}__{tool}"),
        (Convention::Agent, Some(server)) => format!("{server}__{tool}"),
        (Convention::Agent, None) => tool.to_string(),
        (Convention::OpenProject, _) => tool.to_string(),
        (Convention::Registry, Some(server)) => format!("{server}.{tool}"),
        (_, None) => {
            return Err(not_convertible(name, to, "it has no server or namespace; give one with expectedNamespace"))
        }
    };
    checked(name, text, to, opts)
}

/// `text`, the conversion of `name`, when it is valid in `to`; `not_convertible` naming its first
/// error otherwise (a server alias or a prefix can take a name over the length limit).
fn checked(name: &str, text: String, to: Convention, opts: &Options) -> Result<String, Error> {
    match validate(&text, to, opts).errors.first() {
        None => Ok(text),
        Some(first) => Err(not_convertible(
            name,
            to,
            &format!("{} is not valid there ({})", crate::text::quoted(&text), first.message),
        )),
    }
}

/// `not_convertible` for `name` into `to`, for the reason `why`.
fn not_convertible(name: &str, to: Convention, why: &str) -> Error {
    Error::new(
        Code::NotConvertible,
        Span::whole(name),
        format!("{} cannot be written in the {to} convention: {why}", crate::text::quoted(name)),
    )
}

/// The rule for a lowercase word: `[a-z][a-z0-9]*`, or `[a-z][a-z0-9_]*` with `underscore`.
pub(crate) struct Word<'r> {
    /// How the word is named in messages: "tool name", "mcp name", "segment".
    pub what: &'r str,
    /// Whether `_` is allowed inside.
    pub underscore: bool,
    /// The rule sentence that ends each message: "use lowercase letters, ...".
    pub rule: &'r str,
}

impl Word<'_> {
    /// Whether a word may start with `b`: a lowercase letter.
    pub(crate) const fn starts(b: u8) -> bool {
        b.is_ascii_lowercase()
    }

    /// Whether `b` may follow the first character: a lowercase letter, a digit, `_` if allowed.
    pub(crate) const fn continues(&self, b: u8) -> bool {
        b.is_ascii_lowercase() || b.is_ascii_digit() || (self.underscore && b == b'_')
    }

    pub(crate) fn ok(&self, text: &str) -> bool {
        let b = text.as_bytes();
        !b.is_empty() && Word::starts(b[0]) && b.iter().all(|&c| self.continues(c))
    }

    /// The word as a pattern (see [`fast`]): its first character, then `rest` (a quantifier)
    /// more.
    pub(crate) fn pattern(&self, rest: &str) -> String {
        format!("{}{}{rest}", fast::class(&Word::starts), fast::class(&|b| self.continues(b)))
    }

    /// Reports every problem of `text` (at byte `base`): empty, uppercase letters (with the
    /// snake_case form), `-` (or `_` where not allowed), other characters, a bad first character.
    pub(crate) fn check<S: Sink>(&self, sink: &mut S, text: &str, base: usize) {
        if self.ok(text) {
            return;
        }
        let span = Span::new(base, base + text.len());
        let what = self.what;
        let rule = self.rule;
        if text.is_empty() {
            sink.error(|| Diagnostic::error(Code::EmptySegment, span, format!("{what} is empty: {rule}")));
            return;
        }
        if !sink.detailed() {
            sink.error(marker);
            return;
        }
        let b = text.as_bytes();
        if b.iter().any(|c| c.is_ascii_uppercase()) {
            sink.error(|| {
                let snake = crate::chars::camel_to_snake(text);
                let fixed = if self.underscore { snake } else { snake.replace('_', "") };
                Diagnostic::error(
                    Code::UppercaseLetter,
                    span,
                    format!(
                        "{what} {} has uppercase letters: {rule} ({})",
                        crate::text::quoted(text),
                        crate::text::quoted(&fixed)
                    ),
                )
            });
        }
        let mut seen = Vec::new();
        for (i, c) in text.char_indices() {
            if c.is_ascii_alphanumeric() || (self.underscore && c == '_') || seen.contains(&c) {
                continue;
            }
            seen.push(c);
            let at = base + i;
            if c == '-' || c == '_' {
                let code = if c == '-' { Code::HyphenNotAllowed } else { Code::UnderscoreNotAllowed };
                sink.error(|| {
                    Diagnostic::error(
                        code,
                        Span::new(at, at + 1),
                        format!("{what} {} contains '{c}': {rule}", crate::text::quoted(text)),
                    )
                });
            } else {
                sink.error(|| checks::char_diagnostic(c, at, rule.trim_start_matches("use ")));
            }
        }
        if b[0].is_ascii_digit() || b[0] == b'_' {
            sink.error(|| {
                Diagnostic::error(
                    Code::InvalidStart,
                    Span::new(base, base + 1),
                    format!("{what} {} does not start with a letter: {rule}", crate::text::quoted(text)),
                )
            });
        }
    }
}

/// The fast-path patterns of `convention` with `Options::default()`, or `None` when the
/// convention has none (every convention has them today).
///
/// ```
/// use mcp_naming::{fast_patterns, Convention};
///
/// let p = fast_patterns(Convention::Chora).unwrap();
/// assert!(p.valid.starts_with('^') && p.valid.ends_with('$'));
/// assert!(p.clean.unwrap().contains("(?<namespace>"));
/// ```
pub fn fast_patterns(convention: Convention) -> Option<FastPatterns> {
    Some(match convention {
        Convention::Mcp => mcp::fast_patterns(),
        Convention::Chora => chora::fast_patterns(),
        Convention::Syntropy => syntropy::fast_patterns(),
        Convention::Claude => claude::fast_patterns(),
        Convention::Agent => agent::fast_patterns(),
        Convention::OpenProject => openproject::fast_patterns(),
        Convention::Registry => registry::fast_patterns(),
    })
}

/// A convention as the packages' `conventions()` lists it:
/// `{ id, title, grammar, examples: { valid, invalid } }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConventionInfo(pub Convention);

impl Serialize for ConventionInfo {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Examples(&'static [&'static str], &'static [&'static str]);
        impl Serialize for Examples {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut e = s.serialize_struct("Examples", 2)?;
                e.serialize_field("valid", self.0)?;
                e.serialize_field("invalid", self.1)?;
                e.end()
            }
        }
        let c = self.0;
        let (valid, invalid) = c.examples();
        let mut i = s.serialize_struct("ConventionInfo", 4)?;
        i.serialize_field("id", c.id())?;
        i.serialize_field("title", c.title())?;
        i.serialize_field("grammar", c.grammar())?;
        i.serialize_field("examples", &Examples(valid, invalid))?;
        i.end()
    }
}

impl Serialize for Convention {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// As the packages show parts: an object keyed by [`Convention::part_names`] (`null` for an
/// absent server or mcp), the registry's `segments` a list.
impl Serialize for Parts<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let names = self.convention().part_names();
        let mut map = s.serialize_map(Some(names.len()))?;
        if let Parts::Registry { .. } = self {
            map.serialize_entry("segments", &self.segments().collect::<Vec<_>>())?;
        } else {
            let mut i = 0;
            let mut result = Ok(());
            self.for_each_value(|v| {
                if result.is_ok() {
                    result = map.serialize_entry(names.get(i).copied().unwrap_or("?"), &v);
                }
                i += 1;
            });
            result?;
        }
        map.end()
    }
}

/// `{ valid, convention, errors, warnings, parts, suggestion }`.
impl Serialize for Report<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut r = s.serialize_struct("Report", 6)?;
        r.serialize_field("valid", &self.is_valid())?;
        r.serialize_field("convention", &self.convention)?;
        r.serialize_field("errors", &self.errors)?;
        r.serialize_field("warnings", &self.warnings)?;
        r.serialize_field("parts", &self.parts)?;
        r.serialize_field("suggestion", &self.suggestion)?;
        r.end()
    }
}
