//! Misspelled keys, natively: the cases of tests/data/keys.json marked `rust` (the npm package
//! runs every case, tests/js/keys.test.mjs).
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::router::RouterConfig;
use mcp_naming::Json;
use mcp_naming::Options;
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    call: String,
    args: Vec<Value>,
    #[serde(default)]
    rust: Option<String>,
    #[serde(default)]
    router: Option<Value>,
    code: String,
    path: String,
    suggestion: String,
    #[serde(default)]
    message: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Data {
    #[allow(dead_code)]
    about: String,
    cases: Vec<Case>,
}

#[test]
fn misspelled_keys_name_their_path_and_the_nearest_key() {
    let data: Data = serde_json::from_str(include_str!("data/keys.json")).unwrap();
    let mut ran = 0;
    for c in &data.cases {
        let at = format!("{} {:?}", c.call, c.args);
        assert!(c.router.is_none() || c.rust.is_none(), "{at}");
        let err = match c.rust.as_deref() {
            None => continue,
            Some("options") => {
                let json: Json = serde_json::from_value(c.args[2].clone()).unwrap();
                Options::from_json(&json).unwrap_err()
            }
            Some("router") => {
                let json: Json = serde_json::from_value(c.args[0].clone()).unwrap();
                RouterConfig::from_json(&json).unwrap_err()
            }
            Some(other) => panic!("{at}: unknown rust kind {other}"),
        };
        ran += 1;
        assert_eq!(err.code.as_str(), c.code, "{at}");
        let d = &err.diagnostics[0];
        assert_eq!(
            d.code.as_str(),
            if c.code == "invalid_config" { "invalid_config" } else { "unknown_field" },
            "{at}"
        );
        assert_eq!(d.path.as_deref(), Some(c.path.as_str()), "{at}");
        assert_eq!(d.suggestion.as_deref(), Some(c.suggestion.as_str()), "{at}");
        if let Some(m) = &c.message {
            assert_eq!(&err.message, m, "{at}");
        }
    }
    assert_eq!(ran, 8);
}
