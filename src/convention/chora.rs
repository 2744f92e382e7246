//! `chora`: Chora's `namespace:tool_name` (Chora MCP Conventions v1.0).
//!
//! ```text
//! name      ::= namespace ":" tool_name          ; at most 128 characters
//! namespace ::= [a-z][a-z0-9]{2,19}              ; 3-20 lowercase letters or digits
//! tool_name ::= [a-z][a-z0-9_]+                  ; snake_case, at least 2 characters
//! ```
//!
//! The grammar is followed, not the convention's looser quick regex (which lets a one-letter
//! namespace through). Warnings: a versioned tool name (`process_data_v2`: the convention prefers
//! evolution), a one-word name its FAQ calls collision-prone (`get`, `create`, `update`, `delete`,
//! `list`), a reserved namespace claimed by a project that does not own it.
//!
//! ```
//! use mcp_naming::{validate, Convention, Options};
//!
//! let opts = Options::default().with_expected_namespace("myproject");
//! let report = validate("create_task", Convention::Chora, &opts);
//! assert_eq!(report.errors[0].code.as_str(), "missing_namespace");
//! assert_eq!(report.suggestion.as_deref(), Some("myproject:create_task"));
//! ```

use super::fast::{self, FastPatterns};
use super::{check_length, Options, Parts, Sink, Word};
use crate::chars::{camel_to_snake, to_ascii_lookalikes};
use crate::diagnostic::{Code, Diagnostic, Error, Span};
use crate::text::quoted;

/// The grammar, as shown to users.
pub const GRAMMAR: &str =
    "name ::= namespace \":\" tool_name; namespace ::= [a-z][a-z0-9]{2,19}; tool_name ::= [a-z][a-z0-9_]+";
/// The longest name.
pub const MAX_LEN: usize = 128;
/// Valid examples (the convention's own).
pub const VALID_EXAMPLES: &[&str] =
    &["chora:generate_content", "myproject:create_task", "coda:list_docs", "n8n:execute_workflow"];
/// Invalid examples (the convention's own).
pub const INVALID_EXAMPLES: &[&str] = &["MyProject:CreateTask", "my-project:create-task", "mp:tool", "create_task"];
/// The reserved namespaces and their owners.
pub const RESERVED: &[(&str, &str)] =
    &[("chora", "chora-compose"), ("coda", "mcp-server-coda"), ("n8n", "mcp-n8n"), ("mcp", "Core MCP")];
/// One-word tool names the convention calls collision-prone.
pub const VAGUE: &[&str] = &["get", "create", "update", "delete", "list"];
/// The reserved namespaces that warn even when no project is given (`mcp`: reserved for the
/// protocol, not yet used).
const RESERVED_FOR_ALL: &[&str] = &["mcp"];
/// The shortest and longest namespace.
const NS_LEN: (usize, usize) = (3, 20);
/// The shortest tool name.
const TOOL_MIN_LEN: usize = 2;
/// Between namespace and tool name.
const SEPARATOR: char = ':';
/// A versioned tool name ends with this and digits…
const VERSION_MARK: &str = "_v";
/// …other than these.
const UNVERSIONED: &[&str] = &["0", "1"];

const NS_RULE: &str = "use 3 to 20 lowercase letters or digits, starting with a letter";
const TOOL_RULE: &str = "use lowercase letters, digits and \"_\", starting with a letter";

const NAMESPACE: Word<'static> = Word { what: "namespace", underscore: false, rule: NS_RULE };

/// Whether `ns` is a valid namespace.
pub fn is_namespace(ns: &str) -> bool {
    (NS_LEN.0..=NS_LEN.1).contains(&ns.len()) && NAMESPACE.ok(ns)
}

pub(crate) fn check<'a, S: Sink>(name: &'a str, opts: &Options, sink: &mut S) -> Option<Parts<'a>> {
    if !check_length(sink, name, MAX_LEN, "name") {
        return None;
    }
    let Some(colon) = name.find(SEPARATOR) else {
        sink.error(|| {
            Diagnostic::error(
                Code::MissingNamespace,
                Span::whole(name),
                format!(
                    "{} has no namespace: write it as namespace:tool_name, for example {}:{}",
                    quoted(name),
                    opts.expected_namespace.as_deref().unwrap_or("myproject"),
                    crate::text::clip(&camel_to_snake(name), 60)
                ),
            )
        });
        check_tool(sink, name, 0);
        return None;
    };
    let at = colon + SEPARATOR.len_utf8();
    let (namespace, tool) = (&name[..colon], &name[at..]);
    check_namespace(sink, namespace, 0, "namespace");
    check_tool(sink, tool, at);
    if let Some(expected) = opts.expected_namespace.as_deref() {
        if namespace != expected && !sink.failed() {
            sink.error(|| {
                Diagnostic::error(
                    Code::WrongNamespace,
                    Span::new(0, colon),
                    format!(
                        "namespace {} is not the expected one: use {expected}:{}",
                        quoted(namespace),
                        crate::text::clip(tool, 60)
                    ),
                )
            });
        }
    }
    if sink.detailed() && !sink.failed() {
        warn_tool(sink, tool, at);
        if let Some(d) = reserved_claim(namespace, opts.project.as_deref(), Span::new(0, colon)) {
            sink.warning(|| d);
        }
    }
    Some(Parts::Chora { namespace, tool })
}

/// Checks a namespace at byte `base`; `what` names it in messages ("namespace").
pub(crate) fn check_namespace<S: Sink>(sink: &mut S, ns: &str, base: usize, what: &str) {
    if is_namespace(ns) {
        return;
    }
    let word = Word { what, ..NAMESPACE };
    word.check(sink, ns, base);
    if !word.ok(ns) && (ns.is_empty() || !sink.detailed()) {
        return;
    }
    let span = Span::new(base, base + ns.len());
    let len = ns.chars().count();
    if len < NS_LEN.0 {
        sink.error(|| {
            Diagnostic::error(Code::NamespaceTooShort, span, format!("{what} {} is too short: {NS_RULE}", quoted(ns)))
        });
    } else if len > NS_LEN.1 {
        sink.error(|| {
            Diagnostic::error(
                Code::NamespaceTooLong,
                span,
                format!("{what} {} is {len} characters long: {NS_RULE}", quoted(ns)),
            )
        });
    }
}

const TOOL: Word<'static> = Word { what: "tool name", underscore: true, rule: TOOL_RULE };

fn check_tool<S: Sink>(sink: &mut S, tool: &str, base: usize) {
    TOOL.check(sink, tool, base);
    if tool.len() < TOOL_MIN_LEN && TOOL.ok(tool) {
        sink.error(|| {
            Diagnostic::error(
                Code::SegmentTooShort,
                Span::new(base, base + 1),
                format!("tool name {} is too short: use at least 2 characters", quoted(tool)),
            )
        });
    }
}

fn warn_tool<S: Sink>(sink: &mut S, tool: &str, base: usize) {
    if let Some(v) = tool.rfind(VERSION_MARK) {
        let digits = &tool[v + VERSION_MARK.len()..];
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && !UNVERSIONED.contains(&digits) {
            sink.warning(|| {
                Diagnostic::warning(
                    Code::VersionedName,
                    Span::new(base + v, base + tool.len()),
                    format!(
                        "tool name {} is versioned: prefer evolving {} with optional parameters",
                        quoted(tool),
                        quoted(&tool[..v])
                    ),
                )
            });
        }
    }
    if VAGUE.contains(&tool) {
        sink.warning(|| {
            Diagnostic::warning(
                Code::VagueToolName,
                Span::new(base, base + tool.len()),
                format!(
                    "tool name {} is too vague and collides across servers: name what it acts on, such as {tool}_task",
                    quoted(tool)
                ),
            )
        });
    }
}

/// The `reserved_namespace` warning, when `namespace` is reserved and `project` is not its owner.
/// `mcp`, reserved for the protocol and not yet used, warns for every project but its owner.
pub fn reserved_claim(namespace: &str, project: Option<&str>, span: Span) -> Option<Diagnostic> {
    let (_, owner) = RESERVED.iter().find(|(ns, _)| *ns == namespace)?;
    let claims = match project {
        Some(p) => p != *owner,
        None => RESERVED_FOR_ALL.contains(&namespace),
    };
    claims.then(|| {
        Diagnostic::warning(
            Code::ReservedNamespace,
            span,
            format!("namespace {} is reserved for {owner}: choose your project's own namespace", quoted(namespace)),
        )
    })
}

pub(crate) fn suggest(name: &str, opts: &Options) -> Option<String> {
    let name = to_ascii_lookalikes(name);
    let (ns, tool) = match name.split_once(':') {
        Some((ns, tool)) => (Some(ns), tool),
        None => (None, name.as_str()),
    };
    let ns = match (opts.expected_namespace.as_deref(), ns) {
        (Some(expected), _) => expected.to_string(),
        (None, Some(ns)) => namespace_from_slug(ns).ok()?,
        (None, None) => return None,
    };
    let tool = camel_to_snake(&tool.replace(':', "_"));
    Some(format!("{ns}:{tool}"))
}

/// The namespace for a project slug: its letters and digits, lowercased
/// (`my-awesome-server` → `myawesomeserver`); when that is longer than 20, the initials of its
/// words (`my-awesome-long-project-name` → `malpn`).
///
/// # Errors
/// `no_valid_namespace` when neither form is a valid namespace (shorter than 3, starting with a
/// digit, no letters at all).
///
/// ```
/// use mcp_naming::namespace_from_slug;
/// assert_eq!(namespace_from_slug("my-awesome-server").unwrap(), "myawesomeserver");
/// assert_eq!(namespace_from_slug("my-awesome-long-project-name").unwrap(), "malpn");
/// assert_eq!(namespace_from_slug("x").unwrap_err().code.as_str(), "no_valid_namespace");
/// ```
pub fn namespace_from_slug(slug: &str) -> Result<String, Error> {
    let words: Vec<String> = slug
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let joined: String = words.concat();
    if is_namespace(&joined) {
        return Ok(joined);
    }
    if joined.len() > 20 {
        let initials: String = words.iter().filter_map(|w| w.chars().next()).collect();
        if is_namespace(&initials) {
            return Ok(initials);
        }
    }
    let why = if joined.is_empty() {
        "it has no ASCII letters or digits".to_string()
    } else if joined.len() < 3 {
        format!("{} is shorter than 3 characters", quoted(&joined))
    } else if !joined.as_bytes()[0].is_ascii_alphabetic() {
        format!("{} does not start with a letter", quoted(&crate::text::clip(&joined, 40)))
    } else {
        format!("{} is longer than 20 and its initials are not a namespace", quoted(&crate::text::clip(&joined, 40)))
    };
    Err(Error::new(
        Code::NoValidNamespace,
        Span::whole(slug),
        format!("no namespace can be derived from {}: {why}; {NS_RULE}", quoted(slug)),
    ))
}

/// `valid`: a namespace, `:` and a tool name. `clean` also refuses the
/// namespaces that warn as reserved without a project, a vague tool name and a versioned one.
pub(crate) fn fast_patterns() -> FastPatterns {
    let ns = NAMESPACE.pattern(&fast::repeat(NS_LEN.0.saturating_sub(1), Some(NS_LEN.1.saturating_sub(1))));
    let tool = TOOL.pattern(&fast::repeat(TOOL_MIN_LEN.saturating_sub(1), None));
    let sep = fast::char_literal(SEPARATOR);
    // The reserved namespaces `reserved_claim` warns about when no project is given.
    let claimed = RESERVED.iter().map(|(ns, _)| *ns).filter(|ns| reserved_claim(ns, None, Span::default()).is_some());
    let versioned = format!(
        r"[\s\S]*{}(?!{}$){}+$",
        fast::literal(VERSION_MARK),
        fast::any_of(UNVERSIONED),
        fast::class(&|b| b.is_ascii_digit())
    );
    FastPatterns {
        valid: format!("^{ns}{sep}{tool}$"),
        clean: Some(format!(
            "^(?!{}{sep})(?<namespace>{ns}){sep}(?!{}$)(?!{versioned})(?<tool>{tool})$",
            fast::any_of(&claimed.collect::<Vec<_>>()),
            fast::any_of(VAGUE)
        )),
        split: None,
        max_len: MAX_LEN,
    }
}
