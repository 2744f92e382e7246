//! src/router/expose.rs: a server's list exposed, what it changes and what it refuses.

use super::*;

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
