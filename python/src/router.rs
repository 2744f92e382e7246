//! The router for Python: the core's decisions (`mcp_naming::router::decide`) with their types
//! converted, nothing decided. What the package's probe walker found crosses as the core's
//! `Found`; decisions, host facts and tables come back with their JSON keys, as the generated
//! `mcp_naming/_contract.pyi` declares them; `mcp_naming/_router.py` applies them to the
//! Python objects it keeps (dicts, or the `mcp` SDK's models), as the npm package's glue and
//! the core's reference applier (`mcp_naming::router::Gateway`) do with theirs.

use super::convert::{
    arg, code_point_spans, err_about, error, finds, got, json, scalar, text, to_py, to_py_json, type_error,
};
use super::{method_options, options_json};
use mcp_naming::client::{self, Client};
use mcp_naming::dialect::{not_a, JsonType};
use mcp_naming::router::decide::{
    host_tables, tool_text_parts, Accept, Exposed, ListKind, ListRequest, Listing, Method as Decided, Request, FLAGS,
};
use mcp_naming::router::probe::{Found, Scalar};
use mcp_naming::router::{
    decode_name_header, encode_name_header, is_header_safe, list_shape_error, ListCache, ListItem, Router,
    RouterConfig, SearchOptionsOwned, ToolText,
};
use mcp_naming::{Code, Json, Method};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use serde::de::value::{Error as DeError, StrDeserializer};
use serde::Deserialize;

/// A client view with its spans in code points (each tool's into its name, the view's into the
/// server name).
pub(crate) fn view_to_py<'py>(py: Python<'py>, mut view: client::View, server: &str) -> PyResult<Bound<'py, PyAny>> {
    for t in &mut view.tools {
        code_point_spans(&t.name, &mut t.diagnostics);
    }
    code_point_spans(server, &mut view.diagnostics);
    to_py(py, &view)
}

/// One of the contract's unit enums (`ListKind`, `Method`, `Accept`) from its JSON spelling.
pub(crate) fn variant<'de, T: Deserialize<'de>>(value: &'de Bound<'_, PyAny>, what: &str) -> PyResult<T> {
    let text = value.cast::<PyString>().map_err(|_| type_error(what, JsonType::String, value))?;
    let text = text.to_str()?;
    T::deserialize(StrDeserializer::<DeError>::new(text))
        .map_err(|e| error(value.py(), "", &mcp_naming::Error::invalid_argument(format!("{what}: {e}"))))
}

/// The flags of a placed entry, as [`FLAGS`] numbers them.
fn flags(enabled: bool, listed: bool, routed: bool) -> u32 {
    (if enabled { FLAGS.enabled } else { 0 })
        | (if listed { FLAGS.listed } else { 0 })
        | (if routed { FLAGS.routed } else { 0 })
}

/// The core's `Router`, held by `mcp_naming.Router`. Unsendable: the core's router is not
/// `Send` (its style is a `Box<dyn Naming>`), so it stays on the thread that made it; the Python
/// side refuses calls from another thread with an error before they reach here.
#[pyclass(module = "mcp_naming._core", name = "CoreRouter", unsendable)]
pub struct CoreRouter {
    pub(crate) inner: Router,
}

#[pymethods]
impl CoreRouter {
    /// `Router(config, **kwargs)`: the configuration (a mapping, read by `Router::from_json`),
    /// its top-level keys also as keyword arguments in snake_case.
    #[new]
    #[pyo3(signature = (config=None, **kwargs))]
    fn new(
        py: Python<'_>,
        config: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<CoreRouter> {
        let config = match options_json(py, config, kwargs, RouterConfig::KEYS, "config", Code::InvalidConfig)? {
            Some(c) => c,
            None => Json::Null,
        };
        let inner = Router::from_json(&config).map_err(err_about(py, ""))?;
        Ok(CoreRouter { inner })
    }

    /// The facts of this router a host applies decisions with (`HostFacts`).
    fn host_facts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py_json(py, &self.inner.host_facts())
    }

    /// The gateway's own server name as clients see it.
    fn gateway(&self) -> &str {
        self.inner.gateway()
    }

    /// Exposes server `server`'s list `list` (a `ListKind`): `names` per item its identifying
    /// member as found (a `str`, a `Scalar` of what it is instead, `None` when the item has
    /// none); `finds` `[(index, [Found])]` what the `tool` probe found (tools only); `texts` per
    /// item what the `toolText` probe found (tools, while the router searches); `cache` the list
    /// result's caching members; `headers` `[(index, [Found])]` what the `toolHeaders` probe
    /// found (tools only: the `x-mcp-header` annotations). Options: `on_invalid`. Returns `{ segments: [(slot, [(server,
    /// index, flags, name, header)])], renamed: [(slot, pos, name, flags)], changed, skipped,
    /// warnings, views, exposed }`: flags as `host_tables()["flags"]` numbers them, `name` /
    /// `header` `None` where they are the upstream name itself; views as `View`.
    #[pyo3(signature = (list, server, names, finds, texts, cache, headers, options=None, **kwargs))]
    #[allow(clippy::too_many_arguments)]
    fn expose<'py>(
        &mut self,
        py: Python<'py>,
        list: &Bound<'py, PyAny>,
        server: &Bound<'py, PyAny>,
        names: &Bound<'py, PyList>,
        finds: Vec<(u32, Bound<'py, PyAny>)>,
        texts: Option<&Bound<'py, PyList>>,
        cache: &Bound<'py, PyAny>,
        headers: Vec<(u32, Bound<'py, PyAny>)>,
        options: Option<&Bound<'py, PyAny>>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let list: ListKind = variant(list, "list")?;
        let server = arg(server, "server")?;
        let on_invalid = method_options(py, options, kwargs, Method::Expose)?.on_invalid;
        let read: Vec<Option<Scalar>> = names.iter().map(|n| named(&n)).collect::<PyResult<_>>()?;
        let items: Vec<ListItem<'_>> = read.iter().map(|s| ListItem::of(s.as_ref())).collect();
        let finds: Vec<(u32, Vec<Found>)> =
            finds.iter().map(|(i, f)| Ok((*i, self::finds(f, "finds")?))).collect::<PyResult<_>>()?;
        let headers: Vec<(u32, Vec<Found>)> =
            headers.iter().map(|(i, f)| Ok((*i, self::finds(f, "headers")?))).collect::<PyResult<_>>()?;
        let found: Option<Vec<Vec<Found>>> =
            texts.map(|t| t.iter().map(|f| self::finds(&f, "texts")).collect::<PyResult<_>>()).transpose()?;
        let parts: Vec<(Option<&str>, Vec<&str>)> = found.iter().flatten().map(|f| tool_text_parts(f)).collect();
        let texts: Vec<ToolText<'_>> =
            parts.iter().map(|(description, p)| ToolText { description: *description, parameters: p }).collect();
        let mut listing = Listing::new(&items);
        listing.finds = &finds;
        listing.texts = found.is_some().then_some(&texts[..]);
        listing.cache = ListCache::from_result(&json(cache, "cache")?);
        listing.headers = &headers;
        let d = self.inner.decide_expose(list, &server, &listing, on_invalid, true).map_err(err_about(py, ""))?;
        let inner = &self.inner;
        let names = |slot: usize, pos: usize| match list {
            ListKind::Tools => inner.placed(mcp_naming::router::Kind::Tool, slot, pos),
            ListKind::Prompts => inner.placed(mcp_naming::router::Kind::Prompt, slot, pos),
            ListKind::Resources => inner.placed_uri(mcp_naming::router::UriKind::Resource, slot, pos),
            _ => inner.placed_uri(mcp_naming::router::UriKind::Template, slot, pos),
        };
        let segments = PyList::empty(py);
        for s in &d.placement.segments {
            let entries = PyList::empty(py);
            for (pos, e) in s.entries.iter().enumerate() {
                let (name, upstream) = names(s.slot, pos).unwrap_or_default();
                let name = (name != upstream).then_some(name);
                let header = (!is_header_safe(upstream)).then(|| encode_name_header(upstream));
                entries.append((e.server, e.index, flags(e.enabled, e.listed, e.routed), name, header))?;
            }
            segments.append((s.slot, entries))?;
        }
        let renamed = PyList::empty(py);
        for r in &d.placement.renamed {
            renamed.append((r.slot, r.pos, r.name.as_str(), flags(r.enabled, r.listed, r.routed)))?;
        }
        let out = PyDict::new(py);
        out.set_item("segments", segments)?;
        out.set_item("renamed", renamed)?;
        out.set_item("changed", d.changed)?;
        out.set_item("skipped", to_py(py, &d.skipped)?)?;
        out.set_item("warnings", to_py(py, &d.warnings)?)?;
        out.set_item("views", to_py_json(py, &d.views)?)?;
        out.set_item(
            "exposed",
            match &d.exposed {
                Exposed::Tools(t) => to_py(py, t)?,
                Exposed::Resources(r) => to_py(py, r)?,
                _ => PyList::empty(py).into_any(),
            },
        )?;
        Ok(out)
    }

    /// What to do with a client's request (`RequestDecision`): `method` a `Method`, `found`
    /// what its probe found in the params, `accept` an `Accept`, `meta` what the `requestMeta`
    /// probe found in them (MCP 2026-07-28; `None`: `_meta` passes as it is); options `header`
    /// (the request's `Mcp-Name`) and `protocol_version`.
    #[pyo3(signature = (method, found, accept, options=None, *, meta=None, **kwargs))]
    #[allow(clippy::too_many_arguments)]
    fn decide_request<'py>(
        &self,
        py: Python<'py>,
        method: &Bound<'py, PyAny>,
        found: &Bound<'py, PyAny>,
        accept: &Bound<'py, PyAny>,
        options: Option<&Bound<'py, PyAny>>,
        meta: Option<&Bound<'py, PyAny>>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let method: Decided = variant(method, "method")?;
        let mut request = Request::new(method, finds(found, "found")?);
        request.accept = variant::<Accept>(accept, "accept")?;
        if let Some(meta) = meta.filter(|m| !m.is_none()) {
            request.meta = finds(meta, "meta")?;
        }
        let o = method_options(py, options, kwargs, Method::Map)?;
        request.header = o.header;
        request.protocol_version = o.protocol_version;
        match self.inner.decide_request(&request) {
            Ok(d) => to_py_json(py, &d),
            Err(e) => Err(error(py, request.subject(&e), &e)),
        }
    }

    /// Which items a page of list `list` holds (`ListDecision`), of `total` shown items at
    /// `generation`, for a client of revision `protocol_version` (`None`: 2025-11-25 and
    /// before); options `cursor` and `page_size`.
    #[pyo3(signature = (list, total, generation, options=None, *, protocol_version=None, **kwargs))]
    #[allow(clippy::too_many_arguments)]
    fn decide_list<'py>(
        &self,
        py: Python<'py>,
        list: &Bound<'py, PyAny>,
        total: u32,
        generation: u32,
        options: Option<&Bound<'py, PyAny>>,
        protocol_version: Option<&Bound<'py, PyAny>>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let o = method_options(py, options, kwargs, Method::List)?;
        let mut request = ListRequest::new(variant(list, "list")?, total, generation);
        request.protocol_version = optional(protocol_version, "protocol_version")?;
        request.cursor = o.cursor;
        request.page_size = o.page_size.map(|n| Json::Number(f64::from(n)));
        to_py_json(py, &self.inner.decide_list(&request).map_err(err_about(py, ""))?)
    }

    /// What to do with a notification `server` sent (`NotificationDecision`), from what the
    /// `notification` probe found in it.
    fn decide_notification<'py>(
        &mut self,
        py: Python<'py>,
        server: &Bound<'py, PyAny>,
        found: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let server = arg(server, "server")?;
        let d = self.inner.decide_notification(&server, &finds(found, "found")?).map_err(err_about(py, ""))?;
        to_py_json(py, &d)
    }

    /// What to do with a result from `server` (`ResultDecision`), from what the `result` probe
    /// found in it.
    fn decide_result<'py>(
        &mut self,
        py: Python<'py>,
        server: &Bound<'py, PyAny>,
        found: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let server = arg(server, "server")?;
        let d = self.inner.decide_result(&server, &finds(found, "found")?).map_err(err_about(py, ""))?;
        to_py_json(py, &d)
    }

    /// Code mode (issue 37): the catalog code mode projects, `[{ server, label, tools: [{ name,
    /// part }] }]` (the Python side adds the tool objects it keeps).
    fn code_mode_catalog<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.code_mode_catalog())
    }

    /// What `client` shows of this gateway's tools, the user having named the gateway `server`
    /// (default: the configured gateway name).
    #[pyo3(signature = (client, options=None, **kwargs))]
    fn client_view<'py>(
        &self,
        py: Python<'py>,
        client: &Bound<'py, PyAny>,
        options: Option<&Bound<'py, PyAny>>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let client = arg(client, "client")?;
        let client: Client = client.parse().map_err(err_about(py, &client))?;
        let server = method_options(py, options, kwargs, Method::View)?.server;
        let server = server.as_deref().unwrap_or_else(|| self.inner.gateway());
        view_to_py(py, client::view_of(&self.inner, client, server), server)
    }

    /// `router.migrate_name(name, source)`.
    fn migrate(&self, py: Python<'_>, name: &Bound<'_, PyAny>, source: &Bound<'_, PyAny>) -> PyResult<String> {
        let name = arg(name, "name")?;
        let source = source.cast::<CoreRouter>().map_err(|_| {
            let mut host = String::new();
            error(py, "", &not_a("source", "a Router", got(source, &mut host)))
        })?;
        self.inner.migrate(&name, &source.borrow().inner).map_err(err_about(py, &name))
    }

    /// `router.route(name)`.
    fn route<'py>(&self, py: Python<'py>, name: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let name = arg(name, "name")?;
        let r = self.inner.route(&name).map_err(err_about(py, &name))?;
        to_py(py, &r)
    }

    /// `router.try_route(name)`.
    fn try_route<'py>(&self, py: Python<'py>, name: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let name = arg(name, "name")?;
        to_py(py, &self.inner.try_route(&name))
    }

    /// `router.tools()`: the enabled exposed tools, in list order.
    fn tools<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.tools().collect::<Vec<_>>())
    }

    /// `router.is_enabled(name)`.
    fn is_enabled(&self, name: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.is_enabled(&arg(name, "name")?))
    }

    /// `router.route_resource(uri)`: `{ server, uri }`.
    fn route_resource<'py>(&self, py: Python<'py>, uri: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let uri = arg(uri, "uri")?;
        let r = self.inner.route_resource(&uri).map_err(err_about(py, &uri))?;
        to_py(py, &r)
    }

    /// `router.search_tools(query, options, **kwargs)`: `[{ name, server, upstream, score,
    /// matched, description? }]`, best first, or the error.
    #[pyo3(signature = (query, options=None, **kwargs))]
    fn search_tools<'py>(
        &self,
        py: Python<'py>,
        query: &Bound<'py, PyAny>,
        options: Option<&Bound<'py, PyAny>>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let query = arg(query, "query")?;
        let keys = SearchOptionsOwned::KEYS;
        let o = match options_json(py, options, kwargs, keys, "options", Code::InvalidArgument)? {
            None => SearchOptionsOwned::default(),
            Some(j) => SearchOptionsOwned::from_json(&j).map_err(err_about(py, ""))?,
        };
        let hits = self.inner.search_tools(&query, &o.as_options()).map_err(err_about(py, &query))?;
        to_py(py, &hits)
    }
}

/// An optional string argument `what` (`None` for `None`).
pub(crate) fn optional(value: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<String>> {
    match value.filter(|v| !v.is_none()) {
        Some(v) => Ok(Some(arg(v, what)?.into_owned())),
        None => Ok(None),
    }
}

/// What a walker found where an item's name should be: a `str`, a `Scalar` (`{ type }`) of
/// what is there instead, or `None` for nothing.
fn named(value: &Bound<'_, PyAny>) -> PyResult<Option<Scalar>> {
    if value.is_none() {
        return Ok(None);
    }
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(Some(Scalar::String(text(s).into_owned())));
    }
    scalar(value, "names").map(Some)
}

/// The tables every host reads once (`HostTables`).
#[pyfunction]
fn host_tables_py(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_py_json(py, &host_tables())
}

/// The error for a list result of the wrong shape, raised: `list` a `ListKind`, `result` what
/// the result is when it is neither an object nor an array (a `Scalar`), else `member` what its
/// list member is (`None`: missing).
#[pyfunction]
#[pyo3(signature = (list, result=None, member=None))]
fn list_shape(
    py: Python<'_>,
    list: &Bound<'_, PyAny>,
    result: Option<&Bound<'_, PyAny>>,
    member: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyErr> {
    let list: ListKind = variant(list, "list")?;
    let word = |v: Option<&Bound<'_, PyAny>>| -> PyResult<Option<&'static str>> {
        Ok(match v {
            Some(v) if !v.is_none() => Some(scalar(v, "result")?.described()),
            _ => None,
        })
    };
    Ok(error(py, "", &list_shape_error(list.key(), word(result)?, word(member)?)))
}

/// The probe a request of `method` (a `Method`) is read with (a `Probe`).
#[pyfunction]
fn request_probe<'py>(py: Python<'py>, method: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    to_py_json(py, &variant::<Decided>(method, "method")?.probe())
}

/// A value's JSON text, compact, as the core writes it (`get_tool_details`' text).
#[pyfunction]
fn json_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(json(value, "value")?.to_text())
}

/// `encode_mcp_name_header(value)`.
#[pyfunction]
fn encode_mcp_name_header(value: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(encode_name_header(&arg(value, "value")?))
}

/// `decode_mcp_name_header(header)`.
#[pyfunction]
fn decode_mcp_name_header(py: Python<'_>, header: &Bound<'_, PyAny>) -> PyResult<String> {
    let header = arg(header, "header")?;
    decode_name_header(&header).map_err(err_about(py, &header))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<CoreRouter>()?;
    m.add("host_tables", wrap_pyfunction!(host_tables_py, m)?)?;
    m.add_function(wrap_pyfunction!(list_shape, m)?)?;
    m.add_function(wrap_pyfunction!(request_probe, m)?)?;
    m.add_function(wrap_pyfunction!(json_text, m)?)?;
    m.add_function(wrap_pyfunction!(encode_mcp_name_header, m)?)?;
    m.add_function(wrap_pyfunction!(decode_mcp_name_header, m)?)?;
    Ok(())
}
