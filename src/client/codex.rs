//! OpenAI Codex CLI (`codex-rs/codex-mcp/src/tools.rs` `normalize_tools_for_model_with_prefix`,
//! `unique_callable_parts`, `fit_callable_parts_with_hash`; `codex-mcp/src/mcp/mod.rs`
//! `sanitize_responses_api_tool_name`; checked against the released binary, see
//! `tests/peers/cited/codex.md`).
//!
//! The server (its configuration key, which must match `^[a-zA-Z0-9_:@/.-]+$`) becomes the
//! namespace `mcp__<server>` and each tool a name in it, both with every character outside
//! `[A-Za-z0-9_]` replaced by `_`; the model sees `<namespace>__<tool>`. A tool listed twice is
//! kept once. Tools whose sanitized names are equal all get `_` + 12 hex digits of SHA-1 of
//! `server\0server\0\0tool\0tool`. Then, in the byte order of that identity, a name over 128
//! bytes (or taken) has its tool part cut and ended with `_` + the hash (of the identity, then
//! the identity + `\0<n>` while taken). More than 2,048 tools: the server fails to start.

use super::{Cut, Keeps, Naming};
use crate::diagnostic::{Code, Diagnostic, Span};
use crate::text::quoted;
use std::collections::{HashMap, HashSet};

const MAX: usize = 128;
const DELIMITER: usize = 2;
const HASH: usize = 12;
/// `MAX_MCP_CATALOG_ITEMS`: a longer `tools/list` fails the server's start.
const CATALOG_CAP: usize = 2048;

fn sanitize(text: &str) -> String {
    let s: String = text.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if s.is_empty() {
        "_".to_string()
    } else {
        s
    }
}

fn valid_server(server: &str) -> bool {
    !server.is_empty()
        && server.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b':' | b'@' | b'/' | b'.' | b'-'))
}

fn suffix(identity: &str) -> String {
    format!("_{}", &crate::sha1::hex(identity.as_bytes())[..HASH])
}

/// `truncate_name`: the first `n` characters.
fn chars(text: &str, n: usize) -> String {
    text.chars().take(n).collect()
}

fn fit(namespace: &str, tool: &str, hash_input: &str) -> (String, String) {
    let suffix = suffix(hash_input);
    let max_tool = MAX.saturating_sub(namespace.len() + DELIMITER);
    if max_tool >= suffix.len() {
        return (namespace.to_string(), format!("{}{suffix}", chars(tool, max_tool - suffix.len())));
    }
    (chars(namespace, MAX.saturating_sub(suffix.len() + DELIMITER)), suffix)
}

pub(super) fn name(server: &str, tools: &[&str]) -> Naming {
    let mut n = Naming::new(tools.len(), Keeps::First);
    if !valid_server(server) {
        n.top.push(Diagnostic::error(
            Code::ClientRefused,
            Span::whole(server),
            format!(
                "codex refuses the server name {}: it must match ^[a-zA-Z0-9_:@/.-]+$, so the server does not start and none of its tools is shown; name it with letters, digits and _ : @ / . - only",
                quoted(server)
            ),
        ));
        return n;
    }
    if tools.len() > CATALOG_CAP {
        n.top.push(Diagnostic::error(
            Code::ClientToolCap,
            Span::default(),
            format!(
                "codex: tools/list returned {} tools, over its catalog limit of {CATALOG_CAP}: the server fails to start and none of its tools is shown; expose at most {CATALOG_CAP}",
                tools.len()
            ),
        ));
        return n;
    }
    let namespace = {
        let s = sanitize(server);
        if s.starts_with("mcp__") {
            s
        } else {
            format!("mcp__{s}")
        }
    };
    struct Candidate {
        at: usize,
        identity: String,
        tool: String,
        collided: bool,
    }
    let mut seen = HashMap::new();
    let mut duplicates = Vec::new();
    let mut candidates = Vec::new();
    for (at, tool) in tools.iter().enumerate() {
        let identity = format!("{server}\0{server}\0\0{tool}\0{tool}");
        if let Some(&first) = seen.get(&identity) {
            duplicates.push((at, first));
            continue;
        }
        seen.insert(identity.clone(), at);
        candidates.push(Candidate { at, identity, tool: sanitize(tool), collided: false });
    }
    let mut by_name: HashMap<&str, usize> = HashMap::new();
    for c in &candidates {
        *by_name.entry(c.tool.as_str()).or_default() += 1;
    }
    let colliding: HashSet<String> =
        by_name.into_iter().filter(|(_, count)| *count > 1).map(|(name, _)| name.to_string()).collect();
    for c in &mut candidates {
        if colliding.contains(&c.tool) {
            c.tool.push_str(&suffix(&c.identity));
            c.collided = true;
        }
    }
    candidates.sort_by(|a, b| a.identity.cmp(&b.identity));
    let mut used = HashSet::new();
    for c in candidates {
        let plain = format!("{namespace}{}", c.tool);
        let (ns, tool, cut) = if plain.len() + DELIMITER <= MAX && used.insert(plain) {
            (namespace.clone(), c.tool, false)
        } else {
            let mut attempt = 0u32;
            loop {
                let input = if attempt == 0 { c.identity.clone() } else { format!("{}\0{attempt}", c.identity) };
                let (ns, tool) = fit(&namespace, &c.tool, &input);
                if used.insert(format!("{ns}{tool}")) {
                    break (ns, tool, true);
                }
                attempt = attempt.saturating_add(1);
            }
        };
        n.shown[c.at] = Some(format!("{ns}__{tool}"));
        if cut || c.collided {
            n.cut[c.at] = Some(Cut::Hashed);
        }
    }
    for (at, first) in duplicates {
        n.shown[at] = n.shown[first].clone();
    }
    n
}
