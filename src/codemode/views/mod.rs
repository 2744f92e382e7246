//! The views, one module each: the mcp-naming projection and three peers reproduced byte for
//! byte. Every view takes the same input (servers with their tools, each tool with the name it is
//! projected from and the name it is reported and called back by) and gives a [`CodeMode`]. The
//! diagnostics' messages are built here, once.

mod cloudflare;
mod codex;
pub(crate) mod mcp_naming;
mod openclaw;

use super::{CodeMode, Options, ServerTools, Tool, View};
use crate::diagnostic::{Code, Diagnostic, Severity, Span};
use crate::text::quoted;

/// The path of server `si`'s name in the input (`servers[1].server`).
pub(crate) fn server_path(si: usize) -> String {
    format!("servers[{si}].server")
}

/// `1 server`, `2 servers`: a count with its noun, for the declarations' header.
pub(crate) fn counted(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// The path of tool `ti` of server `si` in the input (`servers[1].tools[3].name`).
pub(crate) fn tool_path(si: usize, ti: usize) -> String {
    format!("servers[{si}].tools[{ti}].name")
}

/// A diagnostic about the input at `path`, its message starting with it (as every structured
/// input's diagnostics do).
fn at(code: Code, severity: Severity, path: &str, message: String) -> Diagnostic {
    let mut d = Diagnostic::at_path(code, path, message);
    d.severity = severity;
    d.span = Span::default();
    d
}

/// One server as a view reads it.
pub(crate) struct Input<'a> {
    /// Reported in the result and called back with.
    pub server: &'a str,
    /// What the namespace is named after (a router's prefix for a registry name).
    pub label: &'a str,
    /// Each tool (its `name` is what it is named after) and the name it is reported and called
    /// back by (a router's exposed name).
    pub tools: Vec<(&'a Tool, &'a str)>,
}

/// The inputs of [`super::code_mode`]: every name reported as it is projected.
pub(crate) fn inputs(servers: &[ServerTools]) -> Vec<Input<'_>> {
    servers
        .iter()
        .map(|s| Input {
            server: &s.server,
            label: &s.server,
            tools: s.tools.iter().map(|t| (t, t.name.as_str())).collect(),
        })
        .collect()
}

/// The view's projection of `inputs`.
pub(crate) fn project_inputs(inputs: &[Input<'_>], options: &Options) -> CodeMode {
    match options.view {
        View::McpNaming => mcp_naming::project(inputs, options),
        View::CloudflareCodemode => cloudflare::project(inputs, options),
        View::Codex => codex::project(inputs, options),
        View::OpenClaw => openclaw::project(inputs, options),
    }
}

/// The (server, tool) indexes `namespace.identifier` calls in the view's projection of `inputs`:
/// for the mcp-naming view from the identifiers alone, for a peer's from its whole projection.
pub(crate) fn resolve_inputs(
    inputs: &[Input<'_>],
    options: &Options,
    namespace: &str,
    identifier: &str,
) -> Result<(usize, usize), crate::diagnostic::Error> {
    names(inputs, options).resolve(namespace, identifier)
}

/// The view's namespaces and identifiers for `inputs` (diagnostics, paths and declarations
/// left out where the view allows: the mcp-naming view's identifiers depend on names alone).
pub(crate) fn names(inputs: &[Input<'_>], options: &Options) -> CodeMode {
    match options.view {
        View::McpNaming => mcp_naming::names(inputs, options),
        _ => project_inputs(inputs, options),
    }
}

// ----- The diagnostics, worded once -----

/// What a name stands for, in messages.
#[derive(Clone, Copy)]
pub(crate) enum Noun {
    Server,
    Tool,
}

impl Noun {
    fn word(self) -> &'static str {
        match self {
            Noun::Server => "server",
            Noun::Tool => "tool",
        }
    }
}

/// `codemode_renamed`: `view` calls `name` `identifier`, because `why`.
pub(crate) fn renamed(view: View, noun: Noun, name: &str, identifier: &str, why: &str, path: &str) -> Diagnostic {
    at(
        Code::CodemodeRenamed,
        Severity::Warning,
        path,
        format!("{} {} is {} in the {view} view: {why}", noun.word(), quoted(name), quoted(identifier)),
    )
}

/// `codemode_hashed`: `name` carries a digest of itself, because `why`; `canonical` is the
/// spelling that would need none.
pub(crate) fn hashed(
    noun: Noun,
    name: &str,
    identifier: &str,
    why: &str,
    canonical: Option<&str>,
    path: &str,
) -> Diagnostic {
    let advice = match canonical {
        Some(c) => format!("; name it {} for an identifier without a digest", quoted(c)),
        None => String::new(),
    };
    let mut d = at(
        Code::CodemodeHashed,
        Severity::Warning,
        path,
        format!(
            "{} {} is {}: {why}, so it carries a digest of its own name, which no other spelling of the same words can take, now or when tools are added{advice}",
            noun.word(),
            quoted(name),
            quoted(identifier)
        ),
    );
    d.suggestion = canonical.map(str::to_string);
    d
}

/// `codemode_collision`: `names` all become `identifier` in `view`, which `fate`.
pub(crate) fn collision(
    view: View,
    noun: Noun,
    names: &[&str],
    identifier: &str,
    fate: &str,
    path: &str,
) -> Diagnostic {
    let list: Vec<String> = names.iter().map(|n| quoted(n)).collect();
    let list = match list.len() {
        0 | 1 => list.concat(),
        n => format!("{} and {}", list[..n - 1].join(", "), list[n - 1]),
    };
    at(
        Code::CodemodeCollision,
        Severity::Error,
        path,
        format!("{}s {list} all become {} in the {view} view: {fate}", noun.word(), quoted(identifier)),
    )
}

/// `codemode_collision` for a namespace that shadows a global of the language.
pub(crate) fn shadows(view: View, server: &str, identifier: &str, path: &str) -> Diagnostic {
    at(
        Code::CodemodeCollision,
        Severity::Error,
        path,
        format!(
            "server {} becomes the global {} in the {view} view, shadowing JavaScript's own: code that uses the global gets the namespace instead",
            quoted(server),
            quoted(identifier)
        ),
    )
}

/// `duplicate_entry`: a tool listed twice; the view keeps the first.
pub(crate) fn listed_twice(name: &str, path: &str) -> Diagnostic {
    at(
        Code::DuplicateEntry,
        Severity::Warning,
        path,
        format!("tool {} is listed twice by its server: the declarations keep the first", quoted(name)),
    )
}

/// `invalid_path`: a file the view writes that a file system refuses.
pub(crate) fn bad_path(noun: Noun, name: &str, file: &str, why: &str, path: &str) -> Diagnostic {
    at(
        Code::InvalidPath,
        Severity::Error,
        path,
        format!("{} {}'s file {} cannot be written everywhere: {why}", noun.word(), quoted(name), quoted(file)),
    )
}

/// `client_refused`: the peer leaves a server or a tool out.
pub(crate) fn refused(view: View, noun: Noun, name: &str, why: &str, path: &str) -> Diagnostic {
    at(
        Code::ClientRefused,
        Severity::Error,
        path,
        format!("the {view} view leaves {} {} out: {why}", noun.word(), quoted(name)),
    )
}
