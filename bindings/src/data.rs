//! OpenProject's data conventions and the tool registry for JavaScript.

use super::convert::{invalid, json, read_json, to_js};
use super::{check_js, error_to_js, method_options};
use mcp_naming::{openproject as op, registry as reg};
use mcp_naming::{Json, Method};
use wasm_bindgen::prelude::*;

/// A JS value as `Json`, or the `{ valid: false, errors }` report of why it cannot be read.
fn json_or_report(value: &JsValue) -> Result<Json, JsValue> {
    read_json(value).map_err(|e| check_js(e.diagnostics))
}

/// `parseDuration`.
#[cfg(feature = "openproject")]
#[wasm_bindgen]
pub fn parse_duration(text: &str) -> Result<String, JsValue> {
    op::parse_duration(text).map_err(|e| error_to_js(text, &e))
}

/// `formatDuration`.
#[cfg(feature = "openproject")]
#[wasm_bindgen]
pub fn format_duration(iso: &str) -> Result<String, JsValue> {
    op::format_duration(iso).map_err(|e| error_to_js(iso, &e))
}

/// `pageEnvelope`'s numbers for `page` (`{ offset, pageSize, total }`, read by the core):
/// `[offset, page_size, total, next_offset or -1]`.
#[cfg(feature = "openproject")]
#[wasm_bindgen]
pub fn page(items: u32, page: JsValue) -> Result<Vec<f64>, JsValue> {
    let o = method_options(&page, Method::Page)?;
    let p = op::page(items as usize, o.offset, o.envelope_page_size, o.total).map_err(|e| error_to_js("", &e))?;
    Ok(vec![p.offset as f64, p.page_size as f64, p.total as f64, p.next_offset.map_or(-1.0, |n| n as f64)])
}

/// `idFromHref`.
#[cfg(feature = "openproject")]
#[wasm_bindgen]
pub fn id_from_href(href: Option<String>) -> Option<f64> {
    op::id_from_href(href.as_deref()).map(|id| id as f64)
}

/// `linkValue`.
#[cfg(feature = "openproject")]
#[wasm_bindgen]
pub fn link_value(href: Option<String>, title: Option<String>) -> JsValue {
    to_js(&op::link_value(href.as_deref(), title.as_deref()))
}

/// `errorMessage`.
#[cfg(feature = "openproject")]
#[wasm_bindgen]
pub fn error_message(status: f64, details: Option<String>) -> Result<String, JsValue> {
    if !(status.is_finite() && status.fract() == 0.0 && (0.0..=1e6).contains(&status)) {
        return Err(invalid("status must be a whole number (an HTTP status, 100 to 599)".into()));
    }
    op::error_message(status as u32, details.as_deref()).map_err(|e| error_to_js("", &e))
}

/// `resolveByName`: the index of the candidate. The glue passes the names and identifiers, and
/// their case-folded forms (`toLowerCase`).
#[cfg(feature = "openproject")]
#[wasm_bindgen]
pub fn resolve_by_name(
    query: &str,
    folded_query: &str,
    names: Vec<String>,
    identifiers: Vec<JsValue>,
    folded_names: Vec<String>,
    folded_identifiers: Vec<JsValue>,
) -> Result<u32, JsValue> {
    let ids: Vec<Option<String>> = identifiers.iter().map(JsValue::as_string).collect();
    let folded_ids: Vec<Option<String>> = folded_identifiers.iter().map(JsValue::as_string).collect();
    fn build<'a>(names: &'a [String], ids: &'a [Option<String>]) -> Vec<op::Candidate<'a>> {
        names
            .iter()
            .enumerate()
            .map(|(i, name)| op::Candidate { name, identifier: ids.get(i).and_then(Option::as_deref) })
            .collect()
    }
    let (candidates, folded) = (build(&names, &ids), build(&folded_names, &folded_ids));
    op::resolve_folded(query, folded_query.trim(), &folded, &candidates)
        .map(|i| i as u32)
        .map_err(|e| error_to_js(query, &e))
}

/// `customFieldName`.
#[cfg(feature = "openproject")]
#[wasm_bindgen]
pub fn custom_field_name(key: &str) -> Result<String, JsValue> {
    op::custom_field_name(key).map_err(|e| error_to_js(key, &e))
}

/// `checkToolRegistry`.
#[cfg(feature = "openproject")]
#[wasm_bindgen]
pub fn check_tool_registry(names: Vec<String>) -> Result<(), JsValue> {
    op::check_tool_registry(&names).map_err(|e| error_to_js("", &e))
}

/// `parseDate`.
#[cfg(feature = "openproject")]
#[wasm_bindgen]
pub fn parse_date(text: &str) -> Result<JsValue, JsValue> {
    let d = op::parse_date(text).map_err(|e| error_to_js(text, &e))?;
    Ok(to_js(&d))
}

/// `validateLanguageProfile`.
#[cfg(feature = "registry")]
#[wasm_bindgen]
pub fn validate_language_profile(profile: JsValue) -> JsValue {
    match json_or_report(&profile) {
        Ok(p) => check_js(reg::validate_language_profile(&p)),
        Err(report) => report,
    }
}

/// `validateToolDescriptor`.
#[cfg(feature = "registry")]
#[wasm_bindgen]
pub fn validate_tool_descriptor(descriptor: JsValue) -> JsValue {
    match json_or_report(&descriptor) {
        Ok(d) => check_js(reg::validate_tool_descriptor(&d)),
        Err(report) => report,
    }
}

/// `toolsForLanguage`: the indexes of the matching descriptors.
#[cfg(feature = "registry")]
#[wasm_bindgen]
pub fn tools_for_language(descriptors: Vec<JsValue>, language: &str) -> Result<Vec<u32>, JsValue> {
    let all = descriptors.iter().map(json).collect::<Result<Vec<_>, _>>()?;
    Ok(reg::tools_for_language(&all, language).into_iter().map(|i| i as u32).collect())
}

/// `checkExecuteRequest`.
#[cfg(feature = "registry")]
#[wasm_bindgen]
pub fn check_execute_request(descriptor: JsValue, request: JsValue, caller: JsValue) -> Result<JsValue, JsValue> {
    let scopes = method_options(&caller, Method::Caller)?.scopes;
    Ok(check_execute(descriptor, request, &scopes))
}

fn check_execute(descriptor: JsValue, request: JsValue, scopes: &[String]) -> JsValue {
    let read = json_or_report(&descriptor).and_then(|d| json_or_report(&request).map(|r| (d, r)));
    match read {
        Ok((d, r)) => check_js(reg::check_execute_request(&d, &r, scopes)),
        Err(report) => report,
    }
}

/// `checkToolOutput`.
#[cfg(feature = "registry")]
#[wasm_bindgen]
pub fn check_tool_output(descriptor: JsValue, output: JsValue) -> JsValue {
    let read = json_or_report(&descriptor).and_then(|d| json_or_report(&output).map(|o| (d, o)));
    match read {
        Ok((d, o)) => check_js(reg::check_tool_output(&d, &o)),
        Err(report) => report,
    }
}

/// `resolveWorkspacePath`.
#[cfg(feature = "registry")]
#[wasm_bindgen]
pub fn resolve_workspace_path(root: &str, path: &str) -> Result<String, JsValue> {
    reg::resolve_workspace_path(root, path).map_err(|e| error_to_js(path, &e))
}
