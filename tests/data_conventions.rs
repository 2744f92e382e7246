//! OpenProject data conventions and the tool registry, from tests/data/cases/openproject-data.json
//! and tests/data/cases/registry-data.json (shared with the JS suite, tests/js/data.test.mjs).
//!
//! The files are read by the one typed loader (tests/support/data.rs), which refuses unknown
//! keys; each case is destructured here key by key, so a declared key is either checked or named
//! as documentation (`source: _`).
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::openproject as op;
use mcp_naming::registry as reg;
use mcp_naming::Json;
use serde_json::{json, Value};

mod support;

use support::data::{
    self, CustomField, DateCase, Descriptor, Duration, ErrorMessage, FormatDuration, Href, LanguageCase, LinkCase,
    LinkIn, PageCase, PageIn, PathCase, Profile, Registry, Request, ResolveCase, Root,
};

fn to_json(v: &Value) -> Json {
    support::json(v)
}

fn pairs(list: &[mcp_naming::Diagnostic]) -> Vec<(String, String)> {
    list.iter().map(|d| (d.code.as_str().to_string(), d.path.clone().unwrap_or_default())).collect()
}

#[test]
fn openproject() {
    let data = data::openproject_data();
    for c in &data.durations {
        let Duration { text, iso, error, source: _ } = c;
        match (op::parse_duration(text), iso, error) {
            (Ok(got), Some(e), None) => assert_eq!(got, *e, "{c:?}"),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{c:?}"),
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
    for c in &data.format_duration {
        let FormatDuration { iso, text, error, source: _ } = c;
        match (op::format_duration(iso), text, error) {
            (Ok(t), Some(e), None) => assert_eq!(t, *e, "{c:?}"),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{c:?}"),
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
    for c in &data.pages {
        let PageCase { items, page: PageIn { offset, page_size, total }, out, error, source: _ } = c;
        match (op::page(*items, *offset, *page_size, *total), out, error) {
            (Ok(page), Some(out), None) => assert_eq!(
                json!({ "offset": page.offset, "page_size": page.page_size, "total": page.total, "next_offset": page.next_offset }),
                *out,
                "{c:?}"
            ),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{c:?}"),
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
    for c in &data.hrefs {
        let Href { href, id, source: _ } = c;
        assert_eq!(op::id_from_href(href.as_deref()), *id, "{c:?}");
    }
    for c in &data.links {
        let LinkCase { link: LinkIn { href, title }, out, source: _ } = c;
        let l = op::link_value(href.as_deref(), title.as_deref());
        assert_eq!(json!({ "id": l.id, "title": l.title, "restricted": l.restricted }), *out, "{c:?}");
    }
    for c in &data.errors {
        let ErrorMessage { status, details, message, error, source: _ } = c;
        match (op::error_message(*status, details.as_deref()), message, error) {
            (Ok(m), Some(e), None) => assert_eq!(m, *e, "{c:?}"),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{c:?}"),
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
    let candidates: Vec<op::Candidate<'_>> = data
        .resolve
        .candidates
        .iter()
        .map(|c| op::Candidate { name: &c.name, identifier: c.identifier.as_deref() })
        .collect();
    for c in &data.resolve.cases {
        let ResolveCase { query, index, error, message, source: _ } = c;
        match (op::resolve_by_name(query, &candidates), index, error) {
            (Ok(i), Some(e), None) if message.is_none() => assert_eq!(i, *e, "{c:?}"),
            (Err(e), None, Some(code)) => {
                assert_eq!(e.code.as_str(), code, "{c:?}");
                if let Some(m) = message {
                    assert_eq!(e.message, *m);
                }
            }
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
    for c in &data.custom_fields {
        let CustomField { key, name, error, source: _ } = c;
        match (op::custom_field_name(key), name, error) {
            (Ok(n), Some(e), None) => assert_eq!(n, *e, "{c:?}"),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{c:?}"),
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
    for c in &data.registries {
        let Registry { names, error, message, source: _ } = c;
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        match (op::check_tool_registry(&names), error, message) {
            (Ok(()), None, None) => {}
            (Err(e), Some(code), Some(message)) => {
                assert_eq!(e.code.as_str(), code, "{c:?}");
                assert_eq!(e.message, *message);
            }
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
    for c in &data.dates {
        let DateCase { text, date, error, source: _ } = c;
        match (op::parse_date(text), date, error) {
            (Ok(d), Some(e), None) => {
                assert_eq!(json!({ "year": d.year, "month": d.month, "day": d.day }), *e, "{c:?}")
            }
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{c:?}"),
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
}

/// Checks the first error's message, when the case gives one.
fn first_message(errors: &[mcp_naming::Diagnostic], message: &Option<String>, case: &dyn std::fmt::Debug) {
    if let Some(m) = message {
        assert_eq!(errors.first().map(|d| d.message.as_str()), Some(m.as_str()), "{case:?}");
    }
}

#[test]
fn registry() {
    let data = data::registry_data();
    for c in &data.profiles {
        let Profile { profile, errors, source: _ } = c;
        assert_eq!(pairs(&reg::validate_language_profile(&to_json(profile))), *errors, "{c:?}");
    }
    for c in &data.descriptors {
        let Descriptor { descriptor, errors: expected, message, source: _ } = c;
        let errors = reg::validate_tool_descriptor(&to_json(descriptor));
        assert_eq!(pairs(&errors), *expected, "{c:?}");
        first_message(&errors, message, c);
    }
    let all: Vec<Json> = data.for_language.descriptors.iter().map(to_json).collect();
    for c in &data.for_language.cases {
        let LanguageCase { language, ids: expected } = c;
        let ids: Vec<&str> = reg::tools_for_language(&all, language)
            .into_iter()
            .map(|i| all[i].get("tool_id").and_then(Json::as_str).unwrap())
            .collect();
        assert_eq!(ids, *expected, "{c:?}");
    }
    for c in &data.requests {
        let Request { descriptor, request, scopes, errors: expected, message, source: _ } = c;
        let descriptor = match descriptor {
            Value::String(s) if s == "fs.write" => to_json(&data.fs_write),
            Value::String(s) if s == "edit.ast.apply_refactor" => to_json(&data.ast_refactor),
            Value::String(s) => panic!("{c:?}: no descriptor {s:?} (fs.write or edit.ast.apply_refactor)"),
            d => to_json(d),
        };
        let errors = reg::check_execute_request(&descriptor, &to_json(request), scopes);
        assert_eq!(pairs(&errors), *expected, "{c:?}");
        first_message(&errors, message, c);
    }
    let root = data.paths.root.as_str();
    assert!(data.paths.cases.len() >= 30, "only {} traversal cases", data.paths.cases.len());
    for c in &data.paths.cases {
        let PathCase { path, resolved, error, source: _ } = c;
        match (reg::resolve_workspace_path(root, path), resolved, error) {
            (Ok(p), Some(e), None) => assert_eq!(p, *e, "{c:?}"),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{c:?}"),
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
    for c in &data.roots {
        let Root { root, path, resolved, error, source: _ } = c;
        match (reg::resolve_workspace_path(root, path.as_deref().unwrap_or("x")), resolved, error) {
            (Ok(p), Some(e), None) => assert_eq!(p, *e, "{c:?}"),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{c:?}"),
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
}
