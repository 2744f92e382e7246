//! The router scenarios of tests/data/cases/router/*.json, one file per topic, every one run
//! (shared with the JS suite, tests/js/router.test.mjs, and the Python one), plus provider
//! fitting over long names.
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::router::{Gateway, Router, RouterConfig};
use mcp_naming::Provider;
use serde_json::{json, Value};

mod support;

use support::data;

#[test]
fn scenarios() {
    let files = data::router();
    assert!(files.len() >= 10, "only {} router scenario files", files.len());
    let steps: usize = files.iter().map(|(path, file)| support::steps::run(path, file)).sum();
    assert!(steps >= 250, "only {steps} steps");
}

#[test]
fn provider_fitting_keeps_long_names_routable() {
    for (provider, style) in [
        ("anthropic", "syntropy"),
        ("openai", "claude"),
        ("gemini", "chora"),
        ("bedrock", "agent"),
        ("mistral", "syntropy"),
    ] {
        let server = if style == "chora" { "longnamespace" } else { "srv" };
        let config = support::config_value(&json!({
            "style": style, "gateway": "gw", "provider": provider, "servers": [{ "name": server }]
        }));
        let mut router = Router::new(config).unwrap();
        let tools: Vec<String> = (0..200)
            .map(|i| format!("{}_{i}", "long_tool_name_part_".repeat(7)[..40 + (i * 7) % 80].trim_end_matches('_')))
            .collect();
        for t in &tools {
            assert!((40..=124).contains(&t.len()), "{}", t.len());
        }
        let exposed = router.expose(server, &tools).unwrap();
        let p: Provider = provider.parse().unwrap();
        let mut seen = std::collections::HashSet::new();
        for (t, upstream) in exposed.iter().zip(&tools) {
            assert!(p.accepts(&t.name) && p.accepts(&t.qualified), "{provider} {style}: {} / {}", t.name, t.qualified);
            assert!(seen.insert(t.name.clone()), "distinct");
            assert_eq!(router.route(&t.qualified).unwrap().tool, upstream.as_str());
            assert_eq!(router.route(&t.name).unwrap().tool, upstream.as_str());
        }
    }
}

#[test]
fn rewrites_a_real_tools_list_result() {
    let captured = data::everything_tools_list();
    let result = &captured.result;
    let config = json!({ "style": "syntropy", "servers": [{ "name": "everything", "upstream": "hyphens" }], "disabled": ["*toggle*"] });
    let mut router = Gateway::new(RouterConfig::from_json(&serde_json::from_value(config).unwrap()).unwrap()).unwrap();
    let rewritten =
        serde_json::to_value(router.rewrite_tools_list("everything", &support::json(result)).unwrap()).unwrap();
    let kept: Vec<&Value> = result["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| !t["name"].as_str().unwrap().starts_with("toggle"))
        .collect();
    let tools = rewritten["tools"].as_array().unwrap();
    assert_eq!(tools.len(), kept.len());
    assert!(kept.len() >= 10 && kept.len() < result["tools"].as_array().unwrap().len());
    for (tool, original) in tools.iter().zip(kept) {
        let upstream = original["name"].as_str().unwrap();
        assert_eq!(tool["name"], format!("everything_{}", upstream.replace('-', "_")));
        let mut same = tool.clone();
        same["name"] = original["name"].clone();
        assert_eq!(&same, original, "everything but the name untouched");
        assert_eq!(router.route(&format!("mcp__syntropy__{}", tool["name"].as_str().unwrap())).unwrap().tool, upstream);
    }
    assert_eq!(
        router.route("mcp__syntropy__everything_toggle_simulated_logging").unwrap_err().code.as_str(),
        "tool_disabled"
    );
}

#[test]
fn names_migrate_between_styles() {
    let router = |style: Value| {
        let config = json!({ "style": style, "servers": [{ "name": "memory" }, { "name": "github" }] });
        let mut r = Router::new(RouterConfig::from_json(&serde_json::from_value(config).unwrap()).unwrap()).unwrap();
        r.expose("memory", &["save", "read_graph"]).unwrap();
        r.expose("github", &["create-issue"]).unwrap();
        r
    };
    let langchain = router(json!({ "peer": "langchain", "prefix": "mcp" }));
    let claude = router(json!("claude"));
    let agent = router(json!("agent"));
    assert_eq!(claude.migrate("mcp__memory__save", &langchain).unwrap(), "memory__save");
    assert_eq!(agent.migrate("mcp__github__create-issue", &langchain).unwrap(), "github__create_issue");
    assert_eq!(langchain.migrate("github__create_issue", &agent).unwrap(), "mcp__github__create-issue");
    let err = claude.migrate("mcp__memory__sav", &langchain).unwrap_err();
    assert_eq!(
        (err.code.as_str(), err.suggestions.as_slice()),
        ("unknown_tool", &["mcp__memory__save".to_string()][..])
    );
    let mut partial = router(json!("claude"));
    partial.expose("github", &Vec::<String>::new()).unwrap();
    let err = partial.migrate("mcp__github__create-issue", &langchain).unwrap_err();
    assert_eq!(err.server.as_deref(), Some("github"));
    assert_eq!(
        err.message,
        "\"mcp__github__create-issue\" is server \"github\" tool \"create-issue\", which this router has not exposed"
    );
}
