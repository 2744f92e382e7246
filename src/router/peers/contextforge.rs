//! IBM ContextForge (`mcpgateway/utils/create_slug.py` `slugify`, `mcpgateway/db.py`
//! `set_custom_name_and_slug`, `common/validators.py`): `slug(gateway)<sep>slug(tool)`, where
//! `slug` lowercases and turns every run of characters other than letters and digits into the
//! separator, trimmed at both ends. Gateway names must be ASCII letters, digits, `_`, `.`, `-`
//! and spaces; two gateways with one slug are refused; upstream tools whose name does not match
//! `^[a-zA-Z0-9_][a-zA-Z0-9._/-]*$` (at most 128 characters) are dropped, and a server all of
//! whose tools are dropped fails.

use super::{Dropped, Listed, Named};
use crate::diagnostic::{Code, Error, Span};
use crate::text::quoted;

fn slug(text: &str, sep: &str) -> String {
    // Every name that reaches it is ASCII (see the checks).
    let mut out = String::with_capacity(text.len());
    let mut run = false;
    for c in text.chars().map(|c| c.to_ascii_lowercase()) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
            run = false;
        } else if !run {
            out.push_str(sep);
            run = true;
        }
    }
    out.trim_matches(|c| sep.contains(c)).to_string()
}

pub(super) fn check_server_name(name: &str) -> Result<(), String> {
    let ok = !name.is_empty()
        && name.len() <= 255
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-' | b' '));
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{} is not a gateway name ContextForge accepts: use ASCII letters, digits, \"_\", \".\", \"-\" and spaces, at most 255",
            quoted(name)
        ))
    }
}

pub(super) fn check_slugs(names: &[&str], sep: &str) -> Result<(), (usize, String)> {
    for (i, n) in names.iter().enumerate() {
        let s = slug(n, sep);
        if let Some(j) = names[..i].iter().position(|o| slug(o, sep) == s) {
            return Err((
                i,
                format!(
                    "{} has the slug {} of servers[{j}] ({}): ContextForge refuses a second gateway with one slug",
                    quoted(n),
                    quoted(&s),
                    quoted(names[j])
                ),
            ));
        }
    }
    Ok(())
}

fn valid_tool(name: &str) -> bool {
    let b = name.as_bytes();
    !b.is_empty()
        && b.len() <= 128
        && (b[0].is_ascii_alphanumeric() || b[0] == b'_')
        && b[1..].iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'/' | b'-'))
}

pub(super) fn name(lists: &[Listed<'_>], sep: &str) -> Result<(Vec<Named>, Vec<Dropped>), Error> {
    let mut out = Vec::new();
    let mut dropped = Vec::new();
    for l in lists {
        let server = slug(l.name, sep);
        let before = out.len();
        for (ti, tool) in l.tools.iter().enumerate() {
            if !valid_tool(tool) {
                dropped.push(Dropped {
                    server: l.server,
                    tool: ti,
                    code: Code::InvalidToolName,
                    message: format!(
                        "contextforge drops tool {}: it does not match ^[a-zA-Z0-9_][a-zA-Z0-9._/-]*$ (at most 128)",
                        quoted(tool)
                    ),
                });
                continue;
            }
            let name = format!("{server}{sep}{}", slug(tool, sep));
            out.push(Named { server: l.server, tool: ti, name, listed: true, routed: true });
        }
        if out.len() == before && !l.tools.is_empty() {
            return Err(Error::new(
                Code::InvalidToolName,
                Span::whole(l.tools[0]),
                format!(
                    "contextforge: every tool of server {} fails its name check (the first: {}), so ContextForge refuses the gateway",
                    quoted(l.name),
                    quoted(l.tools[0])
                ),
            )
            .for_server(l.name));
        }
    }
    Ok((out, dropped))
}

#[cfg(test)]
mod tests {
    #[test]
    fn slugs() {
        assert_eq!(super::slug("My Gateway.v2", "-"), "my-gateway-v2");
        assert_eq!(super::slug("_private_tool_", "-"), "private-tool");
        assert_eq!(super::slug("get-time", "_"), "get_time");
        assert_eq!(super::slug("__init__", "--"), "init");
    }
}
