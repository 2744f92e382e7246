//! The MCP 2026-07-28 scenarios of tests/data/cases/revision-2026.json (issue 34), run natively
//! on the reference applier ([`Gateway`]); and the merged lists' order, which no order of the
//! upstreams' answers changes.
#![cfg(not(target_arch = "wasm32"))]

mod support;

use support::data;

#[test]
fn scenarios() {
    let steps = support::steps::run("cases/revision-2026.json", &data::revision_2026());
    assert!(steps >= 40, "only {steps} steps");
}

/// Every order of `items`.
fn permutations<T: Clone>(items: &[T]) -> Vec<Vec<T>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, first.clone());
            out.push(p);
        }
    }
    out
}

/// MCP 2026-07-28 asks for lists in a deterministic order: the merged lists are a function of
/// what each upstream lists, whatever order the upstreams answer in (a gateway lists them in
/// parallel): servers in configuration order, each server's items in its own order (a peer
/// style: in its peer's order), and what a collision decides decided alike (the server first in
/// the configuration keeps a shared resource URI; names that differ only in case or separators
/// are one tool part for conditional prefixing).
#[test]
fn merged_lists_do_not_depend_on_the_order_upstreams_answer_in() {
    use mcp_naming::router::{Gateway, OnInvalid};
    use serde_json::json;
    let lists = [
        ("alpha", json!(["search", "fetch", "alpha-only", "Shared_Name"]), json!(["file:///a", "test://x"])),
        ("beta", json!(["search", "beta_only", "shared-name"]), json!(["test://x", "test://b"])),
        ("gamma", json!(["fetch", "search", "gamma.only"]), json!(["test://x", "file:///g"])),
    ];
    let styles = [
        json!({ "style": "claude" }),
        json!({ "style": "agent", "prefixMode": "conditional" }),
        json!({ "style": "claude", "prefixMode": "conditional", "conflicts": { "priority": ["beta", "alpha"] } }),
        json!({ "style": "claude", "prefixMode": "conditional", "conflicts": { "priority": ["gamma"], "others": "drop" } }),
        json!({ "style": { "peer": "langchain" } }),
        // (Docker without `toolNamePrefix` refuses a catalog where two servers share a name, as
        // the Docker gateway refuses to start: one list is refused in every order, which one
        // is the one that arrives second.)
        json!({ "style": { "peer": "docker", "toolNamePrefix": true } }),
        json!({ "style": { "peer": "toolhive" } }),
        json!({ "style": { "peer": "agentgateway" } }),
        json!({ "style": "syntropy" }),
    ];
    let mut problems = Vec::new();
    for style in &styles {
        let mut config = style.clone();
        config["servers"] = json!(lists.iter().map(|(s, _, _)| json!({ "name": s })).collect::<Vec<_>>());
        config["requestStateKey"] = json!("a key of thirty-two bytes or more..");
        let mut answers: Vec<(Vec<usize>, String)> = Vec::new();
        for order in permutations(&[0usize, 1, 2]) {
            let mut g = Gateway::from_json(&support::json(&config)).unwrap();
            for &i in &order {
                let (server, tools, uris) = &lists[i];
                let tools = json!({ "tools": tools.as_array().unwrap().iter().map(|t| json!({ "name": t })).collect::<Vec<_>>() });
                let resources = json!({ "resources": uris.as_array().unwrap().iter().map(|u| json!({ "uri": u, "name": "r" })).collect::<Vec<_>>() });
                // A list refused whole (a peer's fatal collision) is an answer too.
                let _ = g.expose_tools(server, &support::json(&tools), OnInvalid::Skip);
                let _ = g.expose_resources(server, &support::json(&resources), OnInvalid::Skip);
            }
            let seen = [g.list_tools(None, None).unwrap(), g.list_resources(None, None).unwrap()];
            answers.push((order, seen.iter().map(|j| j.to_text()).collect::<Vec<_>>().join("\n")));
        }
        for (order, answer) in &answers[1..] {
            if answer != &answers[0].1 {
                let (a, b): (Vec<&str>, Vec<&str>) = (answer.lines().collect(), answers[0].1.lines().collect());
                for i in 0..2 {
                    if a[i] != b[i] {
                        problems.push(format!(
                            "{style} {order:?} {}: {}\n   vs {}",
                            ["tools", "resources"][i],
                            a[i],
                            b[i]
                        ));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
