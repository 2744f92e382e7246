//! OpenAI Agents SDK with `includeServerInToolNames` (`@openai/agents-core` `dist/mcp.mjs`
//! `buildPrefixedToolNameOverrides`; Python `openai-agents` `agents/mcp/util.py`
//! `_build_prefixed_tool_name_overrides`).
//!
//! `mcp_<safe server>__<safe tool>`, where `safe` turns every character outside
//! `[A-Za-z0-9_-]` into one `_`, strips `_` and `-` at both ends and falls back to `server` /
//! `tool`. A name over 64 characters, shared by several tools, or equal to a reserved name is
//! cut to 55 characters (trailing `_`/`-` dropped) and ends in `_` + the first 8 hex digits of
//! SHA-1 of `server\0tool`; a name still taken is re-seeded with `\0<k>`, k = 1, 2, …, in the
//! order of (name, seed, server, tool). The JavaScript SDK compares and writes names with `-` as
//! `_` (its function-tool names); the Python SDK keeps `-`.

use super::{endpoint, Listed, Named};
use crate::diagnostic::{Code, Error, Span};
use crate::text::quoted;
use std::collections::{HashMap, HashSet};

const MAX: usize = 64;
const HASH: usize = 8;

fn safe(value: &str, fallback: &str) -> String {
    let s: String =
        value.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '-' { c } else { '_' }).collect();
    let t = s.trim_matches(['_', '-']);
    if t.is_empty() {
        fallback.to_string()
    } else {
        t.to_string()
    }
}

/// `toFunctionToolName` on a name that is already ASCII `[A-Za-z0-9_-]`.
fn function_name(name: &str, python: bool) -> String {
    if python {
        name.to_string()
    } else {
        name.replace('-', "_")
    }
}

fn shorten(base: &str, seed: &str, force: bool) -> String {
    if !force && base.len() <= MAX {
        return base.to_string();
    }
    let hash = &crate::sha1::hex(seed.as_bytes())[..HASH];
    let stem = base[..base.len().min(MAX - 1 - HASH)].trim_end_matches(['_', '-']);
    let stem = if stem.is_empty() { "mcp" } else { stem };
    format!("{stem}_{hash}")
}

struct Candidate {
    at: usize,
    base: String,
    seed: String,
    initial: String,
}

pub(super) fn name(
    lists: &[Listed<'_>],
    _known: &[&str],
    reserved: &[String],
    python: bool,
) -> Result<Vec<Named>, Error> {
    let mut external = Vec::with_capacity(lists.len());
    for l in lists {
        let e = if python { endpoint::python(l.name) } else { endpoint::js(l.name) };
        external.push(e.unwrap_or_else(|| l.name.to_string()));
    }
    let mut out = Vec::new();
    let mut bases = Vec::new();
    let mut counts: HashMap<String, usize> = HashMap::new();
    for (l, server) in lists.iter().zip(&external) {
        for (ti, tool) in l.tools.iter().enumerate() {
            let base = format!("mcp_{}__{}", safe(server, "server"), safe(tool, "tool"));
            *counts.entry(function_name(&base, python)).or_default() += 1;
            bases.push(base);
            out.push(Named { server: l.server, tool: ti, name: String::new(), listed: true, routed: true });
        }
    }
    let reserved: HashSet<&str> = reserved.iter().map(String::as_str).collect();
    let mut seeds: HashMap<String, &str> = HashMap::new();
    let mut candidates = Vec::with_capacity(out.len());
    let mut at = 0;
    for (l, server) in lists.iter().zip(&external) {
        for tool in &l.tools {
            let seed = format!("{server}\0{tool}");
            // Only the JavaScript SDK refuses server names that redact alike.
            if let Some(previous) = seeds.insert(seed.clone(), l.name) {
                if previous != l.name && !python {
                    return Err(Error::new(
                        Code::NameCollision,
                        Span::whole(l.name),
                        format!(
                            "openai-agents: servers {} and {} are both {} once the SDK redacts their URLs, so their tool {} would get one name (the SDK refuses this): name the servers apart",
                            quoted(previous),
                            quoted(l.name),
                            quoted(server),
                            quoted(tool)
                        ),
                    )
                    .for_server(l.name));
                }
            }
            let base = std::mem::take(&mut bases[at]);
            let public = function_name(&base, python);
            let force = counts[&public] > 1 || reserved.contains(public.as_str());
            let initial = shorten(&base, &seed, force);
            candidates.push(Candidate { at, base, seed, initial });
            at += 1;
        }
    }
    // Equal names only arise from equal seeds, so the byte order decides exactly what the
    // SDKs' orders (ICU collation in JavaScript, code points in Python) decide.
    let sorted = super::super::order::order(candidates.len(), &|a, b| {
        let (a, b) = (&candidates[a], &candidates[b]);
        a.initial.cmp(&b.initial).then_with(|| a.seed.cmp(&b.seed)).then(a.at.cmp(&b.at))
    });
    let candidates = super::super::order::permute(candidates, &sorted);
    let mut used: HashSet<String> = reserved.iter().map(|r| r.to_string()).collect();
    for c in candidates {
        let mut name = c.initial;
        let mut k = 1u32;
        while used.contains(&function_name(&name, python)) {
            name = shorten(&c.base, &format!("{}\0{k}", c.seed), true);
            k += 1;
        }
        let public = function_name(&name, python);
        used.insert(public.clone());
        out[c.at].name = public;
    }
    Ok(out)
}

/// The names the JavaScript SDK gives the tools of one server, each with whether it was
/// shortened or disambiguated with a hash (the client view of `openai-agents`, `crate::client`).
/// The naming is [`name`]'s, unchanged.
pub(crate) fn client_names(server: &str, tools: &[&str]) -> Result<Vec<(String, bool)>, Error> {
    let lists = [Listed { server: 0, name: server, tools: tools.to_vec() }];
    let named = name(&lists, &[], &[], false)?;
    let external = endpoint::js(server).unwrap_or_else(|| server.to_string());
    Ok(named
        .into_iter()
        .map(|n| {
            let base =
                function_name(&format!("mcp_{}__{}", safe(&external, "server"), safe(tools[n.tool], "tool")), false);
            let hashed = n.name != base;
            (n.name, hashed)
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(lists: &[(&str, &[&str])], python: bool) -> Vec<String> {
        let lists: Vec<Listed> =
            lists.iter().enumerate().map(|(i, (n, t))| Listed { server: i, name: n, tools: t.to_vec() }).collect();
        name(&lists, &[], &[], python).unwrap().into_iter().map(|n| n.name).collect()
    }

    #[test]
    fn the_sdks_examples() {
        // From the Python SDK, run as an oracle (tests/peers/py/rules.md).
        assert_eq!(
            names(&[("x", &["do it", "do_it", "do-it"]), ("x", &[])], true),
            ["mcp_x__do_it_ae5c752e", "mcp_x__do_it_e191ce6b", "mcp_x__do-it"]
        );
        assert_eq!(
            names(
                &[(
                    "very-long-server-name-for-testing-purposes",
                    &["an_extremely_long_tool_name_that_will_exceed_the_limit"]
                )],
                true
            ),
            ["mcp_very-long-server-name-for-testing-purposes__an_extr_e4197ee3"]
        );
        // From the JavaScript SDK: one server listing `dup` twice.
        assert_eq!(names(&[("srv", &["dup", "dup"])], false), ["mcp_srv__dup_b7e25f93", "mcp_srv__dup_cb81339a"]);
        assert_eq!(names(&[("github", &["get-sum"])], false), ["mcp_github__get_sum"]);
    }
}
