//! Misspelled keys, natively: the scenarios of tests/data/cases/keys.json, each call's structured
//! argument read by the crate's own reader of it (`Options::from_json`, `MethodOptions::from_json`,
//! `RouterConfig::from_json`, …; tests/support/steps.rs maps the calls). The npm package runs
//! the same steps (tests/js/keys.test.mjs).
#![cfg(not(target_arch = "wasm32"))]

mod support;

#[test]
fn misspelled_keys_name_their_path_and_the_nearest_key() {
    let file = support::data::keys();
    let refused = file.scenarios.iter().filter(|s| matches!(s, support::data::Scenario::Refused(_))).count();
    let steps = support::steps::run("cases/keys.json", &file);
    assert!(steps >= 10 && refused >= 5, "{steps} steps, {refused} refused configurations");
}
