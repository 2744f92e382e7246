//! The message layer a transparent gateway needs (issue 25), natively: MCP Apps' UI resources
//! never cross servers, completions and subscriptions reach the right upstream, upstream
//! notifications are relayed or turned into a re-list, merged lists claim no more caching than
//! their upstreams, and the 2026-07-28 `Mcp-Name` rules.
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::router::{http_status, json_rpc_code, Gateway, Listed, NameHeader, OnInvalid, Relay};
use mcp_naming::Json;
use serde_json::{json, Value};

fn j(v: Value) -> Json {
    serde_json::from_value(v).unwrap()
}

fn v(j: &Json) -> Value {
    serde_json::to_value(j).unwrap()
}

fn gateway(config: Value) -> Gateway {
    Gateway::from_json(&j(config)).unwrap()
}

const UI: &str = "ui://get-time/mcp-app.html";

/// A basic MCP Apps server (`@modelcontextprotocol/server-basic-*`): tool `get-time` whose UI is
/// `ui://get-time/mcp-app.html`, in both `_meta` forms.
fn app_tools() -> Json {
    j(json!({ "tools": [{ "name": "get-time", "_meta": { "ui": { "resourceUri": UI }, "ui/resourceUri": UI } }] }))
}

fn app_resources() -> Json {
    j(json!({ "resources": [{ "uri": UI, "name": "get-time UI", "mimeType": "text/html;profile=mcp-app" }] }))
}

#[test]
fn a_tool_ui_reads_back_from_its_own_server_whatever_the_order() {
    // Every order in which two such servers can list their tools and their resources.
    let steps = ["vanilla tools", "vanilla resources", "react tools", "react resources"];
    let mut orders = vec![];
    permutations(&mut steps.to_vec(), 0, &mut orders);
    for order in orders {
        let mut g = gateway(json!({
            "style": "claude", "prefixMode": "conditional",
            "servers": [{ "name": "vanilla" }, { "name": "react" }]
        }));
        for step in &order {
            let (server, what) = step.split_once(' ').unwrap();
            if what == "tools" {
                g.expose_tools(server, &app_tools(), OnInvalid::Throw).unwrap();
            } else {
                g.expose_resources(server, &app_resources(), OnInvalid::Throw).unwrap();
            }
        }
        let list = v(&g.list_tools(None, None).unwrap());
        let tools = list["tools"].as_array().unwrap();
        assert_eq!(tools.len(), 2, "{order:?}");
        for tool in tools {
            let name = tool["name"].as_str().unwrap();
            let server = if name.starts_with("vanilla") { "vanilla" } else { "react" };
            let nested = tool["_meta"]["ui"]["resourceUri"].as_str().unwrap();
            assert_eq!(tool["_meta"]["ui/resourceUri"].as_str(), Some(nested), "{order:?} {name}: both forms agree");
            let read = g.map_read_resource(&j(json!({ "uri": nested })), None).unwrap();
            assert_eq!(read.server, server, "{order:?}: {name}'s UI {nested} reads from {}", read.server);
            assert_eq!(v(&read.params)["uri"], UI, "{order:?}: the upstream reads its own URI");
        }
        // The two UIs are two URIs.
        assert_ne!(tools[0]["_meta"]["ui"]["resourceUri"], tools[1]["_meta"]["ui"]["resourceUri"], "{order:?}");
    }
}

fn permutations<'a>(items: &mut Vec<&'a str>, k: usize, out: &mut Vec<Vec<&'a str>>) {
    if k == items.len() {
        out.push(items.clone());
        return;
    }
    for i in k..items.len() {
        items.swap(k, i);
        permutations(items, k + 1, out);
        items.swap(k, i);
    }
}

#[test]
fn a_ui_resource_its_server_does_not_list_is_kept_and_warned_about() {
    let mut g = gateway(json!({ "style": "agent", "servers": [{ "name": "clock" }] }));
    let e = g.expose_tools("clock", &app_tools(), OnInvalid::Throw).unwrap();
    // (`get-time` is exposed as `clock__get_time`: that is said, name_adjusted.)
    let ui: Vec<_> = e.warnings.iter().filter(|w| w.code.as_str() != "name_adjusted").collect();
    assert!(ui.is_empty(), "resources not listed yet: nothing to say");
    let e = g.expose_resources("clock", &j(json!({ "resources": [] })), OnInvalid::Throw).unwrap();
    assert_eq!(e.warnings.len(), 1);
    assert_eq!(e.warnings[0].code.as_str(), "unlisted_ui_resource");
    assert_eq!(
        e.warnings[0].message,
        "server \"clock\" tool \"get-time\" names the UI resource \"ui://get-time/mcp-app.html\", which the server does not list: hosts will find no UI for it"
    );
    let list = v(&g.list_tools(None, None).unwrap());
    assert_eq!(list["tools"][0]["_meta"]["ui"]["resourceUri"], UI, "kept as it is");
    assert_eq!(g.map_read_resource(&j(json!({ "uri": UI })), None).unwrap().server, "clock");
    let e = g.expose_tools("clock", &app_tools(), OnInvalid::Throw).unwrap();
    let ui = e.warnings.iter().filter(|w| w.code.as_str() == "unlisted_ui_resource").count();
    assert_eq!(ui, 1, "listing the tools again says it again");
}

#[test]
fn completions_reach_the_prompt_or_template_they_name() {
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "everything" }, { "name": "docs" }] }));
    g.expose_prompts("everything", &j(json!({ "prompts": [{ "name": "complex_prompt" }] })), OnInvalid::Throw).unwrap();
    g.expose_resource_templates(
        "docs",
        &j(json!({ "resourceTemplates": [{ "uriTemplate": "test://template/{id}/data", "name": "t" }] })),
        OnInvalid::Throw,
    )
    .unwrap();
    let params = json!({
        "ref": { "type": "ref/prompt", "name": "everything__complex_prompt" },
        "argument": { "name": "temperature", "value": "0." }
    });
    let m = g.map_complete(&j(params.clone())).unwrap();
    assert_eq!(m.server, "everything");
    let mut want = params;
    want["ref"]["name"] = json!("complex_prompt");
    assert_eq!(v(&m.params), want, "the argument is untouched");

    let m = g
        .map_complete(&j(json!({ "ref": { "type": "ref/resource", "uri": "test://template/{id}/data" }, "argument": { "name": "id", "value": "1" } })))
        .unwrap();
    assert_eq!((m.server.as_str(), v(&m.params)["ref"]["uri"].clone()), ("docs", json!("test://template/{id}/data")));

    let e = g.map_complete(&j(json!({ "ref": { "type": "ref/prompt", "name": "everything__complex_promt" }, "argument": { "name": "a", "value": "" } }))).unwrap_err();
    assert_eq!(
        (e.code.as_str(), e.suggestions.as_slice()),
        ("unknown_prompt", ["everything__complex_prompt".to_string()].as_slice())
    );
    let e = g
        .map_complete(&j(json!({ "ref": { "type": "ref/resource", "uri": "test://templat/{id}/data" } })))
        .unwrap_err();
    assert_eq!(
        (e.code.as_str(), e.suggestions.as_slice()),
        ("unknown_resource", ["test://template/{id}/data".to_string()].as_slice())
    );
    let e = g.map_complete(&j(json!({ "ref": { "type": "ref/tool", "name": "x" } }))).unwrap_err();
    assert_eq!(e.message, "params.ref.type: \"ref/tool\" is not \"ref/prompt\" or \"ref/resource\"");
    let e = g.map_complete(&j(json!({ "argument": {} }))).unwrap_err();
    assert_eq!(e.message, "params.ref is missing");
}

#[test]
fn subscriptions_reach_resources_and_template_expansions() {
    let mut g = gateway(json!({ "style": "agent", "servers": [{ "name": "a" }, { "name": "b" }] }));
    g.expose_resources("a", &j(json!({ "resources": [{ "uri": "test://static/resource/1" }] })), OnInvalid::Throw)
        .unwrap();
    g.expose_resources("b", &j(json!({ "resources": [{ "uri": "test://static/resource/1" }] })), OnInvalid::Throw)
        .unwrap();
    g.expose_resource_templates(
        "b",
        &j(json!({ "resourceTemplates": [{ "uriTemplate": "test://dynamic/{id}" }] })),
        OnInvalid::Throw,
    )
    .unwrap();
    let m = g.map_subscribe(&j(json!({ "uri": "test://b/static/resource/1" }))).unwrap();
    assert_eq!((m.server.as_str(), v(&m.params)["uri"].clone()), ("b", json!("test://static/resource/1")));
    let m = g.map_subscribe(&j(json!({ "uri": "test://dynamic/42" }))).unwrap();
    assert_eq!(m.server, "b");
    assert_eq!(g.map_subscribe(&j(json!({ "uri": "test://nothing" }))).unwrap_err().code.as_str(), "unknown_resource");
}

#[test]
fn notifications_are_relayed_rewritten_or_turned_into_a_relist() {
    let mut g = gateway(json!({ "style": "agent", "servers": [{ "name": "a" }, { "name": "b" }] }));
    let list = j(json!({ "resources": [{ "uri": "test://static/resource/1" }] }));
    g.expose_resources("a", &list, OnInvalid::Throw).unwrap();
    g.expose_resources("b", &list, OnInvalid::Throw).unwrap();
    let updated =
        j(json!({ "method": "notifications/resources/updated", "params": { "uri": "test://static/resource/1" } }));
    let r: Relay = g.rewrite_notification("b", &updated).unwrap();
    assert_eq!(v(r.forward.as_ref().unwrap())["params"]["uri"], "test://b/static/resource/1");
    assert_eq!(
        g.rewrite_notification("a", &updated).unwrap().forward.map(|f| v(&f)["params"]["uri"].clone()),
        Some(json!("test://static/resource/1"))
    );
    let changed = j(json!({ "method": "notifications/tools/list_changed" }));
    let r = g.rewrite_notification("a", &changed).unwrap();
    assert_eq!((r.forward, r.relist), (None, Some(Listed::Tools)));
    let progress = j(json!({ "method": "notifications/progress", "params": { "progressToken": 7, "progress": 1 } }));
    assert_eq!(g.rewrite_notification("a", &progress).unwrap().forward.as_ref(), Some(&progress));
    assert_eq!(
        serde_json::to_value(g.rewrite_notification("a", &changed).unwrap()).unwrap(),
        json!({ "forward": null, "relist": "tools" })
    );
    assert_eq!(g.rewrite_notification("nope", &progress).unwrap_err().code.as_str(), "unknown_server");
    assert_eq!(
        g.rewrite_notification("a", &j(json!({ "params": {} }))).unwrap_err().message,
        "notification.method is missing"
    );
}

#[test]
fn a_merged_list_claims_no_more_caching_than_its_upstreams() {
    let mut g = gateway(json!({ "style": "agent", "servers": [{ "name": "a" }, { "name": "b" }] }));
    let list = |name: &str, extra: Value| {
        let mut l = json!({ "tools": [{ "name": name }] });
        l.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        j(l)
    };
    g.expose_tools("a", &list("x", json!({ "ttlMs": 60000, "cacheScope": "public" })), OnInvalid::Throw).unwrap();
    let merged = v(&g.list_tools(None, None).unwrap());
    assert_eq!((merged["ttlMs"].clone(), merged["cacheScope"].clone()), (json!(60000), json!("public")));
    g.expose_tools("b", &list("y", json!({ "ttlMs": 5000, "cacheScope": "private" })), OnInvalid::Throw).unwrap();
    let merged = v(&g.list_tools(None, Some(1)).unwrap());
    assert_eq!(
        (merged["ttlMs"].clone(), merged["cacheScope"].clone()),
        (json!(5000), json!("private")),
        "every page says so"
    );
    g.expose_tools("b", &list("y", json!({})), OnInvalid::Throw).unwrap();
    let merged = v(&g.list_tools(None, None).unwrap());
    assert!(merged.get("ttlMs").is_none() && merged.get("cacheScope").is_none(), "{merged}");
    assert!(v(&g.list_prompts(None, None).unwrap()).get("ttlMs").is_none(), "no upstream listed prompts");
}

#[test]
fn the_2026_07_28_name_header_rules() {
    let mut g = gateway(json!({ "style": "agent", "servers": [{ "name": "weather" }] }));
    g.expose_tools(
        "weather",
        &j(json!({ "tools": [{ "name": "get_weather" }, { "name": "météo" }] })),
        OnInvalid::Skip,
    )
    .unwrap();
    let call = j(json!({ "name": "weather__get_weather", "arguments": { "location": "Seattle, WA" } }));
    let e = g.map_call_tool(&call, NameHeader::new(None, Some("2026-07-28"))).unwrap_err();
    assert_eq!((e.code.as_str(), json_rpc_code(e.code), http_status(e.code)), ("name_mismatch", -32020, 400));
    assert!(g.map_call_tool(&call, NameHeader::new(None, Some("2025-11-25"))).is_ok(), "not required before");
    let m = g.map_call_tool(&call, NameHeader::new(Some("weather__get_weather"), Some("2026-07-28"))).unwrap();
    assert_eq!(m.header, "get_weather");
    let e = g.map_call_tool(&call, Some("weather__other")).unwrap_err();
    assert_eq!((json_rpc_code(e.code), http_status(e.code)), (-32020, 400));
    let e = g.map_call_tool(&call, Some("=?base64?!!?=")).unwrap_err();
    assert_eq!((e.code.as_str(), json_rpc_code(e.code), http_status(e.code)), ("invalid_header", -32020, 400));
    let e = g.map_call_tool(&j(json!({ "name": "weather__get_weathr" })), None).unwrap_err();
    assert_eq!((json_rpc_code(e.code), http_status(e.code)), (-32602, 200));
}
