//! Every client's view (`mcp_naming::client::view`) against the cases in
//! tests/peers/cited/clients.json, whose expected names were traced by hand from each client's
//! rule (tests/peers/cited/<client>.md names the file and function), plus properties of each rule:
//! shown names within the client's limit and alphabet, the same answer twice, and a diagnostic
//! wherever two tools share a shown name.
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::client::{view, Client, View};
use mcp_naming::Code;
use proptest::prelude::*;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    server: String,
    tools: Vec<String>,
    shown: Vec<Option<String>>,
    #[serde(default)]
    diagnostics: Vec<Expected>,
    rule: String,
}

#[derive(Deserialize, PartialEq, Eq, PartialOrd, Ord, Debug, Clone)]
#[serde(deny_unknown_fields)]
struct Expected {
    code: String,
    /// The tools the diagnostic is attached to (one diagnostic per tool, the same message);
    /// empty for a diagnostic of the whole view.
    tools: Vec<usize>,
}

/// The view's diagnostics as (code, tools): a collision once for all the tools of its shown
/// name, any other diagnostic of a tool on its own.
fn diagnostics(v: &View) -> Vec<Expected> {
    let mut collisions: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    let mut out = Vec::new();
    for (i, t) in v.tools.iter().enumerate() {
        for d in &t.diagnostics {
            match (d.code, t.shown.as_deref()) {
                (Code::ClientCollision, Some(shown)) => collisions.entry(shown).or_default().push(i),
                _ => out.push(Expected { code: d.code.as_str().to_string(), tools: vec![i] }),
            }
        }
    }
    out.extend(collisions.into_values().map(|tools| Expected { code: "client_collision".to_string(), tools }));
    out.extend(v.diagnostics.iter().map(|d| Expected { code: d.code.as_str().to_string(), tools: Vec::new() }));
    out.sort();
    out
}

fn cases() -> BTreeMap<String, Vec<Case>> {
    let text = include_str!("peers/cited/clients.json");
    serde_json::from_str(text).expect("clients.json: unknown or missing keys are refused")
}

#[test]
fn every_cited_case() {
    let all = cases();
    let ids: BTreeSet<&str> = all.keys().map(String::as_str).collect();
    let expected: BTreeSet<&str> = Client::ALL.iter().map(|c| c.id()).collect();
    assert_eq!(ids, expected, "clients.json has one list per client, and only those");
    let mut failures = Vec::new();
    let mut count = 0;
    for (id, list) in &all {
        let client: Client = id.parse().unwrap();
        assert!(list.len() >= 6, "{id}: at least six cases");
        for (k, case) in list.iter().enumerate() {
            count += 1;
            assert!(!case.rule.trim().is_empty(), "{id}[{k}]: every case cites its rule");
            assert_eq!(case.shown.len(), case.tools.len(), "{id}[{k}]: one shown name per tool");
            let tools: Vec<&str> = case.tools.iter().map(String::as_str).collect();
            let v = view(client, &case.server, &tools);
            let shown: Vec<Option<String>> = v.tools.iter().map(|t| t.shown.clone()).collect();
            let names: Vec<&str> = v.tools.iter().map(|t| t.name.as_str()).collect();
            assert_eq!(names, tools, "{id}[{k}]: the view keeps every tool, in order");
            if shown != case.shown {
                failures.push(format!("{id}[{k}] ({}): shown {shown:?}, expected {:?}", case.rule, case.shown));
            }
            let mut want = case.diagnostics.clone();
            want.sort();
            let got = diagnostics(&v);
            if got != want {
                failures.push(format!("{id}[{k}] ({}): diagnostics {got:?}, expected {want:?}", case.rule));
            }
            // Every message says what to change and names the tools it is about.
            for (i, t) in v.tools.iter().enumerate() {
                for d in &t.diagnostics {
                    assert!(d.message.len() > 40, "{id}[{k}]: a message worth reading: {}", d.message);
                    if d.code == Code::ClientCollision {
                        let group: Vec<usize> =
                            (0..tools.len()).filter(|&j| v.tools[j].shown == v.tools[i].shown).collect();
                        for j in group {
                            let q = format!("{:?}", tools[j]);
                            assert!(d.message.contains(&q[..q.len().min(60)]), "{id}[{k}]: names {q}: {}", d.message);
                        }
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} of {count} cases differ:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn messages_say_what_to_change() {
    let v = view(Client::ClaudeCode, "gw", &["get.user", "get_user"]);
    assert_eq!(
        v.tools[0].diagnostics[0].message,
        "tools \"get.user\" and \"get_user\" all show as \"mcp__gw__get_user\" in claude-code, which keeps the first and drops the others: \"get.user\" is the only one the model can call; rename them so they differ after the client's renaming"
    );
    let long = "t".repeat(60);
    let v = view(Client::ClaudeCode, "gw", &[long.as_str()]);
    assert!(v.tools[0].diagnostics[0]
        .message
        .ends_with("keep the tool name within 55 characters with this server name"));
    let v = view(Client::Codex, "bad name", &["t"]);
    assert_eq!(v.diagnostics[0].code, Code::ClientRefused);
    assert!(v.diagnostics[0].message.contains("^[a-zA-Z0-9_:@/.-]+$"));
}

#[test]
fn catalog_caps_at_their_boundaries() {
    let names: Vec<String> = (0..2049).map(|i| format!("t{i}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    assert!(view(Client::Codex, "gw", &refs[..2048]).is_clean());
    assert_eq!(view(Client::Codex, "gw", &refs).diagnostics[0].code, Code::ClientToolCap);
    assert!(view(Client::VsCode, "gw", &refs[..128]).is_clean());
    assert_eq!(view(Client::VsCode, "gw", &refs[..129]).diagnostics[0].code, Code::ClientToolCap);
    for c in [Client::ClaudeCode, Client::GeminiCli, Client::Cline, Client::OpenAiAgents] {
        assert!(view(c, "gw", &refs).diagnostics.is_empty(), "{c}: no tool cap in its code");
    }
}

/// Each client's limit and alphabet for a shown name (None: the client does not enforce one).
fn rule(client: Client) -> (Option<usize>, fn(u8) -> bool) {
    match client {
        Client::ClaudeCode => (None, |b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'),
        Client::Codex => (Some(128), |b| b.is_ascii_alphanumeric() || b == b'_'),
        Client::VsCode => (Some(64), |b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'),
        Client::GeminiCli => (Some(63), |b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b':')),
        Client::Cline => (Some(64), |b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'),
        Client::OpenAiAgents => (Some(64), |b| b.is_ascii_alphanumeric() || b == b'_'),
        other => panic!("{other}: add its limit and alphabet here"),
    }
}

fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z]{1,12}",
        "[A-Za-z0-9_.:/ -]{0,40}",
        "[a-z_-]{50,140}",
        "\\PC{0,24}",
        Just("get.user".to_string()),
        Just("get_user".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn shown_names_keep_the_rule(
        server in prop_oneof!["[a-z][a-z0-9-]{0,20}", "\\PC{0,30}", "[a-z]{100,140}"],
        tools in prop::collection::vec(name(), 0..12),
    ) {
        let refs: Vec<&str> = tools.iter().map(String::as_str).collect();
        for client in Client::ALL {
            let v = view(client, &server, &refs);
            prop_assert_eq!(&v, &view(client, &server, &refs), "deterministic");
            prop_assert_eq!(v.tools.len(), refs.len());
            let (max, allowed) = rule(client);
            let mut owners: HashMap<&str, usize> = HashMap::new();
            for t in &v.tools {
                let Some(shown) = t.shown.as_deref() else { continue };
                prop_assert!(shown.bytes().all(allowed), "{}: {:?}", client, shown);
                match max {
                    Some(max) => prop_assert!(shown.len() <= max, "{}: {:?} is {} long", client, shown, shown.len()),
                    None => prop_assert_eq!(
                        shown.len() > 64,
                        t.diagnostics.iter().any(|d| d.code == Code::ClientRefused),
                        "claude-code refuses exactly the names over 64"
                    ),
                }
                *owners.entry(shown).or_default() += 1;
            }
            for t in &v.tools {
                if let Some(shown) = t.shown.as_deref() {
                    let shared = owners[shown] > 1;
                    prop_assert_eq!(shared, t.diagnostics.iter().any(|d| d.code == Code::ClientCollision),
                        "{}: a collision diagnostic exactly where two tools share {:?}", client, shown);
                }
            }
        }
    }

    /// Codex and the OpenAI Agents SDK hash colliding names apart: only a tool listed twice can
    /// share a name there.
    #[test]
    fn hashing_clients_keep_distinct_names_apart(tools in prop::collection::vec(name(), 0..12)) {
        let mut distinct = tools.clone();
        distinct.sort();
        distinct.dedup();
        let refs: Vec<&str> = distinct.iter().map(String::as_str).collect();
        for client in [Client::Codex, Client::OpenAiAgents] {
            let v = view(client, "gw", &refs);
            let shown: BTreeSet<&str> = v.tools.iter().filter_map(|t| t.shown.as_deref()).collect();
            prop_assert_eq!(shown.len(), refs.len(), "{}", client);
        }
    }
}
