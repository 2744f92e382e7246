//! Large catalogs (issue 26), natively: per-tool overrides and conflict strategies, decided the
//! same whatever order the servers list in.
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::router::{Gateway, OnInvalid};
use mcp_naming::Json;
use serde_json::{json, Value};

fn j(v: Value) -> Json {
    serde_json::from_value(v).unwrap()
}

fn v(j: &Json) -> Value {
    serde_json::to_value(j).unwrap()
}

fn gateway(config: Value) -> Gateway {
    Gateway::from_json(&j(config)).unwrap_or_else(|e| panic!("{e:?}"))
}

fn config_error(config: Value) -> Vec<String> {
    let e = Gateway::from_json(&j(config)).map(|_| ()).unwrap_err();
    assert_eq!(e.code.as_str(), "invalid_config");
    e.diagnostics.iter().map(|d| d.message.clone()).collect()
}

fn tools(names: &[&str]) -> Json {
    j(
        json!({ "tools": names.iter().map(|n| json!({ "name": n, "description": format!("{n} upstream") })).collect::<Vec<_>>() }),
    )
}

/// The merged list as `[(name, description)]`.
fn listed(g: &Gateway) -> Vec<(String, String)> {
    let list = v(&g.list_tools(None, None).unwrap());
    list["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap().to_string(), t["description"].as_str().unwrap_or("").to_string()))
        .collect()
}

type Routed = Result<(String, String), String>;

fn route(g: &Gateway, name: &str) -> Routed {
    g.map_call_tool(&j(json!({ "name": name })), None)
        .map(|m| (m.server, v(&m.params)["name"].as_str().unwrap().to_string()))
        .map_err(|e| e.code.as_str().to_string())
}

#[test]
fn an_override_renames_describes_and_hides_one_tool() {
    let mut g = gateway(json!({
        "style": "agent",
        "servers": [{ "name": "github" }, { "name": "gitlab" }],
        "disabled": ["gitlab__*"],
        "tools": [
            { "server": "github", "tool": "search_code", "name": "code_search", "description": "Search code on GitHub" },
            { "server": "github", "tool": "delete_repo", "enabled": false },
            { "server": "gitlab", "tool": "search_code", "enabled": true },
            { "server": "github", "tool": "serch_issues", "description": "typo" }
        ]
    }));
    let e =
        g.expose_tools("github", &tools(&["search_code", "delete_repo", "search_issues"]), OnInvalid::Throw).unwrap();
    assert_eq!(e.warnings.len(), 1);
    assert_eq!(e.warnings[0].code.as_str(), "unmatched_pattern");
    assert_eq!(e.warnings[0].path.as_deref(), Some("tools[3].tool"));
    assert_eq!(
        e.warnings[0].message,
        "tools[3].tool: server \"github\" lists no tool \"serch_issues\": did you mean \"search_issues\"?"
    );
    assert_eq!(e.warnings[0].suggestion.as_deref(), Some("search_issues"));
    g.expose_tools("gitlab", &tools(&["search_code", "merge"]), OnInvalid::Throw).unwrap();
    assert_eq!(
        listed(&g),
        [
            ("code_search".to_string(), "Search code on GitHub".to_string()),
            ("github__search_issues".to_string(), "search_issues upstream".to_string()),
            ("gitlab__search_code".to_string(), "search_code upstream".to_string()),
        ],
        "renamed and re-described; delete_repo hidden; gitlab's search_code offered over the pattern"
    );
    assert_eq!(route(&g, "code_search"), Ok(("github".into(), "search_code".into())));
    assert_eq!(route(&g, "github__search_code"), Err("unknown_tool".into()));
    assert_eq!(route(&g, "github__delete_repo"), Err("tool_disabled".into()));
    assert_eq!(route(&g, "gitlab__merge"), Err("tool_disabled".into()));
}

#[test]
fn an_overridden_name_is_checked_like_any_exposed_name() {
    let messages = config_error(json!({
        "style": "agent", "provider": "openai", "builtins": ["plan"],
        "servers": [{ "name": "github" }, { "name": "gitlab" }],
        "tools": [
            { "server": "github", "tool": "a", "name": "search" },
            { "server": "gitlab", "tool": "b", "name": "Search" },
            { "server": "github", "tool": "c", "name": "Plan" },
            { "server": "github", "tool": "d", "name": "has space" },
            { "server": "gitlb", "tool": "e" },
            { "server": "github", "tool": "a", "description": "twice" }
        ]
    }));
    assert_eq!(
        messages,
        [
            "tools[1].name: tools[0] exposes server \"github\" tool \"a\" as \"search\" too: two tools cannot share a name",
            "tools[2].name: \"Plan\" is the built-in \"plan\"'s name (or differs from it only in case or separators)",
            "tools[3].name: \"has space\" is not a valid MCP tool name (1 to 128 of A-Z a-z 0-9 _ - .)",
            "tools[4].server: \"gitlb\" is not a configured server: use one of github, gitlab",
            "tools[5]: tools[0] is already server \"github\" tool \"a\": one entry per tool",
        ]
    );
    let messages = config_error(json!({
        "style": { "separator": "-", "pattern": "^[a-z-]+$" }, "servers": [{ "name": "a" }],
        "tools": [{ "server": "a", "tool": "x", "name": "x_y" }]
    }));
    assert_eq!(messages, ["tools[0].name: \"x_y\" does not match the style's pattern \"^[a-z-]+$\""]);
    let messages = config_error(json!({
        "style": "fastmcp", "servers": [{ "name": "a" }], "tools": [{ "server": "a", "tool": "x", "name": "y" }]
    }));
    assert_eq!(messages, ["tools[0].name: a peer style names tools as fastmcp does: remove it"]);
    // Against the names of other servers, when they list.
    let mut g = gateway(json!({
        "style": "agent", "servers": [{ "name": "a" }, { "name": "b" }],
        "tools": [{ "server": "b", "tool": "xx", "name": "a__yy" }]
    }));
    g.expose_tools("a", &tools(&["yy"]), OnInvalid::Throw).unwrap();
    let e = g.expose_tools("b", &tools(&["xx"]), OnInvalid::Throw).unwrap_err();
    assert_eq!(
        e.message,
        "server \"b\" tool \"xx\" would expose as \"a__yy\", which server \"a\" tool \"yy\" already has"
    );
}

/// Every order of `steps` (server, tool list) through a fresh gateway: the merged list and the
/// routes of `names`, which must be the same for every order.
fn every_order(config: Value, steps: &[(&str, &[&str])], names: &[&str]) -> (Vec<(String, String)>, Vec<Routed>) {
    let mut orders = vec![];
    let mut idx: Vec<usize> = (0..steps.len()).collect();
    permutations(&mut idx, 0, &mut orders);
    let mut first = None;
    for order in orders {
        let mut g = gateway(config.clone());
        for &k in &order {
            let (server, list) = steps[k];
            g.expose_tools(server, &tools(list), OnInvalid::Throw).unwrap_or_else(|e| panic!("{order:?}: {e:?}"));
        }
        let got = (listed(&g), names.iter().map(|n| route(&g, n)).collect::<Vec<_>>());
        match &first {
            None => first = Some(got),
            Some(f) => assert_eq!(&got, f, "order {order:?} differs"),
        }
    }
    first.unwrap()
}

fn permutations(items: &mut Vec<usize>, k: usize, out: &mut Vec<Vec<usize>>) {
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

const STEPS: &[(&str, &[&str])] =
    &[("alpha", &["search", "fetch"]), ("beta", &["search", "list"]), ("gamma", &["search", "fetch", "solo"])];

#[test]
fn priority_keeps_the_bare_name_for_the_first_server_whatever_the_order() {
    let config = json!({
        "style": "agent", "prefixMode": "conditional",
        "servers": [{ "name": "alpha" }, { "name": "beta" }, { "name": "gamma" }],
        "conflicts": { "priority": ["gamma", "alpha"] }
    });
    let (list, routes) =
        every_order(config, STEPS, &["search", "alpha__search", "beta__search", "fetch", "alpha__fetch"]);
    let names: Vec<&str> = list.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["alpha__search", "alpha__fetch", "beta__search", "list", "search", "fetch", "solo"]);
    assert_eq!(
        routes,
        [
            Ok(("gamma".into(), "search".into())),
            Ok(("alpha".into(), "search".into())),
            Ok(("beta".into(), "search".into())),
            Ok(("gamma".into(), "fetch".into())),
            Ok(("alpha".into(), "fetch".into())),
        ]
    );
}

#[test]
fn priority_can_drop_the_others() {
    let config = json!({
        "style": "agent", "prefixMode": "never",
        "servers": [{ "name": "alpha" }, { "name": "beta" }, { "name": "gamma" }],
        "conflicts": { "priority": ["beta"], "others": "drop" }
    });
    let (list, routes) = every_order(config, STEPS, &["search", "alpha__search", "fetch", "gamma__fetch", "list"]);
    let names: Vec<&str> = list.iter().map(|(n, _)| n.as_str()).collect();
    // beta wins search; alpha (configured before gamma) wins fetch; gamma's are dropped.
    assert_eq!(names, ["fetch", "search", "list", "solo"]);
    assert_eq!(
        routes,
        [
            Ok(("beta".into(), "search".into())),
            Err("unknown_tool".into()),
            Ok(("alpha".into(), "fetch".into())),
            Err("unknown_tool".into()),
            Ok(("beta".into(), "list".into())),
        ]
    );
}

#[test]
fn manual_refuses_every_conflict_until_an_override_settles_it() {
    let config = json!({
        "style": "agent", "prefixMode": "conditional",
        "servers": [{ "name": "alpha" }, { "name": "beta" }],
        "conflicts": "manual"
    });
    let mut g = gateway(config.clone());
    g.expose_tools("alpha", &tools(&["search"]), OnInvalid::Throw).unwrap();
    let e = g.expose_tools("beta", &tools(&["search"]), OnInvalid::Throw).unwrap_err();
    assert_eq!(e.code.as_str(), "name_collision");
    assert_eq!(
        e.message,
        "server \"beta\" tool \"search\" would expose as \"search\", which server \"alpha\" tool \"search\" already has: settle it with a tools entry renaming one of them ({ server: \"beta\", tool: \"search\", name: … })"
    );
    let mut settled = config;
    settled["tools"] = json!([{ "server": "beta", "tool": "search", "name": "beta_search" }]);
    let (list, _) = every_order(settled, &[("alpha", &["search"]), ("beta", &["search"])], &[]);
    assert_eq!(list.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(), ["search", "beta_search"]);
}

#[test]
fn conflicts_are_checked_against_the_prefix_mode() {
    assert_eq!(
        config_error(json!({ "style": "agent", "servers": [{ "name": "a" }], "conflicts": "manual" })),
        ["conflicts: every name carries its server (prefixMode \"always\"), so no two servers share one: set prefixMode to \"conditional\" or \"never\""]
    );
    assert_eq!(
        config_error(json!({
            "style": "agent", "prefixMode": "never", "servers": [{ "name": "a" }, { "name": "b" }],
            "conflicts": { "priority": ["b", "c", "b"] }
        })),
        [
            "conflicts.priority[1]: \"c\" is not a configured server: use one of a, b",
            "conflicts.priority[2]: \"b\" is listed twice",
            "conflicts.others: prefixMode \"never\" keeps every name bare: the others can only be dropped (others: \"drop\")",
        ]
    );
    let e = Gateway::from_json(&j(json!({ "style": "agent", "servers": [], "conflicts": "priority" })))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        e.diagnostics[0].message,
        "conflicts: \"priority\" is not \"prefix\", \"manual\" or { priority: [servers…], others? }"
    );
    let e = Gateway::from_json(&j(json!({ "style": "agent", "servers": [], "conflicts": { "priorty": [] } })))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(e.diagnostics[0].suggestion.as_deref(), Some("priority"));
}
