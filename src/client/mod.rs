//! Every client's view: the names an MCP client shows the model for the tools of one server, and
//! what goes wrong on the way (a name cut or hashed, two tools under one name, a name or a whole
//! catalog refused).
//!
//! A gateway is one server to a client, and each client renames its tools once more. [`view`]
//! reproduces that renaming byte for byte, from the rule in each client's own code:
//!
//! | id | shown name | past the limit | two tools under one name |
//! | --- | --- | --- | --- |
//! | `claude-code` | `mcp__<server>__<tool>`, outside `[A-Za-z0-9_-]` → `_` (per UTF-16 unit) | over 64: the Anthropic API refuses the whole request | the first is kept |
//! | `codex` | `mcp__<server>__<tool>`, outside `[A-Za-z0-9_]` → `_` | over 128 bytes: cut, `_` + 12 hex of SHA-1 | both hashed apart; more than 2,048 tools: the server fails |
//! | `vscode` | `mcp_<label, lowercased, ≤ 13>_<tool>`, `.` → `_`, outside `[A-Za-z0-9_-]` → `_` | cut at 64 | registering the second fails; more than 128 tools: Copilot refuses the request |
//! | `gemini-cli` | `mcp_<server>_<tool>`, outside `[A-Za-z0-9_.:-]` → `_` | over 63: first 30 + `...` + last 30 | the last is kept |
//! | `cline` | `<server>__<tool>` | any change or over 64: runs → `_`, cut to 55, `_` + 8 hex of SHA-1 | the last is kept |
//! | `openai-agents` | `mcp_<server>__<tool>` (the router's `openai-agents` style) | over 64: cut to 55, `_` + 8 hex of SHA-1 | both hashed apart |
//!
//! `server` is the name the user gave the server in the client's configuration; for `vscode` it
//! is the name VS Code takes the prefix from: the server's announced `serverInfo.title`, else its
//! `serverInfo.name`, else the configured label. Each client's rule, with the file and function it
//! comes from, is in `tests/peers/cited/<client>.md`.
//!
//! ```
//! use mcp_naming::client::{view, Client};
//! use mcp_naming::Code;
//!
//! let v = view(Client::ClaudeCode, "my gateway", &["get.user", "get_user"]);
//! assert_eq!(v.tools[0].shown.as_deref(), Some("mcp__my_gateway__get_user"));
//! assert_eq!(v.tools[1].diagnostics[0].code, Code::ClientCollision);
//!
//! let v = view(Client::Codex, "gw", &["get-user"]);
//! assert_eq!(v.tools[0].shown.as_deref(), Some("mcp__gw__get_user"));
//! assert!(v.diagnostics.is_empty());
//!
//! let client: Client = "gemini-cli".parse().unwrap();
//! let long = "x".repeat(80);
//! let v = view(client, "gw", &[long.as_str()]);
//! assert_eq!(v.tools[0].shown.as_deref().map(str::len), Some(63));
//! assert_eq!(v.tools[0].diagnostics[0].code, Code::ClientHashed);
//! ```

mod claude_code;
mod cline;
mod codex;
mod gemini_cli;
mod openai_agents;
mod vscode;

use crate::diagnostic::{Code, Diagnostic, Error, Span};
use crate::text::quoted;
use core::fmt;
use core::str::FromStr;
use serde::Serialize;
use std::collections::HashMap;

/// An MCP client whose naming of a server's tools is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Client {
    /// Claude Code (`@anthropic-ai/claude-code`).
    ClaudeCode,
    /// OpenAI Codex CLI (`@openai/codex`).
    Codex,
    /// VS Code with GitHub Copilot.
    VsCode,
    /// Gemini CLI (`@google/gemini-cli`).
    GeminiCli,
    /// Cline (the VS Code extension and the `cline` CLI, both on `@cline/core`).
    Cline,
    /// The OpenAI Agents SDK with server names in tool names (JavaScript, `@openai/agents-core`).
    OpenAiAgents,
}

impl Client {
    /// Every client.
    pub const ALL: [Client; 6] =
        [Client::ClaudeCode, Client::Codex, Client::VsCode, Client::GeminiCli, Client::Cline, Client::OpenAiAgents];

    /// The public id: `"claude-code"`, `"codex"`, `"vscode"`, `"gemini-cli"`, `"cline"`,
    /// `"openai-agents"`.
    pub const fn id(self) -> &'static str {
        match self {
            Client::ClaudeCode => "claude-code",
            Client::Codex => "codex",
            Client::VsCode => "vscode",
            Client::GeminiCli => "gemini-cli",
            Client::Cline => "cline",
            Client::OpenAiAgents => "openai-agents",
        }
    }
}

impl fmt::Display for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Client {
    type Err = Error;

    /// # Errors
    /// `invalid_argument` for a string that is not a client id.
    fn from_str(text: &str) -> Result<Client, Error> {
        Client::ALL.into_iter().find(|c| c.id() == text).ok_or_else(|| {
            Error::invalid_argument(format!(
                "unknown client {}: use one of claude-code, codex, vscode, gemini-cli, cline, openai-agents",
                quoted(&crate::text::clip(text, 40))
            ))
        })
    }
}

/// One exposed tool as a client shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Shown {
    /// The name the gateway exposes.
    pub name: String,
    /// The name the client shows the model, or `None` when the client lists no tool for it (a
    /// server or a catalog it refuses).
    pub shown: Option<String>,
    /// What the client does to this tool: `client_hashed`, `client_collision` (naming every tool
    /// of the same shown name), `client_refused`.
    pub diagnostics: Vec<Diagnostic>,
}

/// The names a client shows for one server's tools, with what goes wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct View {
    /// The client.
    #[serde(skip)]
    pub client: Client,
    /// Every exposed tool, in the order given.
    pub tools: Vec<Shown>,
    /// Problems of the catalog or the server as a whole: `client_tool_cap`, `client_refused`.
    pub diagnostics: Vec<Diagnostic>,
}

impl View {
    /// Whether nothing goes wrong: no diagnostic on the view or on any tool.
    pub fn is_clean(&self) -> bool {
        self.diagnostics.is_empty() && self.tools.iter().all(|t| t.diagnostics.is_empty())
    }
}

/// How a client changed a name beyond replacing characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cut {
    /// Cut and ended with a hash.
    Hashed,
    /// Cut, no hash.
    Truncated,
}

/// Which of several tools under one name the client keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Keeps {
    First,
    Last,
    /// VS Code: the later one is registered, registering the earlier one then fails.
    LastThenFails,
}

/// What a client's rule gives, before the diagnostics are worded.
pub(crate) struct Naming {
    pub shown: Vec<Option<String>>,
    pub cut: Vec<Option<Cut>>,
    /// Per tool, why the client refuses it (a sentence).
    pub refused: Vec<Option<String>>,
    /// Diagnostics of the whole view.
    pub top: Vec<Diagnostic>,
    pub keeps: Keeps,
}

impl Naming {
    pub(crate) fn new(n: usize, keeps: Keeps) -> Naming {
        Naming { shown: vec![None; n], cut: vec![None; n], refused: vec![None; n], top: Vec::new(), keeps }
    }
}

/// [`view`] of what a router's `tools/list` gives ([`Router::listed_names`](crate::router::Router::listed_names):
/// every tool enabled and listed, in its list's order; while discovery is on, the meta-tools and
/// the tools `discovery.always` keeps): what `client` shows of a gateway the user named `server`.
///
/// ```
/// use mcp_naming::client::{view_of, Client};
/// use mcp_naming::router::{Router, RouterConfig, ServerConfig, StyleConfig};
///
/// let config = RouterConfig::new(StyleConfig::Named("claude".into()), vec![ServerConfig::new("github")]);
/// let mut router = Router::new(config).unwrap();
/// router.expose("github", &["search-code"]).unwrap();
/// let v = view_of(&router, Client::Codex, "gateway");
/// assert_eq!(v.tools[0].name, "github__search-code");
/// assert_eq!(v.tools[0].shown.as_deref(), Some("mcp__gateway__github__search_code"));
/// ```
pub fn view_of(router: &crate::router::Router, client: Client, server: &str) -> View {
    let names = router.listed_names();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    view(client, server, &names)
}

/// The names `client` shows for the tools `tools` of the server the user named `server`, with a
/// diagnostic wherever the client cuts or hashes a name, shows two tools under one name, refuses
/// a name or the server, or gets more tools than it takes. See the module documentation.
pub fn view(client: Client, server: &str, tools: &[&str]) -> View {
    let naming = match client {
        Client::ClaudeCode => claude_code::name(server, tools),
        Client::Codex => codex::name(server, tools),
        Client::VsCode => vscode::name(server, tools),
        Client::GeminiCli => gemini_cli::name(server, tools),
        Client::Cline => cline::name(server, tools),
        Client::OpenAiAgents => openai_agents::name(server, tools),
    };
    word(client, tools, naming)
}

/// What the gateway author can do about a cut or hashed name, per client.
fn cut_advice(client: Client) -> &'static str {
    match client {
        Client::ClaudeCode => "",
        Client::Codex => {
            "keep \"mcp__<server>__<tool>\" within 128 bytes and distinct once characters outside [A-Za-z0-9_] become \"_\""
        }
        Client::VsCode => "keep \"mcp_<server>_<tool>\" within 64 characters: shorten the tool name",
        Client::GeminiCli => "keep \"mcp_<server>_<tool>\" within 63 characters: shorten the tool or the server name",
        Client::Cline => {
            "use only [A-Za-z0-9_-] and keep \"<server>__<tool>\" within 64 characters, or Cline hashes the name"
        }
        Client::OpenAiAgents => {
            "keep \"mcp_<server>__<tool>\" within 64 characters and distinct once characters outside [A-Za-z0-9_-] become \"_\""
        }
    }
}

fn word(client: Client, tools: &[&str], naming: Naming) -> View {
    let Naming { shown, cut, refused, top, keeps } = naming;
    let mut out: Vec<Shown> =
        tools.iter().map(|t| Shown { name: (*t).to_string(), shown: None, diagnostics: Vec::new() }).collect();
    for (i, s) in out.iter_mut().enumerate() {
        s.shown = shown.get(i).cloned().flatten();
        let name = s.name.as_str();
        if let (Some(kind), Some(shown)) = (cut.get(i).copied().flatten(), s.shown.as_deref()) {
            let how = match kind {
                Cut::Hashed => "ends it with a hash (and cuts it where it is too long)",
                Cut::Truncated => "cuts it",
            };
            s.diagnostics.push(Diagnostic::warning(
                Code::ClientHashed,
                Span::whole(name),
                format!(
                    "{client} shows tool {} as {}: it {how}, so the model sees a name that no longer reads like the tool; {}",
                    quoted(name),
                    quoted(shown),
                    cut_advice(client)
                ),
            ));
        }
        if let Some(Some(reason)) = refused.get(i) {
            s.diagnostics.push(Diagnostic::error(Code::ClientRefused, Span::whole(name), reason.clone()));
        }
    }
    // Tools under one shown name, in order of first appearance.
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    let mut at: HashMap<&str, usize> = HashMap::new();
    for (i, s) in out.iter().enumerate() {
        if let Some(name) = s.shown.as_deref() {
            match at.get(name) {
                Some(&g) => groups[g].1.push(i),
                None => {
                    at.insert(name, groups.len());
                    groups.push((name.to_string(), vec![i]));
                }
            }
        }
    }
    for (name, members) in groups.into_iter().filter(|(_, m)| m.len() > 1) {
        let list = names_list(members.iter().map(|&i| tools[i]));
        let (kept, fate) = match keeps {
            Keeps::First => (members[0], "keeps the first and drops the others"),
            Keeps::Last => (*members.last().unwrap_or(&members[0]), "keeps the last and drops the others"),
            Keeps::LastThenFails => (
                *members.last().unwrap_or(&members[0]),
                "registers the last, then fails to register the others (which can stop the tools after them from registering)",
            ),
        };
        let message = format!(
            "tools {list} all show as {} in {client}, which {fate}: {} is the only one the model can call; rename them so they differ after the client's renaming",
            quoted(&name),
            quoted(tools[kept]),
        );
        for &i in &members {
            out[i].diagnostics.push(Diagnostic::error(Code::ClientCollision, Span::whole(tools[i]), message.clone()));
        }
    }
    View { client, tools: out, diagnostics: top }
}

/// `"a", "b" and "c"`.
fn names_list<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let quoted: Vec<String> = names.map(quoted).collect();
    match quoted.len() {
        0 => String::new(),
        1 => quoted[0].clone(),
        n => format!("{} and {}", quoted[..n - 1].join(", "), quoted[n - 1]),
    }
}

/// `text` with every character outside `keep` replaced by `_`, one `_` per UTF-16 unit, as a
/// JavaScript `replace(/[^…]/g, "_")` without the `u` flag does.
pub(crate) fn replace_utf16(text: &str, keep: impl Fn(u8) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() && keep(c as u8) {
            out.push(c);
        } else {
            for _ in 0..c.len_utf16() {
                out.push('_');
            }
        }
    }
    out
}

/// `text` with every run of characters outside `keep` replaced by one `_`
/// (`replace(/[^…]+/g, "_")`).
pub(crate) fn replace_runs(text: &str, keep: impl Fn(u8) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_run = false;
    for c in text.chars() {
        if c.is_ascii() && keep(c as u8) {
            out.push(c);
            in_run = false;
        } else if !in_run {
            out.push('_');
            in_run = true;
        }
    }
    out
}

/// The first `n` characters of an ASCII-only `text` (JavaScript `slice(0, n)`).
pub(crate) fn head(text: &str, n: usize) -> &str {
    &text[..text.len().min(n)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_parse_back_and_unknown_ids_are_refused() {
        for c in Client::ALL {
            assert_eq!(c.id().parse::<Client>().unwrap(), c);
            assert_eq!(c.to_string(), c.id());
        }
        let e = "copilot".parse::<Client>().unwrap_err();
        assert_eq!(e.code, Code::InvalidArgument);
        assert_eq!(
            e.message,
            "unknown client \"copilot\": use one of claude-code, codex, vscode, gemini-cli, cline, openai-agents"
        );
    }

    #[test]
    fn javascript_replacements() {
        assert_eq!(replace_utf16("a.b😀c", |b| b.is_ascii_alphanumeric()), "a_b__c");
        assert_eq!(replace_runs("a..b😀é c", |b| b.is_ascii_alphanumeric()), "a_b_c");
        assert_eq!(names_list(["a", "b", "c"].into_iter()), "\"a\", \"b\" and \"c\"");
    }
}
