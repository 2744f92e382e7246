//! Code mode and the MCP Registry's server names for Python (`mcp_naming.codemode`): converts
//! types; every decision is the core's (`mcp_naming::codemode`, `mcp_naming::registry_name`).

use crate::convert::{arg, code_point_spans, err_about, json, strings, to_py};
use crate::options_json;
use mcp_naming::codemode::{self, CatalogServer, Options, ServerTools};
use mcp_naming::registry_name;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The keys of code mode's options (their keyword arguments are the same words).
const OPTIONS: &[&str] = &["language", "layout", "view"];

fn read_options(
    py: Python<'_>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Options> {
    match options_json(py, options, kwargs, OPTIONS, "options", mcp_naming::Code::InvalidArgument)? {
        None => Ok(Options::default()),
        Some(j) => Options::from_json(&j).map_err(err_about(py, "")),
    }
}

fn read_servers(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Vec<ServerTools>> {
    ServerTools::list_from_json(&json(value, "servers")?).map_err(err_about(py, ""))
}

fn read_catalog(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Vec<CatalogServer>> {
    CatalogServer::list_from_json(&json(value, "catalog")?).map_err(err_about(py, ""))
}

/// `code_mode(servers, options=None, *, language=, layout=, view=)`.
#[pyfunction]
#[pyo3(signature = (servers, options=None, **kwargs))]
fn code_mode<'py>(
    py: Python<'py>,
    servers: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let opts = read_options(py, options, kwargs)?;
    let cm = codemode::code_mode(&read_servers(py, servers)?, &opts).map_err(err_about(py, ""))?;
    to_py(py, &cm)
}

/// `resolve_code_mode(servers, namespace, identifier, ...)`: `(server_index, tool_index)`.
#[pyfunction]
#[pyo3(signature = (servers, namespace, identifier, options=None, **kwargs))]
fn resolve_code_mode(
    py: Python<'_>,
    servers: &Bound<'_, PyAny>,
    namespace: &Bound<'_, PyAny>,
    identifier: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<(usize, usize)> {
    let (namespace, identifier) = (arg(namespace, "namespace")?, arg(identifier, "identifier")?);
    let opts = read_options(py, options, kwargs)?;
    codemode::resolve(&read_servers(py, servers)?, &opts, &namespace, &identifier).map_err(err_about(py, ""))
}

/// A router's code mode: its catalog (with the tool objects the router keeps) projected.
#[pyfunction]
#[pyo3(signature = (catalog, options=None, **kwargs))]
fn code_mode_catalog<'py>(
    py: Python<'py>,
    catalog: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let opts = read_options(py, options, kwargs)?;
    let cm = codemode::code_mode_catalog(&read_catalog(py, catalog)?, &opts).map_err(err_about(py, ""))?;
    to_py(py, &cm)
}

/// A router's way back: the exposed name `namespace.identifier` calls.
#[pyfunction]
#[pyo3(signature = (catalog, namespace, identifier, options=None, **kwargs))]
fn code_mode_catalog_resolve(
    py: Python<'_>,
    catalog: &Bound<'_, PyAny>,
    namespace: &Bound<'_, PyAny>,
    identifier: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let (namespace, identifier) = (arg(namespace, "namespace")?, arg(identifier, "identifier")?);
    let opts = read_options(py, options, kwargs)?;
    codemode::resolve_catalog(&read_catalog(py, catalog)?, &opts, &namespace, &identifier).map_err(err_about(py, ""))
}

/// `validate_server_name(name)`, spans in code points.
#[pyfunction]
fn validate_server_name<'py>(py: Python<'py>, name: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let name = arg(name, "name")?;
    let mut report = registry_name::validate_server_name(&name);
    code_point_spans(&name, &mut report.errors);
    code_point_spans(&name, &mut report.warnings);
    to_py(py, &report)
}

/// `check_mcp_name_marker(readme, name)`, spans in code points of the README.
#[pyfunction]
fn check_mcp_name_marker<'py>(
    py: Python<'py>,
    readme: &Bound<'py, PyAny>,
    name: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let (readme, name) = (arg(readme, "readme")?, arg(name, "name")?);
    let mut check = registry_name::check_mcp_name_marker(&readme, &name);
    code_point_spans(&readme, &mut check.errors);
    to_py(py, &check)
}

/// `registry_prefixes(names)`.
#[pyfunction]
fn registry_prefixes(names: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let names = strings(names, "names")?;
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    Ok(registry_name::registry_prefixes(&refs))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(code_mode, m)?)?;
    m.add_function(wrap_pyfunction!(resolve_code_mode, m)?)?;
    m.add_function(wrap_pyfunction!(code_mode_catalog, m)?)?;
    m.add_function(wrap_pyfunction!(code_mode_catalog_resolve, m)?)?;
    m.add_function(wrap_pyfunction!(validate_server_name, m)?)?;
    m.add_function(wrap_pyfunction!(check_mcp_name_marker, m)?)?;
    m.add_function(wrap_pyfunction!(registry_prefixes, m)?)?;
    Ok(())
}
