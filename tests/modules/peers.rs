//! src/router/peers: a peer style's plan (`plan_peer`).

use super::*;

// plan_peer: what a peer drops is reported for the server that listed it, under its upstream
// name (`d.server == si` into `!=`; `upstream_of` with `l.server != server`).
#[test]
fn a_peer_reports_what_it_drops_for_its_own_server() {
    let mut r = router(json!({ "style": "contextforge", "servers": [{ "name": "a" }, { "name": "b" }] }));
    let a = r.expose_list(Kind::Tool, "a", &list(&["x", "y"]), OnInvalid::Throw).unwrap();
    assert_eq!(names(&a), ["a-x", "a-y"]);
    let b = r.expose_list(Kind::Tool, "b", &list(&["ok", "bad name!"]), OnInvalid::Throw).unwrap();
    assert_eq!(names(&b), ["b-ok"]);
    assert_eq!(
        skipped(&b),
        [triple(
            "bad name!",
            "invalid_tool_name",
            "contextforge drops tool \"bad name!\": it does not match ^[a-zA-Z0-9_][a-zA-Z0-9._/-]*$ (at most 128)"
        )]
    );
    // a lists again: b's dropped tool is b's, not a's.
    let a = r.expose_list(Kind::Tool, "a", &list(&["x"]), OnInvalid::Throw).unwrap();
    assert_eq!(skipped(&a), []);
}

// plan_peer, the gateway's own names under a peer: a built-in (`kind == Kind::Tool` into
// `!=`, `!is_openai` into `is_openai`) or an alias (`kind == Kind::Tool`, `*old == t.name` into
// `!=`; `builtin || alias` into `&&`) refuses the list, or with OnInvalid::Skip leaves the tool
// out, reported once for its own server (`t.server == si`, `k.name == upstream`).
#[test]
fn a_peer_name_that_is_a_builtin_or_an_alias_is_refused() {
    let config = json!({
        "style": "langchain",
        "servers": [{ "name": "mem" }, { "name": "b" }],
        "builtins": ["mem__save"],
        "aliases": { "mem__old": "mem__load" }
    });
    let mut r = router(config);
    let builtin = "server \"mem\" tool \"save\" exposes as \"mem__save\", which is the gateway's built-in";
    let alias =
        "server \"mem\" tool \"old\" exposes as \"mem__old\", which is the gateway's alias: retire the alias first";
    assert_eq!(expose_err(&mut r, "mem", &["save", "load"]), ("name_collision".to_string(), builtin.to_string()));
    assert_eq!(expose_err(&mut r, "mem", &["old", "load"]), ("name_collision".to_string(), alias.to_string()));
    let e = r.expose_list(Kind::Tool, "mem", &list(&["save", "old", "load"]), OnInvalid::Skip).unwrap();
    assert_eq!(names(&e), ["mem__load"]);
    assert_eq!(skipped(&e), [triple("save", "name_collision", builtin), triple("old", "name_collision", alias)]);
    assert!(r.route("mem__save").unwrap().builtin);
    // Another server's list reports nothing of mem's, and lists as usual.
    let b = r.expose_list(Kind::Tool, "b", &list(&["x"]), OnInvalid::Skip).unwrap();
    assert_eq!((names(&b), skipped(&b)), (vec!["b__x".to_string()], vec![]));
    // Prompts are not tools: a prompt may take a built-in's name.
    let p = r.expose_list(Kind::Prompt, "mem", &list(&["save"]), OnInvalid::Throw).unwrap();
    assert_eq!((names(&p), skipped(&p)), (vec!["mem__save".to_string()], vec![]));
}

// plan_peer, the built-ins reserved for the peer's own naming (`kind == Kind::Tool` into `!=`):
// the OpenAI Agents SDK hashes a tool whose name a built-in has, as it does a duplicate.
#[test]
fn openai_agents_hash_a_tool_around_a_builtin() {
    let mut r =
        router(json!({ "style": "openai-agents", "servers": [{ "name": "mem" }], "builtins": ["mcp_mem__save"] }));
    let e = r.expose_list(Kind::Tool, "mem", &list(&["save", "load"]), OnInvalid::Throw).unwrap();
    assert_eq!(names(&e), ["mcp_mem__save_886b9833", "mcp_mem__load"]);
    assert!(r.route("mcp_mem__save").unwrap().builtin);
    assert_eq!(r.route("mcp_mem__save_886b9833").unwrap().tool, "save");
}

// plan_peer, the provider notes (`t.listed && t.server == si` into `||`): each list warns about
// its own names that model providers refuse, not the other servers'.
#[test]
fn provider_warnings_name_only_the_listing_servers_tools() {
    let mut r = router(json!({ "style": "langchain", "servers": [{ "name": "a" }, { "name": "b" }] }));
    let a = r.expose_list(Kind::Tool, "a", &list(&["get.thing", ""]), OnInvalid::Throw).unwrap();
    assert_eq!(
        warnings(&a),
        ["provider_refused: langchain exposes \"a__get.thing\", which openai, anthropic, bedrock, mistral refuse: set `provider` to fit names to one"]
    );
    assert_eq!(skipped(&a), [triple("", "invalid_tool_name", "langchain leaves out tools with an empty name")]);
    let b = r.expose_list(Kind::Tool, "b", &list(&["fine"]), OnInvalid::Throw).unwrap();
    assert_eq!((warnings(&b), skipped(&b)), (vec![], vec![]));
}

// plan_peer, the items a peer leaves out (`k.name == upstream` into `!=`): each is reported
// once, beside an item refused for another reason.
#[test]
fn a_peer_reports_each_item_it_leaves_out_once() {
    let mut r = router(json!({
        "style": "fastmcp",
        "servers": [{ "name": "a" }, { "name": "a_b" }],
        "builtins": ["a_b_save"]
    }));
    r.expose("a", &["b_c"]).unwrap();
    let e = r.expose_list(Kind::Tool, "a_b", &list(&["save", "c", "d"]), OnInvalid::Skip).unwrap();
    assert_eq!(names(&e), ["a_b_d"]);
    assert_eq!(
        skipped(&e),
        [
            triple(
                "save",
                "name_collision",
                "server \"a_b\" tool \"save\" exposes as \"a_b_save\", which is the gateway's built-in"
            ),
            triple("c", "name_collision", "fastmcp leaves it out: another tool has its name \"a_b_c\"")
        ]
    );
    assert_eq!(r.route("a_b_c").unwrap().server, Some("a"));
}
