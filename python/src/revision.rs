//! The decisions of MCP 2026-07-28 for Python (issue 34), with their types converted, nothing
//! decided: what an upstream said about itself, the gateway's `server/discover` and
//! `initialize`, a call's `Mcp-Param-*` headers, an upstream's result for a client of either
//! revision, `subscriptions/listen` and what comes back on it. Each takes the `CoreRouter` first
//! (`mcp_naming/_router.py` applies the decisions, as the core's reference applier,
//! `mcp_naming::router::Gateway`, does); what a probe found crosses as the core's `Found`,
//! decisions come back with their JSON keys (`mcp_naming/_contract.pyi`).

use super::convert::{arg, err_about, error, finds, json, to_py_json, type_error};
use super::decode::decode;
use super::options_json;
use super::router::{optional, variant, CoreRouter};
use mcp_naming::dialect::JsonType;
use mcp_naming::router::decide::{
    client_error_code as error_code, listen_subject, Answered, ListenDecision, Method, ParamsRequest, Response,
    SubscriptionFilter,
};
use mcp_naming::router::{Era, Incoming, Listed};
use mcp_naming::Code;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyTuple};

/// Records what upstream `server` said about itself (`UpstreamDecision`): `result` the members
/// of its `server/discover` result (or, `initialize`, its `initialize` result) the core reads:
/// `supportedVersions` / `protocolVersion`, `capabilities`, `instructions`, `ttlMs`, `cacheScope`.
#[pyfunction]
fn upstream_answered<'py>(
    py: Python<'py>,
    router: &Bound<'py, CoreRouter>,
    server: &Bound<'py, PyAny>,
    result: &Bound<'py, PyAny>,
    initialize: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let server = arg(server, "server")?;
    let initialize =
        initialize.cast::<PyBool>().map_err(|_| type_error("initialize", JsonType::Boolean, initialize))?.is_true();
    let answered = Answered::from_result(&json(result, "result")?, initialize);
    let d = router.borrow_mut().inner.upstream_answered(&server, &answered).map_err(err_about(py, &server))?;
    to_py_json(py, &d)
}

/// The gateway's `server/discover` result.
#[pyfunction]
fn decide_discover<'py>(py: Python<'py>, router: &Bound<'py, CoreRouter>) -> PyResult<Bound<'py, PyAny>> {
    to_py_json(py, &router.borrow().inner.decide_discover().result)
}

/// The gateway's `initialize` result for a client of revision `requested`.
#[pyfunction]
fn decide_initialize<'py>(
    py: Python<'py>,
    router: &Bound<'py, CoreRouter>,
    requested: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let requested = arg(requested, "protocol_version")?;
    let d = router.borrow().inner.decide_initialize(&requested).map_err(err_about(py, &requested))?;
    to_py_json(py, &d.result)
}

/// What a transport received, read by the core (`Incoming::from_json`: `{ name, params,
/// protocolVersion }`, also as keyword arguments in snake_case): `(name, [Header], protocol
/// version)`.
#[pyfunction]
#[pyo3(signature = (incoming=None, **kwargs))]
fn incoming<'py>(
    py: Python<'py>,
    incoming: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<(Option<String>, Bound<'py, PyAny>, Option<String>)> {
    let value = options_json(py, incoming, kwargs, Incoming::KEYS, "incoming", Code::InvalidArgument)?;
    let read = match value {
        Some(v) => Incoming::from_json(&v).map_err(err_about(py, ""))?,
        None => Incoming::default(),
    };
    Ok((read.name, to_py_json(py, &read.params)?, read.protocol_version))
}

/// The `Mcp-Param-*` headers to send upstream with a call (`ParamsDecision`), from a
/// `ParamsRequest`: the forward decision's `reads`, the values `found` at their paths (each
/// found's pattern the index of its read), the client's headers `given`, the request's
/// `protocolVersion`.
#[pyfunction]
fn decide_params<'py>(
    py: Python<'py>,
    router: &Bound<'py, CoreRouter>,
    request: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let request: ParamsRequest = decode(request, "request")?;
    let d = router.borrow().inner.decide_params(&request).map_err(err_about(py, ""))?;
    to_py_json(py, &d)
}

/// What to do with `server`'s result of `method` (a `Method`) before a client of revision
/// `protocol_version` gets it (`ResultDecision`), from what the `response` probe found in it.
#[pyfunction]
#[pyo3(signature = (router, server, method, found, protocol_version=None))]
fn decide_response<'py>(
    py: Python<'py>,
    router: &Bound<'py, CoreRouter>,
    server: &Bound<'py, PyAny>,
    method: &Bound<'py, PyAny>,
    found: &Bound<'py, PyAny>,
    protocol_version: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let server = arg(server, "server")?;
    let method: Method = variant(method, "method")?;
    let version = optional(protocol_version, "protocol_version")?;
    let response = Response::new(method, finds(found, "found")?, version.as_deref());
    let d = router.borrow_mut().inner.decide_response(&server, &response).map_err(err_about(py, ""))?;
    to_py_json(py, &d)
}

/// The edits that give a result of the gateway's own the envelope of a client of revision
/// `protocol_version` (`[Edit]`: none before 2026-07-28).
#[pyfunction]
#[pyo3(signature = (router, protocol_version=None))]
fn result_envelope<'py>(
    py: Python<'py>,
    router: &Bound<'py, CoreRouter>,
    protocol_version: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let version = optional(protocol_version, "protocol_version")?;
    to_py_json(py, &router.borrow().inner.result_envelope(version.as_deref()))
}

/// What to do with a client's `subscriptions/listen` (`ListenDecision`), from what the `listen`
/// probe found in its params.
#[pyfunction]
fn decide_listen<'py>(
    py: Python<'py>,
    router: &Bound<'py, CoreRouter>,
    found: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let found = finds(found, "found")?;
    let d = router.borrow().inner.decide_listen(&found).map_err(|e| error(py, listen_subject(&found, &e), &e))?;
    to_py_json(py, &d)
}

/// The client's acknowledgement (`SubscriptionFilter`) of the stream `decision` (a
/// `ListenDecision`) once the upstreams answered: `acks` `[(server, [Found])]`, what the
/// `listen` probe found in each upstream's acknowledged params (`{ notifications }`).
#[pyfunction]
fn acknowledge<'py>(
    py: Python<'py>,
    decision: &Bound<'py, PyAny>,
    acks: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let decision: ListenDecision = decode(decision, "decision")?;
    let list = acks.cast::<PyList>().map_err(|_| type_error("acks", JsonType::Array, acks))?;
    let mut read: Vec<(String, SubscriptionFilter)> = Vec::with_capacity(list.len());
    for (i, pair) in list.iter().enumerate() {
        let what = format!("acks[{i}]");
        let pair = pair.cast_into::<PyTuple>().map_err(|p| type_error(&what, JsonType::Array, &p.into_inner()))?;
        let (server, found): (Bound<'py, PyAny>, Bound<'py, PyAny>) =
            pair.extract().map_err(|_| type_error(&what, JsonType::Array, pair.as_any()))?;
        let filter = SubscriptionFilter::from_found(&finds(&found, &what)?).map_err(err_about(py, ""))?;
        read.push((arg(&server, &format!("{what}[0]"))?.into_owned(), filter));
    }
    to_py_json(py, &decision.acknowledge(&read))
}

/// The gateway's own listen stream to upstream `server` (a `SubscriptionFilter`), or `None`.
#[pyfunction]
fn control_listen<'py>(
    py: Python<'py>,
    router: &Bound<'py, CoreRouter>,
    server: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let server = arg(server, "server")?;
    let d = router.borrow().inner.control_listen(&server).map_err(err_about(py, &server))?;
    to_py_json(py, &d)
}

/// What to do with a notification `server` sent on a stream opened for the client's stream
/// `subscription` (`NotificationDecision`), from what the `notification` probe found in it.
#[pyfunction]
fn decide_listened<'py>(
    py: Python<'py>,
    router: &Bound<'py, CoreRouter>,
    server: &Bound<'py, PyAny>,
    found: &Bound<'py, PyAny>,
    subscription: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let server = arg(server, "server")?;
    let subscription = json(subscription, "subscription")?;
    let found = finds(found, "found")?;
    let d = router.borrow_mut().inner.decide_listened(&server, &found, &subscription).map_err(err_about(py, ""))?;
    to_py_json(py, &d)
}

/// The gateway's own `notifications/<list>/list_changed` for the client's stream `subscription`.
#[pyfunction]
fn listen_notice<'py>(
    py: Python<'py>,
    router: &Bound<'py, CoreRouter>,
    list: &Bound<'py, PyAny>,
    subscription: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let list: Listed = variant(list, "list")?;
    let subscription = json(subscription, "subscription")?;
    to_py_json(py, &router.borrow().inner.listen_notice(list, &subscription))
}

/// The JSON-RPC error code to answer a client of revision `protocol_version` with for an
/// upstream's error `code`.
#[pyfunction]
#[pyo3(signature = (code, protocol_version=None))]
fn client_error_code(code: &Bound<'_, PyAny>, protocol_version: Option<&Bound<'_, PyAny>>) -> PyResult<i64> {
    let number = match code.extract::<i64>() {
        Ok(n) if !code.is_instance_of::<PyBool>() => n,
        _ => return Err(type_error("code", JsonType::Number, code)),
    };
    let version = optional(protocol_version, "protocol_version")?;
    Ok(error_code(number, version.as_deref().map_or(Era::Legacy, Era::of)))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(upstream_answered, m)?)?;
    m.add_function(wrap_pyfunction!(decide_discover, m)?)?;
    m.add_function(wrap_pyfunction!(decide_initialize, m)?)?;
    m.add_function(wrap_pyfunction!(incoming, m)?)?;
    m.add_function(wrap_pyfunction!(decide_params, m)?)?;
    m.add_function(wrap_pyfunction!(decide_response, m)?)?;
    m.add_function(wrap_pyfunction!(result_envelope, m)?)?;
    m.add_function(wrap_pyfunction!(decide_listen, m)?)?;
    m.add_function(wrap_pyfunction!(acknowledge, m)?)?;
    m.add_function(wrap_pyfunction!(control_listen, m)?)?;
    m.add_function(wrap_pyfunction!(decide_listened, m)?)?;
    m.add_function(wrap_pyfunction!(listen_notice, m)?)?;
    m.add_function(wrap_pyfunction!(client_error_code, m)?)?;
    Ok(())
}
