//! Gemini CLI (`@google/gemini-cli-core`, `tools/mcp-tool.ts` `generateValidName`,
//! `tools/tool-registry.ts` `registerTool`): `<server>_<tool>`, given `mcp_` in front unless it
//! starts with `mcp_` already; every UTF-16 unit outside `[A-Za-z0-9_.:-]` becomes `_`; a name
//! not starting with a letter or `_` gets `_` in front; past 63 characters the first 30, `...`
//! and the last 30 are kept. No hash. A tool without a name is skipped (`mcp-client.ts`
//! `isEnabled`). The registry is a map by name: a later tool of the same name replaces the
//! earlier one.

use super::{replace_utf16, Cut, Keeps, Naming};

/// 64, the Gemini API's limit, less one "to be safe" as the source says.
const SAFE_LIMIT: usize = 63;

pub(crate) fn valid_name(name: &str) -> (String, bool) {
    let prefixed = if name.starts_with("mcp_") { name.to_string() } else { format!("mcp_{name}") };
    let mut valid = replace_utf16(&prefixed, |b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b':'));
    if !valid.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        valid.insert(0, '_');
    }
    if valid.len() > SAFE_LIMIT {
        // ASCII only by now: byte offsets are UTF-16 offsets.
        let cut = format!("{}...{}", &valid[..30], &valid[valid.len() - 30..]);
        return (cut, true);
    }
    (valid, false)
}

pub(super) fn name(server: &str, tools: &[&str]) -> Naming {
    let mut n = Naming::new(tools.len(), Keeps::Last);
    for (i, tool) in tools.iter().enumerate() {
        if tool.is_empty() {
            n.refused[i] = Some(
                "gemini-cli skips a tool without a name (\"Discovered a function declaration without a name\"), so it is not shown: give every tool a name".to_string(),
            );
            continue;
        }
        let (shown, cut) = valid_name(&format!("{server}_{tool}"));
        n.shown[i] = Some(shown);
        n.cut[i] = cut.then_some(Cut::Truncated);
    }
    n
}
