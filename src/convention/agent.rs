//! `agent`: the Cloudflare agent's `<mcp>__<tool>`, with built-in tools that have no prefix.
//!
//! ```text
//! name    ::= mcp "__" tool | builtin          ; at most 64 characters; split at the first "__"
//! mcp     ::= [a-z][a-z0-9]*                   ; lowercase, no underscore
//! tool    ::= [a-z][a-z0-9_]*                  ; snake_case
//! builtin ::= [a-z][a-z0-9_]*                  ; a name without "__"
//! ```
//!
//! A pre-migration name whose first word is a known MCP (`memory_save` with `memory` known)
//! warns `legacy_name` and suggests `memory__save`. Known MCPs default to the plan's `memory`,
//! `duyet` and `github`; built-ins to `plan`, `research`, `subagent`, `request_approval`, `github`.
//!
//! ```
//! use mcp_naming::{validate, Convention, Options, Parts};
//!
//! let report = validate("memory_save", Convention::Agent, &Options::default());
//! assert!(report.is_valid());
//! assert_eq!(report.warnings[0].code.as_str(), "legacy_name");
//! assert_eq!(report.suggestion.as_deref(), Some("memory__save"));
//! assert_eq!(report.parts, Some(Parts::Agent { mcp: None, tool: "memory_save" }));
//! ```

use super::fast::{self, FastPatterns};
use super::{check_length, Options, Parts, Sink, Word};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::text::quoted;

/// The grammar, as shown to users.
pub const GRAMMAR: &str =
    "name ::= mcp \"__\" tool | builtin; mcp ::= [a-z][a-z0-9]*; tool, builtin ::= [a-z][a-z0-9_]*; at most 64";
/// The longest name.
pub const MAX_LEN: usize = 64;
/// Valid examples (the plan's own).
pub const VALID_EXAMPLES: &[&str] = &["duyet__get_cv", "memory__save", "github__list_pr", "plan", "request_approval"];
/// Invalid examples.
pub const INVALID_EXAMPLES: &[&str] = &["Memory__save", "my_mcp__tool", "duyet__get-cv", "__save"];
/// Known MCPs by default.
pub const DEFAULT_MCPS: &[&str] = &["memory", "duyet", "github"];
/// Built-in tools by default.
pub const DEFAULT_BUILTINS: &[&str] = &["plan", "research", "subagent", "request_approval", "github"];
/// Between mcp and tool.
const SEPARATOR: &str = "__";
/// Between mcp and tool in a pre-migration name.
const LEGACY_SEP: &str = "_";

const MCP: Word<'static> = Word {
    what: "mcp name",
    underscore: false,
    rule: "use lowercase letters and digits, starting with a letter, no \"_\"",
};
const TOOL: Word<'static> = Word {
    what: "tool name",
    underscore: true,
    rule: "use lowercase letters, digits and \"_\", starting with a letter",
};

pub(crate) fn check<'a, S: Sink>(name: &'a str, opts: &Options, sink: &mut S) -> Option<Parts<'a>> {
    if !check_length(sink, name, MAX_LEN, "name") {
        return None;
    }
    let Some(sep) = name.find(SEPARATOR) else {
        TOOL.check(sink, name, 0);
        if sink.detailed() && !sink.failed() {
            if let Some((mcp, tool)) = legacy(name, opts) {
                sink.warning(|| {
                    Diagnostic::warning(
                        Code::LegacyName,
                        Span::new(0, mcp.len() + 1),
                        format!("{} is a pre-migration name: MCP tools are named {mcp}__{tool}", quoted(name)),
                    )
                });
            }
        }
        return (!sink.failed()).then_some(Parts::Agent { mcp: None, tool: name });
    };
    let (mcp, tool) = (&name[..sep], &name[sep + SEPARATOR.len()..]);
    if mcp.is_empty() {
        sink.error(|| {
            Diagnostic::error(
                Code::MissingServer,
                Span::new(0, 2),
                "the mcp name before \"__\" is empty: write <mcp>__<tool>",
            )
        });
    } else {
        MCP.check(sink, mcp, 0);
    }
    if tool.is_empty() {
        sink.error(|| {
            Diagnostic::error(
                Code::MissingTool,
                Span::new(name.len(), name.len()),
                "the tool name after \"__\" is empty: write <mcp>__<tool>",
            )
        });
    } else {
        TOOL.check(sink, tool, sep + SEPARATOR.len());
    }
    if let Some(servers) = &opts.servers {
        if !sink.failed() && !servers.iter().any(|s| s == mcp) {
            sink.error(|| {
                Diagnostic::error(
                    Code::UnknownServer,
                    Span::new(0, sep),
                    format!(
                        "{} is not a known MCP: use one of {}",
                        quoted(mcp),
                        super::ServerList::Owned(servers).joined()
                    ),
                )
            });
        }
    }
    (!sink.failed()).then_some(Parts::Agent { mcp: Some(mcp), tool })
}

/// `(mcp, tool)` when `name` is `<known mcp>_<tool>` and not itself a built-in.
fn legacy<'a>(name: &'a str, opts: &Options) -> Option<(&'a str, &'a str)> {
    if name.contains(SEPARATOR) || opts.builtins_or(DEFAULT_BUILTINS).contains(name) {
        return None;
    }
    let mcp = opts.servers_or(DEFAULT_MCPS).longest_prefix(name, LEGACY_SEP)?;
    Some((&name[..mcp.len()], &name[mcp.len() + LEGACY_SEP.len()..]))
}

pub(crate) fn suggest(name: &str, opts: &Options) -> Option<String> {
    let cleaned = crate::chars::to_ascii_lookalikes(name);
    if let Some((mcp, tool)) = legacy(&cleaned, opts) {
        return Some(format!("{mcp}__{tool}"));
    }
    match cleaned.split_once("__") {
        Some((mcp, tool)) => {
            let mcp: String = mcp.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase();
            Some(format!("{mcp}__{}", crate::chars::camel_to_snake(tool)))
        }
        None => Some(crate::chars::camel_to_snake(&cleaned)),
    }
}

/// `valid`: `<mcp>__<tool>` or, without any `__`, a tool name. `clean` also
/// refuses a pre-migration name (`<known mcp>_<more>`, not a built-in): it warns `legacy_name`.
pub(crate) fn fast_patterns() -> FastPatterns {
    let opts = Options::default();
    let sep = fast::literal(SEPARATOR);
    let (mcp, tool) = (MCP.pattern("*"), TOOL.pattern("*"));
    let no_sep = format!(r"(?![\s\S]*{sep})");
    let builtins = fast::any_of(&opts.builtins_or(DEFAULT_BUILTINS).iter().collect::<Vec<_>>());
    // As `longest_prefix`: a known mcp (not empty), the separator and at least one character.
    let mcps = fast::any_of(&opts.servers_or(DEFAULT_MCPS).iter().filter(|s| !s.is_empty()).collect::<Vec<_>>());
    let not_legacy = format!(r"(?:(?={builtins}$)|(?!{mcps}{}[\s\S]))", fast::literal(LEGACY_SEP));
    FastPatterns {
        valid: format!("^(?:{mcp}{sep}{tool}|{no_sep}{tool})$"),
        clean: Some(format!("^(?:(?<mcp>{mcp}){sep}|{no_sep}{not_legacy})(?<tool>{tool})$")),
        split: None,
        max_len: MAX_LEN,
    }
}

/// Whether `name` is a valid mcp name (`[a-z][a-z0-9]*`).
pub fn is_mcp_name(name: &str) -> bool {
    MCP.ok(name)
}
