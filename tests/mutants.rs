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

fn warnings(e: &mcp_naming::router::Exposure) -> Vec<String> {
    e.warnings.iter().map(|d| format!("{}: {}", d.code.as_str(), d.message)).collect()
}

fn list<'a>(names: &[&'a str]) -> Vec<mcp_naming::router::ListItem<'a>> {
    names.iter().map(|n| mcp_naming::router::ListItem::Named(n)).collect()
}

use mcp_naming::router::{Kind, OnInvalid};

// router/expose.rs, Router::expose_items (`changed |= more` into `&=`), Router::apply
// (`changed |= ...` into `&=`) and Router::apply_renames (`|=` into `&=`, `||` into `&&`, `&&`
// into `||`): `Exposure::changed` says whether the names a client sees changed, and a host
// re-sends `notifications/tools/list_changed` on it.
#[test]
fn an_exposure_says_whether_the_listed_names_changed() {
    let mut r = router(
        json!({ "style": "claude", "prefixMode": "conditional", "servers": [{ "name": "a" }, { "name": "b" }] }),
    );
    let first = r.expose_list(Kind::Tool, "a", &list(&["w", "x"]), OnInvalid::Throw).unwrap();
    assert!(first.changed, "a first list shows new names");
    let again = r.expose_list(Kind::Tool, "a", &list(&["w", "x"]), OnInvalid::Throw).unwrap();
    assert!(!again.changed, "the same list again changes nothing");
    // b's x makes a's x shared: a's is renamed in place (segment 0, second entry; Entry::renamed
    // keeps the place), b's is new.
    let shared = r.expose_list(Kind::Tool, "b", &list(&["x"]), OnInvalid::Throw).unwrap();
    let renamed: Vec<(usize, usize, &str, bool)> =
        shared.placement.renamed.iter().map(|n| (n.slot, n.pos, n.name.as_str(), n.enabled)).collect();
    assert_eq!(renamed, [(0, 1, "a__x", true)]);
    assert_eq!(r.placed(Kind::Tool, 0, 1), Some(("a__x", "x")));
    assert!(shared.changed);
    assert_eq!(r.route("a__x").unwrap().tool, "x");
    assert_eq!(route_err(&r, "x").0, "unknown_tool");
}

// Router::apply_renames: a rename alone (the server's own list shows nothing new) changes what
// a client sees exactly when the entry was visible before or is after.
#[test]
fn a_rename_alone_changes_the_list_only_if_the_entry_shows() {
    // a's x is offered only under its prefixed name: bare, it is hidden; b's x never shows.
    let config = json!({
        "style": "claude", "prefixMode": "conditional",
        "servers": [{ "name": "a" }, { "name": "b" }],
        "enabled": ["a__x"]
    });
    let mut r = router(config);
    let a = r.expose("a", &["x"]).unwrap();
    assert_eq!((a[0].name.as_str(), a[0].enabled), ("x", false));
    let b = r.expose_list(Kind::Tool, "b", &list(&["x"]), OnInvalid::Throw).unwrap();
    assert_eq!((b.exposed[0].name.as_str(), b.exposed[0].enabled), ("b__x", false));
    let renamed: Vec<(&str, bool)> = b.placement.renamed.iter().map(|n| (n.name.as_str(), n.enabled)).collect();
    assert_eq!(renamed, [("a__x", true)]);
    assert!(b.changed, "a__x now shows");
    // Hidden before and after: b's own list shows nothing either, so nothing changed.
    let mut r = router(json!({
        "style": "claude", "prefixMode": "conditional",
        "servers": [{ "name": "a" }, { "name": "b" }],
        "enabled": ["c__*"]
    }));
    r.expose("a", &["x"]).unwrap();
    let b = r.expose_list(Kind::Tool, "b", &list(&["x"]), OnInvalid::Throw).unwrap();
    let renamed: Vec<(&str, bool)> = b.placement.renamed.iter().map(|n| (n.name.as_str(), n.enabled)).collect();
    assert_eq!(renamed, [("a__x", false)]);
    assert!(!b.changed, "nothing a client sees changed");
}

// Router::apply and Router::apply_renames count the hits of each name pattern: the entries a
// list replaces (or a rename drops) are taken off (`-1`, mutated to `1`), so a pattern whose
// only tool went away is reported.
#[test]
fn a_pattern_whose_tool_went_away_is_reported() {
    let mut r = router(json!({ "style": "agent", "servers": [{ "name": "mem" }], "disabled": ["mem__delete_*"] }));
    let e = r.expose_list(Kind::Tool, "mem", &list(&["delete_all", "save"]), OnInvalid::Throw).unwrap();
    assert_eq!(warnings(&e), Vec::<String>::new());
    let e = r.expose_list(Kind::Tool, "mem", &list(&["save"]), OnInvalid::Throw).unwrap();
    assert_eq!(warnings(&e), ["unmatched_pattern: disabled[0]: matches no tool, built-in or upstream name"]);
    // A rename: under conditional prefixing `a__x` matches only while x is shared.
    let mut r = router(json!({
        "style": "claude", "prefixMode": "conditional",
        "servers": [{ "name": "a" }, { "name": "b" }],
        "disabled": ["a__x"]
    }));
    r.expose("a", &["x"]).unwrap();
    let e = r.expose_list(Kind::Tool, "b", &list(&["x"]), OnInvalid::Throw).unwrap();
    assert_eq!(warnings(&e), Vec::<String>::new(), "a__x is there");
    assert!(!r.is_enabled("a__x"));
    let e = r.expose_list(Kind::Tool, "b", &list(&[]), OnInvalid::Throw).unwrap();
    assert_eq!(warnings(&e), ["unmatched_pattern: disabled[0]: matches no tool, built-in or upstream name"]);
    assert!(r.is_enabled("x"));
}

// Router::unmatched_patterns: a name pattern is judged once every enabled server has listed
// (`e || !s.enabled` mutated to `&&`, `!` deleted, the guard forced true or false); one that
// matches a built-in is matched (`!` deleted).
#[test]
fn name_patterns_are_judged_once_every_enabled_server_listed() {
    let config = json!({
        "style": "agent",
        "servers": [{ "name": "a" }, { "name": "b" }, { "name": "off", "enabled": false }],
        "builtins": ["healthcheck"],
        "disabled": ["*typo*", "health*"]
    });
    let mut r = router(config);
    let e = r.expose_list(Kind::Tool, "a", &list(&["xx"]), OnInvalid::Throw).unwrap();
    assert_eq!(warnings(&e), Vec::<String>::new(), "b has not listed yet");
    let e = r.expose_list(Kind::Tool, "b", &list(&["yy"]), OnInvalid::Throw).unwrap();
    assert_eq!(warnings(&e), ["unmatched_pattern: disabled[0]: matches no tool, built-in or upstream name"]);
    assert_eq!(e.warnings[0].path.as_deref(), Some("disabled[0]"));
    assert_eq!(e.warnings[0].severity, mcp_naming::Severity::Warning);
}

/// `(code, message)` of a failed expose.
fn expose_err(r: &mut Router, server: &str, tools: &[&str]) -> (String, String) {
    let e = r.expose(server, tools).expect_err(server);
    (e.code.as_str().to_string(), e.message)
}

// Router::check_shadowing, `|| fold_eq(b, name)` into `&&`: a tool that would expose as a
// built-in's name in other case or separators is refused as confusable, naming both.
#[test]
fn a_tool_that_folds_to_a_builtin_is_refused() {
    let mut r = router(json!({ "style": "claude", "servers": [{ "name": "mem" }], "builtins": ["mem__save_all"] }));
    assert_eq!(
        expose_err(&mut r, "mem", &["Save-All"]),
        (
            "confusable_name".to_string(),
            "server \"mem\" tool \"Save-All\" would expose as \"mem__Save-All\", which differs from the built-in \"mem__save_all\" only in case or separators".to_string()
        )
    );
    assert_eq!(
        expose_err(&mut r, "mem", &["save_all"]),
        (
            "name_collision".to_string(),
            "server \"mem\" tool \"save_all\" would shadow the built-in \"mem__save_all\"".to_string()
        )
    );
}

// fitted_names, `too_long` from `len > max` into `>=`: a name exactly at the limit fits, so the
// server part of the batch is not shortened. Claude under gateway `hub` leaves 54 characters
// (64 less `mcp__hub__`); with conditional prefixing a bare tool part may take all 54.
#[test]
fn a_name_exactly_at_the_limit_shortens_nothing() {
    let server = "longservername_abcdefghijklmno";
    let mut r = router(json!({
        "style": "claude", "gateway": "hub", "prefixMode": "conditional",
        "servers": [{ "name": "b" }, { "name": server }]
    }));
    r.expose("b", &["x"]).unwrap();
    let at_limit = "y".repeat(54);
    let exposed = r.expose(server, &["x", at_limit.as_str()]).unwrap();
    let names: Vec<&str> = exposed.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, [format!("{server}__x").as_str(), at_limit.as_str()]);
    // One more character and the batch is fitted: the server part shortened for all of it.
    let over = "y".repeat(55);
    let exposed = r.expose(server, &["x", over.as_str()]).unwrap();
    let names: Vec<&str> = exposed.iter().map(|t| t.name.as_str()).collect();
    assert!(names[0].len() < format!("{server}__x").len() && names[0].ends_with("__x"), "{names:?}");
    assert!(names[1].len() <= 54, "{names:?}");
}

// fitted_names, the built-in check `kind == Kind::Tool` into `!=`: a fitted tool name never
// lands on a built-in; it is salted again.
#[test]
fn a_fitted_tool_name_avoids_the_builtins() {
    let long = format!("tool_{}", "z".repeat(80));
    let config =
        |builtins: Vec<String>| json!({ "style": "agent", "servers": [{ "name": "mem" }], "builtins": builtins });
    let mut r = router(config(vec![]));
    let first = r.expose("mem", &[long.as_str()]).unwrap()[0].name.clone();
    assert_eq!(first.len(), 64, "{first}");
    let mut r = router(config(vec![first.clone()]));
    let second = r.expose("mem", &[long.as_str()]).unwrap()[0].name.clone();
    assert_ne!(second, first);
    assert_eq!(second[..first.len() - 8], first[..first.len() - 8], "the same stem, another hash");
    assert_eq!(r.route(&second).unwrap().tool, long);
    assert!(r.route(&first).unwrap().builtin);
}

// fitted_names, `|| (n != f.name && plain.contains(n))` into `&&`: a fitted name never takes
// the plain name of another tool of the same list; it is salted again.
#[test]
fn a_fitted_name_avoids_the_plain_names_of_its_list() {
    let long = format!("tool_{}", "z".repeat(80));
    let mut r = router(json!({ "style": "agent", "servers": [{ "name": "mem" }] }));
    let fitted = r.expose("mem", &[long.as_str()]).unwrap()[0].name.clone();
    let part = fitted.strip_prefix("mem__").unwrap().to_string();
    for list in [[long.as_str(), part.as_str()], [part.as_str(), long.as_str()]] {
        let exposed = r.expose("mem", &list).unwrap();
        let by_upstream = |u: &str| exposed.iter().find(|t| t.upstream == u).unwrap().name.clone();
        assert_eq!(by_upstream(&part), fitted, "the tool that fits keeps its name");
        let resalted = by_upstream(&long);
        assert_ne!(resalted, fitted);
        assert_eq!(resalted[..fitted.len() - 8], fitted[..fitted.len() - 8]);
        assert_eq!(r.route(&resalted).unwrap().tool, long);
        assert_eq!(r.route(&fitted).unwrap().tool, part);
    }
}

// fitted_names, `taken.contains(n) || others(n)` into `&&` and `others(n) || builtin(n)` into
// `&&`: a fitted name never takes another server's name. Without prefixes two servers' long
// tools fit to the same stem and hash; the second is salted again.
#[test]
fn a_fitted_name_avoids_other_servers_names() {
    let long = format!("tool_{}", "z".repeat(80));
    let mut r =
        router(json!({ "style": "agent", "prefixMode": "never", "servers": [{ "name": "a" }, { "name": "b" }] }));
    let a = r.expose("a", &[long.as_str()]).unwrap()[0].name.clone();
    let b = r.expose("b", &[long.as_str()]).unwrap()[0].name.clone();
    assert_eq!(a.len(), 64, "{a}");
    assert_ne!(a, b);
    assert_eq!(a[..56], b[..56], "one stem, two hashes: {a} {b}");
    assert_eq!(r.route(&a).unwrap().server, Some("a"));
    assert_eq!(r.route(&b).unwrap().server, Some("b"));
}

/// `(upstream, code, message)` of each skipped item.
fn skipped(e: &mcp_naming::router::Exposure) -> Vec<(String, String, String)> {
    e.skipped.iter().map(|k| (k.name.clone(), k.code.as_str().to_string(), k.message.clone())).collect()
}

fn names(e: &mcp_naming::router::Exposure) -> Vec<String> {
    e.exposed.iter().map(|t| t.name.clone()).collect()
}

fn triple(name: &str, code: &str, message: &str) -> (String, String, String) {
    (name.to_string(), code.to_string(), message.to_string())
}

// reprefix: a tool part that only one server serves again goes bare, unless the bare name would
// differ from another exposed name only in case or separators (`j != id` into `==`: never
// stuck); then it stays prefixed. (Parts that differ only in case or separators are one part, so
// the name it would fold onto is another tool's prefixed name: `b_foo` bare against `b__foo`.)
#[test]
fn a_name_that_would_fold_onto_another_stays_prefixed() {
    let mut r = router(json!({
        "style": "claude", "prefixMode": "conditional",
        "servers": [{ "name": "a" }, { "name": "b" }, { "name": "c" }, { "name": "d" }]
    }));
    r.expose("a", &["b_foo"]).unwrap();
    r.expose("c", &["b_foo"]).unwrap();
    r.expose("b", &["foo"]).unwrap();
    r.expose("d", &["foo"]).unwrap();
    r.expose("c", &[] as &[&str]).unwrap();
    let all: Vec<(String, String)> = r.tools().map(|t| (t.name, t.upstream)).collect();
    let want = [("a__b_foo", "b_foo"), ("b__foo", "foo"), ("d__foo", "foo")];
    assert_eq!(all, want.map(|(n, u)| (n.to_string(), u.to_string())));
    assert_eq!(route_err(&r, "b_foo").0, "unknown_tool");
    // Names that differ only in case are one part: both prefixed, whichever listed first.
    let mut r = router(
        json!({ "style": "claude", "prefixMode": "conditional", "servers": [{ "name": "a" }, { "name": "c" }] }),
    );
    r.expose("c", &["Foo"]).unwrap();
    r.expose("a", &["foo"]).unwrap();
    let all: Vec<String> = r.tools().map(|t| t.name).collect();
    assert_eq!(all, ["a__foo", "c__Foo"]);
}

// reprefix, the fitted name's `taken` (`j != id` into `==`): a name going prefixed that another
// tool of the table already has is fitted (hashed), never shared.
#[test]
fn a_name_going_prefixed_avoids_a_name_already_taken() {
    let mut r = router(
        json!({ "style": "claude", "prefixMode": "conditional", "servers": [{ "name": "a" }, { "name": "b" }] }),
    );
    r.expose("a", &["foo", "a__foo"]).unwrap();
    r.expose("b", &["foo"]).unwrap();
    let all: Vec<(String, String)> = r.tools().map(|t| (t.name, t.upstream)).collect();
    let want = [("a__foo_27d1d92c", "foo"), ("a__foo", "a__foo"), ("b__foo", "foo")];
    assert_eq!(all, want.map(|(n, u)| (n.to_string(), u.to_string())));
    assert_eq!(r.route("a__foo_27d1d92c").unwrap().tool, "foo");
    assert_eq!(r.route("a__foo").unwrap().tool, "a__foo");
}

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

// name_part (`part.len() != name.len()` into `==`): the tool part of an exposed name is a
// suggestion form of its own, for a model that dropped the server prefix. Here it differs
// from the upstream name (`saveAll` is `save_all` under agent), so only that form is near.
#[test]
fn a_name_without_its_server_prefix_is_suggested() {
    let mut r = router(json!({ "style": "agent", "servers": [{ "name": "mem" }] }));
    r.expose("mem", &["saveAll"]).unwrap();
    assert_eq!(
        route_err(&r, "save_al"),
        (
            "unknown_tool".to_string(),
            "Unknown tool: save_al; did you mean mem__save_all?".to_string(),
            vec!["mem__save_all".to_string()]
        )
    );
}

// Router::resolve, an alias by its bare or its qualified name (`old == bare || *old == name` into
// `&&`), and Router::unknown, an alias whose current name was removed (`old == name || old ==
// unqualified` with `!=` or `&&`): routed while the tool is there, `tool_removed` after, and a
// name that is no alias stays unknown.
#[test]
fn an_alias_routes_by_either_name_and_follows_its_tool_out() {
    let mut r = router(json!({
        "style": "syntropy",
        "servers": [{ "name": "x" }],
        "aliases": { "x_old": "x_new" }
    }));
    r.expose("x", &["new"]).unwrap();
    for name in ["x_old", "mcp__syntropy__x_old"] {
        let to = r.route(name).unwrap();
        assert_eq!((to.server, to.tool.as_ref(), to.deprecated), (Some("x"), "new", true), "{name}");
    }
    r.expose("x", &[] as &[&str]).unwrap();
    for name in ["x_old", "mcp__syntropy__x_old", "x_new"] {
        let (code, message, _) = route_err(&r, name);
        assert_eq!(code, "tool_removed", "{name}: {message}");
        assert_eq!(
            message,
            format!("tool \"{name}\" was removed: server \"x\" no longer lists it; list the tools again")
        );
    }
    assert_eq!(route_err(&r, "x_other").0, "unknown_tool");
    assert_eq!(route_err(&r, "mcp__syntropy__x_other").0, "unknown_tool");
}

// Router::others (replaced by an empty or a made-up list): the built-ins and the aliases'
// current names are suggested too, after the tools at the same distance.
#[test]
fn builtins_and_aliases_are_suggested() {
    let mut r = router(json!({
        "style": "agent",
        "servers": [{ "name": "mem" }],
        "builtins": ["healthcheck"],
        "aliases": { "mem__old": "mem__save" }
    }));
    r.expose("mem", &["load"]).unwrap();
    assert_eq!(route_err(&r, "healthchek").2, ["healthcheck"]);
    assert_eq!(route_err(&r, "mem__sav").2, ["mem__save"]);
    assert_eq!(route_err(&r, "mem__lade").2, ["mem__load", "mem__save"]);
    assert!(route_err(&r, "").2.is_empty());
}

// Router::compared, the guard `qualifies` (forced true): only a qualifying style reads
// `mcp__<gateway>__` as a qualifier to look past; under agent the whole name is compared.
#[test]
fn only_qualifying_styles_look_past_mcp_prefixes() {
    let mut r = router(json!({ "style": "agent", "servers": [{ "name": "mem" }] }));
    r.expose("mem", &["save_all"]).unwrap();
    assert_eq!(route_err(&r, "mem__save_al").2, ["mem__save_all"]);
    assert!(route_err(&r, "mcp__gw__mem__save_al").2.is_empty());
    let mut r = router(json!({ "style": "claude", "gateway": "hub", "servers": [{ "name": "mem" }] }));
    r.expose("mem", &["save_all"]).unwrap();
    assert_eq!(route_err(&r, "mcp__gw__mem__save_al").2, ["mcp__hub__mem__save_all"]);
}

// Router::migrate (`server && upstream && routed` with the first `&&` into `||`): the name this
// router gives the same tool of the same server, not another tool of that server.
#[test]
fn migrate_finds_the_same_tool_of_the_same_server() {
    let mut old =
        router(json!({ "style": { "peer": "langchain", "prefix": "mcp" }, "servers": [{ "name": "memory" }] }));
    let mut new = router(json!({ "style": "syntropy", "servers": [{ "name": "memory" }] }));
    for r in [&mut old, &mut new] {
        r.expose("memory", &["save", "load"]).unwrap();
    }
    assert_eq!(new.migrate("mcp__memory__save", &old).unwrap(), "memory_save");
    assert_eq!(new.migrate("mcp__memory__load", &old).unwrap(), "memory_load");
    new.expose("memory", &["save"]).unwrap();
    let e = new.migrate("mcp__memory__load", &old).unwrap_err();
    assert_eq!(e.code.as_str(), "unknown_tool");
    assert_eq!(
        e.message,
        "\"mcp__memory__load\" is server \"memory\" tool \"load\", which this router has not exposed"
    );
}

// Router::prompt_target, the guard `e.enabled` (forced true): a disabled prompt is not served.
#[test]
fn a_disabled_prompt_is_not_served() {
    let mut r = router(json!({ "style": "agent", "servers": [{ "name": "mem" }], "disabled": ["mem__secret"] }));
    r.expose_list(Kind::Prompt, "mem", &list(&["secret", "hello"]), OnInvalid::Throw).unwrap();
    let to = r.prompt_target("mem__hello", None).unwrap();
    assert_eq!((to.server.as_str(), to.upstream.as_str()), ("mem", "hello"));
    let e = r.prompt_target("mem__secret", None).unwrap_err();
    assert_eq!(e.code.as_str(), "tool_disabled");
    assert_eq!(e.message, "prompt \"mem__secret\" is disabled: enable it in the gateway's configuration");
}

// Router::check_shadowing (`b == name || is_qualified(b)` into `&&`): a built-in given in its
// qualified form is shadowed by the tool that would show under it.
#[test]
fn a_tool_under_a_qualified_builtin_is_refused() {
    let mut r = router(
        json!({ "style": "claude", "gateway": "hub", "servers": [{ "name": "mem" }], "builtins": ["mcp__hub__mem__save"] }),
    );
    assert_eq!(
        expose_err(&mut r, "mem", &["save"]),
        (
            "name_collision".to_string(),
            "server \"mem\" tool \"save\" would shadow the built-in \"mcp__hub__mem__save\"".to_string()
        )
    );
    assert_eq!(r.expose("mem", &["load"]).unwrap()[0].qualified, "mcp__hub__mem__load");
}

// Keyed::remove (`retain(|&x| x != id)` into `==`): three servers share a tool part; when one
// leaves, the other two still share it (the index keeps both), and when a second leaves the
// last goes bare.
#[test]
fn a_part_shared_by_three_stays_shared_by_the_two_left() {
    let mut r = router(json!({
        "style": "claude", "prefixMode": "conditional",
        "servers": [{ "name": "a" }, { "name": "b" }, { "name": "c" }]
    }));
    for s in ["a", "b", "c"] {
        r.expose(s, &["x"]).unwrap();
    }
    let all = |r: &Router| r.tools().map(|t| t.name).collect::<Vec<_>>();
    assert_eq!(all(&r), ["a__x", "b__x", "c__x"]);
    r.expose("c", &[] as &[&str]).unwrap();
    assert_eq!(all(&r), ["a__x", "b__x"]);
    r.expose("b", &[] as &[&str]).unwrap();
    assert_eq!(all(&r), ["x"]);
    assert_eq!(r.route("x").unwrap().server, Some("a"));
}

// Table::reindex (`before.visible() != now.visible() || !same_forms`, `!=` into `==`): an entry
// that starts to show under the same name (agentgateway without prefixes drops a tool two
// servers share, and lists it again when one leaves) is indexed for suggestions.
#[test]
fn a_tool_that_shows_again_is_suggested() {
    let mut r = router(
        json!({ "style": { "peer": "agentgateway", "mode": "never" }, "servers": [{ "name": "a" }, { "name": "b" }] }),
    );
    r.expose("a", &["tool_x"]).unwrap();
    r.expose("b", &["tool_x"]).unwrap();
    assert_eq!(r.tools().count(), 0, "both dropped");
    assert!(route_err(&r, "tool_y").2.is_empty());
    r.expose("a", &[] as &[&str]).unwrap();
    assert_eq!(r.route("tool_x").unwrap().server, Some("b"));
    assert_eq!(route_err(&r, "tool_y").2, ["tool_x"]);
}

// Table::reindex (`!same_forms` without `!`): a tool listed again under the same name but
// another upstream name (`saveAll`, then `save-all`, both `save_all` under agent) is indexed by
// its new upstream name.
#[test]
fn a_new_upstream_name_under_the_same_name_is_suggested() {
    let mut r = router(json!({ "style": "agent", "servers": [{ "name": "mem" }] }));
    r.expose("mem", &["saveAll"]).unwrap();
    assert!(route_err(&r, "sav-all").2.is_empty());
    r.expose("mem", &["save-all"]).unwrap();
    assert_eq!(r.route("mem__save_all").unwrap().tool, "save-all");
    assert_eq!(route_err(&r, "sav-all").2, ["mem__save_all"]);
}

// Table::reindex (`before.part != now.part` into `==`): an entry listed again under its name
// with another tool part (`a__x` was a's `x` prefixed, now a's own tool `a__x`, bare) is found
// by its new part, so a second server serving that part prefixes both.
#[test]
fn an_entry_whose_part_changes_is_found_by_its_new_part() {
    let mut r = router(
        json!({ "style": "claude", "prefixMode": "conditional", "servers": [{ "name": "a" }, { "name": "b" }] }),
    );
    r.expose("a", &["x"]).unwrap();
    r.expose("b", &["x"]).unwrap();
    r.expose("a", &["a__x"]).unwrap();
    let all = |r: &Router| r.tools().map(|t| (t.name, t.upstream)).collect::<Vec<_>>();
    let pairs = |v: &[(&str, &str)]| v.iter().map(|(n, u)| (n.to_string(), u.to_string())).collect::<Vec<_>>();
    assert_eq!(all(&r), pairs(&[("a__x", "a__x"), ("x", "x")]));
    r.expose("b", &["x", "a__x"]).unwrap();
    assert_eq!(all(&r), pairs(&[("a__a__x", "a__x"), ("x", "x"), ("b__a__x", "a__x")]));
}

// compile::rules, the guard `claude && !p.contains('*')` (forced true, or `||`): only Claude
// Code's rules cover the names that continue a rule after `__`; elsewhere a rule without `*`
// is the whole name.
#[test]
fn only_claude_rules_cover_what_continues_after_double_underscore() {
    let mut r = router(json!({ "style": "syntropy", "servers": [{ "name": "mem" }], "disabled": ["mem_save"] }));
    let on: Vec<(String, bool)> =
        r.expose("mem", &["save", "save__all"]).unwrap().into_iter().map(|t| (t.name, t.enabled)).collect();
    assert_eq!(on, [("mem_save".to_string(), false), ("mem_save__all".to_string(), true)]);
    let mut r = router(json!({ "style": "claude", "servers": [{ "name": "mem" }], "disabled": ["mem__save"] }));
    let on: Vec<(String, bool)> =
        r.expose("mem", &["save", "save__all"]).unwrap().into_iter().map(|t| (t.name, t.enabled)).collect();
    assert_eq!(on, [("mem__save".to_string(), false), ("mem__save__all".to_string(), false)]);
}

/// The messages of a refused configuration (code `invalid_config`).
fn config_errors(config: Value) -> Vec<String> {
    let e = RouterConfig::from_json(&serde_json::from_value(config).unwrap())
        .and_then(Router::new)
        .map(|_| ())
        .unwrap_err();
    assert_eq!(e.code.as_str(), "invalid_config", "{e:?}");
    e.diagnostics.iter().map(|d| d.message.clone()).collect()
}

// compile, the gateway name (`|| gateway.is_empty()` and `|| gateway.contains("__")` into
// `&&`): an empty gateway name, or one with `__`, is refused.
#[test]
fn an_empty_gateway_name_or_one_with_double_underscore_is_refused() {
    for gateway in ["", "my__hub"] {
        assert_eq!(
            config_errors(json!({ "style": "claude", "gateway": gateway, "servers": [] })),
            [format!(
                "gateway: \"{gateway}\" is not a server name clients can show: use letters, digits, \"_\" and \"-\" without \"__\""
            )]
        );
    }
    assert!(Router::new(
        RouterConfig::from_json(
            &serde_json::from_value(json!({ "style": "claude", "gateway": "my_hub", "servers": [] })).unwrap()
        )
        .unwrap()
    )
    .is_ok());
}

// compile, prefixMode under a peer style (`m != "always"` into `==`): a peer prefixes as the
// peer does, so any mode but "always" is refused, and "always" is accepted.
#[test]
fn a_peer_style_takes_no_prefix_mode_but_always() {
    assert_eq!(
        config_errors(json!({ "style": "langchain", "prefixMode": "conditional", "servers": [] })),
        ["prefixMode: a peer style prefixes as langchain does: remove prefixMode"]
    );
    assert_eq!(
        config_errors(json!({ "style": "agentgateway", "prefixMode": "never", "servers": [] })),
        ["prefixMode: a peer style prefixes as agentgateway does: use the style's `mode`"]
    );
    let ok = RouterConfig::from_json(
        &serde_json::from_value(json!({ "style": "langchain", "prefixMode": "always", "servers": [] })).unwrap(),
    );
    assert!(ok.and_then(Router::new).is_ok());
}

// compile, the built-ins (`b.is_empty() || !valid` into `&&`): an empty built-in name is refused.
#[test]
fn an_empty_builtin_is_refused() {
    assert_eq!(
        config_errors(json!({ "style": "agent", "servers": [], "builtins": ["", "ok", "not ok"] })),
        ["builtins[0]: \"\" is not a valid MCP tool name", "builtins[2]: \"not ok\" is not a valid MCP tool name"]
    );
}

fn accepted(config: Value) -> Router {
    RouterConfig::from_json(&serde_json::from_value(config).unwrap()).and_then(Router::new).unwrap()
}

// compile, the aliases (`builtins.contains(new) || !parses` into `&&`): an alias may point to a
// built-in, which no server's name splits; one to nothing known is refused.
#[test]
fn an_alias_may_point_to_a_builtin() {
    let r = accepted(json!({
        "style": "syntropy", "servers": [{ "name": "x" }],
        "builtins": ["healthcheck"], "aliases": { "health": "healthcheck" }
    }));
    let to = r.route("health").unwrap();
    assert_eq!((to.builtin, to.tool.as_ref(), to.deprecated), (true, "healthcheck", true));
    assert_eq!(
        config_errors(json!({ "style": "syntropy", "servers": [{ "name": "x" }], "aliases": { "health": "nothing" } })),
        ["aliases[\"health\"]: points to \"nothing\", which no server or built-in provides: point it to a current exposed name"]
    );
}

// compile, the patterns (the guard `p.is_empty()` forced false): an empty name pattern is
// refused, as an empty server or tool of an upstream pattern is.
#[test]
fn an_empty_pattern_is_refused() {
    assert_eq!(
        config_errors(
            json!({ "style": "agent", "servers": [{ "name": "x" }], "enabled": [""], "disabled": [{ "server": "", "tool": "a" }] })
        ),
        [
            "enabled[0]: an empty pattern matches nothing: remove it",
            "disabled[0].server: an empty pattern matches nothing: remove it"
        ]
    );
}

// compile, an upstream pattern's server (`!u.server.contains('*')` without `!`): a server name
// without `*` must be a configured server; a glob may match any.
#[test]
fn an_upstream_pattern_names_a_configured_server() {
    assert_eq!(
        config_errors(
            json!({ "style": "agent", "servers": [{ "name": "x" }, { "name": "y" }], "disabled": [{ "server": "nope", "tool": "a" }] })
        ),
        ["disabled[0].server: \"nope\" is not a configured server: use one of x, y"]
    );
    let mut r = accepted(
        json!({ "style": "agent", "servers": [{ "name": "x" }], "disabled": [{ "server": "x*", "tool": "a" }] }),
    );
    let on: Vec<bool> = r.expose("x", &["a", "b"]).unwrap().iter().map(|t| t.enabled).collect();
    assert_eq!(on, [false, true]);
}

// config::Reader::wrong (replaced by nothing): a value of the wrong type is refused with its
// path, what it must be and what it is.
#[test]
fn config_values_of_the_wrong_type_are_named() {
    let bad = json!({
        "style": "agent", "servers": [{ "name": 5 }], "strict": "yes", "builtins": "x",
        "gateway": 3, "aliases": { "a": 1 }, "enabled": [7]
    });
    assert_eq!(
        config_errors(bad),
        [
            "servers[0].name: must be a string, got a number",
            "gateway: must be a string, got a number",
            "builtins: must be an array of strings, got a string",
            "aliases[\"a\"]: must be a string, got a number",
            "enabled[0]: must be a string or { server, tool }, got a number",
            "strict: must be a boolean, got a string"
        ]
    );
    assert_eq!(
        config_errors(
            json!({ "style": "agent", "servers": [{ "name": "a", "enabled": "no", "upstream": 3 }], "provider": true })
        ),
        [
            "servers[0].upstream: must be a string, got a number",
            "servers[0].enabled: must be a boolean, got a string",
            "provider: must be a string, got a boolean"
        ]
    );
    let e = RouterConfig::from_json(&serde_json::from_value(json!([1])).unwrap()).unwrap_err();
    assert_eq!(
        (e.code.as_str(), e.message.as_str()),
        ("invalid_argument", "invalid router configuration: config: must be an object, got an array")
    );
}

// config::Reader::patterns (`missing && v.get(k).is_none()` into `||`): a missing server or
// tool is required; one of the wrong type is reported once, as of the wrong type.
#[test]
fn an_upstream_pattern_reports_a_missing_or_wrong_member_once() {
    assert_eq!(
        config_errors(
            json!({ "style": "agent", "servers": [{ "name": "x" }], "disabled": [{ "server": 5, "tool": "a" }, { "tool": "b" }] })
        ),
        ["disabled[0].server: must be a string, got a number", "disabled[1].server: is required (a glob)"]
    );
}

// Naming::suggest_server_name, the default that peer styles keep (replaced by `Some(..)`): a
// peer gives no replacement for a server name it refuses; the router's own styles do.
#[test]
fn a_refused_server_name_gets_a_suggestion_only_from_own_styles() {
    let e = RouterConfig::from_json(
        &serde_json::from_value(json!({ "style": "agentgateway", "servers": [{ "name": "my server!" }] })).unwrap(),
    )
    .and_then(Router::new)
    .unwrap_err();
    assert_eq!(e.diagnostics.len(), 1, "{e:?}");
    assert_eq!(e.diagnostics[0].suggestion, None, "{e:?}");
    let e = RouterConfig::from_json(
        &serde_json::from_value(json!({ "style": "agent", "servers": [{ "name": "My Server!" }] })).unwrap(),
    )
    .and_then(Router::new)
    .unwrap_err();
    assert_eq!(e.diagnostics[0].suggestion.as_deref(), Some("myserver"), "{e:?}");
}

// Naming::split (`rest.len() > server + separator` into `>=`, `+` into `-`): with `strict:
// false` a name routes by its parse only when a tool part follows the server and separator.
#[test]
fn a_parse_needs_a_tool_part_after_the_separator() {
    let r = accepted(json!({ "style": "agent", "strict": false, "servers": [{ "name": "mem" }] }));
    let to = r.route("mem__save").unwrap();
    assert_eq!((to.server, to.tool.as_ref()), (Some("mem"), "save"));
    for name in ["mem__", "mem_", "mem"] {
        assert_eq!(route_err(&r, name).0, "unknown_tool", "{name}");
    }
}

// router/header.rs, is_sentinel (`PREFIX.len() + SUFFIX.len()` into `-`): `=?base64?=` is ten
// characters, shorter than the sentinel's two ends together (whose `?` it shares), so it is a
// plain name: sent as it is and read back as it is, never decoded.
#[test]
fn a_name_that_only_overlaps_the_sentinel_rides_as_it_is() {
    use mcp_naming::router::{decode_name_header, encode_name_header, is_header_safe};
    for name in ["=?base64?=", "=?base64?"] {
        assert!(is_header_safe(name), "{name}");
        assert_eq!(encode_name_header(name), name);
        assert_eq!(decode_name_header(name).unwrap(), name);
    }
    // The shortest sentinel, an empty payload, is the empty name.
    assert!(!is_header_safe("=?base64??="));
    assert_eq!(decode_name_header("=?base64??=").unwrap(), "");
}

// router/header.rs, decode (`len % 4 != 0 || padding > 2` into `&&`; `payload - body` into
// `/`): the payload is standard Base64, padded: a length that is not a multiple of 4 (even one
// that would decode, `YQ` for `a`) and more than two `=` (`YWJj====`, `abc` padded twice over)
// are refused.
#[test]
fn a_header_payload_must_be_padded_base64() {
    use mcp_naming::router::decode_name_header;
    assert_eq!(decode_name_header("=?base64?YQ==?=").unwrap(), "a");
    for header in ["=?base64?YQ?=", "=?base64?YQ=?=", "=?base64?====?=", "=?base64?Y===?=", "=?base64?YWJj====?="] {
        let e = decode_name_header(header).unwrap_err();
        assert_eq!(e.code.as_str(), "invalid_header", "{header}");
        assert!(e.message.ends_with("the Base64 payload's length is not a multiple of 4"), "{header}: {}", e.message);
    }
}

// router/ui.rs, with_uris (the guard `key == "ui"` replaced by `true`): only MCP Apps' own
// members are rewritten; another `_meta` member that happens to hold a `resourceUri` passes to
// the client as the upstream wrote it.
#[test]
fn only_the_ui_members_of_meta_are_rewritten() {
    use mcp_naming::router::{Gateway, OnInvalid};
    let j = |v: Value| -> mcp_naming::Json { serde_json::from_value(v).unwrap() };
    let ui = "ui://get-time/mcp-app.html";
    let mut g =
        Gateway::from_json(&j(json!({ "style": "claude", "servers": [{ "name": "vanilla" }, { "name": "react" }] })))
            .unwrap();
    for server in ["vanilla", "react"] {
        let meta = json!({ "ui": { "resourceUri": ui }, "io.example/card": { "resourceUri": ui } });
        g.expose_tools(server, &j(json!({ "tools": [{ "name": "get-time", "_meta": meta }] })), OnInvalid::Throw)
            .unwrap();
        g.expose_resources(server, &j(json!({ "resources": [{ "uri": ui, "name": "UI" }] })), OnInvalid::Throw)
            .unwrap();
    }
    let list = serde_json::to_value(g.list_tools(None, None).unwrap()).unwrap();
    let tools = list["tools"].as_array().unwrap();
    let shown: Vec<&str> = tools.iter().map(|t| t["_meta"]["ui"]["resourceUri"].as_str().unwrap()).collect();
    assert_eq!(shown.len(), 2);
    assert_ne!(shown[0], shown[1], "each server's UI is a URI of its own");
    for t in tools {
        assert_eq!(t["_meta"]["io.example/card"], json!({ "resourceUri": ui }), "{t}");
    }
}

// compile, check_overrides, the style's length (`name.len() > max` into `==` / `>=`): a
// `tools` entry may name a tool with exactly as many characters as the style allows (64 for
// `agent`), not one more.
#[test]
fn an_override_name_may_reach_the_style_length() {
    let at = format!("a__{}", "x".repeat(61));
    let over = format!("a__{}", "x".repeat(62));
    let mut r = accepted(
        json!({ "style": "agent", "servers": [{ "name": "a" }], "tools": [{ "server": "a", "tool": "t", "name": at }] }),
    );
    assert_eq!(r.expose("a", &["t"]).unwrap()[0].name, at);
    assert_eq!(
        config_errors(
            json!({ "style": "agent", "servers": [{ "name": "a" }], "tools": [{ "server": "a", "tool": "t", "name": over }] })
        ),
        [format!("tools[0].name: \"{over}\" is longer than the style's 64 characters")]
    );
}

// compile, check_overrides, aliases (`old == name` into `!=`): a `tools` entry may not take a
// name an alias answers to; any other name is free while aliases exist.
#[test]
fn an_override_name_may_not_be_an_alias() {
    let config = |name: &str| {
        json!({
            "style": "agent", "servers": [{ "name": "a" }], "aliases": { "a__old": "a__tt" },
            "tools": [{ "server": "a", "tool": "u", "name": name }]
        })
    };
    let mut r = accepted(config("a__new"));
    let names: Vec<String> = r.expose("a", &["tt", "u"]).unwrap().into_iter().map(|t| t.name).collect();
    assert_eq!(names, ["a__tt", "a__new"]);
    assert_eq!(config_errors(config("a__old")), ["tools[0].name: \"a__old\" is an alias: retire the alias first"]);
}

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

fn gateway(config: Value) -> mcp_naming::router::Gateway {
    mcp_naming::router::Gateway::from_json(&serde_json::from_value(config).unwrap()).unwrap()
}

fn js(v: Value) -> mcp_naming::Json {
    serde_json::from_value(v).unwrap()
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

// router/resources.rs, UriKind::noun (replaced by "" or "xyzzy"): a refused URI is named as a
// resource or as a template.
#[test]
fn a_refused_uri_says_whether_it_is_a_resource_or_a_template() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }] }));
    let e =
        g.expose_resources("a", &js(json!({ "resources": [{ "uri": "no-scheme", "name": "x" }] })), OnInvalid::Throw);
    assert_eq!(e.unwrap_err().message, "server \"a\" resource \"no-scheme\" is not an absolute URI (scheme:...)");
    let e = g.expose_resource_templates(
        "a",
        &js(json!({ "resourceTemplates": [{ "uriTemplate": "{path}", "name": "x" }] })),
        OnInvalid::Throw,
    );
    assert_eq!(e.unwrap_err().message, "server \"a\" template \"{path}\" is not an absolute URI (scheme:...)");
}

// router/mcp.rs, Gateway::expose_resource (`!any(name == exposed)`: `!` deleted, `==` into
// `!=`): a URI exposed one at a time (a link from a result) joins the resource list once, beside
// the listed ones.
#[test]
fn a_resource_exposed_alone_joins_the_list_once() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }] }));
    g.expose_resources("a", &js(json!({ "resources": [{ "uri": "file:///one", "name": "one" }] })), OnInvalid::Throw)
        .unwrap();
    for _ in 0..2 {
        assert_eq!(g.expose_resource("a", "file:///two").unwrap(), "file:///two");
        let list = serde_json::to_value(g.list_resources(None, None).unwrap()).unwrap();
        let uris: Vec<&str> =
            list["resources"].as_array().unwrap().iter().map(|r| r["uri"].as_str().unwrap()).collect();
        assert_eq!(uris, ["file:///one", "file:///two"]);
    }
}

// router/mcp.rs, Gateway::rewrite_result (the arm for `contents` deleted): a `resources/read`
// result's `contents[].uri` is the URI the client reads back through the gateway.
#[test]
fn read_contents_carry_the_uri_the_client_knows() {
    use mcp_naming::router::OnInvalid;
    let ui = "ui://get-time/mcp-app.html";
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "vanilla" }, { "name": "react" }] }));
    for server in ["vanilla", "react"] {
        g.expose_resources(server, &js(json!({ "resources": [{ "uri": ui, "name": "UI" }] })), OnInvalid::Throw)
            .unwrap();
    }
    let list = serde_json::to_value(g.list_resources(None, None).unwrap()).unwrap();
    let shown: Vec<&str> = list["resources"].as_array().unwrap().iter().map(|r| r["uri"].as_str().unwrap()).collect();
    assert_eq!(shown.len(), 2);
    for (server, uri) in ["vanilla", "react"].iter().zip(&shown) {
        let out = g.rewrite_result(server, &js(json!({ "contents": [{ "uri": ui, "text": "<html>" }] }))).unwrap();
        assert_eq!(
            serde_json::to_value(out).unwrap(),
            json!({ "contents": [{ "uri": uri, "text": "<html>" }] }),
            "{server}"
        );
    }
    assert_ne!(shown[0], shown[1]);
}

// router/resources.rs, PeerUris::rewrite (FastMCP's guard: server named, scheme without `:`)
// and PeerUris::unrewrite (its body, FastMCP's unnamed server, each peer's server check): a
// peer style's template expansion reads back from the server that listed the template, with
// the URI that server knows; FastMCP leaves URIs of an unnamed server, and schemes with `:`,
// as they are.
#[test]
fn peer_template_expansions_read_back_from_their_server() {
    use mcp_naming::router::OnInvalid;
    let templates = js(json!({ "resourceTemplates": [
        { "uriTemplate": "file:///{path}", "name": "f" },
        { "uriTemplate": "ui://app/{name}", "name": "u" }
    ] }));
    for style in ["fastmcp", "envoy-ai-gateway", "1mcp", "agentgateway"] {
        let mut g = gateway(json!({ "style": style, "servers": [{ "name": "alpha" }, { "name": "beta" }] }));
        for server in ["alpha", "beta"] {
            let exposed = g.expose_resource_templates(server, &templates, OnInvalid::Throw).unwrap().exposed;
            assert_eq!(exposed.len(), 2, "{style}");
            for t in exposed {
                let expand = |u: &str| u.replace("{path}", "a").replace("{name}", "x");
                let read = g.map_read_resource(&js(json!({ "uri": expand(&t.uri) })), None).unwrap();
                assert_eq!(
                    (read.server, serde_json::to_value(&read.params).unwrap()["uri"].clone()),
                    (server.to_string(), json!(expand(&t.upstream))),
                    "{style}: {}",
                    t.uri
                );
                assert_ne!(t.uri, t.upstream, "{style}");
            }
        }
    }
    // FastMCP: a scheme with `:` is not namespaced, so two servers cannot share it.
    let mut g = gateway(json!({ "style": "fastmcp", "servers": [{ "name": "alpha" }, { "name": "beta" }] }));
    let urn = js(json!({ "resourceTemplates": [{ "uriTemplate": "urn:isbn://{n}", "name": "n" }] }));
    let exposed = g.expose_resource_templates("alpha", &urn, OnInvalid::Throw).unwrap().exposed;
    assert_eq!(exposed[0].uri, "urn:isbn://{n}");
    assert!(g.expose_resource_templates("beta", &urn, OnInvalid::Throw).is_err());
    // FastMCP: a server mounted without a namespace keeps its URIs.
    let mut g = gateway(json!({ "style": "fastmcp", "servers": [{ "name": "" }] }));
    let exposed = g.expose_resource_templates("", &templates, OnInvalid::Throw).unwrap().exposed;
    assert_eq!(exposed.iter().map(|t| t.uri.as_str()).collect::<Vec<_>>(), ["file:///{path}", "ui://app/{name}"]);
    for uri in ["ui://app/x", "file:///a"] {
        let read = g.map_read_resource(&js(json!({ "uri": uri })), None).unwrap();
        assert_eq!(
            (read.server, serde_json::to_value(&read.params).unwrap()["uri"].clone()),
            (String::new(), json!(uri))
        );
    }
}

// router/resources.rs, Resources::link (the guard `taken_by_other && !is_fetchable` replaced by
// `false`, its `!` deleted) and Resources::remember (`!contains_key` without `!`, `len >=
// MAX_LINKS` into `<`): a link in a tool result reads back from the server that returned it:
// rewritten when another server lists the same URI, as it is otherwise; every link is
// remembered, up to 10,000, the oldest forgotten first.
#[test]
fn links_in_results_read_back_from_their_server() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }, { "name": "b" }] }));
    g.expose_resources("a", &js(json!({ "resources": [{ "uri": "mem://notes", "name": "notes" }] })), OnInvalid::Throw)
        .unwrap();
    let link = |g: &mut mcp_naming::router::Gateway, uri: &str| -> String {
        let result = js(json!({ "content": [{ "type": "resource_link", "uri": uri, "name": "n" }] }));
        let out = serde_json::to_value(g.rewrite_result("b", &result).unwrap()).unwrap();
        out["content"][0]["uri"].as_str().unwrap().to_string()
    };
    let read = |g: &mcp_naming::router::Gateway, uri: &str| {
        g.map_read_resource(&js(json!({ "uri": uri })), None)
            .map(|m| {
                (m.server.to_string(), serde_json::to_value(&m.params).unwrap()["uri"].as_str().unwrap().to_string())
            })
            .map_err(|e| e.code.as_str().to_string())
    };
    let shown = link(&mut g, "mem://notes");
    assert_ne!(shown, "mem://notes");
    assert_eq!(read(&g, &shown), Ok(("b".into(), "mem://notes".into())));
    assert_eq!(read(&g, "mem://notes"), Ok(("a".into(), "mem://notes".into())));
    for i in 0..=10_000 {
        assert_eq!(link(&mut g, &format!("mem://l{i}")), format!("mem://l{i}"));
    }
    assert_eq!(read(&g, "mem://l0"), Err("unknown_resource".into()));
    for i in [1, 9_999, 10_000] {
        assert_eq!(read(&g, &format!("mem://l{i}")), Ok(("b".into(), format!("mem://l{i}"))), "{i}");
    }
}

// router/resources.rs, Resources::unknown (`!suggestions.is_empty()` without `!`): an unknown
// resource's message names the close URIs when there are some, and only then.
#[test]
fn an_unknown_resource_names_close_uris_only_when_there_are_some() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }] }));
    g.expose_resources("a", &js(json!({ "resources": [{ "uri": "mem://notes", "name": "notes" }] })), OnInvalid::Throw)
        .unwrap();
    let message = |uri: &str| g.map_read_resource(&js(json!({ "uri": uri })), None).unwrap_err().message;
    assert_eq!(message("mem://note"), "Unknown resource: mem://note; did you mean mem://notes?");
    assert_eq!(message("zzzzzzzzzzzzzzzzzzzzzz"), "Unknown resource: zzzzzzzzzzzzzzzzzzzzzz");
}

// router/resources.rs, Router::expose_uris (`kind == Template` into `!=`): a template must be a
// well-formed URI template; a resource's URI is not read as one.
#[test]
fn only_templates_are_held_to_the_template_grammar() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }] }));
    let e = g.expose_resource_templates(
        "a",
        &js(json!({ "resourceTemplates": [{ "uriTemplate": "file:///{path", "name": "t" }] })),
        OnInvalid::Throw,
    );
    assert_eq!(e.unwrap_err().code.as_str(), "invalid_argument");
    let e = g.expose_resources(
        "a",
        &js(json!({ "resources": [{ "uri": "file:///{path", "name": "r" }] })),
        OnInvalid::Throw,
    );
    assert_eq!(e.unwrap().exposed[0].uri, "file:///{path");
}

// router/resources.rs, Router::expose_uris (`listed before || exposed alike` into `&&`): two
// URIs of one list that a peer style writes alike (1MCP trims them) are one URI listed twice.
#[test]
fn two_uris_written_alike_are_listed_twice() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "1mcp", "servers": [{ "name": "a" }] }));
    let list = js(json!({ "resources": [{ "uri": "mem://x", "name": "x" }, { "uri": "mem://x ", "name": "y" }] }));
    let e = g.expose_resources("a", &list, OnInvalid::Skip).unwrap();
    assert_eq!(e.exposed.iter().map(|r| r.uri.as_str()).collect::<Vec<_>>(), ["a_1mcp_mem://x"]);
    assert_eq!(e.skipped.len(), 1, "{:?}", e.skipped);
    assert_eq!(e.skipped[0].message, "server \"a\" resource \"mem://x \" is listed twice");
}

// router/resources.rs, Resources::link (`t.uri != t.upstream` into `==`): a link that expands
// one of its server's templates, a template no other server shares, stays as it is and reads
// back from that server.
#[test]
fn a_link_under_an_own_template_stays_as_it_is() {
    use mcp_naming::router::OnInvalid;
    let mut g = gateway(json!({ "style": "claude", "servers": [{ "name": "a" }, { "name": "b" }] }));
    let templates = js(json!({ "resourceTemplates": [{ "uriTemplate": "mem://{id}", "name": "m" }] }));
    g.expose_resource_templates("b", &templates, OnInvalid::Throw).unwrap();
    let result = js(json!({ "content": [{ "type": "resource_link", "uri": "mem://42", "name": "n" }] }));
    let out = serde_json::to_value(g.rewrite_result("b", &result).unwrap()).unwrap();
    assert_eq!(out["content"][0]["uri"], "mem://42");
    let read = g.map_read_resource(&js(json!({ "uri": "mem://42" })), None).unwrap();
    assert_eq!(
        (read.server, serde_json::to_value(&read.params).unwrap()["uri"].clone()),
        ("b".to_string(), json!("mem://42"))
    );
}

// router/header.rs, name_header_required (the date's `len == 10 && shape` into `||`): only a
// revision written as a date, `YYYY-MM-DD`, from 2026-07-28 on requires the `Mcp-Name` header;
// strings that sort after it but are no such date do not.
#[test]
fn only_dated_revisions_require_the_name_header() {
    use mcp_naming::router::name_header_required;
    assert!(name_header_required("2026-07-28"));
    assert!(name_header_required("2030-01-01"));
    for v in ["2026/07/28", "2026-07-280", "2026-07-28x", "draft-2027", "9"] {
        assert!(!name_header_required(v), "{v}");
    }
}
