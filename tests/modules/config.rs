//! src/router/config.rs: the configuration's reader.

use super::*;

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
