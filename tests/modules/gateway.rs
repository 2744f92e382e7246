//! src/router/gateway.rs and mcp.rs: the Gateway over MCP objects (lists, pages, call errors, completions).

use super::*;

// router/mcp.rs, call_tool_text (its body, each arm, the guard on "did you mean"): the text of a
// `tools/call` error result says the suggestions once, in words, whatever the error.
#[test]
fn a_call_tool_error_text_says_its_suggestions_once() {
    use mcp_naming::router::call_tool_text;
    use mcp_naming::{parse, Code, Convention, Error, Options, Span};
    let mut r = accepted(json!({ "style": "claude", "servers": [{ "name": "memory" }] }));
    r.expose("memory", &["read_graph"]).unwrap();
    // The router's own message already names them.
    let e = r.route("memory__read_grap").unwrap_err();
    assert_eq!(call_tool_text(&e), "Unknown tool: memory__read_grap; did you mean memory__read_graph?");
    // None to give: the message alone.
    let e = r.route("zzz").unwrap_err();
    assert!(e.suggestions.is_empty());
    assert_eq!(call_tool_text(&e), e.message);
    // One, from an error whose message does not name it.
    let e = parse("Get User", Convention::Mcp, &Options::default()).unwrap_err();
    assert_eq!(call_tool_text(&e), format!("{} Did you mean \"Get_User\"?", e.message));
    // Several.
    let mut e = Error::new(Code::UnknownTool, Span::default(), "No such tool.");
    e.suggestions = vec!["a".into(), "b".into()];
    assert_eq!(call_tool_text(&e), "No such tool. Did you mean one of \"a\", \"b\"?");
}

// router/mcp.rs, list_items (the guard `item.as_object().is_some()` replaced by `true` or
// `false`): a list item without a name says what it holds: "nothing" for an object without
// the member, its own type otherwise.
#[test]
fn a_list_item_without_a_name_says_what_it_holds() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }] }));
    let list = js(json!({ "tools": [{ "name": "ok" }, 5, { "description": "x" }] }));
    let e = g.expose_tools("a", &list, OnInvalid::Skip).unwrap();
    let skipped: Vec<&str> = e.skipped.iter().map(|s| s.message.as_str()).collect();
    assert_eq!(
        skipped,
        ["tools[1].name must be a string, got a number", "tools[2].name must be a string, got nothing"]
    );
}

// router/mcp.rs, Objects::update (`names_changed || objects differ` into `&&`): a list whose
// names stay but whose tools changed (a new description) is a change for the client.
#[test]
fn a_changed_description_is_a_changed_list() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }] }));
    let list = |d: &str| js(json!({ "tools": [{ "name": "t", "description": d }] }));
    assert!(g.expose_tools("a", &list("one"), OnInvalid::Throw).unwrap().changed);
    assert!(!g.expose_tools("a", &list("one"), OnInvalid::Throw).unwrap().changed);
    assert!(g.expose_tools("a", &list("two"), OnInvalid::Throw).unwrap().changed);
    let shown = serde_json::to_value(g.list_tools(None, None).unwrap()).unwrap();
    assert_eq!(shown["tools"][0]["description"], "two");
}

// router/mcp.rs, Objects::list (`take(end - start)` into `+`): a page past the first holds
// only its own items.
#[test]
fn a_later_page_holds_only_its_items() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }] }));
    let tools: Vec<Value> = ["t1", "t2", "t3", "t4", "t5"].iter().map(|n| json!({ "name": n })).collect();
    g.expose_tools("a", &js(json!({ "tools": tools })), OnInvalid::Throw).unwrap();
    let mut names = vec![];
    let mut cursor: Option<String> = None;
    loop {
        let page = serde_json::to_value(g.list_tools(cursor.as_deref(), Some(2)).unwrap()).unwrap();
        let on: Vec<String> =
            page["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_string()).collect();
        assert!(on.len() <= 2, "{on:?}");
        names.push(on);
        match page["nextCursor"].as_str() {
            Some(c) => cursor = Some(c.to_string()),
            None => break,
        }
    }
    assert_eq!(names, [vec!["a__t1", "a__t2"], vec!["a__t3", "a__t4"], vec!["a__t5"]]);
}

// router/mcp.rs, Gateway::rewrite_tools_list (the arm keeping the result's members deleted;
// `k == "tools"` into `!=`): the rewritten result is the upstream's, members and all, with only
// its tools renamed.
#[test]
fn a_rewritten_tools_list_keeps_the_other_members() {
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }] }));
    let result = js(json!({ "nextCursor": "c2", "tools": [{ "name": "t", "description": "d" }], "_meta": { "k": 1 } }));
    let out = serde_json::to_value(g.rewrite_tools_list("a", &result).unwrap()).unwrap();
    assert_eq!(
        out,
        json!({ "nextCursor": "c2", "tools": [{ "name": "a__t", "description": "d" }], "_meta": { "k": 1 } })
    );
}

// router/mcp.rs, Gateway::map_complete (the guard `params.as_object().is_none()` replaced by
// `false`): params that are not an object are named as such, not as missing a `ref`.
#[test]
fn completion_params_that_are_no_object_are_named() {
    let g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }] }));
    let message = |p: Value| g.map_complete(&js(p)).unwrap_err().message;
    assert_eq!(message(json!(5)), "params must be an object, got a number");
    assert_eq!(message(json!([])), "params must be an object, got an array");
    assert_eq!(message(json!({})), "params.ref is missing");
}
