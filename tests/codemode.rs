//! Code mode and registry names against the conformance data (tests/data/cases/tools-as-code.json: the
//! mcp-naming projection's cases, cited cases of the peers' own code and tests, the MCP
//! Registry's own validator tests), against the Codex client view's cases (the names the
//! released Codex binary showed), and registry names in a router: exposed under their prefixes,
//! routed back to the configured name, reachable from code mode.
#![cfg(not(target_arch = "wasm32"))]

mod support;

use mcp_naming::codemode::{code_mode, resolve, Language, Layout, Options, ServerTools, Tool, View};
use mcp_naming::registry_name::{check_mcp_name_marker, registry_prefixes, validate_server_name};
use mcp_naming::router::{Router, RouterConfig, ServerConfig, StyleConfig};
use mcp_naming::Json;
use serde_json::Value;
use support::data::{self, CodeModeCase};

fn tool(v: &Value) -> Tool {
    match v {
        Value::String(name) => Tool::new(name.clone()),
        other => {
            let json: Json =
                serde_json::from_value(Value::Array(vec![serde_json::json!({ "server": "s", "tools": [other] })]))
                    .unwrap();
            ServerTools::list_from_json(&json).unwrap().remove(0).tools.remove(0)
        }
    }
}

fn options(case: &CodeModeCase) -> Options {
    let mut o = Options::default();
    if let Some(l) = &case.language {
        o = o.with_language(l.parse::<Language>().unwrap());
    }
    if let Some(l) = &case.layout {
        o = o.with_layout(l.parse::<Layout>().unwrap());
    }
    if let Some(v) = &case.view {
        o = o.with_view(v.parse::<View>().unwrap());
    }
    o
}

#[test]
fn views_as_the_cases_say() {
    let cases = data::codemode().views;
    assert!(cases.len() >= 14);
    for case in &cases {
        let servers: Vec<ServerTools> = case
            .servers
            .iter()
            .map(|s| ServerTools::new(s.server.clone(), s.tools.iter().map(tool).collect()))
            .collect();
        let got = code_mode(&servers, &options(case));
        let title = &case.title;
        if let Some(code) = &case.error {
            assert_eq!(got.unwrap_err().code.as_str(), code, "{title}");
            continue;
        }
        let cm = got.unwrap_or_else(|e| panic!("{title}: {}", e.message));
        if let Some(ns) = &case.namespaces {
            let got: Vec<&str> = cm.namespaces.iter().map(|n| n.name.as_str()).collect();
            assert_eq!(&got, ns, "{title}");
        }
        if let Some(names) = &case.names {
            let got: Vec<Vec<&str>> =
                cm.namespaces.iter().map(|n| n.tools.iter().map(|t| t.name.as_str()).collect()).collect();
            assert_eq!(&got, names, "{title}");
        }
        if let Some(paths) = &case.paths {
            let got: Vec<Vec<&str>> = cm
                .namespaces
                .iter()
                .map(|n| n.tools.iter().map(|t| t.path.as_deref().unwrap_or("")).collect())
                .collect();
            assert_eq!(&got, paths, "{title}");
        }
        if let Some(codes) = &case.codes {
            let got: Vec<Vec<Vec<&str>>> = cm
                .namespaces
                .iter()
                .map(|n| n.tools.iter().map(|t| t.diagnostics.iter().map(|d| d.code.as_str()).collect()).collect())
                .collect();
            assert_eq!(&got, codes, "{title}");
        }
        if let Some(codes) = &case.top_codes {
            let got: Vec<&str> = cm.diagnostics.iter().map(|d| d.code.as_str()).collect();
            assert_eq!(&got, codes, "{title}");
        }
        for text in case.contains.iter().flatten() {
            assert!(
                cm.declarations.contains(text.as_str()),
                "{title}: declarations lack {text:?}:\n{}",
                cm.declarations
            );
        }
        // Every function resolves back to its tool (the first listing of a name listed twice; a
        // peer's collision resolves to one of the tools it merges).
        for (si, ns) in cm.namespaces.iter().enumerate() {
            for (ti, f) in ns.tools.iter().enumerate() {
                if f.name.is_empty() || f.diagnostics.iter().any(|d| d.code.as_str() == "codemode_collision") {
                    continue;
                }
                let (rs, rt) = cm.resolve(&ns.name, &f.name).unwrap();
                assert_eq!(cm.namespaces[rs].tools[rt].tool, f.tool, "{title}: {si}/{ti}");
                assert_eq!(
                    resolve(&servers, &options(case), &ns.name, &f.name).unwrap(),
                    (rs, rt),
                    "{title}: {si}/{ti}"
                );
            }
        }
    }
}

#[test]
fn codex_names_are_the_client_view_names_the_binary_showed() {
    // tests/peers/cited/clients.json: the Codex cases were run through the released binary.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/peers/cited/clients.json")).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    let mut checked = 0;
    for case in v["codex"].as_array().unwrap() {
        let server = case["server"].as_str().unwrap();
        let tools: Vec<Tool> =
            case["tools"].as_array().unwrap().iter().map(|t| Tool::new(t.as_str().unwrap())).collect();
        let shown: Vec<Option<&str>> = case["shown"].as_array().unwrap().iter().map(Value::as_str).collect();
        let cm = code_mode(&[ServerTools::new(server, tools)], &Options::default().with_view(View::Codex)).unwrap();
        for (t, want) in cm.namespaces[0].tools.iter().zip(&shown) {
            match want {
                Some(w) => assert_eq!(&t.name, w, "server {server}"),
                None => assert_eq!(t.name, "", "server {server}"),
            }
            checked += 1;
        }
    }
    assert!(checked > 30, "{checked}");
}

#[test]
fn registry_names_and_markers_as_the_registry_tests_say() {
    let d = data::codemode();
    for c in &d.server_names {
        let r = validate_server_name(&c.name);
        assert_eq!(r.is_valid(), c.valid, "{:?}", c.name);
        let codes: Vec<&str> = r.errors.iter().map(|e| e.code.as_str()).collect();
        assert_eq!(codes, c.errors.clone().unwrap_or_default(), "{:?}", c.name);
        if let Some(s) = &c.suggestion {
            assert_eq!(r.suggestion.as_ref(), Some(s), "{:?}", c.name);
        }
        if let Some(s) = &r.suggestion {
            assert!(validate_server_name(s).is_valid(), "{s}");
        }
    }
    for c in &d.markers {
        let m = check_mcp_name_marker(&c.readme, &c.name);
        assert_eq!(m.valid, c.valid, "{:?}", c.readme);
        let codes: Vec<&str> = m.errors.iter().map(|e| e.code.as_str()).collect();
        assert_eq!(codes, c.errors.clone().unwrap_or_default(), "{:?}", c.readme);
    }
    for c in &d.prefixes {
        let names: Vec<&str> = c.names.iter().map(String::as_str).collect();
        assert_eq!(registry_prefixes(&names), c.prefixes);
    }
}

fn router(style: &str, names: &[&str]) -> Router {
    let servers = names.iter().map(|n| ServerConfig::new(*n)).collect();
    Router::new(RouterConfig::new(StyleConfig::Named(style.into()), servers)).unwrap()
}

#[test]
fn registry_names_are_router_server_names() {
    // Each style writes the prefix its own way; routes name the configured server.
    for (style, exposed) in [
        ("claude", ["acme-weather__get_forecast", "other-weather__get_forecast", "maps__get_forecast"]),
        ("syntropy", ["acme-weather_get_forecast", "other-weather_get_forecast", "maps_get_forecast"]),
        ("agent", ["acmeweather__get_forecast", "otherweather__get_forecast", "maps__get_forecast"]),
    ] {
        let names = ["io.github.acme/weather", "io.github.other/weather", "com.example/maps"];
        let mut r = router(style, &names);
        for (server, want) in names.iter().zip(exposed) {
            let e = r.expose(server, &["get_forecast"]).unwrap();
            assert_eq!(e[0].name, want, "{style}");
            assert_eq!(e[0].server, *server);
            let route = r.route(want).unwrap();
            assert_eq!((route.server, route.tool.as_ref()), (Some(*server), "get_forecast"), "{style}");
        }
        // Code mode names the namespaces after the prefixes and maps back to the configured name.
        let cm = r.code_mode(&Options::default(), |_| None).unwrap();
        let ns: Vec<&str> = cm.namespaces.iter().map(|n| n.name.as_str()).collect();
        assert_eq!(cm.namespaces[0].server, "io.github.acme/weather");
        let call = r.map_code_mode_call(&Options::default(), ns[1], "getForecast", Json::Null).unwrap();
        assert_eq!(call.server, "io.github.other/weather", "{style}");
        assert_eq!(call.params.get("name").and_then(Json::as_str), Some("get_forecast"));
        let err = r.map_code_mode_call(&Options::default(), ns[1], "getForcast", Json::Null).unwrap_err();
        assert_eq!((err.code.as_str(), err.suggestions.clone()), ("unknown_tool", vec!["getForecast".to_string()]));
    }
    // A plain name keeps itself; a registry prefix that meets it grows.
    let mut r = router("claude", &["weather", "io.github.acme/weather"]);
    assert_eq!(r.expose("io.github.acme/weather", &["t"]).unwrap()[0].name, "acme-weather__t");
    assert_eq!(r.expose("weather", &["t"]).unwrap()[0].name, "weather__t");
    // A name that is not a registry name, nor writable, is refused as before.
    let err = Router::new(RouterConfig::new(StyleConfig::Named("claude".into()), vec![ServerConfig::new("a b/c d")]))
        .unwrap_err();
    assert_eq!(err.code.as_str(), "invalid_config");
}
