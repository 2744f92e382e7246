//! The router for Python: configuration in as a mapping (read by the core), names and URIs in as
//! strings, decisions out as tuples and dicts. The MCP objects stay in Python
//! (`mcp_naming/_router.py` keeps them and re-keys them by the placement that comes back, as
//! the npm package's `router.mjs` does in JavaScript). Decides nothing.

use super::convert::{arg, code_point_spans, err_about, json, strings, text, to_py, type_error};
use super::{method_options, options_json};
use mcp_naming::client::{self, Client};
use mcp_naming::router::{
    decode_name_header, encode_name_header, is_header_safe, page, tool_error_result, CompletionRef, Exposure, Kind,
    ListCache, ListItem, Listed, NameHeader, Notice, OnInvalid, Placement, Router, SearchOptionsOwned, Skipped,
    ToolText, UriKind,
};
use mcp_naming::{Diagnostic, Error, Json, Method};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

/// The keyword arguments of each method's options, and the keys they stand for.
pub(crate) const EXPOSE: &[(&str, &str)] = &[("on_invalid", "onInvalid")];
pub(crate) const LIST: &[(&str, &str)] = &[("cursor", "cursor"), ("page_size", "pageSize")];
pub(crate) const MAP: &[(&str, &str)] = &[("header", "header"), ("protocol_version", "protocolVersion")];
pub(crate) const VIEW: &[(&str, &str)] = &[("server", "server")];
pub(crate) const SEARCH: &[(&str, &str)] = &[("limit", "limit"), ("server", "server")];

/// A client view with its spans in code points (each tool's into its name, the view's into the
/// server name).
pub(crate) fn view_to_py<'py>(py: Python<'py>, mut view: client::View, server: &str) -> PyResult<Bound<'py, PyAny>> {
    for t in &mut view.tools {
        code_point_spans(&t.name, &mut t.diagnostics);
    }
    code_point_spans(server, &mut view.diagnostics);
    to_py(py, &view)
}

fn kind_of(kind: u32) -> PyResult<Result<Kind, UriKind>> {
    Ok(match kind {
        0 => Ok(Kind::Tool),
        1 => Ok(Kind::Prompt),
        2 => Err(UriKind::Resource),
        3 => Err(UriKind::Template),
        _ => return Err(PyTypeError::new_err(format!("unknown list kind {kind}"))),
    })
}

/// The core's `Router`, held by `mcp_naming.Router`. Unsendable: the core's router is not
/// `Send` (its style is a `Box<dyn Naming>`), so it stays on the thread that made it; the Python
/// side refuses calls from another thread with an error before they reach here.
#[pyclass(module = "mcp_naming._core", name = "CoreRouter", unsendable)]
pub struct CoreRouter {
    inner: Router,
}

type Exposed = (bool, Placement, Vec<Skipped>, Vec<Diagnostic>);

#[pymethods]
impl CoreRouter {
    /// `Router(config)`: the configuration (a mapping, read by `Router::from_json`).
    #[new]
    fn new(py: Python<'_>, config: &Bound<'_, PyAny>) -> PyResult<CoreRouter> {
        let inner = Router::from_json(&json(config, "config")?).map_err(err_about(py, ""))?;
        Ok(CoreRouter { inner })
    }

    /// What the host needs to answer hits itself: `(servers, qualified_prefix, builtins,
    /// aliases, segments, gateway, discovery)`, servers as `(name, pool, upstream_prefix)`,
    /// builtins as `(name, enabled)`, `discovery` whether the configuration has `discovery`
    /// (the host then hands the core its tools' texts from the start).
    fn facts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let r = &self.inner;
        let servers: Vec<(String, Option<String>, Option<String>)> =
            r.servers().iter().map(|s| (s.name.clone(), s.pool.clone(), s.upstream_prefix.clone())).collect();
        let builtins: Vec<(String, bool)> = r.builtins().map(|(b, on)| (b.to_string(), on)).collect();
        let aliases: Vec<(String, String)> = r.aliases().map(|(a, b)| (a.to_string(), b.to_string())).collect();
        (servers, r.qualified_prefix(), builtins, aliases, r.segments(), r.gateway(), r.discovery_configured())
            .into_pyobject(py)
    }

    /// Exposes one server's list of `kind` (0 tools, 1 prompts, 2 resources, 3 templates):
    /// `names` its items' names (or URIs); `bad` the items without a string name, as `(index,
    /// what they hold)`. Returns `(changed, segments, renamed, skipped, warnings)`: segments as
    /// `(slot, [(server, index, flags, name, header)])` with flags 1 enabled, 2 listed, 4 routed
    /// and `name` / `header` `None` where they are the upstream name itself; renamed as `(slot,
    /// pos, name, flags)`. `texts` (tools only, for search and discovery): per item its
    /// searchable text, `(description or None, [input parameter names])`.
    #[pyo3(signature = (kind, server, names, bad, skip, texts=None))]
    #[allow(clippy::too_many_arguments)]
    fn expose<'py>(
        &mut self,
        py: Python<'py>,
        kind: u32,
        server: &Bound<'py, PyAny>,
        names: &Bound<'py, PyList>,
        bad: Vec<(usize, String)>,
        skip: bool,
        texts: Option<&Bound<'py, PyList>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let server = arg(server, "server")?;
        let kind = kind_of(kind)?;
        let on_invalid = if skip { OnInvalid::Skip } else { OnInvalid::Throw };
        let owned: Vec<std::borrow::Cow<'_, str>> = names
            .iter()
            .map(|n| n.cast::<PyString>().map(|s| text(s).into_owned().into()).unwrap_or_default())
            .collect();
        let mut bad = bad.iter().peekable();
        let list: Vec<ListItem<'_>> = owned
            .iter()
            .enumerate()
            .map(|(i, name)| match bad.next_if(|(b, _)| *b == i) {
                Some((_, got)) => ListItem::Unnamed(got.as_str()),
                None => ListItem::Named(name),
            })
            .collect();
        let read = texts.map(read_texts).transpose()?;
        let exposed: Result<Exposed, Error> = match (kind, read) {
            (Ok(k), Some(read)) => {
                let params: Vec<Vec<&str>> = read.iter().map(|(_, p)| p.iter().map(|s| s.as_ref()).collect()).collect();
                let texts: Vec<ToolText<'_>> = read
                    .iter()
                    .zip(&params)
                    .map(|((d, _), p)| ToolText { description: d.as_deref(), parameters: p })
                    .collect();
                self.inner
                    .place_list_with(k, &server, &list, &texts, on_invalid)
                    .map(|e: Exposure| (e.changed, e.placement, e.skipped, e.warnings))
            }
            (Ok(k), None) => self
                .inner
                .place_list(k, &server, &list, on_invalid)
                .map(|e: Exposure| (e.changed, e.placement, e.skipped, e.warnings)),
            (Err(k), _) => self
                .inner
                .expose_uris(k, &server, &list, on_invalid)
                .map(|e| (e.changed, e.placement, e.skipped, e.warnings)),
        };
        let (changed, placement, skipped, warnings) = exposed.map_err(err_about(py, ""))?;
        let inner = &self.inner;
        let names = |slot: usize, pos: usize| match kind {
            Ok(k) => inner.placed(k, slot, pos),
            Err(k) => inner.placed_uri(k, slot, pos),
        };
        let segments = PyList::empty(py);
        for s in &placement.segments {
            let entries = PyList::empty(py);
            for (pos, e) in s.entries.iter().enumerate() {
                let flags = u32::from(e.enabled) | u32::from(e.listed) << 1 | u32::from(e.routed) << 2;
                let (name, upstream) = names(s.slot, pos).unwrap_or_default();
                let name = (name != upstream).then_some(name);
                let header = (!is_header_safe(upstream)).then(|| encode_name_header(upstream));
                entries.append((e.server, e.index, flags, name, header))?;
            }
            segments.append((s.slot, entries))?;
        }
        let renamed = PyList::empty(py);
        for r in &placement.renamed {
            let flags = u32::from(r.enabled) | u32::from(r.listed) << 1 | u32::from(r.routed) << 2;
            renamed.append((r.slot, r.pos, r.name.as_str(), flags))?;
        }
        (changed, segments, renamed, to_py(py, &skipped)?, to_py(py, &warnings)?).into_pyobject(py)
    }

    /// Where a `tools/call` (0), `prompts/get` (1) or `resources/read` (2) of `name` goes, the
    /// request's `Mcp-Name` header checked: `(server, upstream, header)`, or the error.
    #[pyo3(signature = (kind, name, header=None, protocol_version=None))]
    fn target(
        &self,
        py: Python<'_>,
        kind: u32,
        name: &Bound<'_, PyAny>,
        header: Option<String>,
        protocol_version: Option<String>,
    ) -> PyResult<(String, String, String)> {
        let name = arg(name, "name")?;
        let h = NameHeader::new(header.as_deref(), protocol_version.as_deref());
        let t = match kind {
            0 => self.inner.call_target(&name, h),
            1 => self.inner.prompt_target(&name, h),
            _ => self.inner.resource_target(&name, h),
        };
        let t = t.map_err(err_about(py, &name))?;
        Ok((t.server, t.upstream, t.header))
    }

    /// Where a `completion/complete` goes: `kind` its `ref.type`, `value` its `ref.name` or
    /// `ref.uri`; `(server, upstream, header)`, or the error.
    fn completion_target(
        &self,
        py: Python<'_>,
        kind: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<(String, String, String)> {
        let (kind, value) = (arg(kind, "kind")?, arg(value, "value")?);
        let reference = CompletionRef::new(&kind, &value).map_err(err_about(py, ""))?;
        let t = self.inner.completion_target(reference).map_err(err_about(py, &value))?;
        Ok((t.server, t.upstream, t.header))
    }

    /// A tool's UI resource URI as the client should see it: `(uri, warning or None)`.
    fn ui_resource<'py>(
        &mut self,
        py: Python<'py>,
        server: &Bound<'py, PyAny>,
        tool: &Bound<'py, PyAny>,
        uri: &Bound<'py, PyAny>,
    ) -> PyResult<(String, Bound<'py, PyAny>)> {
        let (server, tool, uri) = (arg(server, "server")?, arg(tool, "tool")?, arg(uri, "uri")?);
        let mut r = self.inner.ui_resource(&server, &tool, &uri).map_err(err_about(py, ""))?;
        if let Some(w) = r.warning.as_mut() {
            code_point_spans(&uri, std::slice::from_mut(w));
        }
        Ok((r.uri, to_py(py, &r.warning)?))
    }

    /// The descriptions the configuration gives server `server`'s tools (`upstreams`, its list's
    /// names): `[(index, description)]` for those it gives one, in one crossing.
    fn descriptions(&self, server: usize, upstreams: &Bound<'_, PyAny>) -> PyResult<Vec<(usize, String)>> {
        Ok(strings(upstreams, "upstreams")?
            .iter()
            .enumerate()
            .filter_map(|(i, u)| self.inner.description_of(server, u).map(|d| (i, d.to_string())))
            .collect())
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
        let server = method_options(py, options, kwargs, VIEW, Method::View)?.server;
        let server = server.as_deref().unwrap_or_else(|| self.inner.gateway());
        view_to_py(py, client::view_of(&self.inner, client, server), server)
    }

    /// The URI a client should see for a URI `server` returned in a result.
    fn rewrite_uri(&mut self, py: Python<'_>, server: &Bound<'_, PyAny>, uri: &Bound<'_, PyAny>) -> PyResult<String> {
        let (server, uri) = (arg(server, "server")?, arg(uri, "uri")?);
        self.inner.rewrite_uri(&server, &uri).map_err(err_about(py, ""))
    }

    /// `router.migrate_name(name, source)`.
    fn migrate(&self, py: Python<'_>, name: &Bound<'_, PyAny>, source: PyRef<'_, CoreRouter>) -> PyResult<String> {
        let name = arg(name, "name")?;
        self.inner.migrate(&name, &source.inner).map_err(err_about(py, &name))
    }

    /// `router.route(name)`, for a name the host's table does not answer.
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

    /// `router.is_enabled(name)`.
    fn is_enabled(&self, name: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.is_enabled(&arg(name, "name")?))
    }

    /// `router.expose_resource(server, uri)`: the exposed URI.
    fn expose_resource(
        &mut self,
        py: Python<'_>,
        server: &Bound<'_, PyAny>,
        uri: &Bound<'_, PyAny>,
    ) -> PyResult<String> {
        let (server, uri) = (arg(server, "server")?, arg(uri, "uri")?);
        self.inner.expose_resource(&server, &uri).map_err(err_about(py, &uri))
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
        let o = match options_json(options, kwargs, SEARCH, "options")? {
            None => SearchOptionsOwned::default(),
            Some(j) => SearchOptionsOwned::from_json(&j).map_err(err_about(py, ""))?,
        };
        let hits = self.inner.search_tools(&query, &o.as_options()).map_err(err_about(py, &query))?;
        to_py(py, &hits)
    }

    /// While discovery is on, the names of the tools listed beside the meta-tools
    /// (`discovery.always`), in the order clients see them; `None` while it is off.
    fn discovery_listing(&self) -> Option<Vec<String>> {
        self.inner.discovery_listing().map(|names| names.into_iter().map(String::from).collect())
    }

    /// The meta-tool a `tools/call` of `name` is (`"search_tools"`, `"get_tool_details"`,
    /// `"call_tool"`), or `None`.
    fn meta_tool(&self, name: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
        Ok(self.inner.meta_tool(&arg(name, "name")?).map(|m| m.name()))
    }

    /// The MCP tool result of a `search_tools` call with `arguments` (an `isError` result for
    /// bad arguments).
    fn search_result<'py>(&self, py: Python<'py>, arguments: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let arguments = json(arguments, "params.arguments")?;
        let answer = self.inner.search_result(&arguments);
        to_py(py, &answer.unwrap_or_else(|e| tool_error_result(&e)))
    }

    /// The tool a `get_tool_details` call with `arguments` names: `((name, server_index,
    /// upstream), None)`, or `(None, result)` (an `isError` result) when it names none.
    #[allow(clippy::type_complexity)]
    fn details_target<'py>(
        &self,
        py: Python<'py>,
        arguments: &Bound<'py, PyAny>,
    ) -> PyResult<(Option<(String, usize, String)>, Bound<'py, PyAny>)> {
        let arguments = json(arguments, "params.arguments")?;
        Ok(match self.inner.details_target(&arguments) {
            Ok(t) => (Some((t.name, t.server_index, t.upstream)), py.None().into_bound(py)),
            Err(e) => (None, to_py(py, &tool_error_result(&e))?),
        })
    }

    /// The MCP tool result of `get_tool_details` for the tool `details_target` gave: `object`
    /// (the tool object as the host lists it) under its exposed name.
    fn details_result<'py>(
        &self,
        py: Python<'py>,
        name: &Bound<'py, PyAny>,
        server_index: usize,
        upstream: &Bound<'py, PyAny>,
        object: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (name, upstream) = (arg(name, "name")?, arg(upstream, "upstream")?);
        let object = json(object, "tool")?;
        to_py(py, &self.inner.details_of(&name, server_index, &upstream, &object))
    }

    /// Checks a request's `Mcp-Name` header against the called `name`: the error
    /// `name_mismatch` when they disagree (or the header is missing from revision 2026-07-28 on).
    #[pyo3(signature = (name, header=None, protocol_version=None))]
    fn check_header(
        &self,
        py: Python<'_>,
        name: &Bound<'_, PyAny>,
        header: Option<String>,
        protocol_version: Option<String>,
    ) -> PyResult<()> {
        let name = arg(name, "name")?;
        NameHeader::new(header.as_deref(), protocol_version.as_deref()).check(&name).map_err(err_about(py, &name))
    }

    /// Where a `call_tool` call goes: `name` the called name (what the `Mcp-Name` header is
    /// checked against), `arguments` its arguments, of which only `name` crosses whole (of the
    /// inner `arguments`, only its type): `(server, upstream, header)`, or the error.
    #[pyo3(signature = (name, arguments, header=None, protocol_version=None))]
    fn call_tool_target(
        &self,
        py: Python<'_>,
        name: &Bound<'_, PyAny>,
        arguments: &Bound<'_, PyAny>,
        header: Option<String>,
        protocol_version: Option<String>,
    ) -> PyResult<(String, String, String)> {
        let name = arg(name, "name")?;
        NameHeader::new(header.as_deref(), protocol_version.as_deref()).check(&name).map_err(err_about(py, &name))?;
        let arguments = shallow(arguments)?;
        let inner_name = match &arguments {
            Json::Object(m) => m.iter().find(|(k, _)| k == "name").and_then(|(_, v)| v.as_str()).unwrap_or(""),
            _ => "",
        };
        let t = self.inner.call_tool_target(&arguments).map_err(err_about(py, inner_name))?;
        Ok((t.server, t.upstream, t.header))
    }

    /// The index of the configured server `server`, or its `unknown_server` error.
    fn server_index(&self, py: Python<'_>, server: &Bound<'_, PyAny>) -> PyResult<usize> {
        let server = arg(server, "server")?;
        self.inner.server(&server).map_err(err_about(py, ""))
    }
}

/// The texts `expose` takes: per item `(description or None, [parameter names])`, the strings
/// as the names are read (lone surrogates replaced).
#[allow(clippy::type_complexity)]
fn read_texts(texts: &Bound<'_, PyList>) -> PyResult<Vec<(Option<String>, Vec<String>)>> {
    let mut out = Vec::with_capacity(texts.len());
    for (i, item) in texts.iter().enumerate() {
        let (description, parameters): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
        let description =
            if description.is_none() { None } else { Some(string_of(&description, &format!("texts[{i}][0]"))?) };
        let parameters = parameters
            .cast::<PyList>()
            .map_err(|_| type_error(&format!("texts[{i}][1]"), "a list of str", &parameters))?;
        let mut names = Vec::with_capacity(parameters.len());
        for (k, p) in parameters.iter().enumerate() {
            names.push(string_of(&p, &format!("texts[{i}][1][{k}]"))?);
        }
        out.push((description, names));
    }
    Ok(out)
}

fn string_of(value: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    value.cast::<PyString>().map(|s| text(s).into_owned()).map_err(|_| type_error(what, "str", value))
}

/// `call_tool`'s arguments with only what the core reads: `name` whole; the inner `arguments`
/// (and any other member that is a container) as an empty object or array of its type (a
/// payload stays in Python); other members as they are (so that unknown keys are named).
fn shallow(arguments: &Bound<'_, PyAny>) -> PyResult<Json> {
    let Ok(members) = arguments.cast::<PyDict>() else {
        return if arguments.is_instance_of::<PyList>() || arguments.is_instance_of::<PyTuple>() {
            Ok(Json::Array(Vec::new()))
        } else {
            json(arguments, "params.arguments")
        };
    };
    let mut out = Vec::with_capacity(members.len());
    for (k, v) in members.iter() {
        let Ok(key) = k.cast::<PyString>() else {
            return Err(type_error("params.arguments key", "str", &k));
        };
        let key = text(key).into_owned();
        let value = if key == "name" {
            json(&v, "params.arguments[\"name\"]")?
        } else if v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>() {
            Json::Array(Vec::new())
        } else if v.is_instance_of::<PyDict>() || v.cast::<pyo3::types::PyMapping>().is_ok() {
            Json::Object(Vec::new())
        } else {
            json(&v, &format!("params.arguments[{key:?}]"))?
        };
        out.push((key, value));
    }
    Ok(Json::Object(out))
}

/// What to do with an upstream notification of `method`: 0 forward it, 1 forward it with its
/// `params.uri` rewritten, 2 re-list the server's tools, 3 its prompts, 4 its resources.
#[pyfunction]
fn notice(method: &Bound<'_, PyAny>) -> PyResult<u32> {
    Ok(match Notice::of(&arg(method, "method")?) {
        Notice::ResourceUpdated => 1,
        Notice::Relist(Listed::Tools) => 2,
        Notice::Relist(Listed::Prompts) => 3,
        Notice::Relist(Listed::Resources) => 4,
        _ => 0,
    })
}

/// What a merged list may say about caching, from what each upstream list said (`lists`: for
/// each, a mapping with the upstream result's `ttlMs` and `cacheScope`, or `None` for a server
/// that has not listed): `{ "ttlMs"?, "cacheScope"? }`, the MCP members as they are.
#[pyfunction]
fn merge_list_cache<'py>(py: Python<'py>, lists: &Bound<'py, PyList>) -> PyResult<Bound<'py, PyDict>> {
    let mut read = Vec::with_capacity(lists.len());
    for l in lists.iter() {
        if !l.is_none() {
            read.push(ListCache::from_result(&json(&l, "list")?));
        }
    }
    let merged = ListCache::merge(read);
    let out = PyDict::new(py);
    if let Some(ttl) = merged.ttl_ms {
        out.set_item("ttlMs", to_py(py, &ttl)?)?;
    }
    if let Some(scope) = merged.cache_scope {
        out.set_item("cacheScope", to_py(py, &scope)?)?;
    }
    Ok(out)
}

/// Whether an `expose_*` call's options (read by the core) ask to skip invalid items.
#[pyfunction]
#[pyo3(signature = (options=None, **kwargs))]
fn expose_skips(
    py: Python<'_>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<bool> {
    Ok(method_options(py, options, kwargs, EXPOSE, Method::Expose)?.on_invalid == OnInvalid::Skip)
}

/// A `map_*` call's options (read by the core): `(header, protocol_version)`, or `None` when
/// none are given (a hit is then answered by the host).
#[pyfunction]
#[pyo3(signature = (options=None, **kwargs))]
fn map_options(
    py: Python<'_>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Option<(Option<String>, Option<String>)>> {
    if options.is_none_or(|o| o.is_none()) && kwargs.is_none_or(|k| k.is_empty()) {
        return Ok(None);
    }
    let o = method_options(py, options, kwargs, MAP, Method::Map)?;
    Ok(Some((o.header, o.protocol_version)))
}

/// Which page of a list of `total` items at `generation` a list call's options (`{ cursor,
/// pageSize }`, read by the core) ask for: `(start, end, next_cursor or None)`.
#[pyfunction]
#[pyo3(signature = (total, generation, options=None, **kwargs))]
fn list_page(
    py: Python<'_>,
    total: usize,
    generation: u32,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<(usize, usize, Option<String>)> {
    let o = method_options(py, options, kwargs, LIST, Method::List)?;
    let p = page(total, generation, o.cursor.as_deref(), o.page_size.map(|n| n as usize)).map_err(err_about(py, ""))?;
    Ok((p.start, p.end, p.next_cursor))
}

/// The error for a list result of the wrong shape (`key` the list's member, `result_got` what
/// the result is when it is not a mapping or a list, `member_got` what its member is, `None`
/// when missing), raised.
#[pyfunction]
#[pyo3(signature = (key, result_got=None, member_got=None))]
fn list_shape_error(py: Python<'_>, key: &str, result_got: Option<String>, member_got: Option<String>) -> PyErr {
    let e = mcp_naming::router::list_shape_error(key, result_got.as_deref(), member_got.as_deref());
    super::convert::error(py, "", &e)
}

/// The error the core words for a value that is not what it should be (`message`), raised as
/// an `invalid_argument` `NamingError`.
#[pyfunction]
fn invalid_argument(py: Python<'_>, message: String) -> PyErr {
    super::convert::invalid(py, message)
}

/// The type of a value as the core words it: `a string`, `an array`, `null`.
#[pyfunction]
fn described(value: &Bound<'_, PyAny>) -> &'static str {
    if value.is_none() {
        "null"
    } else if value.is_instance_of::<PyString>() {
        "a string"
    } else if value.is_instance_of::<pyo3::types::PyBool>() {
        "a boolean"
    } else if value.is_instance_of::<pyo3::types::PyInt>() || value.is_instance_of::<pyo3::types::PyFloat>() {
        "a number"
    } else if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        "an array"
    } else {
        "an object"
    }
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

/// The discovery meta-tools' definitions (`{ name, description, inputSchema }`), as
/// `tools/list` shows them.
#[pyfunction]
fn meta_tools(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_py(py, &mcp_naming::router::meta_tools())
}

/// The names in a list, as strings (a `TypeError` for another item).
#[pyfunction]
fn check_strings(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<String>> {
    strings(value, what)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<CoreRouter>()?;
    m.add_function(wrap_pyfunction!(notice, m)?)?;
    m.add_function(wrap_pyfunction!(merge_list_cache, m)?)?;
    m.add_function(wrap_pyfunction!(expose_skips, m)?)?;
    m.add_function(wrap_pyfunction!(map_options, m)?)?;
    m.add_function(wrap_pyfunction!(list_page, m)?)?;
    m.add_function(wrap_pyfunction!(list_shape_error, m)?)?;
    m.add_function(wrap_pyfunction!(invalid_argument, m)?)?;
    m.add_function(wrap_pyfunction!(described, m)?)?;
    m.add_function(wrap_pyfunction!(encode_mcp_name_header, m)?)?;
    m.add_function(wrap_pyfunction!(decode_mcp_name_header, m)?)?;
    m.add_function(wrap_pyfunction!(check_strings, m)?)?;
    m.add_function(wrap_pyfunction!(meta_tools, m)?)?;
    Ok(())
}
