//! The router scenarios of tests/data/router.json (shared with the JS suite), plus provider
//! fitting over long names.
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::router::json_rpc_code;
use mcp_naming::router::{ExposedResource, Exposure, Gateway, Mapped, OnInvalid, Route, Router, RouterConfig};
use mcp_naming::Json;
use mcp_naming::Provider;
use serde_json::{json, Value};

mod support;

/// A route as the packages show it: its `Serialize` form.
fn route_json(r: &Route<'_>) -> Value {
    serde_json::to_value(r).unwrap()
}

fn strs(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

#[test]
fn scenarios() {
    let data: Value = serde_json::from_str(include_str!("data/router.json")).unwrap();
    let mut steps = 0;
    for scenario in data["scenarios"].as_array().unwrap() {
        let title = scenario["title"].as_str().unwrap();
        let config: Json = serde_json::from_value(scenario["config"].clone()).unwrap();
        let result = Gateway::from_json(&config);
        if let Some(expected) = scenario.get("configError") {
            let err = result.expect_err(title);
            let code = scenario.get("configErrorCode").and_then(Value::as_str).unwrap_or("invalid_config");
            assert_eq!(err.code.as_str(), code, "{title}");
            let messages: Vec<&str> = err.diagnostics.iter().map(|d| d.message.as_str()).collect();
            assert_eq!(messages, strs(expected), "{title}");
            for d in &err.diagnostics {
                let path = d.path.as_deref().expect("a config problem names its path");
                assert!(d.message.starts_with(&format!("{path}: ")), "{title}: {d:?}");
            }
            if let Some(s) = scenario.get("configSuggestions") {
                assert_eq!(err.suggestions, strs(s), "{title}");
            }
            continue;
        }
        if let Some(n) = scenario.get("configErrorCodes") {
            let err = result.expect_err(title);
            assert_eq!(err.diagnostics.len() as u64, n.as_u64().unwrap(), "{title}: {:#?}", err.diagnostics);
            continue;
        }
        let mut router = result.unwrap_or_else(|e| panic!("{title}: {e:?}"));
        for step in scenario["steps"].as_array().unwrap() {
            steps += 1;
            let at = format!("{title}: {step}");
            if let Some(expose) = step.get("expose") {
                let tools = strs(&expose["tools"]);
                match (router.expose(expose["server"].as_str().unwrap(), &tools), step.get("error")) {
                    (Ok(exposed), None) => {
                        let names: Vec<String> = exposed.iter().map(|t| t.name.clone()).collect();
                        assert_eq!(names, strs(&step["names"]), "{at}");
                        if let Some(q) = step.get("qualified") {
                            let got: Vec<String> = exposed.iter().map(|t| t.qualified.clone()).collect();
                            assert_eq!(got, strs(q), "{at}");
                        }
                        for t in &exposed {
                            assert_eq!(
                                router.route(&t.name).map(|r| r.tool.into_owned()).ok(),
                                router.is_enabled(&t.name).then(|| t.upstream.clone())
                            );
                        }
                    }
                    (Err(e), Some(code)) => {
                        assert_eq!(e.code.as_str(), code.as_str().unwrap(), "{at}: {e:?}");
                        if let Some(m) = step.get("message") {
                            assert_eq!(e.message, m.as_str().unwrap(), "{at}");
                        }
                    }
                    (got, _) => panic!("{at}: {got:?}"),
                }
            } else if let Some(name) = step.get("route").and_then(Value::as_str) {
                match (router.route(name), step.get("error")) {
                    (Ok(r), None) => {
                        assert_eq!(route_json(&r), step["to"], "{at}");
                        assert_eq!(router.try_route(name), Some(r));
                    }
                    (Err(e), Some(code)) => {
                        check_error(&e, code, step, &at);
                        assert!(router.try_route(name).is_none());
                    }
                    (got, _) => panic!("{at}: {got:?}"),
                }
            } else if let Some(name) = step.get("enabled").and_then(Value::as_str) {
                assert_eq!(router.is_enabled(name), step["is"].as_bool().unwrap(), "{at}");
            } else if let Some(list) = step.get("tools") {
                let names: Vec<String> = router.tools().map(|t| t.name.clone()).collect();
                assert_eq!(names, strs(list), "{at}");
            } else if let Some(res) = step.get("exposeResource") {
                let got =
                    router.expose_resource(res["server"].as_str().unwrap(), res["uri"].as_str().unwrap()).unwrap();
                assert_eq!(got, step["uri"].as_str().unwrap(), "{at}");
            } else if let Some(uri) = step.get("routeResource").and_then(Value::as_str) {
                match (router.route_resource(uri), step.get("error")) {
                    (Ok(to), None) => assert_eq!(serde_json::to_value(&to).unwrap(), step["to"], "{at}"),
                    (Err(e), Some(code)) => assert_eq!(e.code.as_str(), code.as_str().unwrap()),
                    (got, _) => panic!("{at}: {got:?}"),
                }
            } else if step.get("mcp").is_some() {
                mcp_step(&mut router, step, &at);
            } else {
                panic!("unknown step {step}");
            }
        }
    }
    assert!(steps >= 60, "{steps} steps");
}

/// An error against a step's `error` code, and its `message` and `suggestions` when given.
fn check_error(e: &mcp_naming::Error, code: &Value, step: &Value, at: &str) {
    assert_eq!(e.code.as_str(), code.as_str().unwrap(), "{at}: {e:?}");
    if let Some(m) = step.get("message") {
        assert_eq!(e.message, m.as_str().unwrap(), "{at}");
    }
    if let Some(s) = step.get("suggestions") {
        assert_eq!(e.suggestions, strs(s), "{at}");
    }
    if let Some(s) = step.get("server") {
        assert_eq!(e.server.as_deref(), s.as_str(), "{at}");
    }
}

fn to_value(j: &Json) -> Value {
    match j {
        Json::Null => Value::Null,
        Json::Bool(b) => json!(b),
        Json::Number(n) if n.fract() == 0.0 && n.abs() < 9e15 => json!(*n as i64),
        Json::Number(n) => json!(n),
        Json::String(s) => json!(s),
        Json::Array(a) => Value::Array(a.iter().map(to_value).collect()),
        Json::Object(o) => Value::Object(o.iter().map(|(k, v)| (k.clone(), to_value(v))).collect()),
    }
}

fn exposure_view<T>(e: &Exposure<T>, name: impl Fn(&T) -> Value, qualified: Option<Vec<String>>) -> Value {
    let mut v = json!({
        "names": e.exposed.iter().map(name).collect::<Vec<_>>(),
        "skipped": e.skipped.iter().map(|s| s.code.as_str()).collect::<Vec<_>>(),
        "changed": e.changed,
        "warnings": e.warnings.iter().map(|w| w.message.as_str()).collect::<Vec<_>>(),
        "warningCodes": e.warnings.iter().map(|w| w.code.as_str()).collect::<Vec<_>>(),
    });
    if let Some(q) = qualified {
        v["qualified"] = json!(q);
    }
    v
}

/// A step on the MCP message API (`mcp` names the npm package's method, `args` its arguments).
fn mcp_step(router: &mut Gateway, step: &Value, at: &str) {
    let method = step["mcp"].as_str().unwrap();
    let args = step["args"].as_array().unwrap();
    let j = |v: &Value| -> Json { serde_json::from_value(v.clone()).unwrap() };
    let on_invalid = |v: Option<&Value>| {
        if v.and_then(|o| o["onInvalid"].as_str()) == Some("skip") {
            OnInvalid::Skip
        } else {
            OnInvalid::Throw
        }
    };
    let list_args = |v: Option<&Value>| {
        let o = v.cloned().unwrap_or(json!({}));
        (o["cursor"].as_str().map(str::to_string), o["pageSize"].as_u64().map(|n| n as usize))
    };
    let header = |v: Option<&Value>| v.and_then(|o| o["header"].as_str()).map(str::to_string);
    let mapped = |m: Mapped| json!({ "server": m.server, "params": to_value(&m.params), "header": m.header });
    let tool_view = |e: Exposure| {
        let q = e.exposed.iter().map(|t| t.qualified.clone()).collect();
        for t in &e.exposed {
            if let Some(style) = step.get("style").and_then(Value::as_str) {
                let c: mcp_naming::Convention = style.parse().unwrap();
                let opts: mcp_naming::Options = step
                    .get("options")
                    .map(|o| mcp_naming::Options::from_json(&support::json(o)).unwrap())
                    .unwrap_or_default();
                assert!(
                    mcp_naming::validate(&t.qualified, c, &opts).is_valid(),
                    "{at}: {} is not valid in {style}",
                    t.qualified
                );
            }
            if let Some(max) = step.get("maxLength").and_then(Value::as_u64) {
                assert!(t.qualified.len() as u64 <= max, "{at}: {} is over {max}", t.qualified);
            }
        }
        exposure_view(&e, |t| json!(t.name), Some(q))
    };
    let res_view = |e: Exposure<ExposedResource>| exposure_view(&e, |r| json!(r.uri), None);
    let got: Result<Value, mcp_naming::Error> = match method {
        "exposeTools" => {
            router.expose_tools(args[0].as_str().unwrap(), &j(&args[1]), on_invalid(args.get(2))).map(tool_view)
        }
        "exposePrompts" => {
            router.expose_prompts(args[0].as_str().unwrap(), &j(&args[1]), on_invalid(args.get(2))).map(tool_view)
        }
        "exposeResources" => {
            router.expose_resources(args[0].as_str().unwrap(), &j(&args[1]), on_invalid(args.get(2))).map(res_view)
        }
        "exposeResourceTemplates" => router
            .expose_resource_templates(args[0].as_str().unwrap(), &j(&args[1]), on_invalid(args.get(2)))
            .map(res_view),
        "listTools" | "listPrompts" | "listResources" | "listResourceTemplates" => {
            let (cursor, size) = list_args(args.first());
            let list = match method {
                "listTools" => router.list_tools(cursor.as_deref(), size),
                "listPrompts" => router.list_prompts(cursor.as_deref(), size),
                "listResources" => router.list_resources(cursor.as_deref(), size),
                _ => router.list_resource_templates(cursor.as_deref(), size),
            };
            list.map(|l| to_value(&l))
        }
        "mapCallTool" => router.map_call_tool(&j(&args[0]), header(args.get(1)).as_deref()).map(mapped),
        "mapGetPrompt" => router.map_get_prompt(&j(&args[0]), header(args.get(1)).as_deref()).map(mapped),
        "mapReadResource" => router.map_read_resource(&j(&args[0]), header(args.get(1)).as_deref()).map(mapped),
        "rewriteResult" => router.rewrite_result(args[0].as_str().unwrap(), &j(&args[1])).map(|r| to_value(&r)),
        other => panic!("{at}: unknown method {other}"),
    };
    match (got, step.get("error")) {
        (Ok(v), None) => {
            let want = &step["result"];
            if method.starts_with("expose") {
                for (k, w) in want.as_object().unwrap() {
                    assert_eq!(&v[k], w, "{at}: {k}");
                }
            } else {
                assert_eq!(&v, want, "{at}");
            }
        }
        (Err(e), Some(code)) => {
            check_error(&e, code, step, at);
            assert_eq!(json_rpc_code(e.code), step.get("rpc").and_then(Value::as_i64).unwrap_or(-32602) as i32, "{at}");
        }
        (got, _) => panic!("{at}: {got:?}"),
    }
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
    let data: Value = serde_json::from_str(include_str!("data/everything-tools-list.json")).unwrap();
    let result = &data["result"];
    let config = json!({ "style": "syntropy", "servers": [{ "name": "everything", "upstream": "hyphens" }], "disabled": ["*toggle*"] });
    let mut router = Gateway::new(RouterConfig::from_json(&serde_json::from_value(config).unwrap()).unwrap()).unwrap();
    let rewritten =
        to_value(&router.rewrite_tools_list("everything", &serde_json::from_value(result.clone()).unwrap()).unwrap());
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
