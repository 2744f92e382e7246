//! src/router/style.rs: the own styles' names, fitted (`fitted_names`) and prefixed again (`reprefix`).

use super::*;

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
