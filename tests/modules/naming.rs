//! src/router/naming.rs: how a style splits and suggests names.

use super::*;

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
