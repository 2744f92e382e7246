//! The ownership marker a package's README carries for the registry: `mcp-name: <server name>`,
//! which must name the server exactly (`internal/validators/registries/mcpname.go`,
//! `containsMCPNameToken`, shared by the PyPI, NuGet and Cargo validators): the name must end at
//! the end of the text, at a character that cannot continue a server name (outside
//! `[A-Za-z0-9._/-]`), or at an HTML comment's close (`-->`, `--!>`), so that
//! `mcp-name: io.github.alice/foo-evil` does not claim `io.github.alice/foo`.

use crate::diagnostic::{Code, Diagnostic, Span};
use crate::text::quoted;
use serde::Serialize;

const TOKEN: &str = "mcp-name: ";

/// The verdict of [`check_mcp_name_marker`]: `{ valid, errors, declared }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct MarkerCheck {
    /// The README declares the name.
    pub valid: bool,
    /// `missing_mcp_name`, or one `mcp_name_mismatch` per other name declared (its span in the
    /// README).
    pub errors: Vec<Diagnostic>,
    /// Every name the README's markers declare, in order.
    pub declared: Vec<String>,
}

fn is_server_name_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_' | b'/')
}

/// Whether `rest`, what follows a matched name, ends the token.
fn is_boundary(rest: &str) -> bool {
    rest.bytes().next().is_none_or(|b| !is_server_name_char(b)) || rest.starts_with("-->") || rest.starts_with("--!>")
}

/// The name a marker at byte `at` (just after `mcp-name: `) declares: server-name characters up
/// to a boundary.
fn declared_at(readme: &str, at: usize) -> &str {
    let rest = &readme[at..];
    let mut end = 0;
    while end < rest.len() && !is_boundary(&rest[end..]) {
        end += 1;
    }
    &rest[..end]
}

/// Whether `readme` declares `name` with its `mcp-name:` marker, as the registry checks it; the
/// errors say what it declares instead.
///
/// ```
/// use mcp_naming::registry_name::check_mcp_name_marker;
///
/// assert!(check_mcp_name_marker("<!-- mcp-name: io.github.alice/foo-->", "io.github.alice/foo").valid);
/// let c = check_mcp_name_marker("mcp-name: io.github.alice/foo-evil\n", "io.github.alice/foo");
/// assert_eq!(c.errors[0].code.as_str(), "mcp_name_mismatch");
/// assert_eq!(c.declared, ["io.github.alice/foo-evil"]);
/// ```
pub fn check_mcp_name_marker(readme: &str, name: &str) -> MarkerCheck {
    let token = format!("{TOKEN}{name}");
    let mut valid = false;
    let mut from = 0;
    while let Some(i) = readme[from..].find(&token) {
        let end = from + i + token.len();
        if is_boundary(&readme[end..]) {
            valid = true;
            break;
        }
        from += i + 1;
    }
    let mut declared = Vec::new();
    let mut errors = Vec::new();
    for (i, _) in readme.match_indices(TOKEN) {
        let at = i + TOKEN.len();
        let d = declared_at(readme, at);
        if !declared.iter().any(|x: &String| x == d) {
            declared.push(d.to_string());
            if !valid && d != name {
                errors.push(Diagnostic::error(
                    Code::McpNameMismatch,
                    Span::new(at, at + d.len()),
                    format!(
                        "the README declares mcp-name {}, not {}: the registry needs the server's name exactly, followed by a character that cannot continue a name",
                        quoted(d),
                        quoted(name)
                    ),
                ));
            }
        }
    }
    if !valid && declared.is_empty() {
        let mut d = Diagnostic::error(
            Code::MissingMcpName,
            Span::default(),
            format!("the README has no \"mcp-name: \" marker: add <!-- mcp-name: {name} --> for the registry to tie the package to the server"),
        );
        d.suggestion = Some(format!("<!-- mcp-name: {name} -->"));
        errors.push(d);
    }
    MarkerCheck { valid, errors, declared }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_names_and_their_spans() {
        let c = check_mcp_name_marker("x mcp-name: a.b/c-->\nmcp-name: a.b/d", "a.b/e");
        assert!(!c.valid);
        assert_eq!(c.declared, ["a.b/c", "a.b/d"]);
        assert_eq!((c.errors[0].span.start, c.errors[0].span.end), (12, 17));
        let c = check_mcp_name_marker("no marker", "a.b/c");
        assert_eq!(c.errors[0].code, Code::MissingMcpName);
        assert_eq!(c.errors[0].suggestion.as_deref(), Some("<!-- mcp-name: a.b/c -->"));
        assert!(check_mcp_name_marker("mcp-name: a.b/cc then mcp-name: a.b/c", "a.b/c").errors.is_empty());
    }
}
