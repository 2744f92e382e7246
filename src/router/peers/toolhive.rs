//! ToolHive's Virtual MCP Server (`pkg/vmcp/aggregator/`: `conflict_resolver.go`
//! `NewConflictResolver`, `applyPrefixFormat`; `prefix_resolver.go`, `priority_resolver.go`,
//! `manual_resolver.go` `ResolveToolConflicts`; `default_aggregator.go` `MergeCapabilities`;
//! `capability_conflicts.go` `resolvePromptConflicts`, `dedupeByKey`). Tools:
//!
//! - `prefix` (the default): every tool is `<format with {workload} replaced><tool>`, the format
//!   `{workload}_` unless `prefix` sets it;
//! - `priority`: a name one workload serves stays bare; of a name several serve, the one first in
//!   `priority` keeps it bare and the others are dropped; when none of them is listed, each is
//!   `<workload>_<tool>` (ToolHive's fallback always uses the default format);
//! - `manual`: names stay bare, and any name two workloads serve stops ToolHive at start-up.
//!
//! Two tools that still end with one name: ToolHive keeps whichever its Go map iteration meets
//! first, which changes from run to run; the router keeps the first by workload name (what
//! ToolHive's own resolver-less fallback does) and warns. The list is sorted by name.
//!
//! Prompts: every prompt is `<format><prompt>`, except that under `priority` the workloads in
//! `priority` keep their prompts bare; a name several workloads reach is kept for the one first
//! in `priority` when all of them are listed, and dropped for all when any is not.

use super::{Dropped, Listed, Named};
use crate::diagnostic::{Code, Diagnostic, Error, Span};
use crate::router::config::Strategy;
use crate::router::order::{order, permute};
use crate::text::quoted;
use std::collections::HashMap;

/// ToolHive's default `prefixFormat`.
pub(crate) const DEFAULT_FORMAT: &str = "{workload}_";

fn apply(format: &str, workload: &str, name: &str) -> String {
    format!("{}{name}", format.replace("{workload}", workload))
}

/// What the peer names, drops and says.
pub(super) type Outcome = (Vec<Named>, Vec<Dropped>, Vec<Diagnostic>);

/// One candidate: index into `lists`, the tool's index, its name before resolution.
struct Candidate {
    list: usize,
    tool: usize,
}

/// The names of `lists` (tools, or prompts when `prompts`); `known` are the workload names.
pub(super) fn name(
    lists: &[Listed<'_>],
    known: &[&str],
    strategy: Strategy,
    format: &str,
    priority: &[String],
    prompts: bool,
) -> Result<Outcome, Error> {
    if prompts {
        // A workload listed twice keeps its first place (`promptNamingFromConfig`)…
        let rank = |workload: &str| priority.iter().position(|p| p == workload);
        return Ok(name_prompts(lists, known, strategy, format, &rank));
    }
    // …but its last for tools (`NewPriorityConflictResolver` overwrites its map entry).
    let rank = |workload: &str| priority.iter().rposition(|p| p == workload);
    // Every tool with its name before resolution, grouped by that name in first-seen order.
    let mut groups: Vec<(&str, Vec<Candidate>)> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    for (li, l) in lists.iter().enumerate() {
        for (ti, tool) in l.tools.iter().enumerate() {
            let at = *index.entry(tool).or_insert_with(|| {
                groups.push((tool, Vec::new()));
                groups.len() - 1
            });
            groups[at].1.push(Candidate { list: li, tool: ti });
        }
    }
    let mut out = Vec::new();
    let mut dropped = Vec::new();
    let mut notes = Vec::new();
    let named = |c: &Candidate, name: String| Named {
        server: lists[c.list].server,
        tool: c.tool,
        name,
        listed: true,
        routed: true,
    };
    match strategy {
        Strategy::Prefix => {
            for (li, l) in lists.iter().enumerate() {
                for ti in 0..l.tools.len() {
                    let c = Candidate { list: li, tool: ti };
                    out.push(named(&c, apply(format, known[li], l.tools[ti])));
                }
            }
        }
        Strategy::Manual => {
            let mut conflicts: Vec<String> = groups
                .iter()
                .filter(|(_, g)| g.len() > 1)
                .map(|(n, g)| {
                    let who: Vec<&str> = g.iter().map(|c| known[c.list]).collect();
                    format!("{} [{}]", quoted(n), who.join(", "))
                })
                .collect();
            if !conflicts.is_empty() {
                conflicts.sort();
                let first = groups.iter().find(|(_, g)| g.len() > 1).expect("a conflict");
                return Err(Error::new(
                    Code::NameCollision,
                    Span::whole(first.0),
                    format!(
                        "toolhive (manual): unresolved tool name conflicts {}; ToolHive refuses to start until each has an override: use strategy \"prefix\" or \"priority\"",
                        conflicts.join(", ")
                    ),
                )
                .for_server(lists[first.1[1].list].name));
            }
            for (_, g) in &groups {
                out.push(named(&g[0], lists[g[0].list].tools[g[0].tool].to_string()));
            }
        }
        Strategy::Priority => {
            for (tool, g) in &groups {
                if g.len() == 1 {
                    out.push(named(&g[0], tool.to_string()));
                    continue;
                }
                let winner =
                    g.iter().enumerate().filter_map(|(i, c)| rank(known[c.list]).map(|r| (r, i))).min().map(|(_, i)| i);
                match winner {
                    Some(w) => {
                        out.push(named(&g[w], tool.to_string()));
                        for c in g.iter().enumerate().filter(|(i, _)| *i != w).map(|(_, c)| c) {
                            dropped.push(Dropped {
                                server: lists[c.list].server,
                                tool: c.tool,
                                code: Code::NameCollision,
                                message: format!(
                                    "toolhive (priority) drops it: workload {} comes first in `priority` and keeps {}",
                                    quoted(known[g[w].list]),
                                    quoted(tool)
                                ),
                            });
                        }
                    }
                    None => {
                        for c in g {
                            out.push(named(c, apply(DEFAULT_FORMAT, known[c.list], tool)));
                        }
                    }
                }
            }
        }
    }
    // Names that still collide: one survives, ToolHive's pick being Go map order.
    let workload: HashMap<usize, &str> = lists.iter().zip(known).map(|(l, k)| (l.server, *k)).collect();
    let keys: Vec<(&str, &str, usize)> = out.iter().map(|t| (t.name.as_str(), workload[&t.server], t.tool)).collect();
    let by_workload = order(out.len(), &|a, b| keys[a].cmp(&keys[b]));
    let mut sorted = permute(out, &by_workload);
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i + 1;
        while j < sorted.len() && sorted[j].name == sorted[i].name {
            j += 1;
        }
        if j - i > 1 {
            let describe = |t: &Named| {
                let l = lists.iter().find(|l| l.server == t.server).expect("a listed server");
                format!("server {} tool {}", quoted(l.name), quoted(l.tools[t.tool]))
            };
            let who: Vec<String> = sorted[i..j].iter().map(describe).collect();
            for t in &mut sorted[i + 1..j] {
                t.listed = false;
                t.routed = false;
            }
            notes.push(Diagnostic::warning(
                Code::NameCollision,
                Span::whole(&sorted[i].name),
                format!(
                    "toolhive names {} {}: ToolHive keeps one of them in Go map order, which changes from run to run; the router keeps {}",
                    who.join(" and "),
                    quoted(&sorted[i].name),
                    who[0]
                ),
            ));
        }
        i = j;
    }
    Ok((sorted, dropped, notes))
}

/// A prompt under one resolved name: its list, its index, its rank when its workload is listed.
type Prompt = (usize, usize, Option<usize>);

fn name_prompts(
    lists: &[Listed<'_>],
    known: &[&str],
    strategy: Strategy,
    format: &str,
    rank: &dyn Fn(&str) -> Option<usize>,
) -> Outcome {
    // Workloads in sorted order, as ResolveConflicts iterates them.
    let workloads = order(lists.len(), &|a, b| known[a].cmp(known[b]));
    // Resolved name → candidates (list, prompt, rank if listed).
    let mut groups: Vec<(String, Vec<Prompt>)> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut dropped = Vec::new();
    for &li in &workloads {
        let r = if strategy == Strategy::Priority { rank(known[li]) } else { None };
        for (pi, prompt) in lists[li].tools.iter().enumerate() {
            let resolved = if r.is_some() { prompt.to_string() } else { apply(format, known[li], prompt) };
            match index.get(&resolved) {
                Some(&at) if groups[at].1.iter().any(|&(l, _, _)| l == li) => dropped.push(Dropped {
                    server: lists[li].server,
                    tool: pi,
                    code: Code::NameCollision,
                    message: format!("toolhive drops it: the workload lists {} twice", quoted(&resolved)),
                }),
                Some(&at) => groups[at].1.push((li, pi, r)),
                None => {
                    index.insert(resolved.clone(), groups.len());
                    groups.push((resolved, vec![(li, pi, r)]));
                }
            }
        }
    }
    let mut out = Vec::new();
    let mut notes = Vec::new();
    for (resolved, g) in groups {
        let describe =
            |&(l, p, _): &Prompt| format!("server {} prompt {}", quoted(lists[l].name), quoted(lists[l].tools[p]));
        if g.len() > 1 && g.iter().any(|(_, _, r)| r.is_none()) {
            let who: Vec<String> = g.iter().map(describe).collect();
            for &(l, p, _) in &g {
                dropped.push(Dropped {
                    server: lists[l].server,
                    tool: p,
                    code: Code::NameCollision,
                    message: format!("toolhive drops every prompt named {}: {}", quoted(&resolved), who.join(" and ")),
                });
            }
            notes.push(Diagnostic::warning(
                Code::NameCollision,
                Span::whole(&resolved),
                format!("toolhive names {} {}: it lists none of them", who.join(" and "), quoted(&resolved)),
            ));
            continue;
        }
        let mut winner = 0;
        for (i, c) in g.iter().enumerate().skip(1) {
            if c.2 < g[winner].2 {
                winner = i;
            }
        }
        for (i, &(l, p, _)) in g.iter().enumerate() {
            if i != winner {
                dropped.push(Dropped {
                    server: lists[l].server,
                    tool: p,
                    code: Code::NameCollision,
                    message: format!(
                        "toolhive (priority) drops it: workload {} comes first in `priority` and keeps {}",
                        quoted(known[g[winner].0]),
                        quoted(&resolved)
                    ),
                });
            }
        }
        let (l, p, _) = g[winner];
        out.push(Named { server: lists[l].server, tool: p, name: resolved, listed: true, routed: true });
    }
    let by_name = order(out.len(), &|a, b| out[a].name.cmp(&out[b].name));
    (permute(out, &by_name), dropped, notes)
}

#[cfg(test)]
mod tests {
    #[test]
    fn formats() {
        assert_eq!(super::apply("{workload}_", "github", "search"), "github_search");
        assert_eq!(super::apply("{workload}.", "github", "search"), "github.search");
        assert_eq!(super::apply("backend_", "github", "search"), "backend_search");
        assert_eq!(super::apply("{workload}-{workload}-", "a", "x"), "a-a-x");
    }
}
