"""The Router's host half: an applier of the core's decisions. It keeps the MCP objects the
gateway hands it (dicts, or the ``mcp`` SDK's models) and a mirror of where the core placed
their names (with the table of routed names, so that hits never enter the core); every other
method reads its arguments, walks them with the core's probe (``_probe.find``), hands the core
what it found and applies the decision that comes back (``_probe.apply``). It decides nothing:
the decisions and their types are the core's (``mcp_naming/_contract.pyi``), as the npm
package's glue and the core's reference applier, ``mcp_naming::router::Gateway``, apply them.
"""

from __future__ import annotations

import base64
import os
import sys
import threading
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, TypeVar, cast

from . import _core
from ._probe import MISSING, apply, compile_patterns, find, find_paths, given, is_model, is_object, member, plain, scalar, with_member
from .types import CodeMode, ClientView, ExposedTool, Listed, Mapped, McpObject, Relay, RequestMethod, ResourceExposure, ResourceRoute, ResponseRewrite, Route, SearchHit, ToolExposure, ToolResult

if TYPE_CHECKING:
    from ._contract import Edit, Found, HostFacts, HostTables, ListenDecision, ListKind, Method, ParamsRequest, RequestDecision, SubscriptionFilter, UpstreamDecision, View

T = TypeVar("T")

_TABLES: HostTables = _core.host_tables()
_PROBES = {t["probe"]: compile_patterns(t["patterns"]) for t in _TABLES["probes"]}
_REQUESTS = {m: _PROBES[_core.request_probe(m)] for m in ("tools/call", "tools/call#meta", "prompts/get", "resources/read", "resources/subscribe", "resources/unsubscribe", "completion/complete")}
_FLAGS = _TABLES["flags"]
_HIT = _FLAGS["enabled"] | _FLAGS["routed"]
_SHOWN = _FLAGS["enabled"] | _FLAGS["listed"]
# The caching members of a list result (SEP-2549), handed to the core as they are.
_CACHE = ("ttlMs", "cacheScope")
# What the core reads of an upstream's `server/discover` or `initialize` result (`Answered`).
_ANSWERED = ("supportedVersions", "protocolVersion", "capabilities", "instructions")
# The methods a client's request is forwarded with (`Method`): the meta-tools' calls are read
# with their larger probe.
_CALLS = ("tools/call", "tools/call#meta")
# The `mcp` SDK's classes a result is built as when the objects given were its models.
_RESULT_CLASSES = {"tools": "ListToolsResult", "prompts": "ListPromptsResult", "resources": "ListResourcesResult", "resourceTemplates": "ListResourceTemplatesResult"}


def _sibling(obj: Any, name: str) -> Any:
    """The class ``name`` of the module that defines ``obj``'s class (the SDK's result class for
    its models), or ``None``."""
    return getattr(sys.modules.get(type(obj).__module__), name, None) if is_model(obj) else None


class _Route(Dict[str, Any]):
    """A route of the table: read-only, given out as it is to every caller."""

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a Route is read-only: copy it with dict(route)")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = __ior__ = _refuse

    def __copy__(self) -> Dict[str, Any]:
        return dict(self)

    def __reduce__(self) -> Any:
        return (dict, (dict(self),))


class _Rec:
    """One placed item: where the core put it, under which name."""

    __slots__ = ("name", "server", "index", "flags", "header", "upstream", "route")

    def __init__(self, name: str, server: int, index: int, flags: int, header: str, upstream: str) -> None:
        self.name, self.server, self.index, self.flags, self.header, self.upstream = name, server, index, flags, header, upstream
        self.route: Optional[Route] = None


class _List:
    """One merged list's objects and the placement's mirror (Gateway's ``Objects``)."""

    def __init__(self, kind: ListKind, key: str, field: str, servers: int, segments: int) -> None:
        self.kind, self.key, self.field = kind, key, field
        self.items: List[Sequence[Any]] = [() for _ in range(servers)]
        self.ups: List[List[str]] = [[] for _ in range(servers)]
        self.cache: List[Optional[Dict[str, Any]]] = [None] * servers  # None: not listed yet
        self.views: List[Dict[int, List[Edit]]] = [{} for _ in range(servers)]
        self.segs: List[List[_Rec]] = [[] for _ in range(segments)]
        self.shown: List[Optional[List[_Rec]]] = [None] * segments
        self.hits: Dict[str, _Rec] = {}
        self.gen = 0
        self.kinds: List[Any] = [None] * servers  # per server: the SDK's result class of its models, or None

    def visible(self) -> List[_Rec]:
        out: List[_Rec] = []
        for s, seg in enumerate(self.segs):
            shown = self.shown[s]
            if shown is None:
                shown = self.shown[s] = [r for r in seg if r.flags & _SHOWN == _SHOWN]
            out.extend(shown)
        return out

    def shown_item(self, server: int, index: int, name: str) -> Any:
        """Item ``index`` of server ``server`` as the client sees it, under ``name``."""
        item = self.items[server][index] if index < len(self.items[server]) else {}
        edits: List[Edit] = [{"op": "set", "path": [self.field], "value": name}]
        return apply(item, edits + self.views[server].get(index, []))

    def written(self, slots: Sequence[int]) -> List[Tuple[str, Any, Any]]:
        """What a client sees of the segments ``slots``: each shown entry's name, object, view."""
        return [(r.name, self.items[r.server][r.index], self.views[r.server].get(r.index)) for s in slots for r in self.segs[s] if r.flags & _SHOWN == _SHOWN]

    @property
    def model(self) -> Any:
        """The SDK's result class this list answers with: the one of every listed server's
        models (a dict when any server's list came as dicts)."""
        kinds = {k for k, c in zip(self.kinds, self.cache) if c is not None}
        return kinds.pop() if len(kinds) == 1 else None

    def result(self, out: Dict[str, Any]) -> Any:
        model = self.model
        return out if model is None else model.model_validate(out)


class Router:
    """A gateway's routing table and its MCP message layer.

    ``Router(config)`` takes the npm package's configuration (a mapping: ``style``, ``servers``,
    ``builtins``, ``aliases``, ``enabled``, ``disabled``, ``provider``, ``strict``,
    ``prefixMode``, ``tools``, ``conflicts``, ``discovery``, ``gateway``), or its keys as keyword
    arguments in snake_case (``Router(style="claude", servers=[{"name": "memory"}])``); the core
    reads it and refuses a bad one with ``NamingError`` ``invalid_config``, a diagnostic per
    problem naming its path.

    Every method takes the MCP objects as dicts or as the ``mcp`` SDK's models (``Tool``,
    ``ListToolsResult``, ``CallToolRequestParams``, ``CallToolResult``, …) and gives back the
    kind it was given: a model in, a model of the same class out (the lists, once a server's
    list came as models: its SDK's ``List…Result``). Nothing is copied but what changes.
    ``expose_tools`` hands the core each tool's name and keeps the tool, re-keyed by where the
    core placed its name; ``map_call_tool`` of an exposed name is a dict lookup; anything else
    is decided by the core from what the probes find (names, URIs, types: never a payload).

    For catalogs too large to list, ``search_tools`` ranks the exposed tools for a query, and
    the configuration's ``discovery`` (``{"mode": "search", "always": [...], "maxListed": n}``)
    makes ``list_tools`` give the meta-tools ``search_tools``, ``get_tool_details`` and
    ``call_tool`` once the catalog is past ``maxListed``: ``discovery_result`` answers the first
    two, ``map_call_tool`` maps ``call_tool`` to the tool it names.

    The core's router stays on the thread that made it: a call that needs it from another
    thread raises ``RuntimeError`` (hits answered here work from any thread).
    """

    def __init__(self, config: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> None:
        self._thread = threading.get_ident()
        if kwargs.get("request_state_key") is None and (isinstance(config, Mapping) and "requestStateKey" not in config or config is None and kwargs):
            # No key configured: 32 bytes of the platform's randomness for this process, as the
            # core's `Gateway::new` draws them (every process behind one address must share a
            # configured one).
            kwargs["request_state_key"] = base64.urlsafe_b64encode(os.urandom(32)).rstrip(b"=").decode()
        self._core_router = _core.CoreRouter(config, **kwargs)
        facts: HostFacts = self._core_router.host_facts()
        self._servers = facts["servers"]
        self._names = [s["name"] for s in self._servers]
        self._index = {n: i for i, n in enumerate(self._names)}
        self._qp = facts["qualifiedPrefix"]
        self._meta = frozenset(facts["metaNames"])
        self._searching = facts["searching"]
        self._gateway: str = self._core_router.gateway()
        n = len(self._names)
        self._lists: Dict[ListKind, _List] = {
            t["list"]: _List(t["list"], t["key"], t["field"], n, facts["segments"] if t["list"] in ("tools", "prompts") else n) for t in _TABLES["lists"]
        }
        self._tools = self._lists["tools"]
        self._tool_hits = self._tools.hits

    @property
    def _c(self) -> Any:
        if threading.get_ident() != self._thread:
            raise RuntimeError("mcp_naming.Router: the core's router stays on the thread that made it; call it from that thread")
        return self._core_router

    @property
    def gateway(self) -> str:
        """The gateway's own server name as clients see it."""
        return self._gateway

    @property
    def qualified_prefix(self) -> str:
        """What a client puts before an exposed name (``mcp__<gateway>__`` for syntropy and claude)."""
        return self._qp

    # ---- Upstream lists: the names go to the core; the objects stay here, re-keyed by its placement.

    def _expose(self, kind: ListKind, server: Any, result: Any, options: Any, kwargs: Dict[str, Any]) -> Dict[str, Any]:
        L = self._lists[kind]
        cache: Dict[str, Any] = {}
        if isinstance(result, (list, tuple)):
            items: Sequence[Any] = result
        elif is_object(result):
            items = member(result, L.key)
            if not isinstance(items, (list, tuple)):
                raise _core.list_shape(kind, None, None if items is MISSING else scalar(items))
            # What the upstream said (a model's defaults claim nothing).
            cache = {k: v for k in _CACHE if (v := given(result, k)) is not MISSING}
        else:
            raise _core.list_shape(kind, scalar(result))
        names = [self._name(item, L.field) for item in items]
        finds: List[Tuple[int, List[Found]]] = []
        headers: List[Tuple[int, List[Found]]] = []
        texts = None
        if kind == "tools":
            finds = [(i, f) for i, item in enumerate(items) if (f := find(item, _PROBES["tool"]))]
            headers = [(i, f) for i, item in enumerate(items) if (f := find(item, _PROBES["toolHeaders"]))]
            if self._searching:
                texts = [find(item, _PROBES["toolText"]) for item in items]
        d = self._c.expose(kind, server, names, finds, texts, cache, headers, options, **kwargs)
        si = self._index[server]
        slots = [slot for slot, _ in d["segments"]]
        before = L.written(slots)
        L.items[si], L.ups[si], L.cache[si] = items, [n if type(n) is str else "" for n in names], cache
        self._place(L, d["segments"], d["renamed"])
        changed = d["changed"] or L.written(slots) != before
        if changed:
            L.gen += 1
        if self._views(d["views"]) and kind == "tools":
            changed = True
        L.kinds[si] = type(result) if is_model(result) else _sibling(items[0], _RESULT_CLASSES[kind]) if items else None
        return {"exposed": d["exposed"], "skipped": d["skipped"], "changed": changed, "warnings": d["warnings"]}

    @staticmethod
    def _name(item: Any, field: str) -> Any:
        """What an item's identifying member holds: the string, or what it is instead (``None``
        for nothing); for an item that is not an object, what the item is."""
        if not is_object(item):
            return scalar(item)
        v = member(item, field)
        return v if type(v) is str else None if v is MISSING else scalar(v)

    def _place(self, L: _List, segments: List[Any], renamed: List[Any]) -> None:
        """Applies a placement (layout: python/src/router.rs, ``expose``)."""
        hits = L.hits
        for slot, entries in segments:
            old = L.segs[slot]
            recs = []
            for server, index, flags, name, header in entries:
                up = L.ups[server][index]
                r = _Rec(up if name is None else name, server, index, flags, up if header is None else header, up)
                recs.append(r)
                if flags & _HIT == _HIT:
                    hits[r.name] = r
            L.segs[slot], L.shown[slot] = recs, None
            for r in old:  # old names no new record took leave the table
                if hits.get(r.name) is r:
                    del hits[r.name]
        for slot, pos, name, flags in renamed:
            o: _Rec = L.segs[slot][pos]
            if hits.get(o.name) is o:
                hits.pop(o.name)
            r = _Rec(name, o.server, o.index, flags, o.header, o.upstream)
            L.segs[slot][pos] = r
            if flags & _HIT == _HIT:
                hits[name] = r
            L.shown[slot] = None

    def _views(self, views: List[View]) -> bool:
        """Takes the tool views that changed; whether a shown tool changed with them."""
        changed = False
        for v in views:
            new = {i["index"]: i["edits"] for i in v["items"]}
            changed |= new != self._tools.views[v["server"]]
            self._tools.views[v["server"]] = new
        if changed:
            self._tools.gen += 1
        return changed

    def expose(self, server: str, tools: Sequence[str]) -> List[ExposedTool]:
        """Exposes a server's tools by name (its whole ``tools/list``), replacing what it exposed
        before; every tool comes back, disabled ones with ``enabled: False``."""
        items = [{"name": t} for t in tools] if isinstance(tools, (list, tuple)) else tools
        return cast("List[ExposedTool]", self._expose("tools", server, items, None, {})["exposed"])

    def expose_tools(self, server: str, result: Any, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> ToolExposure:
        """Exposes a server's tools from its ``tools/list`` result (a dict or a
        ``ListToolsResult``, or the list of its tools), replacing what it exposed before.
        Options: ``on_invalid="skip"`` leaves out (and reports in ``skipped``) the tools that
        cannot be exposed instead of failing the list. ``changed`` says whether the merged list
        clients see changed (send ``notifications/tools/list_changed``)."""
        return cast(ToolExposure, self._expose("tools", server, result, options, kwargs))

    def expose_prompts(self, server: str, result: Any, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> ToolExposure:
        """Exposes a server's prompts from its ``prompts/list`` result (or the ``prompts`` list)."""
        return cast(ToolExposure, self._expose("prompts", server, result, options, kwargs))

    def expose_resources(self, server: str, result: Any, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> ResourceExposure:
        """Exposes a server's resources from its ``resources/list`` result (or the list)."""
        return cast(ResourceExposure, self._expose("resources", server, result, options, kwargs))

    def expose_resource_templates(self, server: str, result: Any, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> ResourceExposure:
        """Exposes a server's resource templates from its ``resources/templates/list`` result."""
        return cast(ResourceExposure, self._expose("resourceTemplates", server, result, options, kwargs))

    def expose_resource(self, server: str, uri: str) -> str:
        """Exposes one more backend resource URI, kept with the ones the server listed: the URI
        the gateway lists it under."""
        si = self._index.get(server) if isinstance(server, str) else None
        items = list(self._lists["resources"].items[si]) if si is not None else []
        if not any(member(r, "uri") == uri for r in items):
            # An SDK's resource needs a name: the URI's own.
            items.append(type(items[0]).model_validate({"uri": uri, "name": uri}) if items and is_model(items[0]) else {"uri": uri})
        exposed = self._expose("resources", server, items, None, {})["exposed"]
        return next((r["uri"] for r in exposed if r["upstream"] == uri), uri)

    def rewrite_tools_list(self, server: str, result: Any) -> Any:
        """One server's ``tools/list`` result as the client should see it: exposed (as
        ``expose_tools``), every name its exposed name, disabled tools left out, every other
        member of the result and of each tool kept."""
        exposed = iter(self._expose("tools", server, result, None, {})["exposed"])
        nxt = next(exposed, None)
        tools = []
        for item in result if isinstance(result, (list, tuple)) else member(result, "tools"):
            if nxt is not None and nxt["upstream"] == member(item, "name"):
                if nxt["enabled"]:
                    tools.append(with_member(item, "name", nxt["name"]))
                nxt = next(exposed, None)
        if is_object(result):
            return with_member(result, "tools", tools)
        model = _sibling(result[0], _RESULT_CLASSES["tools"]) if result else None
        return {"tools": tools} if model is None else model.model_validate({"tools": tools})

    # ---- Merged lists: pages of the kept objects.

    def _list(self, kind: ListKind, options: Any, kwargs: Dict[str, Any], version: Optional[str] = None) -> Any:
        L = self._lists[kind]
        shown = L.visible()
        d = self._c.decide_list(kind, len(shown), L.gen, options, protocol_version=version, **kwargs)
        if d["decision"] == "page":
            items = [L.shown_item(r.server, r.index, r.name) for r in shown[d["start"] : d["end"]]]
        else:
            by_name = {r.name: r for r in shown}
            items = [_TABLES["metaTools"][i] for i in d["meta"]]
            items += [L.shown_item(r.server, r.index, r.name) for n in d["names"] if (r := by_name.get(n)) is not None]
        out: Dict[str, Any] = {L.key: items}
        if d.get("nextCursor") is not None:
            out["nextCursor"] = d["nextCursor"]
        out.update(d["cache"])
        if version is not None:
            out = apply(out, _core.result_envelope(self._c, version))
        return L.result(out)

    def list_tools(self, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Any:
        """The merged ``tools/list`` result (a dict, or the SDK's ``ListToolsResult`` once the
        tools came as its models): every enabled tool's upstream object under its exposed name,
        servers in configuration order; paged with ``page_size`` (and the ``cursor`` of the page
        before); ``ttlMs`` / ``cacheScope`` as every upstream allows. While discovery is on
        (configured, and past ``maxListed``): the meta-tools, then the tools ``discovery.always``
        lists."""
        return self._list("tools", options, kwargs)

    def list_prompts(self, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Any:
        """The merged ``prompts/list`` result."""
        return self._list("prompts", options, kwargs)

    def list_resources(self, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Any:
        """The merged ``resources/list`` result."""
        return self._list("resources", options, kwargs)

    def list_resource_templates(self, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Any:
        """The merged ``resources/templates/list`` result."""
        return self._list("resourceTemplates", options, kwargs)

    def tools(self) -> List[ExposedTool]:
        """The enabled exposed tools, in list order."""
        return cast("List[ExposedTool]", self._c.tools())

    # ---- Routing: hits from the table here, everything else from the core.

    def _hit(self, name: Any) -> Optional[_Rec]:
        """The tool routed under ``name`` (or under it without the qualified prefix)."""
        if type(name) is not str:
            return None
        r = self._tool_hits.get(name)
        if r is None and self._qp and name.startswith(self._qp):
            r = self._tool_hits.get(name[len(self._qp) :])
        return r

    def _route(self, r: _Rec) -> Route:
        if r.route is None:
            s = self._servers[r.server]
            route = _Route(server=s["name"], tool=r.upstream, builtin=False)
            if s.get("pool") is not None:
                dict.__setitem__(route, "pool", s.get("pool"))
            if s.get("upstreamPrefix") is not None:
                dict.__setitem__(route, "upstream_prefix", s.get("upstreamPrefix"))
            r.route = cast(Route, route)
        return r.route

    def route(self, name: str) -> Route:
        """The backend and its own tool name for an exposed (or qualified) name, read-only;
        ``NamingError`` ``unknown_tool`` with suggestions, ``tool_disabled``, ``tool_removed``."""
        try:
            r = self._tool_hits.get(name)
        except TypeError:
            r = None
        if r is not None and r.route is not None:
            return r.route
        r = self._hit(name)
        return self._route(r) if r is not None else cast(Route, self._c.route(name))

    def try_route(self, name: str) -> Optional[Route]:
        """As ``route``, but ``None`` instead of an error."""
        r = self._hit(name)
        return self._route(r) if r is not None else cast("Optional[Route]", self._c.try_route(name))

    def is_enabled(self, name: str) -> bool:
        """Whether the configuration offers a name (servers, enabled and disabled patterns)."""
        return self._hit(name) is not None or bool(self._c.is_enabled(name))

    def route_resource(self, uri: str) -> ResourceRoute:
        """The server and the backend's own URI for an exposed resource URI; ``NamingError``
        ``unknown_resource``."""
        r = self._lists["resources"].hits.get(uri) if type(uri) is str else None
        if r is not None:
            return {"server": self._names[r.server], "uri": r.upstream}
        return cast(ResourceRoute, self._c.route_resource(uri))

    # ---- Requests: read with the method's probe, decided by the core, applied here.

    def _request(self, method: Method, params: Any, accept: str, options: Any, kwargs: Dict[str, Any]) -> RequestDecision:
        found = find(params, _REQUESTS[method])
        return cast("RequestDecision", self._c.decide_request(method, found, accept, options, **kwargs))

    def _map(self, method: Method, params: T, options: Any, kwargs: Dict[str, Any], hits: Optional[Dict[str, _Rec]], field: str) -> Mapped[T]:
        if hits is not None and options is None and not kwargs:
            name = member(params, field)
            if type(name) is str and name not in self._meta:
                r = hits.get(name)
                if r is not None:
                    return {"server": self._names[r.server], "params": with_member(params, field, r.upstream), "header": r.header}
        d = self._request(method, params, "forward", options, kwargs)
        if d["decision"] != "forward":  # the core refuses what is not forwarded
            raise RuntimeError(f"mcp_naming.Router: a {d['decision']} decision for a forwarded request")
        return {"server": d["server"], "params": apply(params, d["edits"]), "header": d["header"]}

    def _is_meta(self, params: Any) -> bool:
        """Whether a call names a discovery meta-tool (read with the larger probe, never a hit)."""
        if not self._meta:
            return False
        name = member(params, "name")
        return type(name) is str and name in self._meta

    def map_call_tool(self, params: T, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Mapped[T]:
        """A client's ``tools/call`` params for the upstream (a dict or the SDK's
        ``CallToolRequestParams``, given back as the same kind): ``{ server, params, header }``
        with the upstream's own tool name, ``arguments`` and ``_meta`` kept. Options: ``header``
        (the request's ``Mcp-Name``, checked against the body) and ``protocol_version``.
        ``NamingError``: ``unknown_tool`` (with suggestions), ``tool_disabled``,
        ``tool_removed``, ``name_mismatch``, ``invalid_header``.

        With ``discovery``, a ``call_tool`` call (``arguments``: ``{"name", "arguments"}``) is
        mapped to the tool it names, with its inner ``arguments``; ``search_tools`` and
        ``get_tool_details`` are ``invalid_argument`` (answer them with ``discovery_result``)."""
        if type(params) is dict and options is None and not kwargs:
            # The hot lane: an exposed name, no header to check (the table's own answer).
            given: Any = params  # (annotations cost nothing at run time; a cast would)
            name = given.get("name")
            r = self._tool_hits.get(name) if type(name) is str and name not in self._meta else None
            if r is not None:
                mapped: Mapped[Any] = {"server": self._names[r.server], "params": {**given, "name": r.upstream}, "header": r.header}
                return mapped
        if self._is_meta(params):
            return self._map("tools/call#meta", params, options, kwargs, None, "name")
        return self._map("tools/call", params, options, kwargs, self._tool_hits, "name")

    def map_get_prompt(self, params: T, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Mapped[T]:
        """A client's ``prompts/get`` params for the upstream."""
        return self._map("prompts/get", params, options, kwargs, self._lists["prompts"].hits, "name")

    def map_read_resource(self, params: T, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Mapped[T]:
        """A client's ``resources/read`` params for the upstream (a listed resource, a link a
        result carried, or an expansion of a template)."""
        return self._map("resources/read", params, options, kwargs, self._lists["resources"].hits, "uri")

    def map_subscribe(self, params: T) -> Mapped[T]:
        """A client's ``resources/subscribe`` params for the upstream."""
        return self._map("resources/subscribe", params, None, {}, self._lists["resources"].hits, "uri")

    def map_unsubscribe(self, params: T) -> Mapped[T]:
        """A client's ``resources/unsubscribe`` params for the upstream."""
        return self._map("resources/unsubscribe", params, None, {}, self._lists["resources"].hits, "uri")

    def map_complete(self, params: T) -> Mapped[T]:
        """A client's ``completion/complete`` params for the upstream: ``ref`` (a prompt's name
        or a resource template's URI) as that server knows it; the argument and context kept."""
        return self._map("completion/complete", params, None, {}, None, "")

    def discovery_result(self, params: Any, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Optional[ToolResult]:
        """The gateway's own answer to a ``tools/call`` of the discovery meta-tools
        ``search_tools`` and ``get_tool_details``: an MCP tool result (``isError`` with
        suggestions for a bad call; the SDK's ``CallToolResult`` for its params), or ``None``
        for any other call (``call_tool`` included: map it with ``map_call_tool``). Options as
        ``map_call_tool``'s. ``NamingError``: ``name_mismatch``."""
        method: Method = "tools/call#meta" if self._is_meta(params) else "tools/call"
        d = self._request(method, params, "answer", options, kwargs)
        if d["decision"] != "answer":
            return None
        edits: List[Edit] = []
        for i in d["inserts"]:
            tool = plain(self._tools.shown_item(i["server"], i["index"], i["name"]))
            edits.append({"op": "set", "path": i["path"], "value": _core.json_text(tool) if i["text"] else tool})
        result = apply(d["result"], edits)
        model = _sibling(params, "CallToolResult")
        return cast(ToolResult, result if model is None else model.model_validate(result))

    def search_tools(self, query: str, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> List[SearchHit]:
        """The exposed tools that match a query best, best first: ``[{name, server, upstream,
        score, matched, description?}]``, ranked over each tool's name (split into words
        whatever its case or separators), description and input parameter names, with
        exact-name and prefix boosts, misspelled words reaching the nearest ones; ties by name.
        Options: ``limit`` (1 to 1000) and ``server`` (that server's tools only). The first
        search hands the core the listed tools' texts; each ``expose_tools`` keeps them up to
        date. ``NamingError``: ``invalid_argument`` (an empty or over-long query, a bad limit,
        an unknown option key), ``unknown_server``."""
        if not self._searching:
            self._searching = True
            for si, server in enumerate(self._names):
                if self._tools.cache[si] is not None:
                    self._expose("tools", server, self._tools.items[si], None, {"on_invalid": "skip"})
        return cast("List[SearchHit]", self._c.search_tools(query, options, **kwargs))

    # ---- From an upstream: notifications and results, read with their probes.

    def rewrite_notification(self, server: str, notification: T) -> Relay[T]:
        """What to do with a notification ``server`` sent (a dict or the SDK's model): ``{
        forward, relist }``, the notification to forward (a ``resources/updated`` URI in its
        gateway form), or the list (``tools``, ``prompts``, ``resources``) to ask that server
        for again."""
        d = self._c.decide_notification(server, find(notification, _PROBES["notification"]))
        if d["decision"] == "relist":
            return {"forward": None, "relist": d["list"]}
        if d["decision"] == "acknowledged":
            # A listen stream's acknowledgement: the host's listen stream collects it.
            return {"forward": None, "relist": None}
        return {"forward": apply(notification, d["edits"]), "relist": None}

    def rewrite_result(self, server: str, result: T) -> T:
        """A ``tools/call``, ``resources/read`` or ``prompts/get`` result from ``server`` (a dict
        or the SDK's model) with every URI it carries (``resource_link`` blocks, embedded
        resources, ``contents[].uri``, prompt messages) in the form the client can read back
        through the gateway; everything else untouched (the same object when nothing changes)."""
        d = self._c.decide_result(server, find(result, _PROBES["result"]))
        return cast(T, apply(result, d["edits"]))

    # ---- MCP 2026-07-28: what the upstreams say about themselves, and the messages of the
    # revision (requests with their `_meta` and headers, results with their envelope, listen
    # streams), each read with its probe, decided by the core, applied here.

    def upstream_answered(self, server: str, result: Any, initialize: bool = False) -> UpstreamDecision:
        """Records what upstream ``server`` said about itself, its ``server/discover`` result
        (a dict or the SDK's ``DiscoverResult``) or, with ``initialize``, its ``initialize``
        result: the revision the gateway speaks to it (``era``: ``modern`` or ``legacy``;
        ``version``) and the capabilities it cannot carry (``dropped``, with ``warnings``).
        Replaces what it answered before. ``NamingError``: ``unknown_server``,
        ``unsupported_protocol_version`` (the upstream speaks no revision the gateway speaks:
        it is not served), ``invalid_argument``."""
        picked = {k: plain(v) for k in _ANSWERED if (v := member(result, k)) is not MISSING}
        picked.update({k: v for k in _CACHE if (v := given(result, k)) is not MISSING})
        return _core.upstream_answered(self._c, server, picked, initialize)

    def discover(self) -> Dict[str, Any]:
        """The gateway's ``server/discover`` result: the revisions it serves, the capabilities it
        carries of what its upstreams said (``upstream_answered``), their instructions, its own
        identity in ``_meta``, caching no looser than any upstream allowed."""
        return _core.decide_discover(self._c)

    def initialize(self, protocol_version: str) -> Dict[str, Any]:
        """The gateway's ``initialize`` result for a client of revision ``protocol_version``
        (2025-11-25 and before). ``NamingError``: ``unsupported_protocol_version`` for a
        revision of 2026-07-28 and after, which has no ``initialize`` (-32022)."""
        return _core.decide_initialize(self._c, protocol_version)

    def forward(self, method: RequestMethod, params: T, incoming: Optional[Mapping[str, Any]] = None, /, **kwargs: Any) -> Mapped[T]:
        """A client's request of ``method`` (``tools/call``, ``prompts/get``, ``resources/read``,
        ``resources/subscribe``, ``resources/unsubscribe``, ``completion/complete``) as the
        upstream gets it, the params a dict or the SDK's model (given back as the same kind):
        ``{ server, params, header, param_headers? }``, the params with the upstream's own name
        or URI, ``_meta`` as that upstream's revision needs it, a retry's ``requestState``
        unsealed; ``header`` the ``Mcp-Name`` to send, ``param_headers`` the ``Mcp-Param-*``
        headers (``[{name, value}]``) from the call's arguments. ``incoming`` is what the
        transport received (or keyword arguments): ``name`` (the ``Mcp-Name`` header),
        ``params`` (the ``Mcp-Param-*`` headers, ``{header: value}``), ``protocolVersion``
        (keyword: ``protocol_version``); the transport's other headers may come along.
        ``NamingError``: as ``map_call_tool``; ``param_mismatch`` / ``invalid_header`` (-32020,
        HTTP 400) for a header that disagrees with the body; ``invalid_request_state`` for a
        ``requestState`` the gateway did not seal for that upstream and method."""
        name, given_headers, version = _core.incoming(incoming, **kwargs)
        decided: Method = "tools/call#meta" if method == "tools/call" and self._is_meta(params) else method
        probes = _REQUESTS.get(decided) if isinstance(decided, str) else None
        if probes is None:
            _core.request_probe(decided)  # the core words what is wrong with the method
            raise RuntimeError(f"mcp_naming.Router: no probe for {method!r}")
        d = self._c.decide_request(decided, find(params, probes), "forward", meta=find(params, _PROBES["requestMeta"]), header=name, protocol_version=version)
        if d["decision"] != "forward":  # the core refuses what is not forwarded
            raise RuntimeError(f"mcp_naming.Router: a {d['decision']} decision for a forwarded request")
        out = apply(params, d["edits"])
        mapped: Mapped[T] = {"server": d["server"], "params": out, "header": d["header"]}
        reads = d.get("reads") or []
        if reads or given_headers:
            found = find_paths(out, [r["path"] for r in reads])
            request: ParamsRequest = {"reads": reads, "found": found, "given": given_headers, "protocolVersion": version}
            headers = _core.decide_params(self._c, request)["headers"]
            if headers:
                mapped["param_headers"] = headers
        return mapped

    def rewrite_response(self, server: str, method: RequestMethod, result: T, protocol_version: Optional[str] = None) -> ResponseRewrite[T]:
        """An upstream's result of ``method`` (a dict or the SDK's model) as a client of revision
        ``protocol_version`` gets it: ``{ result, input_required }``, the result with its URIs
        in their gateway form, the envelope of the client's revision (``resultType``, the
        gateway's ``serverInfo``; neither before 2026-07-28) and, for an ``input_required``
        result (``input_required`` true), its ``requestState`` sealed to that upstream and
        method. ``NamingError``: ``unknown_server``; ``invalid_argument`` for a ``resultType``
        the gateway does not know; ``invalid_config`` for a state to seal without a key."""
        d = _core.decide_response(self._c, server, method, find(result, _PROBES["response"]), protocol_version)
        return {"result": apply(result, d["edits"]), "input_required": bool(d.get("inputRequired"))}

    def result_envelope(self, result: T, protocol_version: Optional[str]) -> T:
        """A result of the gateway's own (a dict or the SDK's model) with the envelope of a
        client of revision ``protocol_version``: ``resultType`` and the gateway's ``serverInfo``
        in ``_meta`` from 2026-07-28 on; as it is before."""
        if protocol_version is None:
            return result
        return cast(T, apply(result, _core.result_envelope(self._c, protocol_version)))

    def list_result(self, list: ListKind, protocol_version: Optional[str] = None, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Any:
        """The merged ``list`` (``tools``, ``prompts``, ``resources``, ``resourceTemplates``)
        for a client of revision ``protocol_version``: as ``list_tools`` and the others, with
        the envelope of that revision (``result_envelope``) and caching members that always
        say something from 2026-07-28 on. Options as ``list_tools``'."""
        if not isinstance(list, str) or list not in self._lists:
            self._c.decide_list(list, 0, 0)  # the core words what is wrong with the list
        return self._list(list, options, kwargs, protocol_version)

    def listen(self, params: Any) -> ListenDecision:
        """What to do with a client's ``subscriptions/listen`` (its params, a dict or the SDK's
        model): ``lists``, the list changes the gateway announces (``listen_notice``);
        ``upstreams``, the streams to open (``{open: "listen", server, notifications}``: a
        ``subscriptions/listen`` with that filter; ``{open: "subscribe", server, uris}``:
        ``resources/subscribe`` of each on a 2025-11-25 session); ``uris``, each subscribed URI
        and where it lives. ``NamingError``: ``invalid_argument``, ``unknown_resource`` (with
        suggestions), ``tool_disabled``."""
        return _core.decide_listen(self._c, find(params, _PROBES["listen"]))

    def acknowledge(self, decision: Any, acks: Iterable[Tuple[str, Any]]) -> SubscriptionFilter:
        """The client's ``notifications/subscriptions/acknowledged`` filter for the stream
        ``decision`` (what ``listen`` answered; or the client's listen params themselves, a
        dict or the SDK's model, as the npm package's ``acknowledge(params, acks)`` takes
        them: decided by ``listen`` first), once the upstreams answered: ``acks`` each
        upstream's acknowledged filter (``(server, notifications)``, a dict or the SDK's
        ``SubscriptionFilter``; for a ``resources/subscribe``, ``{"resourceSubscriptions":
        [the URIs it subscribed]}``). A URI no upstream acknowledged is left out.
        ``NamingError``: as ``listen`` for params."""
        # What ``listen`` answers has ``upstreams`` and never the params' ``notifications``.
        if not (isinstance(decision, Mapping) and "upstreams" in decision and "notifications" not in decision):
            decision = self.listen(decision)
        # Each pair's filter read with the probe of an acknowledgement's params; what is not a
        # pair goes as it is, for the core to word.
        pairs = list(acks) if isinstance(acks, (list, tuple)) else acks
        if isinstance(pairs, list):
            pairs = [(p[0], find({"notifications": p[1]}, _PROBES["listen"])) if isinstance(p, (list, tuple)) and len(p) == 2 else p for p in pairs]
        return _core.acknowledge(decision, cast(Any, pairs))

    def listened(self, server: str, notification: T, subscription: Any) -> Relay[T]:
        """A notification ``server`` sent on a stream opened for the client's stream whose id is
        ``subscription`` (a dict or the SDK's model): ``{ forward, relist }``, the notification
        to send that client (a ``resources/updated`` URI in its form, tagged with its
        subscription id), or the list to ask ``server`` for again; neither for an
        acknowledgement (collect it for ``acknowledge``)."""
        d = _core.decide_listened(self._c, server, find(notification, _PROBES["notification"]), subscription)
        if d["decision"] == "relist":
            return {"forward": None, "relist": d["list"]}
        if d["decision"] == "acknowledged":
            return {"forward": None, "relist": None}
        return {"forward": apply(notification, d["edits"]), "relist": None}

    def control_listen(self, server: str) -> Optional[SubscriptionFilter]:
        """The gateway's own ``subscriptions/listen`` filter for upstream ``server``, to hear its
        list changes (list it again on each, and announce with ``listen_notice``); ``None`` for
        an upstream of 2025-11-25 and before (its session's notifications say it) or one that
        announces none. ``NamingError``: ``unknown_server``."""
        return _core.control_listen(self._c, server)

    def listen_notice(self, list: Listed, subscription: Any) -> Dict[str, Any]:
        """The gateway's own ``notifications/<list>/list_changed`` for the client's stream whose
        id is ``subscription`` (send it to the streams whose acknowledged filter asks for it)."""
        return _core.listen_notice(self._c, list, subscription)

    # ---- What stands alone.

    def migrate_name(self, name: str, source: "Router") -> str:
        """The name this router exposes for the tool ``source`` (another Router) exposes as
        ``name``: migrates permission files and eval sets from one style to another."""
        return cast(str, self._c.migrate(name, getattr(source, "_core_router", source)))

    # ---- Code mode (issue 37): the core lists the catalog (servers, labels, exposed names and
    # tool parts); the objects kept here give the declarations their descriptions and schemas.

    def code_mode(self, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> CodeMode:
        """Code mode over this router's enabled exposed tools: each server a namespace (named
        after its prefix, for a registry name), each tool a function, with declarations from
        the tool objects kept here. Options (or keyword arguments): ``language``, ``layout``,
        ``view``, as ``mcp_naming.codemode.code_mode`` takes them."""
        catalog = self._c.code_mode_catalog()
        side = self._tools
        objects = {r.name: side.shown_item(r.server, r.index, r.name) for r in side.visible()}
        for s in catalog:
            for t in s["tools"]:
                t["tool"] = objects.get(t["name"])
        return _core.code_mode_catalog(catalog, options, **kwargs)

    def map_code_mode_call(
        self, namespace: str, identifier: str, arguments: Any = None, options: Optional[Mapping[str, Any]] = None, **kwargs: Any
    ) -> Mapped:
        """The upstream call ``namespace.identifier(arguments)`` makes in ``code_mode(options)``:
        ``map_call_tool`` of the tool's exposed name. ``NamingError``: ``unknown_server``,
        ``unknown_tool`` (with suggestions), then as ``map_call_tool``."""
        name = _core.code_mode_catalog_resolve(self._c.code_mode_catalog(), namespace, identifier, options, **kwargs)
        params: McpObject = {"name": name} if arguments is None else {"name": name, "arguments": arguments}
        return self.map_call_tool(params)

    # ---- End of code mode.

    def client_view(self, client: str, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> ClientView:
        """What ``client`` shows of this gateway's tools, the user having named the gateway
        ``server`` (default: the configured gateway name)."""
        return cast(ClientView, self._c.client_view(client, options, **kwargs))


__all__ = ["Router"]
