//! src/router/table.rs: the table's index by tool part (`Keyed`) and for suggestions (`reindex`).

use super::*;

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
