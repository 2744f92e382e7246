//! Tests written to kill mutants (scripts/mutants.sh): each asserts what the code must do where
//! a wrong change to it survived the rest of `cargo test`. The mutant each one kills is named
//! above it (file, function, change).
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::router::{Router, RouterConfig};
use serde_json::{json, Value};

fn router(config: Value) -> Router {
    Router::new(RouterConfig::from_json(&serde_json::from_value(config).unwrap()).unwrap()).unwrap()
}

/// `(code, message, suggestions)` of a routing error.
fn route_err(r: &Router, name: &str) -> (String, String, Vec<String>) {
    let e = r.route(name).map(|to| to.tool.into_owned()).expect_err(name);
    (e.code.as_str().to_string(), e.message, e.suggestions)
}

// Issue 24: router/pattern.rs, Glob::matches, the end check `ends_with` turned into `contains`:
// `a*c` matched `acb`. `enabled` is access control: a tool whose name only contains the last
// piece must stay off.
#[test]
fn an_enabled_glob_anchors_its_last_piece_at_the_end() {
    let mut r = router(json!({
        "style": "agent",
        "servers": [{ "name": "github" }],
        "enabled": ["github__get_*_issue"]
    }));
    let exposed = r.expose("github", &["get_pr_issue", "get_pr_issue_links", "get_issue"]).unwrap();
    let on: Vec<(&str, bool)> = exposed.iter().map(|t| (t.name.as_str(), t.enabled)).collect();
    assert_eq!(
        on,
        [("github__get_pr_issue", true), ("github__get_pr_issue_links", false), ("github__get_issue", false)]
    );
    assert_eq!(r.route("github__get_pr_issue").unwrap().tool, "get_pr_issue");
    let (code, message, _) = route_err(&r, "github__get_pr_issue_links");
    assert_eq!(code, "tool_disabled", "{message}");
    // A `disabled` glob the same way: `*_delete` hides `repo_delete`, not `repo_delete_check`.
    let mut r = router(json!({
        "style": "agent",
        "servers": [{ "name": "github" }],
        "disabled": ["*_delete"]
    }));
    r.expose("github", &["repo_delete", "repo_delete_check"]).unwrap();
    assert!(!r.is_enabled("github__repo_delete"));
    assert!(r.is_enabled("github__repo_delete_check"));
}

// Issue 24: router/expose.rs, Router::check_upstream, `Code::TooLong` dropped from the fatal
// codes: an upstream name over 128 characters was exposed (fitted). It must be refused, the
// whole list with it, with the limit in the message; 128 is still fine.
#[test]
fn an_upstream_name_over_128_characters_is_refused() {
    let mut r = router(json!({ "style": "agent", "servers": [{ "name": "s" }] }));
    let long = "a".repeat(129);
    let e = r.expose("s", &["ok", long.as_str()]).unwrap_err();
    assert_eq!(e.code.as_str(), "invalid_tool_name");
    assert_eq!(
        e.message,
        format!(
            "server \"s\" tool \"{}…\" cannot be exposed: name is 129 characters long: use at most 128",
            "a".repeat(80)
        )
    );
    assert_eq!((e.diagnostics[0].span.start, e.diagnostics[0].span.end), (0, 129));
    // The table is unchanged: nothing of that list routes.
    assert_eq!(route_err(&r, "s__ok").0, "unknown_tool");
    // 128 characters pass (the exposed name is fitted, and routes back to all 128).
    let limit = "a".repeat(128);
    let exposed = r.expose("s", &[limit.as_str()]).unwrap();
    assert_eq!(r.route(&exposed[0].name).unwrap().tool, limit);
}

// Issue 24: suggest.rs, limit, the bound `clamp(1, 6)` made `clamp(1, 5)`: a long name six
// edits from the one meant got no suggestion. A quarter of the name's length, at most six: 27
// characters reach six edits, not seven.
#[test]
fn suggestions_reach_six_edits_on_long_names() {
    let mut r = router(json!({ "style": "agent", "servers": [{ "name": "s" }] }));
    r.expose("s", &["abcdefghijklmnopqrstuvwx"]).unwrap();
    let six = "s__abcdefghijklmnopqrXXXXXX";
    assert_eq!(
        route_err(&r, six),
        (
            "unknown_tool".to_string(),
            format!("Unknown tool: {six}; did you mean s__abcdefghijklmnopqrstuvwx?"),
            vec!["s__abcdefghijklmnopqrstuvwx".to_string()]
        )
    );
    // Seven edits on a 32-character name: a quarter is 8, the ceiling 6.
    let seven = "s__abcdefghijklmnopqrstuvXXXXXXX";
    assert_eq!(route_err(&r, seven).1, format!("Unknown tool: {seven}"));
    // A quarter of the length below the ceiling: 20 characters reach 5 edits, not 6.
    r.expose("s", &["abcdefghijklmnopq"]).unwrap();
    assert_eq!(route_err(&r, "s__abcdefghijklXXXXX").2, ["s__abcdefghijklmnopq"]);
    assert!(route_err(&r, "s__abcdefghijkXXXXXX").2.is_empty());
}
