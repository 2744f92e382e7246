//! The PyO3 layer of mcp-naming: converts types between Python and the core, decides nothing.
//!
//! The counterpart of the wasm bindings (`bindings/`): every structured input (options, router
//! configurations, method options, tool-state files, parts) crosses as the core's `Json` and is
//! read by the core's own readers, so errors carry the npm package's codes, paths and messages;
//! every output crosses as its one `Serialize` form (`convert::to_py`). Errors are
//! `mcp_naming.NamingError`s, worded in Python's words (the module sets the core's dialect when
//! it loads: `None`, `a dict`, `a list`); a value of the wrong type is `invalid_argument` (a
//! `TypeError` too, `mcp_naming/_errors.py`). Nothing here panics on any input.

#![forbid(unsafe_code)]

use convert::{arg, code_point_spans, err_about, json, snake, strings, to_py};
use mcp_naming::dialect::{set_dialect, unknown_keyword, Dialect};
use mcp_naming::syntropy::{check_allow_list, layers, ToolState};
use mcp_naming::{self as core, Check, Convention, Diagnostic, Error, Json, Method, MethodOptions, Options, Provider};
use mcp_naming::{Code, ResourceUri};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

mod codemode;
mod convert;
mod data;
mod decode;
mod revision;
mod router;

/// An options value for a core reader: the `options` mapping (the npm package's keys) with the
/// keyword arguments laid over it, each the snake_case spelling of one of `keys` (the reader's
/// keys, as JSON spells them). `None` when neither is given. A keyword argument none of `keys`
/// is spelled as is the core's error `code`, the nearest keyword suggested.
pub(crate) fn options_json(
    py: Python<'_>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
    keys: &[&str],
    what: &str,
    code: Code,
) -> PyResult<Option<Json>> {
    let options = options.filter(|o| !o.is_none());
    let given = kwargs.filter(|k| !k.is_empty());
    let mut base = match options {
        Some(o) => json(o, what)?,
        None if given.is_none() => return Ok(None),
        None => Json::Object(Vec::new()),
    };
    if let Some(kwargs) = given {
        for (k, v) in kwargs.iter() {
            let name = k.cast::<PyString>().map(|s| s.to_string()).unwrap_or_default();
            let Some(key) = keys.iter().find(|key| snake(key) == name) else {
                let known: Vec<_> = keys.iter().map(|k| snake(k)).collect();
                let known: Vec<&str> = known.iter().map(|k| k.as_ref()).collect();
                return Err(convert::error(py, "", &unknown_keyword(code, &name, &known)));
            };
            if v.is_none() {
                continue;
            }
            let value = json(&v, &format!("{what}.{key}"))?;
            match &mut base {
                Json::Object(members) => match members.iter_mut().find(|(k, _)| k == key) {
                    Some((_, old)) => *old = value,
                    None => members.push((key.to_string(), value)),
                },
                // The core's reader words what is wrong with a non-object `options`.
                _ => break,
            }
        }
    }
    Ok(Some(base))
}

/// Naming options through the core's reader (`Options::from_json`).
fn naming(py: Python<'_>, options: Option<&Bound<'_, PyAny>>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    match options_json(py, options, kwargs, Options::KEYS, "options", Code::InvalidArgument)? {
        None => Ok(Options::default()),
        Some(j) => Options::from_json(&j).map_err(err_about(py, "")),
    }
}

/// A method's options through the core's reader (`MethodOptions::from_json`).
pub(crate) fn method_options(
    py: Python<'_>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
    method: Method,
) -> PyResult<MethodOptions> {
    match options_json(py, options, kwargs, method.keys(), method.path(), Code::InvalidArgument)? {
        None => Ok(MethodOptions::default()),
        Some(j) => MethodOptions::from_json(&j, method).map_err(err_about(py, "")),
    }
}

fn convention(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Convention> {
    arg(value, "convention")?.parse().map_err(err_about(py, ""))
}

fn provider(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Provider> {
    arg(value, "provider")?.parse().map_err(err_about(py, ""))
}

/// A `{ valid, errors }` check of a file or a descriptor.
pub(crate) fn check<'py>(py: Python<'py>, list: Vec<Diagnostic>) -> PyResult<Bound<'py, PyAny>> {
    to_py(py, &Check::new(list))
}

// ----- names -----

/// `validate_tool_name`: the report, never an error for a string name.
#[pyfunction]
#[pyo3(signature = (name, convention, options=None, **kwargs))]
fn validate_tool_name<'py>(
    py: Python<'py>,
    name: &Bound<'py, PyAny>,
    convention: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let name = arg(name, "name")?;
    let c = self::convention(py, convention)?;
    let opts = naming(py, options, kwargs)?;
    let mut report = core::validate(&name, c, &opts);
    code_point_spans(&name, &mut report.errors);
    code_point_spans(&name, &mut report.warnings);
    to_py(py, &report)
}

/// `is_valid_tool_name`: the verdict of `validate_tool_name`, without a report.
#[pyfunction]
#[pyo3(signature = (name, convention, options=None, **kwargs))]
fn is_valid_tool_name(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    convention: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<bool> {
    let name = arg(name, "name")?;
    let c = self::convention(py, convention)?;
    if options.is_none() && kwargs.is_none() {
        return Ok(core::is_valid(&name, c, &Options::default()));
    }
    Ok(core::is_valid(&name, c, &naming(py, options, kwargs)?))
}

/// `validate_tool_names`: one verdict per name.
#[pyfunction]
#[pyo3(signature = (names, convention, options=None, **kwargs))]
fn validate_tool_names(
    py: Python<'_>,
    names: &Bound<'_, PyAny>,
    convention: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<bool>> {
    let names = strings(names, "names")?;
    let c = self::convention(py, convention)?;
    let opts = naming(py, options, kwargs)?;
    Ok(names.iter().map(|n| core::is_valid(n, c, &opts)).collect())
}

/// `parse_tool_name`: the parts, or the core's error.
#[pyfunction]
#[pyo3(signature = (name, convention, options=None, **kwargs))]
fn parse_tool_name<'py>(
    py: Python<'py>,
    name: &Bound<'py, PyAny>,
    convention: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let name = arg(name, "name")?;
    let c = self::convention(py, convention)?;
    let opts = naming(py, options, kwargs)?;
    let parts = core::parse(&name, c, &opts).map_err(err_about(py, &name))?;
    to_py(py, &parts)
}

/// `format_tool_name`: the parts (a mapping, read by the core) as a name.
#[pyfunction]
#[pyo3(signature = (parts, convention, options=None, **kwargs))]
fn format_tool_name(
    py: Python<'_>,
    parts: &Bound<'_, PyAny>,
    convention: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let c = self::convention(py, convention)?;
    let opts = naming(py, options, kwargs)?;
    core::format_json(&json(parts, "parts")?, c, &opts).map_err(err_about(py, ""))
}

/// `convert_tool_name`.
#[pyfunction]
#[pyo3(signature = (name, source, target, options=None, **kwargs))]
fn convert_tool_name(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    source: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let name = arg(name, "name")?;
    let (from, to) = (convention(py, source)?, convention(py, target)?);
    let opts = naming(py, options, kwargs)?;
    core::convert(&name, from, to, &opts).map_err(err_about(py, &name))
}

/// `detect_conventions`: the ids of the conventions the name is valid in.
#[pyfunction]
#[pyo3(signature = (name, options=None, **kwargs))]
fn detect_conventions(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<&'static str>> {
    let name = arg(name, "name")?;
    let opts = naming(py, options, kwargs)?;
    Ok(Convention::ALL.iter().filter(|c| core::is_valid(&name, **c, &opts)).map(|c| c.id()).collect())
}

/// `explain_name`: every convention's report on the name, valid ones and near misses first.
#[pyfunction]
#[pyo3(signature = (name, options=None, **kwargs))]
fn explain_name<'py>(
    py: Python<'py>,
    name: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let name = arg(name, "name")?;
    let opts = naming(py, options, kwargs)?;
    let mut all = core::explain(&name, &opts);
    for e in &mut all {
        code_point_spans(&name, &mut e.report.errors);
        code_point_spans(&name, &mut e.report.warnings);
    }
    to_py(py, &all)
}

/// `conventions()`: each convention's id, title, grammar and examples.
#[pyfunction]
fn conventions(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_py(py, &Convention::ALL.map(core::ConventionInfo))
}

/// The core's tables: `(conventions, providers, part names per convention, codes, router styles, clients)`.
#[pyfunction]
fn tables(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
    let conventions: Vec<&str> = Convention::ALL.iter().map(|c| c.id()).collect();
    let providers: Vec<&str> = Provider::ALL.iter().map(|p| p.id()).collect();
    let parts: Vec<Vec<&str>> = Convention::ALL.iter().map(|c| c.part_names().to_vec()).collect();
    let codes: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
    let styles: Vec<&str> = core::router::STYLES.iter().chain(core::router::PEERS).copied().collect();
    let clients: Vec<&str> = core::client::Client::ALL.iter().map(|c| c.id()).collect();
    PyTuple::new(
        py,
        [
            PyTuple::new(py, conventions)?,
            PyTuple::new(py, providers)?,
            PyTuple::new(py, parts.into_iter().map(|p| PyTuple::new(py, p)).collect::<PyResult<Vec<_>>>()?)?,
            PyTuple::new(py, codes)?,
            PyTuple::new(py, styles)?,
            PyTuple::new(py, clients)?,
        ],
    )
}

// ----- resource URIs, slugs, providers -----

/// `parse_resource_uri`.
#[pyfunction]
fn parse_resource_uri<'py>(py: Python<'py>, uri: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let uri = arg(uri, "uri")?;
    let parts = core::parse_resource_uri(&uri).map_err(err_about(py, &uri))?;
    to_py(py, &parts)
}

/// `format_resource_uri`: the parts (a mapping, read by the core) as a URI.
#[pyfunction]
fn format_resource_uri(py: Python<'_>, parts: &Bound<'_, PyAny>) -> PyResult<String> {
    let u = ResourceUri::from_json(&json(parts, "parts")?).map_err(err_about(py, ""))?;
    core::format_resource_uri(&u).map_err(err_about(py, ""))
}

/// `validate_resource_uri`: the report, never an error for a string.
#[pyfunction]
#[pyo3(signature = (uri, options=None, **kwargs))]
fn validate_resource_uri<'py>(
    py: Python<'py>,
    uri: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let uri = arg(uri, "uri")?;
    let expected = naming(py, options, kwargs)?.expected_namespace;
    let mut r = core::validate_resource_uri(&uri, expected.as_deref());
    code_point_spans(&uri, &mut r.errors);
    code_point_spans(&uri, &mut r.warnings);
    to_py(py, &r)
}

/// `namespace_from_slug`.
#[pyfunction]
fn namespace_from_slug(py: Python<'_>, slug: &Bound<'_, PyAny>) -> PyResult<String> {
    let slug = arg(slug, "slug")?;
    core::namespace_from_slug(&slug).map_err(err_about(py, &slug))
}

/// `check_providers`: `{ provider: accepted }`.
#[pyfunction]
fn check_providers<'py>(py: Python<'py>, name: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let name = arg(name, "name")?;
    let out = PyDict::new(py);
    for (p, ok) in core::check_providers(&name) {
        out.set_item(p.id(), ok)?;
    }
    Ok(out)
}

/// `fit_tool_name`.
#[pyfunction]
#[pyo3(signature = (name, provider, options=None, **kwargs))]
fn fit_tool_name(
    py: Python<'_>,
    name: &Bound<'_, PyAny>,
    provider: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let name = arg(name, "name")?;
    let p = self::provider(py, provider)?;
    let taken = method_options(py, options, kwargs, Method::Fit)?.taken;
    Ok(core::fit_with(&name, p, |n| taken.iter().any(|t| t == n)))
}

/// `fit_tool_names`: each name fitted, avoiding the ones before it.
#[pyfunction]
fn fit_tool_names(py: Python<'_>, names: &Bound<'_, PyAny>, provider: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let names = strings(names, "names")?;
    Ok(core::fit_all(&names, self::provider(py, provider)?))
}

// ----- Syntropy and Claude Code -----

/// `syntropy_layers`.
#[pyfunction]
#[pyo3(signature = (name, options=None, **kwargs))]
fn syntropy_layers<'py>(
    py: Python<'py>,
    name: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let name = arg(name, "name")?;
    let opts = naming(py, options, kwargs)?;
    let l = layers(&name, &opts).map_err(err_about(py, &name))?;
    to_py(py, &l)
}

fn tool_state(py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<ToolState> {
    ToolState::from_json(&json(state, "state")?).map_err(err_about(py, ""))
}

/// `check_tool_state`.
#[pyfunction]
#[pyo3(signature = (state, options=None, **kwargs))]
fn check_tool_state<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let state = tool_state(py, state)?;
    check(py, state.check(&naming(py, options, kwargs)?))
}

/// `is_tool_enabled`.
#[pyfunction]
fn is_tool_enabled(py: Python<'_>, state: &Bound<'_, PyAny>, name: &Bound<'_, PyAny>) -> PyResult<bool> {
    let name = arg(name, "name")?;
    Ok(tool_state(py, state)?.is_enabled(&name))
}

/// `check_allow_list`.
#[pyfunction]
#[pyo3(signature = (settings, options=None, **kwargs))]
fn check_allow<'py>(
    py: Python<'py>,
    settings: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let entries = core::syntropy::allow_entries(&json(settings, "settings")?).map_err(err_about(py, ""))?;
    check(py, check_allow_list(&entries, &naming(py, options, kwargs)?))
}

/// `matches_permission`.
#[pyfunction]
fn matches_permission(py: Python<'_>, rule: &Bound<'_, PyAny>, name: &Bound<'_, PyAny>) -> PyResult<bool> {
    let (rule, name) = (arg(rule, "rule")?, arg(name, "name")?);
    core::PermissionRule::parse(&rule).map(|r| r.matches(&name)).map_err(err_about(py, &rule))
}

/// `normalize_server_name` (Claude Code's).
#[pyfunction]
fn normalize_server_name(server: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(core::normalize_server_name(&arg(server, "server")?))
}

/// `client_view`: what `client` shows of one server's tools, with what goes wrong.
#[pyfunction]
fn client_view<'py>(
    py: Python<'py>,
    client: &Bound<'py, PyAny>,
    server: &Bound<'py, PyAny>,
    tools: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let client = arg(client, "client")?;
    let server = arg(server, "server")?;
    let tools = strings(tools, "tools")?;
    let client: core::client::Client = client.parse().map_err(err_about(py, &client))?;
    let refs: Vec<&str> = tools.iter().map(String::as_str).collect();
    let view = core::client::view(client, &server, &refs);
    router::view_to_py(py, view, &server)
}

// ----- errors as MCP answers -----

/// The JSON-RPC error code for a `NamingError`'s code (-32603 for a code the core does not know).
#[pyfunction]
fn json_rpc_code(code: &Bound<'_, PyAny>) -> PyResult<i32> {
    Ok(arg(code, "code")?.parse::<Code>().map_or(-32603, core::router::json_rpc_code))
}

/// The HTTP status a Streamable HTTP transport answers a `NamingError` with.
#[pyfunction]
fn http_status(code: &Bound<'_, PyAny>) -> PyResult<u16> {
    Ok(arg(code, "code")?.parse::<Code>().map_or(200, core::router::http_status))
}

/// The text of a `tools/call` error result for a `NamingError`.
#[pyfunction]
fn call_tool_text(
    code: &Bound<'_, PyAny>,
    message: &Bound<'_, PyAny>,
    suggestions: &Bound<'_, PyAny>,
) -> PyResult<String> {
    let (code, message) = (arg(code, "code")?, arg(message, "message")?);
    let mut e = Error::new(code.parse().unwrap_or(Code::InvalidArgument), core::Span::default(), message);
    e.suggestions = strings(suggestions, "suggestions")?;
    Ok(core::router::call_tool_text(&e))
}

/// The extension module `mcp_naming._core`.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // Every message of this process's core reaches a Python caller: in Python's words.
    set_dialect(Dialect::Python);
    m.add_function(wrap_pyfunction!(validate_tool_name, m)?)?;
    m.add_function(wrap_pyfunction!(is_valid_tool_name, m)?)?;
    m.add_function(wrap_pyfunction!(validate_tool_names, m)?)?;
    m.add_function(wrap_pyfunction!(parse_tool_name, m)?)?;
    m.add_function(wrap_pyfunction!(format_tool_name, m)?)?;
    m.add_function(wrap_pyfunction!(convert_tool_name, m)?)?;
    m.add_function(wrap_pyfunction!(detect_conventions, m)?)?;
    m.add_function(wrap_pyfunction!(explain_name, m)?)?;
    m.add_function(wrap_pyfunction!(conventions, m)?)?;
    m.add_function(wrap_pyfunction!(tables, m)?)?;
    m.add_function(wrap_pyfunction!(parse_resource_uri, m)?)?;
    m.add_function(wrap_pyfunction!(format_resource_uri, m)?)?;
    m.add_function(wrap_pyfunction!(validate_resource_uri, m)?)?;
    m.add_function(wrap_pyfunction!(namespace_from_slug, m)?)?;
    m.add_function(wrap_pyfunction!(check_providers, m)?)?;
    m.add_function(wrap_pyfunction!(fit_tool_name, m)?)?;
    m.add_function(wrap_pyfunction!(fit_tool_names, m)?)?;
    m.add_function(wrap_pyfunction!(syntropy_layers, m)?)?;
    m.add_function(wrap_pyfunction!(check_tool_state, m)?)?;
    m.add_function(wrap_pyfunction!(is_tool_enabled, m)?)?;
    m.add_function(wrap_pyfunction!(check_allow, m)?)?;
    m.add_function(wrap_pyfunction!(matches_permission, m)?)?;
    m.add_function(wrap_pyfunction!(normalize_server_name, m)?)?;
    m.add_function(wrap_pyfunction!(client_view, m)?)?;
    m.add_function(wrap_pyfunction!(json_rpc_code, m)?)?;
    m.add_function(wrap_pyfunction!(http_status, m)?)?;
    m.add_function(wrap_pyfunction!(call_tool_text, m)?)?;
    router::register(m)?;
    revision::register(m)?;
    data::register(m)?;
    codemode::register(m)?;
    Ok(())
}
