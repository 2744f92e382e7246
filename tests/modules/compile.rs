//! src/router/compile.rs: a configuration compiled, or refused with the path of what is wrong.

use super::*;

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
