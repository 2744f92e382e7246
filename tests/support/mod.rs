//! What every native test runner shares: the typed loader of tests/data ([`data`]), the runner
//! of scenario steps ([`steps`]), and reading the crate's inputs (options, tool-state files,
//! router configurations) out of test data through the crate's own readers, so a test case is
//! read exactly as the npm and Python packages read the same value.
// Each test binary uses part of it.
#![allow(dead_code)]

pub mod data;
pub mod steps;
pub mod typegen;

use mcp_naming::router::RouterConfig;
use mcp_naming::syntropy::ToolState;
use mcp_naming::{Json, Options};
use serde::de::{Deserializer, Error as _};
use serde::Deserialize;

/// A JSON value of test data as the crate's [`Json`].
pub fn json(value: &serde_json::Value) -> Json {
    serde_json::from_value(value.clone()).expect("every serde_json value is a Json")
}

/// `options` of a case, through [`Options::from_json`] (a misspelled key fails the suite).
pub fn options<'de, D: Deserializer<'de>>(d: D) -> Result<Options, D::Error> {
    Options::from_json(&Json::deserialize(d)?).map_err(D::Error::custom)
}

/// An optional `options`.
pub fn opt_options<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Options>, D::Error> {
    options(d).map(Some)
}

/// A tool-state file, through [`ToolState::from_json`].
pub fn tool_state<'de, D: Deserializer<'de>>(d: D) -> Result<ToolState, D::Error> {
    ToolState::from_json(&Json::deserialize(d)?).map_err(D::Error::custom)
}

/// A router configuration, through [`RouterConfig::from_json`].
pub fn router_config<'de, D: Deserializer<'de>>(d: D) -> Result<RouterConfig, D::Error> {
    RouterConfig::from_json(&Json::deserialize(d)?).map_err(D::Error::custom)
}

/// A router configuration from JSON text.
pub fn config(text: &str) -> RouterConfig {
    let value: Json = serde_json::from_str(text).expect("valid JSON");
    RouterConfig::from_json(&value).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A router configuration from a `serde_json` value.
pub fn config_value(value: &serde_json::Value) -> RouterConfig {
    RouterConfig::from_json(&json(value)).unwrap_or_else(|e| panic!("{value}: {e}"))
}
