//! src/router/route.rs: names resolved, unknown ones answered with suggestions, names migrated.

use super::*;

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
