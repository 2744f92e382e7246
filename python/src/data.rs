//! OpenProject's data conventions and the tool registry for Python (`mcp_naming.openproject`,
//! `mcp_naming.registry`).

use super::convert::{arg, err_about, invalid, json, strings, to_py, type_error};
use super::{check, method_options};
use mcp_naming::dialect::JsonType;
use mcp_naming::{openproject as op, registry as reg};
use mcp_naming::{Json, Method};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// A Python value as `Json`, or the `{ valid: false, errors }` report of why the core cannot
/// read it (too deep); a value of no JSON type is a `TypeError`.
fn json_or_report<'py>(
    py: Python<'py>,
    value: &Bound<'py, PyAny>,
    what: &str,
) -> PyResult<Result<Json, Bound<'py, PyAny>>> {
    match json(value, what) {
        Ok(j) => Ok(Ok(j)),
        Err(e) if e.is_instance_of::<pyo3::exceptions::PyTypeError>(py) => Err(e),
        Err(e) => {
            let diagnostics = e.value(py).getattr("diagnostics")?;
            let report = PyDict::new(py);
            report.set_item("valid", false)?;
            report.set_item("errors", diagnostics)?;
            Ok(Err(report.into_any()))
        }
    }
}

/// `parse_duration`.
#[pyfunction]
fn parse_duration(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<String> {
    let text = arg(text, "text")?;
    op::parse_duration(&text).map_err(err_about(py, &text))
}

/// `format_duration`.
#[pyfunction]
fn format_duration(py: Python<'_>, iso: &Bound<'_, PyAny>) -> PyResult<String> {
    let iso = arg(iso, "iso")?;
    op::format_duration(&iso).map_err(err_about(py, &iso))
}

/// `page_envelope`: `{ items, offset, page_size, total, next_offset }` for a page of `items`
/// (`page`: `{ offset, pageSize, total }`, read by the core).
#[pyfunction]
#[pyo3(signature = (items, page=None, **kwargs))]
fn page_envelope<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyAny>,
    page: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    let Ok(list) = items.cast::<PyList>() else {
        return Err(type_error("items", JsonType::Array, items));
    };
    let o = method_options(py, page, kwargs, Method::Page)?;
    let p = op::page(list.len(), o.offset, o.envelope_page_size, o.total).map_err(err_about(py, ""))?;
    let out = PyDict::new(py);
    out.set_item("items", list)?;
    out.set_item("offset", p.offset)?;
    out.set_item("page_size", p.page_size)?;
    out.set_item("total", p.total)?;
    out.set_item("next_offset", p.next_offset)?;
    Ok(out)
}

/// `id_from_href`: the numeric id at the end of a HAL href, or `None`.
#[pyfunction]
#[pyo3(signature = (href=None))]
fn id_from_href(href: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    let href = href.filter(|h| !h.is_none()).map(|h| arg(h, "href")).transpose()?;
    Ok(op::id_from_href(href.as_deref()))
}

/// `link_value`: a HAL link (`{ href, title }`) for display.
#[pyfunction]
fn link_value<'py>(py: Python<'py>, link: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let Ok(link) = link.cast::<PyDict>() else {
        return Err(type_error("link", JsonType::Object, link));
    };
    let field = |key: &str| -> PyResult<Option<String>> {
        match link.get_item(key)? {
            Some(v) if !v.is_none() => Ok(Some(arg(&v, &format!("link[{key:?}]"))?.into_owned())),
            _ => Ok(None),
        }
    };
    let (href, title) = (field("href")?, field("title")?);
    to_py(py, &op::link_value(href.as_deref(), title.as_deref()))
}

/// `error_message`: "Error: [Category] - description." for an HTTP status.
#[pyfunction]
#[pyo3(signature = (status, details=None))]
fn error_message(py: Python<'_>, status: &Bound<'_, PyAny>, details: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    if status.is_instance_of::<pyo3::types::PyBool>()
        || !(status.is_instance_of::<pyo3::types::PyInt>() || status.is_instance_of::<pyo3::types::PyFloat>())
    {
        return Err(type_error("status", JsonType::Number, status));
    }
    let status: f64 = status.extract()?;
    if !(status.is_finite() && status.fract() == 0.0 && (0.0..=1e6).contains(&status)) {
        return Err(invalid(py, "status must be a whole number (an HTTP status, 100 to 599)".into()));
    }
    let details = details.filter(|d| !d.is_none()).map(|d| arg(d, "details")).transpose()?;
    op::error_message(status as u32, details.as_deref()).map_err(err_about(py, ""))
}

/// `resolve_by_name`: the index of the candidate (each a mapping with `name` and an optional
/// `identifier`, of which only those two are read).
#[pyfunction]
fn resolve_by_name(py: Python<'_>, query: &Bound<'_, PyAny>, candidates: &Bound<'_, PyAny>) -> PyResult<usize> {
    let query = arg(query, "query")?;
    let list: Vec<Bound<'_, PyAny>> = if let Ok(l) = candidates.cast::<PyList>() {
        l.iter().collect()
    } else if let Ok(t) = candidates.cast::<pyo3::types::PyTuple>() {
        t.iter().collect()
    } else {
        return Err(type_error("candidates", JsonType::Array, candidates));
    };
    let mut names = Vec::with_capacity(list.len());
    let mut identifiers = Vec::with_capacity(list.len());
    for (i, c) in list.iter().enumerate() {
        let c = c
            .cast::<pyo3::types::PyMapping>()
            .map_err(|_| type_error(&format!("candidates[{i}]"), JsonType::Object, c))?;
        let field =
            |key: &str| -> PyResult<Option<Bound<'_, PyAny>>> { Ok(c.get_item(key).ok().filter(|v| !v.is_none())) };
        let none = py.None().into_bound(py);
        names.push(arg(&field("name")?.unwrap_or(none), &format!("candidates[{i}].name"))?.into_owned());
        identifiers.push(match field("identifier")? {
            Some(v) => Some(arg(&v, &format!("candidates[{i}].identifier"))?.into_owned()),
            None => None,
        });
    }
    let candidates: Vec<op::Candidate<'_>> = names
        .iter()
        .zip(&identifiers)
        .map(|(name, identifier)| op::Candidate { name, identifier: identifier.as_deref() })
        .collect();
    op::resolve_by_name(&query, &candidates).map_err(err_about(py, &query))
}

/// `custom_field_name`: "customField16" → "custom_field_16".
#[pyfunction]
fn custom_field_name(py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<String> {
    let key = arg(key, "key")?;
    op::custom_field_name(&key).map_err(err_about(py, &key))
}

/// `check_tool_registry`: `duplicate_tool_name` when a name is registered twice.
#[pyfunction]
fn check_tool_registry(py: Python<'_>, names: &Bound<'_, PyAny>) -> PyResult<()> {
    let names = strings(names, "names")?;
    op::check_tool_registry(&names).map_err(err_about(py, ""))
}

/// `parse_date`: `{ year, month, day }`.
#[pyfunction]
fn parse_date<'py>(py: Python<'py>, text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let text = arg(text, "text")?;
    let d = op::parse_date(&text).map_err(err_about(py, &text))?;
    to_py(py, &d)
}

/// `validate_language_profile`.
#[pyfunction]
fn validate_language_profile<'py>(py: Python<'py>, profile: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    match json_or_report(py, profile, "profile")? {
        Ok(p) => check(py, reg::validate_language_profile(&p)),
        Err(report) => Ok(report),
    }
}

/// `validate_tool_descriptor`.
#[pyfunction]
fn validate_tool_descriptor<'py>(py: Python<'py>, descriptor: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    match json_or_report(py, descriptor, "descriptor")? {
        Ok(d) => check(py, reg::validate_tool_descriptor(&d)),
        Err(report) => Ok(report),
    }
}

/// `tools_for_language`: the indexes of the matching descriptors.
#[pyfunction]
fn tools_for_language(descriptors: &Bound<'_, PyAny>, language: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    let Ok(list) = descriptors.cast::<PyList>() else {
        return Err(type_error("descriptors", JsonType::Array, descriptors));
    };
    let language = arg(language, "language")?;
    let all =
        list.iter().enumerate().map(|(i, d)| json(&d, &format!("descriptors[{i}]"))).collect::<PyResult<Vec<_>>>()?;
    Ok(reg::tools_for_language(&all, &language))
}

/// `check_execute_request` (`caller`: `{ scopes, caller_id }`, read by the core).
#[pyfunction]
#[pyo3(signature = (descriptor, request, caller=None, **kwargs))]
fn check_execute_request<'py>(
    py: Python<'py>,
    descriptor: &Bound<'py, PyAny>,
    request: &Bound<'py, PyAny>,
    caller: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let scopes = method_options(py, caller, kwargs, Method::Caller)?.scopes;
    let d = match json_or_report(py, descriptor, "descriptor")? {
        Ok(d) => d,
        Err(report) => return Ok(report),
    };
    match json_or_report(py, request, "request")? {
        Ok(r) => check(py, reg::check_execute_request(&d, &r, &scopes)),
        Err(report) => Ok(report),
    }
}

/// `check_tool_output`.
#[pyfunction]
fn check_tool_output<'py>(
    py: Python<'py>,
    descriptor: &Bound<'py, PyAny>,
    output: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let d = match json_or_report(py, descriptor, "descriptor")? {
        Ok(d) => d,
        Err(report) => return Ok(report),
    };
    match json_or_report(py, output, "output")? {
        Ok(o) => check(py, reg::check_tool_output(&d, &o)),
        Err(report) => Ok(report),
    }
}

/// `resolve_workspace_path`.
#[pyfunction]
fn resolve_workspace_path(py: Python<'_>, root: &Bound<'_, PyAny>, path: &Bound<'_, PyAny>) -> PyResult<String> {
    let (root, path) = (arg(root, "root")?, arg(path, "path")?);
    reg::resolve_workspace_path(&root, &path).map_err(err_about(py, &path))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_duration, m)?)?;
    m.add_function(wrap_pyfunction!(format_duration, m)?)?;
    m.add_function(wrap_pyfunction!(page_envelope, m)?)?;
    m.add_function(wrap_pyfunction!(id_from_href, m)?)?;
    m.add_function(wrap_pyfunction!(link_value, m)?)?;
    m.add_function(wrap_pyfunction!(error_message, m)?)?;
    m.add_function(wrap_pyfunction!(resolve_by_name, m)?)?;
    m.add_function(wrap_pyfunction!(custom_field_name, m)?)?;
    m.add_function(wrap_pyfunction!(check_tool_registry, m)?)?;
    m.add_function(wrap_pyfunction!(parse_date, m)?)?;
    m.add_function(wrap_pyfunction!(validate_language_profile, m)?)?;
    m.add_function(wrap_pyfunction!(validate_tool_descriptor, m)?)?;
    m.add_function(wrap_pyfunction!(tools_for_language, m)?)?;
    m.add_function(wrap_pyfunction!(check_execute_request, m)?)?;
    m.add_function(wrap_pyfunction!(check_tool_output, m)?)?;
    m.add_function(wrap_pyfunction!(resolve_workspace_path, m)?)?;
    Ok(())
}
