//! Moving names between the claude style and the gateways' peer styles (toolhive,
//! envoy-ai-gateway, bedrock-agentcore, 1mcp, obot): a Claude Code permission file's entries
//! (`mcp__<gateway>__<server>__<tool>`) and an eval set of tool names go to each style with
//! `Router::migrate` and back, and the names Codex shows for them come from
//! `client::view(Client::Codex, …)`.
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::client::{view, Client};
use mcp_naming::router::{Gateway, OnInvalid, Router, RouterConfig};
use mcp_naming::Json;
use serde_json::{json, Value};

/// The servers behind the gateway `gw`, as they list their tools.
const SERVERS: &[(&str, &[&str])] = &[
    ("memory", &["create_entities", "read_graph", "search_nodes"]),
    ("github", &["create_issue", "search_issues", "get_file_contents"]),
    ("context7", &["resolve-library-id", "get-library-docs"]),
];

/// `.claude/settings.json` as a team would commit it: tool rules for the gateway's tools beside
/// rules that are not MCP tools at all.
const SETTINGS: &str = r#"{
  "permissions": {
    "allow": [
      "mcp__gw__memory__read_graph",
      "mcp__gw__memory__search_nodes",
      "mcp__gw__github__search_issues",
      "mcp__gw__context7__resolve-library-id",
      "mcp__gw__context7__get-library-docs",
      "Bash(git status:*)"
    ],
    "deny": ["mcp__gw__github__create_issue", "WebFetch"]
  }
}"#;

/// An eval set: the tool each task expects the model to call, as Claude Code names it.
const EVALS: &[(&str, &str)] = &[
    ("remember that Ada prefers tea", "mcp__gw__memory__create_entities"),
    ("what do you know about Ada?", "mcp__gw__memory__search_nodes"),
    ("open an issue for the crash", "mcp__gw__github__create_issue"),
    ("show README.md of the repo", "mcp__gw__github__get_file_contents"),
    ("how do I use tokio::select!", "mcp__gw__context7__get-library-docs"),
];

fn router(style: Value) -> Router {
    let servers: Vec<Value> = SERVERS.iter().map(|(name, _)| json!({ "name": name })).collect();
    let config: Json = serde_json::from_value(json!({ "style": style, "gateway": "gw", "servers": servers })).unwrap();
    let mut router = Router::new(RouterConfig::from_json(&config).unwrap()).unwrap();
    for (server, tools) in SERVERS {
        router.expose(server, tools).unwrap();
    }
    router
}

/// The permission file's MCP tool entries.
fn permission_entries() -> Vec<String> {
    let settings: Value = serde_json::from_str(SETTINGS).unwrap();
    let mut out = Vec::new();
    for list in ["allow", "deny"] {
        for rule in settings["permissions"][list].as_array().unwrap() {
            let rule = rule.as_str().unwrap();
            if rule.starts_with("mcp__gw__") {
                out.push(rule.to_string());
            }
        }
    }
    out
}

/// Each new style, and per claude name, the name under that style and the name Codex shows
/// for it (Codex configured with the gateway as server `gw`).
/// A claude name, the style's name for it, and what Codex shows.
type Moved = (&'static str, &'static str, &'static str);

const EXPECTED: &[(&str, &[Moved])] = &[
    (
        r#""toolhive""#,
        &[
            ("mcp__gw__memory__read_graph", "memory_read_graph", "mcp__gw__memory_read_graph"),
            ("mcp__gw__context7__get-library-docs", "context7_get-library-docs", "mcp__gw__context7_get_library_docs"),
        ],
    ),
    (
        r#"{ "peer": "toolhive", "strategy": "priority", "priority": ["github"] }"#,
        &[
            ("mcp__gw__memory__read_graph", "read_graph", "mcp__gw__read_graph"),
            ("mcp__gw__github__search_issues", "search_issues", "mcp__gw__search_issues"),
        ],
    ),
    (
        r#""envoy-ai-gateway""#,
        &[
            ("mcp__gw__memory__read_graph", "memory__read_graph", "mcp__gw__memory__read_graph"),
            (
                "mcp__gw__context7__resolve-library-id",
                "context7__resolve-library-id",
                "mcp__gw__context7__resolve_library_id",
            ),
        ],
    ),
    (
        r#""bedrock-agentcore""#,
        &[
            ("mcp__gw__github__create_issue", "github___create_issue", "mcp__gw__github___create_issue"),
            (
                "mcp__gw__context7__get-library-docs",
                "context7___get-library-docs",
                "mcp__gw__context7___get_library_docs",
            ),
        ],
    ),
    (
        r#""1mcp""#,
        &[
            ("mcp__gw__memory__search_nodes", "memory_1mcp_search_nodes", "mcp__gw__memory_1mcp_search_nodes"),
            (
                "mcp__gw__context7__resolve-library-id",
                "context7_1mcp_resolve-library-id",
                "mcp__gw__context7_1mcp_resolve_library_id",
            ),
        ],
    ),
    (
        r#"{ "peer": "obot", "prefixes": { "memory": "mem.", "github": "gh_" } }"#,
        &[
            ("mcp__gw__memory__search_nodes", "mem.search_nodes", "mcp__gw__mem_search_nodes"),
            ("mcp__gw__github__create_issue", "gh_create_issue", "mcp__gw__gh_create_issue"),
            ("mcp__gw__context7__get-library-docs", "get-library-docs", "mcp__gw__get_library_docs"),
        ],
    ),
];

#[test]
fn permissions_and_evals_move_to_each_gateway_style_and_back() {
    let claude = router(json!("claude"));
    let entries = permission_entries();
    assert_eq!(entries.len(), 6, "the permission file's MCP tool rules: {entries:?}");
    let evals: Vec<&str> = EVALS.iter().map(|(_, name)| *name).collect();
    for (style, expected) in EXPECTED {
        let style: Value = serde_json::from_str(style).unwrap();
        let target = router(style.clone());
        let exposed: Vec<String> = target.tools().map(|t| t.name).collect();
        let codex = view(Client::Codex, "gw", &exposed.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(codex.is_clean(), "{style}: Codex shows every tool as it is: {codex:?}");
        let shown = |name: &str| {
            let at = exposed.iter().position(|e| e == name).unwrap_or_else(|| panic!("{style}: {name} is listed"));
            codex.tools[at].shown.clone().unwrap()
        };
        let mut lines = Vec::new();
        for old in entries.iter().map(String::as_str).chain(evals.iter().copied()) {
            let new = target.migrate(old, &claude).unwrap_or_else(|e| panic!("{style}: {old}: {}", e.message));
            // The same upstream tool on both sides.
            let (was, now) = (claude.route(old).unwrap(), target.route(&new).unwrap());
            assert_eq!((was.server, &was.tool), (now.server, &now.tool), "{style}: {old} → {new}");
            // And back: Claude Code's name once the client puts `mcp__gw__` in front.
            let back = claude.migrate(&new, &target).unwrap();
            assert_eq!(format!("mcp__gw__{back}"), old, "{style}: {new} back");
            lines.push(format!("{old} → {new} (Codex: {})", shown(&new)));
        }
        for (old, new, in_codex) in *expected {
            assert_eq!(target.migrate(old, &claude).unwrap(), *new, "{style}: {old}");
            assert_eq!(shown(new), *in_codex, "{style}: Codex shows {new}");
        }
        eprintln!("{style}:\n  {}", lines.join("\n  "));
    }
}

#[test]
fn a_name_the_style_does_not_serve_is_an_error_naming_its_server() {
    // ToolHive's priority strategy drops github's copy of a name memory serves too.
    let claude = {
        let config: Json = serde_json::from_value(json!({
            "style": "claude", "gateway": "gw", "servers": [{ "name": "memory" }, { "name": "github" }]
        }))
        .unwrap();
        let mut r = Router::new(RouterConfig::from_json(&config).unwrap()).unwrap();
        r.expose("memory", &["search"]).unwrap();
        r.expose("github", &["search"]).unwrap();
        r
    };
    let config: Json = serde_json::from_value(json!({
        "style": { "peer": "toolhive", "strategy": "priority", "priority": ["memory"] },
        "servers": [{ "name": "memory" }, { "name": "github" }]
    }))
    .unwrap();
    let mut toolhive = Router::new(RouterConfig::from_json(&config).unwrap()).unwrap();
    toolhive.expose("memory", &["search"]).unwrap();
    let _ = toolhive.expose("github", &["search"]);
    assert_eq!(toolhive.migrate("mcp__gw__memory__search", &claude).unwrap(), "search");
    let err = toolhive.migrate("mcp__gw__github__search", &claude).unwrap_err();
    assert_eq!(err.code.as_str(), "unknown_tool");
    assert!(err.message.contains("\"github\""), "{}", err.message);
}

#[test]
fn the_new_styles_parameters_are_read_and_checked() {
    let read = |style: Value| {
        let config: Json =
            serde_json::from_value(json!({ "style": style, "servers": [{ "name": "memory" }] })).unwrap();
        RouterConfig::from_json(&config).and_then(Router::new).map(|_| ()).map_err(|e| {
            e.diagnostics.first().map_or(e.message.clone(), |d| format!("{} [{:?}]", d.message, d.suggestion))
        })
    };
    // Unknown keys: refused with the nearest key.
    let err = read(json!({ "peer": "toolhive", "stratgy": "priority" })).unwrap_err();
    assert!(err.contains("\"strategy\""), "{err}");
    let err = read(json!({ "peer": "obot", "prefix": "x" })).unwrap_err();
    assert!(err.contains("unknown key \"prefix\"") && err.contains("prefixes"), "{err}");
    let err = read(json!({ "peer": "envoy-ai-gateway", "prefixes": {} })).unwrap_err();
    assert!(err.contains("unknown key"), "{err}");
    // Values outside the choices: the nearest choice.
    let err = read(json!({ "peer": "toolhive", "strategy": "priorty" })).unwrap_err();
    assert!(err.contains("priority"), "{err}");
    // ToolHive: priority needs its order, and the order only goes with priority.
    assert!(read(json!({ "peer": "toolhive", "strategy": "priority" })).unwrap_err().contains("style.priority"));
    assert!(read(json!({ "peer": "toolhive", "priority": ["memory"] })).unwrap_err().contains("only read"));
    assert!(read(
        json!({ "peer": "toolhive", "strategy": "priority", "priority": ["memory"], "prefix": "{workload}." })
    )
    .is_ok());
    // Obot: duplicate prefixes refused.
    let err = read(json!({ "peer": "obot", "prefixes": { "memory": "m_", "other": "m_" } })).unwrap_err();
    assert!(err.contains("duplicate toolPrefix"), "{err}");
    // Server names each gateway refuses.
    for (style, name) in
        [("envoy-ai-gateway", "Memory"), ("bedrock-agentcore", "my_target"), ("bedrock-agentcore", "a--b")]
    {
        let config: Json = serde_json::from_value(json!({ "style": style, "servers": [{ "name": name }] })).unwrap();
        let err = RouterConfig::from_json(&config).and_then(Router::new).map(|_| ()).unwrap_err();
        assert_eq!(err.code.as_str(), "invalid_config", "{style} {name}");
    }
}

#[test]
fn toolhive_prompts_follow_its_prompt_rule() {
    // Prompts are always prefixed with the configured format, except the priority-listed
    // workloads' (capability_conflicts.go resolvePromptConflicts), and a name an unlisted
    // workload shares is dropped for all.
    let config: Json = serde_json::from_value(json!({
        "style": { "peer": "toolhive", "strategy": "priority", "priority": ["memory", "github"], "prefix": "{workload}." },
        "servers": [{ "name": "memory" }, { "name": "github" }, { "name": "docs" }]
    }))
    .unwrap();
    let mut r = Gateway::new(RouterConfig::from_json(&config).unwrap()).unwrap();
    let list = |names: &[&str]| -> Json {
        serde_json::from_value(json!({ "prompts": names.iter().map(|n| json!({ "name": n })).collect::<Vec<_>>() }))
            .unwrap()
    };
    r.expose_prompts("memory", &list(&["recall", "summary", "docs.guide"]), OnInvalid::Skip).unwrap();
    r.expose_prompts("github", &list(&["summary", "triage"]), OnInvalid::Skip).unwrap();
    r.expose_prompts("docs", &list(&["guide", "intro"]), OnInvalid::Skip).unwrap();
    let listed = r.list_prompts(None, None).unwrap();
    let names: Vec<&str> = listed
        .get("prompts")
        .and_then(Json::as_array)
        .unwrap()
        .iter()
        .map(|p| p.get("name").and_then(Json::as_str).unwrap())
        .collect();
    // memory and github are listed: "summary" goes to memory (first in priority); docs is not,
    // so its "guide" is "docs.guide", which memory's bare "docs.guide" shares: both dropped.
    assert_eq!(names, ["docs.intro", "recall", "summary", "triage"]);
    assert_eq!(r.prompt_target("summary", None).unwrap().server, "memory");
}
