//! Tests of the router's modules, one file per module of src/ (src/router/<module>.rs, and
//! src/suggest.rs), each written where a mutant survived the rest of `cargo test`
//! (scripts/mutants.sh): the mutant each test kills is named above it (file, function, change).
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::router::{Kind, OnInvalid, Router, RouterConfig};
use serde_json::{json, Value};

mod compile;
mod config;
mod expose;
mod gateway;
mod header;
mod naming;
mod pattern;
mod peers;
mod resources;
mod route;
mod style;
mod suggest;
mod table;

fn router(config: Value) -> Router {
    Router::new(RouterConfig::from_json(&serde_json::from_value(config).unwrap()).unwrap()).unwrap()
}

/// `(code, message, suggestions)` of a routing error.
fn route_err(r: &Router, name: &str) -> (String, String, Vec<String>) {
    let e = r.route(name).map(|to| to.tool.into_owned()).expect_err(name);
    (e.code.as_str().to_string(), e.message, e.suggestions)
}

fn warnings(e: &mcp_naming::router::Exposure) -> Vec<String> {
    e.warnings.iter().map(|d| format!("{}: {}", d.code.as_str(), d.message)).collect()
}

fn list<'a>(names: &[&'a str]) -> Vec<mcp_naming::router::ListItem<'a>> {
    names.iter().map(|n| mcp_naming::router::ListItem::Named(n)).collect()
}

/// `(code, message)` of a failed expose.
fn expose_err(r: &mut Router, server: &str, tools: &[&str]) -> (String, String) {
    let e = r.expose(server, tools).expect_err(server);
    (e.code.as_str().to_string(), e.message)
}

/// `(upstream, code, message)` of each skipped item.
fn skipped(e: &mcp_naming::router::Exposure) -> Vec<(String, String, String)> {
    e.skipped.iter().map(|k| (k.name.clone(), k.code.as_str().to_string(), k.message.clone())).collect()
}

fn names(e: &mcp_naming::router::Exposure) -> Vec<String> {
    e.exposed.iter().map(|t| t.name.clone()).collect()
}

fn triple(name: &str, code: &str, message: &str) -> (String, String, String) {
    (name.to_string(), code.to_string(), message.to_string())
}

/// The messages of a refused configuration (code `invalid_config`).
fn config_errors(config: Value) -> Vec<String> {
    let e = RouterConfig::from_json(&serde_json::from_value(config).unwrap())
        .and_then(Router::new)
        .map(|_| ())
        .unwrap_err();
    assert_eq!(e.code.as_str(), "invalid_config", "{e:?}");
    e.diagnostics.iter().map(|d| d.message.clone()).collect()
}

fn accepted(config: Value) -> Router {
    RouterConfig::from_json(&serde_json::from_value(config).unwrap()).and_then(Router::new).unwrap()
}

fn gateway(config: Value) -> mcp_naming::router::Gateway {
    mcp_naming::router::Gateway::from_json(&serde_json::from_value(config).unwrap()).unwrap()
}

fn js(v: Value) -> mcp_naming::Json {
    serde_json::from_value(v).unwrap()
}
