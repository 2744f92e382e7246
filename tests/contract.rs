//! The contract between the core and its hosts, written once in Rust: the JSON Schema of the
//! decision types, the host facts and tables, from which the TypeScript declarations of the npm
//! package's appliers (pkg-config/src/contract.gen.mts) and the Python package's stubs
//! (python/mcp_naming/_contract.pyi) are generated. `MCP_NAMING_BLESS=1 cargo test --test
//! contract` rewrites them; without it, a stale file fails here (and the hosts' type checks
//! hold the appliers to the files).

mod support;

use mcp_naming::router::decide::{
    Answered, DiscoverDecision, HostFacts, HostTables, ListDecision, ListRequest, ListenDecision, NotificationDecision,
    ParamsDecision, ParamsRequest, Request, RequestDecision, Response, ResultDecision, SubscriptionFilter,
    UpstreamDecision, View,
};
use mcp_naming::router::probe::{Edit, Found};

/// Every root type of the contract (their dependencies follow).
#[derive(schemars::JsonSchema)]
#[allow(dead_code)]
struct Contract {
    host_facts: HostFacts,
    host_tables: HostTables,
    request: Request,
    request_decision: RequestDecision,
    list_request: ListRequest,
    list_decision: ListDecision,
    notification_decision: NotificationDecision,
    result_decision: ResultDecision,
    view: View,
    found: Found,
    edit: Edit,
    // MCP 2026-07-28.
    answered: Answered,
    upstream_decision: UpstreamDecision,
    discover_decision: DiscoverDecision,
    listen_decision: ListenDecision,
    subscription_filter: SubscriptionFilter,
    response: Response,
    params_request: ParamsRequest,
    params_decision: ParamsDecision,
}

fn schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(Contract)).unwrap()
}

fn check(path: &str, expected: &str) {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("MCP_NAMING_BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&full, expected).unwrap();
        return;
    }
    let got = std::fs::read_to_string(&full).unwrap_or_default();
    assert!(
        got == expected,
        "{path} is not what the Rust types give: MCP_NAMING_BLESS=1 cargo test --test contract rewrites it"
    );
}

#[test]
fn typescript_declarations_are_the_rust_types() {
    let header = "// Generated from the Rust types of src/router/decide and src/router/probe by tests/contract.rs\n\
                  // (MCP_NAMING_BLESS=1 cargo test --test contract); do not edit.\n";
    check("pkg-config/src/contract.gen.mts", &support::typegen::typescript(&schema(), header));
}

#[test]
fn python_stubs_are_the_rust_types() {
    let header = "# Generated from the Rust types of src/router/decide and src/router/probe by tests/contract.rs\n\
                  # (MCP_NAMING_BLESS=1 cargo test --test contract); do not edit.\n\
                  from typing import Any, Dict, List, Literal, Optional, Tuple, TypedDict, Union\n\
                  \n\
                  from typing_extensions import Required\n";
    check("python/mcp_naming/_contract.pyi", &support::typegen::python(&schema(), header));
}

#[test]
fn the_tables_serialize_as_their_schema_says() {
    // The tables' JSON holds every member the schema requires.
    let tables = serde_json::to_value(mcp_naming::router::decide::host_tables()).unwrap();
    let schema = schema();
    for key in schema["$defs"]["HostTables"]["required"].as_array().unwrap() {
        assert!(tables.get(key.as_str().unwrap()).is_some(), "{key}");
    }
}
