//! OpenProject data conventions and the tool registry, from tests/data/openproject-data.json and
//! tests/data/registry-data.json (shared with the JS suite).
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::json::Json;
use mcp_naming::openproject as op;
use mcp_naming::registry as reg;
use serde_json::{json, Value};

fn load(name: &str) -> Value {
    serde_json::from_str(
        &std::fs::read_to_string(format!("{}/tests/data/{name}.json", env!("CARGO_MANIFEST_DIR"))).unwrap(),
    )
    .unwrap()
}

fn to_json(v: &Value) -> Json {
    serde_json::from_value(v.clone()).unwrap()
}

fn pairs(list: &[mcp_naming::Diagnostic]) -> Vec<(String, String)> {
    list.iter().map(|d| (d.code.as_str().to_string(), d.path.clone().unwrap_or_default())).collect()
}

fn expected_pairs(v: &Value) -> Vec<(String, String)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_str().unwrap().to_string(), p[1].as_str().unwrap().to_string()))
        .collect()
}

#[test]
fn openproject() {
    let data = load("openproject-data");
    for c in data["durations"].as_array().unwrap() {
        let got = op::parse_duration(c["text"].as_str().unwrap());
        match (got, c.get("iso")) {
            (Ok(iso), Some(e)) => assert_eq!(iso, e.as_str().unwrap(), "{c}"),
            (Err(e), None) => assert_eq!(e.code.as_str(), c["error"].as_str().unwrap(), "{c}"),
            (got, _) => panic!("{c}: {got:?}"),
        }
    }
    for c in data["formatDuration"].as_array().unwrap() {
        match (op::format_duration(c["iso"].as_str().unwrap()), c.get("text")) {
            (Ok(t), Some(e)) => assert_eq!(t, e.as_str().unwrap()),
            (Err(e), None) => assert_eq!(e.code.as_str(), c["error"].as_str().unwrap()),
            (got, _) => panic!("{c}: {got:?}"),
        }
    }
    for c in data["pages"].as_array().unwrap() {
        let p = &c["page"];
        let got = op::page(
            c["items"].as_u64().unwrap() as usize,
            p["offset"].as_f64(),
            p["pageSize"].as_f64(),
            p["total"].as_f64(),
        );
        match (got, c.get("out")) {
            (Ok(page), Some(out)) => assert_eq!(
                json!({ "offset": page.offset, "page_size": page.page_size, "total": page.total, "next_offset": page.next_offset }),
                *out,
                "{c}"
            ),
            (Err(e), None) => assert_eq!(e.code.as_str(), c["error"].as_str().unwrap(), "{c}"),
            (got, _) => panic!("{c}: {got:?}"),
        }
    }
    for c in data["hrefs"].as_array().unwrap() {
        assert_eq!(op::id_from_href(c["href"].as_str()), c["id"].as_u64(), "{c}");
    }
    for c in data["links"].as_array().unwrap() {
        let l = op::link_value(c["link"]["href"].as_str(), c["link"]["title"].as_str());
        assert_eq!(json!({ "id": l.id, "title": l.title, "restricted": l.restricted }), c["out"], "{c}");
    }
    for c in data["errors"].as_array().unwrap() {
        match (op::error_message(c["status"].as_u64().unwrap() as u32, c["details"].as_str()), c.get("message")) {
            (Ok(m), Some(e)) => assert_eq!(m, e.as_str().unwrap()),
            (Err(e), None) => assert_eq!(e.code.as_str(), c["error"].as_str().unwrap()),
            (got, _) => panic!("{c}: {got:?}"),
        }
    }
    let candidates: Vec<op::Candidate<'_>> = data["resolve"]["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| op::Candidate { name: c["name"].as_str().unwrap(), identifier: c["identifier"].as_str() })
        .collect();
    for c in data["resolve"]["cases"].as_array().unwrap() {
        match (op::resolve_by_name(c["query"].as_str().unwrap(), &candidates), c.get("index")) {
            (Ok(i), Some(e)) => assert_eq!(i as u64, e.as_u64().unwrap(), "{c}"),
            (Err(e), None) => {
                assert_eq!(e.code.as_str(), c["error"].as_str().unwrap(), "{c}");
                if let Some(m) = c.get("message") {
                    assert_eq!(e.message, m.as_str().unwrap());
                }
            }
            (got, _) => panic!("{c}: {got:?}"),
        }
    }
    for c in data["customFields"].as_array().unwrap() {
        match (op::custom_field_name(c["key"].as_str().unwrap()), c.get("name")) {
            (Ok(n), Some(e)) => assert_eq!(n, e.as_str().unwrap()),
            (Err(e), None) => assert_eq!(e.code.as_str(), c["error"].as_str().unwrap()),
            (got, _) => panic!("{c}: {got:?}"),
        }
    }
    for c in data["registries"].as_array().unwrap() {
        let names: Vec<&str> = c["names"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        match (op::check_tool_registry(&names), c.get("error")) {
            (Ok(()), None) => {}
            (Err(e), Some(code)) => {
                assert_eq!(e.code.as_str(), code.as_str().unwrap());
                assert_eq!(e.message, c["message"].as_str().unwrap());
            }
            (got, _) => panic!("{c}: {got:?}"),
        }
    }
    for c in data["dates"].as_array().unwrap() {
        match (op::parse_date(c["text"].as_str().unwrap()), c.get("date")) {
            (Ok(d), Some(e)) => assert_eq!(json!({ "year": d.year, "month": d.month, "day": d.day }), *e),
            (Err(e), None) => assert_eq!(e.code.as_str(), c["error"].as_str().unwrap(), "{c}"),
            (got, _) => panic!("{c}: {got:?}"),
        }
    }
}

#[test]
fn registry() {
    let data = load("registry-data");
    for c in data["profiles"].as_array().unwrap() {
        assert_eq!(
            pairs(&reg::validate_language_profile(&to_json(&c["profile"]))),
            expected_pairs(&c["errors"]),
            "{c}"
        );
    }
    for c in data["descriptors"].as_array().unwrap() {
        let errors = reg::validate_tool_descriptor(&to_json(&c["descriptor"]));
        assert_eq!(pairs(&errors), expected_pairs(&c["errors"]), "{c}");
        if let Some(m) = c.get("message") {
            assert_eq!(errors[0].message, m.as_str().unwrap());
        }
    }
    let all: Vec<Json> = data["forLanguage"]["descriptors"].as_array().unwrap().iter().map(to_json).collect();
    for c in data["forLanguage"]["cases"].as_array().unwrap() {
        let ids: Vec<&str> = reg::tools_for_language(&all, c["language"].as_str().unwrap())
            .into_iter()
            .map(|i| all[i].get("tool_id").and_then(Json::as_str).unwrap())
            .collect();
        let expected: Vec<&str> = c["ids"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        assert_eq!(ids, expected);
    }
    for c in data["requests"].as_array().unwrap() {
        let descriptor = match &c["descriptor"] {
            Value::String(s) if s == "fs.write" => to_json(&data["fsWrite"]),
            Value::String(_) => to_json(&data["astRefactor"]),
            d => to_json(d),
        };
        let scopes: Vec<String> = serde_json::from_value(c["scopes"].clone()).unwrap();
        let errors = reg::check_execute_request(&descriptor, &to_json(&c["request"]), &scopes);
        assert_eq!(pairs(&errors), expected_pairs(&c["errors"]), "{c}");
        if let Some(m) = c.get("message") {
            assert_eq!(errors[0].message, m.as_str().unwrap());
        }
    }
    let root = data["paths"]["root"].as_str().unwrap();
    let cases = data["paths"]["cases"].as_array().unwrap();
    assert!(cases.len() >= 30);
    for c in cases {
        match (reg::resolve_workspace_path(root, c["path"].as_str().unwrap()), c.get("resolved")) {
            (Ok(p), Some(e)) => assert_eq!(p, e.as_str().unwrap(), "{c}"),
            (Err(e), None) => assert_eq!(e.code.as_str(), c["error"].as_str().unwrap(), "{c}"),
            (got, _) => panic!("{c}: {got:?}"),
        }
    }
    for c in data["roots"].as_array().unwrap() {
        let got = reg::resolve_workspace_path(c["root"].as_str().unwrap(), c["path"].as_str().unwrap_or("x"));
        match (got, c.get("resolved")) {
            (Ok(p), Some(e)) => assert_eq!(p, e.as_str().unwrap()),
            (Err(e), None) => assert_eq!(e.code.as_str(), c["error"].as_str().unwrap()),
            (got, _) => panic!("{c}: {got:?}"),
        }
    }
}
