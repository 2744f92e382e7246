//! VS Code (`src/vs/workbench/contrib/mcp/common/mcpServer.ts`: `McpPrefixGenerator.take`,
//! `McpServer._normalizeTool`, `McpTool`; `mcpTypes.ts` `McpToolName`; the 128-tool limit is
//! GitHub Copilot Chat's `HARD_TOOL_LIMIT`). The prefix is `mcp_` + the name lowercased, runs
//! outside `[a-z0-9_.-]` as one `_`, cut to 13, + `_` (a second server of the same name gets
//! `2_`, … — one server here). A tool name with a character outside `[A-Za-z0-9_-]` has each
//! such UTF-16 unit replaced by `_`. The id is prefix + tool with `.` as `_`, cut to 64.
//! Registering a second tool of the same id throws.

use super::{head, replace_runs, replace_utf16, Cut, Keeps, Naming};
use crate::diagnostic::{Code, Diagnostic, Span};

const MAX_PREFIX: usize = 18;
const MAX: usize = 64;
/// Copilot Chat's `HARD_TOOL_LIMIT`.
const TOOL_CAP: usize = 128;

pub(crate) fn prefix(label: &str) -> String {
    let lower = label.to_lowercase();
    let safe =
        replace_runs(&lower, |b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'_' | b'.' | b'-'));
    let safe = head(&safe, MAX_PREFIX - "mcp_".len() - 1);
    format!("mcp_{safe}_")
}

pub(super) fn name(server: &str, tools: &[&str]) -> Naming {
    let mut n = Naming::new(tools.len(), Keeps::LastThenFails);
    let prefix = prefix(server);
    for (i, tool) in tools.iter().enumerate() {
        let tool = replace_utf16(tool, |b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        let id = format!("{prefix}{tool}").replace('.', "_");
        if id.len() > MAX {
            n.shown[i] = Some(head(&id, MAX).to_string());
            n.cut[i] = Some(Cut::Truncated);
        } else {
            n.shown[i] = Some(id);
        }
    }
    if tools.len() > TOOL_CAP {
        n.top.push(Diagnostic::error(
            Code::ClientToolCap,
            Span::default(),
            format!(
                "vscode: GitHub Copilot sends at most {TOOL_CAP} tools in a request and this server alone exposes {}: with all of them enabled Copilot refuses the request (\"Cannot have more than {TOOL_CAP} tools per request\"); expose fewer tools, group them behind a few, or rely on Copilot's virtual tools",
                tools.len()
            ),
        ));
    }
    n
}
