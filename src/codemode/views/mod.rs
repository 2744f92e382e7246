//! The views, one module each: the mcp-naming projection and three peers reproduced byte for
//! byte. Every view takes the same input (servers with their tools, each tool with the name it is
//! projected from and the name it is reported and called back by) and gives a [`CodeMode`]. The
//! diagnostics' messages are built here, once.

mod cloudflare;
mod codex;
pub(crate) mod mcp_naming;
mod openclaw;

use super::{CodeMode, Options, ServerTools, Tool, View};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::text::quoted;

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
        .map(|s| Input { server: &s.server, label: &s.server, tools: s.tools.iter().map(|t| (t, t.name.as_str())).collect() })
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
pub(crate) fn renamed(view: View, noun: Noun, name: &str, identifier: &str, why: &str) -> Diagnostic {
    Diagnostic::warning(
        Code::CodemodeRenamed,
        Span::whole(name),
        format!("{} {} is {} in the {view} view: {why}", noun.word(), quoted(name), quoted(identifier)),
    )
}

/// `codemode_hashed`: `name` carries a digest of itself, because `why`; `canonical` is the
/// spelling that would need none.
pub(crate) fn hashed(noun: Noun, name: &str, identifier: &str, why: &str, canonical: Option<&str>) -> Diagnostic {
    let advice = match canonical {
        Some(c) => format!("; name it {} for an identifier without a digest", quoted(c)),
        None => String::new(),
    };
    let mut d = Diagnostic::warning(
        Code::CodemodeHashed,
        Span::whole(name),
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
pub(crate) fn collision(view: View, noun: Noun, names: &[&str], identifier: &str, fate: &str, at: &str) -> Diagnostic {
    let list: Vec<String> = names.iter().map(|n| quoted(n)).collect();
    let list = match list.len() {
        0 | 1 => list.concat(),
        n => format!("{} and {}", list[..n - 1].join(", "), list[n - 1]),
    };
    Diagnostic::error(
        Code::CodemodeCollision,
        Span::whole(at),
        format!("{}s {list} all become {} in the {view} view: {fate}", noun.word(), quoted(identifier)),
    )
}

/// `codemode_collision` for a namespace that shadows a global of the language.
pub(crate) fn shadows(view: View, server: &str, identifier: &str) -> Diagnostic {
    Diagnostic::error(
        Code::CodemodeCollision,
        Span::whole(server),
        format!(
            "server {} becomes the global {} in the {view} view, shadowing JavaScript's own: code that uses the global gets the namespace instead",
            quoted(server),
            quoted(identifier)
        ),
    )
}

/// `duplicate_entry`: a tool listed twice; the view keeps the first.
pub(crate) fn listed_twice(name: &str) -> Diagnostic {
    Diagnostic::warning(
        Code::DuplicateEntry,
        Span::whole(name),
        format!("tool {} is listed twice by its server: the declarations keep the first", quoted(name)),
    )
}

/// `invalid_path`: a file the view writes that a file system refuses.
pub(crate) fn bad_path(noun: Noun, name: &str, path: &str, why: &str) -> Diagnostic {
    Diagnostic::error(
        Code::InvalidPath,
        Span::whole(name),
        format!("{} {}'s file {} cannot be written everywhere: {why}", noun.word(), quoted(name), quoted(path)),
    )
}

/// `client_refused`: the peer leaves a server or a tool out.
pub(crate) fn refused(view: View, noun: Noun, name: &str, why: &str) -> Diagnostic {
    Diagnostic::error(
        Code::ClientRefused,
        Span::whole(name),
        format!("the {view} view leaves {} {} out: {why}", noun.word(), quoted(name)),
    )
}
