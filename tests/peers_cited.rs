//! The peer styles of the gateways that do not run here (LiteLLM, ContextForge, the Docker MCP
//! gateway, agentgateway, MetaMCP) and Cloudflare agents, against the cases in
//! tests/peers/cited/cases.json: each case cites the file and function of the peer's source it
//! comes from (tests/peers/cited/<peer>.md states the rules). Every case is run; the few the
//! router does not reproduce are listed below with the reason, and the list itself is checked,
//! so a case that starts to agree (or to differ) fails the test.
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::router::{Gateway, OnInvalid, RouterConfig};
use mcp_naming::Json;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    servers: Vec<Server>,
    options: Map<String, Value>,
    #[serde(default)]
    names: Option<Vec<String>>,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    order: Option<String>,
    rule: String,
    #[serde(default)]
    parse: Vec<Parse>,
    #[serde(default)]
    uris: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Server {
    name: String,
    tools: Vec<String>,
    #[serde(default)]
    alias: Option<String>,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    server_id: Option<String>,
    #[serde(default)]
    prefix: Option<String>,
    #[serde(default)]
    resources: Vec<String>,
    #[serde(default)]
    id: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Parse {
    exposed: String,
    #[serde(default)]
    server: Option<String>,
    #[serde(default)]
    tool: Option<String>,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    how: Option<String>,
}

/// Cases the router does not reproduce, by peer and index, with the reason.
const NOT_REPRODUCED: &[(&str, usize, &str)] = &[
    ("contextforge", 6, "a separator ContextForge does not allow: it logs a warning and uses \"-\"; the router refuses the configuration"),
    ("litellm", 14, "LiteLLM's opt-in short-ID prefix (a newer utils.py than the other rules) is not a parameter of the style"),
];

/// The router's style and server names for a case.
fn config(peer: &str, case: &Case) -> Value {
    let o = &case.options;
    let mut style = Map::new();
    let id = if peer == "docker-mcp-gateway" { "docker" } else { peer };
    style.insert("peer".into(), json!(id));
    let mut prefixes = Map::new();
    let mut names = Vec::new();
    for (i, s) in case.servers.iter().enumerate() {
        let mut name = s.name.clone();
        match peer {
            "litellm" => {
                if let Some(a) = &s.alias {
                    prefixes.insert(name.clone(), json!(a));
                }
            }
            "docker-mcp-gateway" | "obot" => {
                if let Some(p) = &s.prefix {
                    prefixes.insert(name.clone(), json!(p));
                }
            }
            "cloudflare-agents" => {
                if let Some(id) = &s.id {
                    prefixes.insert(name.clone(), json!(id));
                }
            }
            "metamcp" if o.get("name_source").and_then(Value::as_str) == Some("serverInfo") => {
                // No configured name: MetaMCP falls back to the upstream's serverInfo.name.
                prefixes.insert(format!("server{i}"), json!(name));
                name = format!("server{i}");
            }
            _ => {}
        }
        let _ = (&s.source, &s.server_id);
        names.push(json!({ "name": name }));
    }
    if let Some(sep) = o.get("separator") {
        style.insert("separator".into(), sep.clone());
    }
    if let Some(p) = o.get("tool_name_prefix") {
        style.insert("toolNamePrefix".into(), p.clone());
    }
    if let Some(m) = o.get("prefix_mode") {
        style.insert("mode".into(), m.clone());
    }
    if o.get("id_source").and_then(Value::as_str) == Some("addMcpServer") {
        style.insert("normalize".into(), json!(true));
    }
    if let Some(Value::Object(params)) = o.get("style") {
        style.extend(params.clone());
    }
    if !prefixes.is_empty() {
        style.insert("prefixes".into(), Value::Object(prefixes));
    }
    json!({ "style": style, "servers": names })
}

/// The names the client would see, or the router's refusal.
fn run(config: &Value, case: &Case) -> Result<(Gateway, Vec<String>), String> {
    let json: Json = serde_json::from_value(config.clone()).unwrap();
    let config = RouterConfig::from_json(&json).map_err(|e| e.message)?;
    let mut router = Gateway::new(config).map_err(|e| e.message)?;
    let servers: Vec<String> = config_names(&json);
    for (s, name) in case.servers.iter().zip(&servers) {
        let list: Json = serde_json::from_value(
            json!({ "tools": s.tools.iter().map(|t| json!({ "name": t })).collect::<Vec<_>>() }),
        )
        .unwrap();
        router.expose_tools(name, &list, OnInvalid::Throw).map_err(|e| e.message)?;
        if !s.resources.is_empty() {
            let list: Json = serde_json::from_value(
                json!({ "resources": s.resources.iter().map(|u| json!({ "uri": u, "name": u })).collect::<Vec<_>>() }),
            )
            .unwrap();
            router.expose_resources(name, &list, OnInvalid::Throw).map_err(|e| e.message)?;
        }
    }
    let listed = router.list_tools(None, None).map_err(|e| e.message)?;
    let names = listed
        .get("tools")
        .and_then(Json::as_array)
        .unwrap()
        .iter()
        .map(|t| t.get("name").and_then(Json::as_str).unwrap().to_string())
        .collect();
    Ok((router, names))
}

fn config_names(json: &Json) -> Vec<String> {
    json.get("servers")
        .and_then(Json::as_array)
        .unwrap()
        .iter()
        .map(|s| s.get("name").and_then(Json::as_str).unwrap().to_string())
        .collect()
}

/// Whether the router's list is the peer's under the case's `order`: `exact`; `within-server`
/// (each server's names in the same order, servers in any order); `unordered` (as multisets).
fn same(order: &str, router: &Gateway, ours: &[String], theirs: &[String]) -> bool {
    let sorted = |v: &[String]| {
        let mut v = v.to_vec();
        v.sort();
        v
    };
    match order {
        "exact" => ours == theirs,
        "within-server" => {
            let server_of = |n: &String| router.tools().find(|t| &t.name == n).map(|t| t.server.clone());
            let mut servers: Vec<String> = ours.iter().filter_map(server_of).collect();
            servers.dedup();
            sorted(ours) == sorted(theirs)
                && servers.iter().all(|s| {
                    let of = |v: &[String]| {
                        v.iter().filter(|n| server_of(n).as_ref() == Some(s)).cloned().collect::<Vec<_>>()
                    };
                    of(ours) == of(theirs)
                })
        }
        _ => sorted(ours) == sorted(theirs),
    }
}

#[test]
fn cited_peer_cases() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/peers/cited/cases.json")).unwrap();
    let all: BTreeMap<String, Vec<Case>> = serde_json::from_str(&text).unwrap();
    let mut failures = Vec::new();
    let mut not_reproduced = Vec::new();
    let mut counts = BTreeMap::new();
    for (peer, cases) in &all {
        for (i, case) in cases.iter().enumerate() {
            let entry = counts.entry(peer.clone()).or_insert((0, 0));
            entry.0 += 1;
            let config = config(peer, case);
            let outcome = run(&config, case);
            let agrees = match (&case.names, &case.error, &outcome) {
                (Some(names), None, Ok((router, ours))) => {
                    let order = case.order.as_deref().unwrap_or("exact");
                    let mut ok = same(order, router, ours, names);
                    for p in &case.parse {
                        if let (Some(server), Some(tool)) = (&p.server, &p.tool) {
                            let _ = (&p.note, &p.how);
                            let known = case.servers.iter().position(|s| {
                                &s.name == server || s.alias.as_ref() == Some(server) || s.id.as_ref() == Some(server)
                            });
                            let Some(known) = known else {
                                // The peer itself splits this name wrongly; the router routes by its table.
                                continue;
                            };
                            let configured = config_names(&serde_json::from_value(config.clone()).unwrap());
                            let route = router.route(&p.exposed);
                            ok &= route
                                .as_ref()
                                .is_ok_and(|r| r.tool == tool.as_str() && r.server == Some(configured[known].as_str()));
                        }
                    }
                    if let Some(uris) = &case.uris {
                        let listed = router.list_resources(None, None).unwrap();
                        let ours: Vec<&str> = listed
                            .get("resources")
                            .and_then(Json::as_array)
                            .unwrap()
                            .iter()
                            .map(|r| r.get("uri").and_then(Json::as_str).unwrap())
                            .collect();
                        ok &= ours == uris.iter().map(String::as_str).collect::<Vec<_>>();
                        // Each routes back to its server's own URI.
                        for (s, upstream) in case.servers.iter().flat_map(|s| s.resources.iter().map(move |u| (s, u))) {
                            let exposed = ours[case
                                .servers
                                .iter()
                                .take_while(|o| o.name != s.name)
                                .map(|o| o.resources.len())
                                .sum::<usize>()
                                + s.resources.iter().position(|u| u == upstream).unwrap()];
                            let target = router.resource_target(exposed, None);
                            ok &= target.is_ok_and(|t| t.server == s.name && t.upstream == *upstream);
                        }
                    }
                    ok
                }
                (None, Some(_), Err(_)) => true,
                _ => false,
            };
            if agrees {
                entry.1 += 1;
            } else if NOT_REPRODUCED.iter().any(|(p, n, _)| p == peer && *n == i) {
                not_reproduced.push((peer.as_str(), i));
            } else {
                failures.push(format!(
                    "{peer}[{i}] ({}): expected {:?} {:?}, got {:?}",
                    case.rule,
                    case.names,
                    case.error,
                    outcome.map(|(_, n)| n)
                ));
            }
        }
    }
    eprintln!("cited peer cases (peer: cases, agreed): {counts:?}");
    assert!(failures.is_empty(), "{} cited cases differ:\n{}", failures.len(), failures.join("\n"));
    let listed: Vec<(&str, usize)> = NOT_REPRODUCED.iter().map(|(p, n, _)| (*p, *n)).collect();
    assert_eq!(not_reproduced, listed, "NOT_REPRODUCED lists exactly the cases that differ");
}
