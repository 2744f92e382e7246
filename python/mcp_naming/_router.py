"""The Router's host half: it keeps the MCP objects (the upstream lists as given, Python objects)
and the table of routed names, so that hits never enter the core; the core decides every name,
route, collision, fit, suggestion and URI rewrite from names and URIs alone. No MCP object,
schema or result text crosses into Rust: an expose sends the items' names, a result walk sends
the URIs it finds, a miss sends the name. The design of the npm package's ``router.mjs``; the
answers of the core's own reference host, ``mcp_naming::router::Gateway``.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, cast

from . import _core
from .types import (
    ClientView,
    ExposedTool,
    Mapped,
    McpObject,
    Relay,
    ResourceExposure,
    ResourceRoute,
    Route,
    SearchHit,
    ToolExposure,
    ToolResult,
)

_ENABLED = 1
_LISTED = 2
_ROUTED = 4
_SHOWN = _ENABLED | _LISTED
_HIT = _ENABLED | _ROUTED
_MISSING = object()
_RELIST = {2: "tools", 3: "prompts", 4: "resources"}
# The discovery meta-tools' names (the core decides whether a call is one; only these cross).
_META_NAMES = frozenset(("search_tools", "get_tool_details", "call_tool"))
_meta_tools: List[McpObject] = []


def _meta_definitions() -> List[McpObject]:
    """The meta-tools as ``tools/list`` shows them (the core's definitions), read once."""
    if not _meta_tools:
        _meta_tools.extend(_core.meta_tools())
    return _meta_tools


def _tool_text(item: Any) -> Tuple[Optional[str], List[str]]:
    """What search reads of a tool: its description (if a string) and its input parameters'
    names (the keys of ``inputSchema.properties``); nothing else of the object crosses."""
    if not isinstance(item, dict):
        return (None, [])
    d = item.get("description")
    schema = item.get("inputSchema")
    props = schema.get("properties") if isinstance(schema, dict) else None
    names = [k for k in props if isinstance(k, str)] if isinstance(props, dict) else []
    return (d if isinstance(d, str) else None, names)

# (key of the list result, field of an item) per kind: tools, prompts, resources, templates.
_KINDS = (("tools", "name"), ("prompts", "name"), ("resources", "uri"), ("resourceTemplates", "uriTemplate"))


def _with_field(item: Any, field: str, value: str) -> McpObject:
    """``item`` with ``field`` set to ``value``, in its place (first when the item had none)."""
    if not isinstance(item, dict):
        return {field: value}
    if field in item:
        out = dict(item)
        out[field] = value
        return out
    return {field: value, **item}


def _bad(message: str) -> Exception:
    return _core.invalid_argument(message)


def _param(params: Any, field: str, prefix: str = "params.") -> str:
    """The string ``field`` of request params (or of a notification, a completion's ``ref``)."""
    if not isinstance(params, dict):
        raise _bad(f"params must be an object, got {_core.described(params)}")
    value = params.get(field, _MISSING)
    if isinstance(value, str):
        return value
    if value is _MISSING:
        raise _bad(f"{prefix}{field} is missing")
    raise _bad(f"{prefix}{field} must be a string, got {_core.described(value)}")


def _ui_uris(tool: Any) -> List[str]:
    """The UI resource URIs (MCP Apps) a tool names: ``_meta.ui.resourceUri`` first, then the
    older ``_meta["ui/resourceUri"]``, distinct."""
    meta = tool.get("_meta") if isinstance(tool, dict) else None
    if not isinstance(meta, dict):
        return []
    ui = meta.get("ui")
    nested = ui.get("resourceUri") if isinstance(ui, dict) else None
    flat = meta.get("ui/resourceUri")
    out = [nested] if isinstance(nested, str) else []
    if isinstance(flat, str) and flat != nested:
        out.append(flat)
    return out


def _with_uris(tool: McpObject, swap: Mapping[str, str]) -> McpObject:
    """``tool`` with each UI resource URI in ``swap`` replaced by its exposed form."""

    def one(v: Any) -> Any:
        return swap.get(v, v) if isinstance(v, str) else v

    meta = tool.get("_meta")
    if not isinstance(meta, dict):
        return tool
    new_meta: Dict[str, Any] = {}
    for k, v in meta.items():
        if k == "ui/resourceUri":
            new_meta[k] = one(v)
        elif k == "ui" and isinstance(v, dict):
            new_meta[k] = {uk: (one(uv) if uk == "resourceUri" else uv) for uk, uv in v.items()}
        else:
            new_meta[k] = v
    out = dict(tool)
    out["_meta"] = new_meta
    return out


class _Record:
    """One placed item: where the core put it, under which name."""

    __slots__ = ("name", "server", "index", "upstream", "item", "flags", "header")

    def __init__(self, name: str, server: int, index: int, upstream: str, item: Any, flags: int, header: str) -> None:
        self.name = name
        self.server = server
        self.index = index
        self.upstream = upstream
        self.item = item
        self.flags = flags
        self.header = header


class _Side:
    """One kind's objects and names: tools, prompts, resources or resource templates."""

    def __init__(self, kind: int, servers: int, segments: int) -> None:
        self.kind = kind
        self.key, self.field = _KINDS[kind]
        # Per server: the items of its last list, and their upstream names.
        self.items: List[Sequence[Any]] = [() for _ in range(servers)]
        self.ups: List[List[str]] = [[] for _ in range(servers)]
        # Per server: what its last list said about caching (None: it has not listed).
        self.caches: List[Optional[Dict[str, Any]]] = [None] * servers
        # Per segment: its records, in order; the shown ones, or None when they must be found again.
        self.segs: List[List[_Record]] = [[] for _ in range(segments)]
        self.shown: List[Optional[List[_Record]]] = [None] * segments
        # Enabled routed records by name (a disabled one is a miss: the core words its error).
        self.hits: Dict[str, _Record] = {}
        # Moved on whenever what a client sees changes (paging cursors name it).
        self.gen = 0
        # Per server, tools only: objects as clients see them beyond the name (UI URIs in their
        # gateway form, configured descriptions), by index; the configured descriptions; the
        # tools naming UI resources, as (index, uris).
        self.views: List[Dict[int, McpObject]] = [{} for _ in range(servers)]
        self.descriptions: List[Dict[int, str]] = [{} for _ in range(servers)]
        self.ui: List[List[Tuple[int, List[str]]]] = [[] for _ in range(servers)]

    def visible(self) -> List[List[_Record]]:
        """The shown records of every segment, found again where a change left them stale."""
        out = []
        for s, seg in enumerate(self.segs):
            shown = self.shown[s]
            if shown is None:
                shown = seg if all(r.flags & _SHOWN == _SHOWN for r in seg) else [r for r in seg if r.flags & _SHOWN == _SHOWN]
                self.shown[s] = shown
            out.append(shown)
        return out

    def object(self, r: _Record) -> Any:
        """The object a client sees for a record (its name aside)."""
        if self.kind == 0:
            view = self.views[r.server].get(r.index)
            if view is not None:
                return view
        return r.item


class Router:
    """A gateway's routing table and its MCP message layer.

    ``Router(config)`` takes the npm package's configuration (a mapping: ``style``, ``servers``,
    ``builtins``, ``aliases``, ``enabled``, ``disabled``, ``provider``, ``strict``,
    ``prefixMode``, ``tools``, ``conflicts``, ``discovery``, ``gateway``), or the same as keyword arguments in
    snake_case (``Router(style="claude", servers=[{"name": "memory"}])``); the core reads it
    and refuses a bad one with ``NamingError`` ``invalid_config``, a diagnostic per problem
    naming its path.

    The MCP objects stay Python objects: ``expose_tools`` hands the core each tool's name and
    keeps the tool, re-keyed by where the core placed its name; ``list_tools`` pages are slices
    of the kept list; ``map_call_tool`` of an exposed name is a dict lookup; a misspelled name is
    answered by the core with suggestions; ``rewrite_result`` walks the result here and hands the
    core only the URIs it finds.

    For catalogs too large to list, ``search_tools`` ranks the exposed tools for a query, and
    the configuration's ``discovery`` (``{"mode": "search", "always": [...], "maxListed": n}``)
    makes ``list_tools`` give the meta-tools ``search_tools``, ``get_tool_details`` and
    ``call_tool`` (plus the ``always``-listed tools) once the catalog is past ``maxListed``:
    ``discovery_result`` answers the first two, ``map_call_tool`` maps ``call_tool`` to the tool
    it names. Search reads each tool's description and input parameter names; those texts go
    to the core from the start with ``discovery``, else from the first ``search_tools`` call.

    The core's router stays on the thread that made it: a call that needs it from another
    thread raises ``RuntimeError`` (hits answered here work from any thread).
    """

    def __init__(self, config: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> None:
        if kwargs:
            merged: Dict[str, Any] = dict(config) if isinstance(config, Mapping) else {}
            for k, v in kwargs.items():
                merged[_CONFIG_KEYS.get(k, k)] = v
            config = merged
        self._thread = threading.get_ident()
        self._core_router = _core.CoreRouter(config)
        servers, qp, builtins, _aliases, segments, gateway, discovery = self._core_router.facts()
        self._servers: List[Tuple[str, Optional[str], Optional[str]]] = servers
        self._names = [s[0] for s in servers]
        self._index = {n: i for i, n in enumerate(self._names)}
        self._qp: str = qp
        self._gateway: str = gateway
        self._builtins = {b for b, on in builtins if on}
        n = len(servers)
        self._sides = [_Side(0, n, segments), _Side(1, n, segments), _Side(2, n, n), _Side(3, n, n)]
        self._tools = self._sides[0].hits
        self._discovery: bool = discovery
        # Whether the tools' texts go to the core with their names (see the class's doc).
        self._searching: bool = discovery

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

    # ---- Exposing: the names go to the core; the objects stay here, re-keyed by its placement.

    def _expose(self, kind: int, server: Any, result: Any, options: Any, kwargs: Dict[str, Any]) -> Dict[str, Any]:
        if not isinstance(server, str):
            raise TypeError(f"server must be str, not {type(server).__name__}")
        side = self._sides[kind]
        if isinstance(result, (list, tuple)):
            items: Sequence[Any] = result
        elif isinstance(result, dict):
            member = result.get(side.key, _MISSING)
            if not isinstance(member, (list, tuple)):
                got = None if member is _MISSING else _core.described(member)
                raise _core.list_shape_error(side.key, None, got)
            items = member
        else:
            raise _core.list_shape_error(side.key, _core.described(result), None)
        skip = _core.expose_skips(options, **kwargs) if options is not None or kwargs else False
        cache = {k: result[k] for k in ("ttlMs", "cacheScope") if k in result} if isinstance(result, dict) else {}
        return self._expose_list(side, server, items, skip, cache)

    def _expose_list(self, side: _Side, server: str, items: Sequence[Any], skip: bool, cache: Dict[str, Any]) -> Dict[str, Any]:
        field = side.field
        ups: List[str] = []
        bad: List[Tuple[int, str]] = []
        for i, item in enumerate(items):
            if isinstance(item, dict):
                v = item.get(field, _MISSING)
                if isinstance(v, str):
                    ups.append(v)
                    continue
                got = "nothing" if v is _MISSING else _core.described(v)
            else:
                got = _core.described(item)
            ups.append("")
            bad.append((i, got))
        if side.kind == 0 and self._searching:
            texts = [_tool_text(item) for item in items]
            names_changed, segments, renamed, skipped, warnings = self._c.expose(0, server, ups, bad, skip, texts)
        else:
            names_changed, segments, renamed, skipped, warnings = self._c.expose(side.kind, server, ups, bad, skip)
        si = self._index[server]
        slots = [slot for slot, _ in segments]
        before = [side.object(r) for s in slots for r in side.segs[s] if r.flags & _SHOWN == _SHOWN]
        self._apply(side, si, items, ups, segments, renamed)
        side.caches[si] = cache
        if side.kind == 0:
            side.descriptions[si] = dict(self._c.descriptions(si, ups))
            side.ui[si] = [(i, u) for i, item in enumerate(items) for u in (_ui_uris(item),) if u]
        if side.kind == 0 or side.kind == 2:
            # A tool's UI resource (MCP Apps) is shown in its gateway form, which the resources
            # every server lists decide: every server's tools again, this server's warned about.
            warnings.extend(self._refresh_views(si))
        # The core knows whether names changed; whether the objects did is known here.
        changed = names_changed
        if not changed:
            after = [side.object(r) for s in slots for r in side.segs[s] if r.flags & _SHOWN == _SHOWN]
            changed = len(after) != len(before) or any(a is not b and a != b for a, b in zip(after, before))
        if changed:
            side.gen += 1
        return {"exposed": self._exposed(side, si), "skipped": skipped, "changed": changed, "warnings": warnings}

    def _apply(
        self,
        side: _Side,
        si: int,
        items: Sequence[Any],
        ups: List[str],
        segments: List[Tuple[int, List[Tuple[int, int, int, Optional[str], Optional[str]]]]],
        renamed: List[Tuple[int, int, str, int]],
    ) -> None:
        """Applies a placement the core returned (layout: python/src/router.rs, expose)."""
        side.items[si] = items
        side.ups[si] = ups
        hits = side.hits
        for slot, entries in segments:
            old = side.segs[slot]
            recs = []
            for server, index, flags, name, header in entries:
                upstream = side.ups[server][index]
                r = _Record(upstream if name is None else name, server, index, upstream, side.items[server][index], flags, upstream if header is None else header)
                recs.append(r)
                if flags & _HIT == _HIT:
                    hits[r.name] = r
            side.segs[slot] = recs
            side.shown[slot] = None
            # Old names no new record took leave the table (a name listed again was overwritten).
            for r in old:
                if r.flags & _HIT == _HIT and hits.get(r.name) is r:
                    del hits[r.name]
        for slot, pos, name, flags in renamed:
            old_r = side.segs[slot][pos]
            if hits.get(old_r.name) is old_r:
                del hits[old_r.name]
            r = _Record(name, old_r.server, old_r.index, old_r.upstream, old_r.item, flags, old_r.header)
            side.segs[slot][pos] = r
            if flags & _HIT == _HIT:
                hits[name] = r
            side.shown[slot] = None

    def _refresh_views(self, warn_for: int) -> List[Any]:
        """Every server's tools as clients see them beyond their names (UI resource URIs in
        their gateway form, configured descriptions), by index, in server order; the warnings of
        server ``warn_for``'s tools (``unlisted_ui_resource``)."""
        side = self._sides[0]
        warnings: List[Any] = []
        for si in range(len(self._names)):
            if not side.ui[si] and not side.descriptions[si] and not side.views[si]:
                continue
            items = side.items[si]
            descriptions = side.descriptions[si]
            views: Dict[int, McpObject] = {}
            with_ui = set()
            for index, uris in side.ui[si]:
                tool = items[index]
                swap = {}
                for uri in uris:
                    exposed, warning = self._c.ui_resource(self._names[si], tool.get("name", ""), uri)
                    if si == warn_for and warning is not None:
                        warnings.append(warning)
                    if exposed != uri:
                        swap[uri] = exposed
                view = _with_uris(tool, swap) if swap else tool
                d = descriptions.get(index)
                if d is not None:
                    view = _with_field(view, "description", d)
                if view != tool:
                    views[index] = view
                with_ui.add(index)
            for index, d in descriptions.items():
                if index not in with_ui:
                    views[index] = _with_field(items[index], "description", d)
            side.views[si] = views
        return warnings

    def _exposed(self, side: _Side, si: int) -> List[Any]:
        """Server ``si``'s listed items, in its list's order, as the answer of an expose."""
        # A peer style places every server's names in one segment, in the peer's order.
        seg = side.segs[0 if len(side.segs) == 1 else si]
        recs = sorted((r for r in seg if r.server == si and r.flags & _LISTED), key=lambda r: r.index)
        server = self._names[si]
        if side.kind < 2:
            qp = self._qp
            return [{"name": r.name, "qualified": qp + r.name, "server": server, "upstream": r.upstream, "enabled": bool(r.flags & _ENABLED)} for r in recs]
        return [{"uri": r.name, "server": server, "upstream": r.upstream} for r in recs]

    def expose(self, server: str, tools: Sequence[str]) -> List[ExposedTool]:
        """Exposes a server's tools by name (its whole ``tools/list``), replacing what it exposed
        before; every tool comes back, disabled ones with ``enabled: False``."""
        names = _core.check_strings(tools, "tools")
        if not isinstance(server, str):
            raise TypeError(f"server must be str, not {type(server).__name__}")
        return cast(List[ExposedTool], self._expose_list(self._sides[0], server, [{"name": t} for t in names], False, {})["exposed"])

    def expose_tools(self, server: str, result: Any, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> ToolExposure:
        """Exposes a server's tools from its ``tools/list`` result (or the ``tools`` list),
        replacing what it exposed before. Options: ``on_invalid="skip"`` leaves out (and
        reports in ``skipped``) the tools that cannot be exposed instead of failing the list.
        ``changed`` says whether the merged list clients see changed (send
        ``notifications/tools/list_changed``)."""
        return cast(ToolExposure, self._expose(0, server, result, options, kwargs))

    def expose_prompts(self, server: str, result: Any, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> ToolExposure:
        """Exposes a server's prompts from its ``prompts/list`` result (or the ``prompts`` list)."""
        return cast(ToolExposure, self._expose(1, server, result, options, kwargs))

    def expose_resources(self, server: str, result: Any, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> ResourceExposure:
        """Exposes a server's resources from its ``resources/list`` result (or the list)."""
        return cast(ResourceExposure, self._expose(2, server, result, options, kwargs))

    def expose_resource_templates(self, server: str, result: Any, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> ResourceExposure:
        """Exposes a server's resource templates from its ``resources/templates/list`` result."""
        return cast(ResourceExposure, self._expose(3, server, result, options, kwargs))

    def rewrite_tools_list(self, server: str, result: Any) -> McpObject:
        """One server's ``tools/list`` result as the client should see it: exposed (as
        ``expose_tools``), every name its exposed name, disabled tools left out, every other
        member of the result and of each tool kept."""
        exposure = self._expose(0, server, result, None, {})
        exposed = iter(exposure["exposed"])
        nxt = next(exposed, None)
        tools = []
        for item in result if isinstance(result, (list, tuple)) else result["tools"]:
            upstream = item.get("name") if isinstance(item, dict) else None
            if nxt is not None and nxt["upstream"] == upstream:
                if nxt["enabled"]:
                    tools.append(_with_field(item, "name", nxt["name"]))
                nxt = next(exposed, None)
        out: McpObject = dict(result) if isinstance(result, dict) else {}
        out["tools"] = tools
        return out

    # ---- Lists: pages of the kept lists.

    def _discovery_list(self, side: _Side, listing: List[str]) -> List[McpObject]:
        """``tools/list`` while discovery is on: the meta-tools, then the listed tools
        ``discovery.always`` keeps, as clients see them."""
        out = list(_meta_definitions())
        if listing:
            keep = set(listing)
            out.extend(_with_field(side.object(r), "name", r.name) for seg in side.visible() for r in seg if r.name in keep)
        return out

    def _list(self, kind: int, options: Any, kwargs: Dict[str, Any]) -> McpObject:
        side = self._sides[kind]
        listing = self._c.discovery_listing() if kind == 0 and self._discovery else None
        if listing is not None:
            return self._discovery_page(side, listing, options, kwargs)
        shown = side.visible()
        total = sum(len(s) for s in shown)
        # The core pages every list (without page_size, pages of its default size).
        start, end, nxt = _core.list_page(total, side.gen, options, **kwargs)
        items: List[McpObject] = []
        field = side.field
        skip = start
        want = end - start
        for s in shown:
            if len(items) == want:
                break
            if skip >= len(s):
                skip -= len(s)
                continue
            for r in s[skip : skip + want - len(items)]:
                items.append(_with_field(side.object(r), field, r.name))
            skip = 0
        page: McpObject = {side.key: items}
        if nxt is not None:
            page["nextCursor"] = nxt
        caches = side.caches
        if any(c for c in caches):
            page.update(_core.merge_list_cache(caches))
        return page

    def _discovery_page(self, side: _Side, listing: List[str], options: Any, kwargs: Dict[str, Any]) -> McpObject:
        items = self._discovery_list(side, listing)
        start, end, nxt = _core.list_page(len(items), side.gen, options, **kwargs)
        items = items[start:end]
        page: McpObject = {side.key: items}
        if nxt is not None:
            page["nextCursor"] = nxt
        if any(c for c in side.caches):
            page.update(_core.merge_list_cache(side.caches))
        return page

    def list_tools(self, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> McpObject:
        """The merged ``tools/list`` result: every enabled tool's upstream object under its
        exposed name, servers in configuration order; paged with ``page_size`` (and the
        ``cursor`` of the page before); ``ttlMs`` / ``cacheScope`` as every upstream allows.
        While discovery is on (configured, and past ``maxListed``): the meta-tools, then the
        tools ``discovery.always`` lists."""
        return self._list(0, options, kwargs)

    def list_prompts(self, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> McpObject:
        """The merged ``prompts/list`` result."""
        return self._list(1, options, kwargs)

    def list_resources(self, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> McpObject:
        """The merged ``resources/list`` result."""
        return self._list(2, options, kwargs)

    def list_resource_templates(self, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> McpObject:
        """The merged ``resources/templates/list`` result."""
        return self._list(3, options, kwargs)

    def tools(self) -> List[ExposedTool]:
        """The enabled exposed tools, in list order."""
        qp = self._qp
        return [
            {"name": r.name, "qualified": qp + r.name, "server": self._names[r.server], "upstream": r.upstream, "enabled": True}
            for s in self._sides[0].visible()
            for r in s
        ]

    # ---- Routing: hits from the table here, everything else from the core.

    def _hit(self, side: _Side, name: Any) -> Optional[_Record]:
        """The record routed under ``name`` (or under it without the qualified prefix)."""
        r = side.hits.get(name) if isinstance(name, str) else None
        if r is None and self._qp and isinstance(name, str) and name.startswith(self._qp):
            r = side.hits.get(name[len(self._qp) :])
        return r

    def _route(self, r: _Record) -> Route:
        name, pool, prefix = self._servers[r.server]
        route: Route = {"server": name, "tool": r.upstream, "builtin": False}
        if pool is not None:
            route["pool"] = pool
        if prefix is not None:
            route["upstream_prefix"] = prefix
        return route

    def _local(self, name: Any) -> Optional[Route]:
        r = self._hit(self._sides[0], name)
        if r is not None:
            return self._route(r)
        if not isinstance(name, str) or not self._builtins:
            return None
        bare = name[len(self._qp) :] if self._qp and name.startswith(self._qp) else name
        if bare in self._builtins and name not in self._tools:
            return {"server": None, "tool": bare, "builtin": True}
        return None

    def route(self, name: str) -> Route:
        """The backend and its own tool name for an exposed (or qualified) name; ``NamingError``
        ``unknown_tool`` with suggestions, ``tool_disabled``, ``tool_removed``."""
        return self._local(name) or cast(Route, self._c.route(name))

    def try_route(self, name: str) -> Optional[Route]:
        """As ``route``, but ``None`` instead of an error."""
        return self._local(name) or cast(Optional[Route], self._c.try_route(name))

    def is_enabled(self, name: str) -> bool:
        """Whether the configuration offers a name (servers, enabled and disabled patterns)."""
        if self._hit(self._sides[0], name) is not None:
            return True
        return bool(self._c.is_enabled(name))

    def _mapped(self, r: _Record, field: str, params: McpObject) -> Mapped:
        return {"server": self._names[r.server], "params": _with_field(params, field, r.upstream), "header": r.header}

    def _map(self, kind: int, field: str, params: Any, options: Any, kwargs: Dict[str, Any]) -> Mapped:
        name = _param(params, field)
        header = _core.map_options(options, **kwargs)
        if header is None:
            side = self._sides[kind]
            r = side.hits.get(name) if kind == 2 else self._hit(side, name)
            if r is not None:
                return self._mapped(r, field, params)
            server, upstream, out = self._c.target(kind, name)
        else:
            server, upstream, out = self._c.target(kind, name, header[0], header[1])
        return {"server": server, "params": _with_field(params, field, upstream), "header": out}

    def map_call_tool(self, params: McpObject, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Mapped:
        """A client's ``tools/call`` params for the upstream: ``{ server, params, header }``
        with the upstream's own tool name, ``arguments`` and ``_meta`` kept. Options:
        ``header`` (the request's ``Mcp-Name``, checked against the body) and
        ``protocol_version``. ``NamingError``: ``unknown_tool`` (with suggestions),
        ``tool_disabled``, ``tool_removed``, ``name_mismatch``, ``invalid_header``.

        With ``discovery``, a ``call_tool`` call (``arguments``: ``{"name", "arguments"}``) is
        mapped to the tool it names, with its inner ``arguments`` (only the name reaches the
        core); ``search_tools`` and ``get_tool_details`` are ``invalid_argument`` (answer them
        with ``discovery_result``)."""
        if self._discovery and isinstance(params, dict):
            meta = self._meta(params.get("name"))
            if meta == "call_tool":
                return self._call_tool(params, options, kwargs)
            if meta is not None:
                header = _core.map_options(options, **kwargs)
                if header is not None:
                    self._c.check_header(params["name"], header[0], header[1])
                raise _bad(f'"{meta}" is answered by the gateway itself (discovery), not by an upstream')
        # The hot lane: an exposed name, no header to check.
        if options is None and not kwargs and type(params) is dict:
            r = self._tools.get(params.get("name"))  # type: ignore[arg-type]
            if r is not None:
                return {"server": self._names[r.server], "params": {**params, "name": r.upstream}, "header": r.header}
        return self._map(0, "name", params, options, kwargs)

    def _meta(self, name: Any) -> Optional[str]:
        """The meta-tool ``name`` calls, with ``discovery`` configured (the core decides; only
        the meta-tools' names cross)."""
        if not self._discovery or not isinstance(name, str):
            return None
        bare = name[len(self._qp) :] if self._qp and name.startswith(self._qp) else name
        return cast(Optional[str], self._c.meta_tool(name)) if bare in _META_NAMES else None

    def _call_tool(self, params: McpObject, options: Any, kwargs: Dict[str, Any]) -> Mapped:
        """A ``call_tool`` call as the upstream ``tools/call`` of the tool it names: its own
        name, the inner arguments, every other member of the params kept."""
        header = _core.map_options(options, **kwargs) or (None, None)
        args = params.get("arguments")
        server, upstream, out = self._c.call_tool_target(params["name"], args, header[0], header[1])
        mapped: McpObject = {k: (upstream if k == "name" else v) for k, v in params.items() if k != "arguments"}
        inner = args.get("arguments") if isinstance(args, dict) else None
        if inner is not None:
            mapped["arguments"] = inner
        return {"server": server, "params": mapped, "header": out}

    def search_tools(self, query: str, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> List[SearchHit]:
        """The exposed tools that match a query best, best first: ``[{name, server, upstream,
        score, matched, description?}]``, ranked over each tool's name (split into words
        whatever its case or separators), description and input parameter names, with
        exact-name and prefix boosts, misspelled words reaching the nearest ones; ties by name.
        Options: ``limit`` (1 to 1000) and ``server`` (that server's tools only). The first
        search hands the core the listed tools' texts; each ``expose_tools`` keeps them up to
        date. ``NamingError``: ``invalid_argument`` (an empty or over-long query, a bad limit,
        an unknown option key), ``unknown_server``."""
        if not isinstance(query, str):
            raise TypeError(f"query must be str, not {type(query).__name__}")
        if not self._searching:
            self._searching = True
            side = self._sides[0]
            for si, server in enumerate(self._names):
                cache = side.caches[si]
                if cache is not None:
                    self._expose_list(side, server, side.items[si], True, cache)
        return cast(List[SearchHit], self._c.search_tools(query, options, **kwargs))

    def discovery_result(self, params: McpObject, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Optional[ToolResult]:
        """The gateway's own answer to a ``tools/call`` of the discovery meta-tools
        ``search_tools`` and ``get_tool_details``: an MCP tool result (``isError`` with
        suggestions for a bad call), or ``None`` for any other call (``call_tool`` included: map
        it with ``map_call_tool``). Options as ``map_call_tool``'s: ``header`` (the request's
        ``Mcp-Name``, checked against the called name) and ``protocol_version``.
        ``NamingError``: ``name_mismatch``."""
        if not isinstance(params, dict):
            raise _bad(f"params must be an object, got {_core.described(params)}")
        name = params.get("name")
        meta = self._meta(name)
        if meta is None or meta == "call_tool":
            return None
        header = _core.map_options(options, **kwargs)
        if header is not None:
            self._c.check_header(name, header[0], header[1])
        args = params.get("arguments")
        if meta == "search_tools":
            return cast(ToolResult, self._c.search_result(args))
        tool, result = self._c.details_target(args)
        if tool is None:
            return cast(ToolResult, result)
        exposed, si, upstream = tool
        return cast(ToolResult, self._c.details_result(exposed, si, upstream, self._tool_object(si, upstream)))

    def _tool_object(self, si: int, upstream: str) -> Any:
        """Server ``si``'s tool ``upstream`` as ``list_tools`` shows it (its name aside): the
        first of that name in the server's list (a list may hold a name twice)."""
        side = self._sides[0]
        try:
            index = side.ups[si].index(upstream)
        except ValueError:
            return None
        view = side.views[si].get(index)
        return view if view is not None else side.items[si][index]

    def map_get_prompt(self, params: McpObject, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Mapped:
        """A client's ``prompts/get`` params for the upstream."""
        return self._map(1, "name", params, options, kwargs)

    def map_read_resource(self, params: McpObject, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> Mapped:
        """A client's ``resources/read`` params for the upstream (a listed resource, a link a
        result carried, or an expansion of a template)."""
        return self._map(2, "uri", params, options, kwargs)

    def map_subscribe(self, params: McpObject) -> Mapped:
        """A client's ``resources/subscribe`` params for the upstream."""
        return self._map(2, "uri", params, None, {})

    def map_unsubscribe(self, params: McpObject) -> Mapped:
        """A client's ``resources/unsubscribe`` params for the upstream."""
        return self._map(2, "uri", params, None, {})

    def map_complete(self, params: McpObject) -> Mapped:
        """A client's ``completion/complete`` params for the upstream: ``ref`` (a prompt's name
        or a resource template's URI) as that server knows it; the argument and context kept."""
        ref = params.get("ref", _MISSING) if isinstance(params, dict) else _MISSING
        if ref is _MISSING:
            if not isinstance(params, dict):
                raise _bad(f"params must be an object, got {_core.described(params)}")
            raise _bad("params.ref is missing")
        if not isinstance(ref, dict):
            raise _bad(f"params.ref must be an object, got {_core.described(ref)}")
        kind = _param(ref, "type", "params.ref.")
        if kind == "ref/prompt":
            field = "name"
        elif kind == "ref/resource":
            field = "uri"
        else:
            self._c.completion_target(kind, "")  # the core's error for another type
            raise _bad(f"params.ref.type: {kind!r} is not a reference type")
        value = _param(ref, field, "params.ref.")
        server, upstream, header = self._c.completion_target(kind, value)
        new_ref = _with_field(ref, field, upstream)
        return {"server": server, "params": {k: (new_ref if k == "ref" else v) for k, v in params.items()}, "header": header}

    def rewrite_notification(self, server: str, notification: McpObject) -> Relay:
        """What to do with a notification ``server`` sent: ``{ forward, relist }``, the
        notification to forward (a ``resources/updated`` URI in its gateway form), or the list
        (``tools``, ``prompts``, ``resources``) to ask that server for again."""
        self._c.server_index(server)
        if not isinstance(notification, dict):
            raise _bad(f"params must be an object, got {_core.described(notification)}")
        action = _core.notice(_param(notification, "method", "notification."))
        if action == 0:
            return {"forward": notification, "relist": None}
        if action in _RELIST:
            return {"forward": None, "relist": cast(Any, _RELIST[action])}
        forward = notification
        params = notification.get("params")
        uri = params.get("uri") if isinstance(params, dict) else None
        if isinstance(params, dict) and isinstance(uri, str):
            exposed = self._c.rewrite_uri(server, uri)
            forward = {**notification, "params": _with_field(params, "uri", exposed)}
        return {"forward": forward, "relist": None}

    def migrate_name(self, name: str, source: "Router") -> str:
        """The name this router exposes for the tool ``source`` (another Router) exposes as
        ``name``: migrates permission files and eval sets from one style to another."""
        if not isinstance(source, Router):
            raise TypeError(f"source must be a Router, not {type(source).__name__}")
        return cast(str, self._c.migrate(name, source._c))

    def client_view(self, client: str, options: Optional[Mapping[str, Any]] = None, **kwargs: Any) -> ClientView:
        """What ``client`` shows of this gateway's tools, the user having named the gateway
        ``server`` (default: the configured gateway name)."""
        return cast(ClientView, self._c.client_view(client, options, **kwargs))

    # ---- Results: walked here; only the URIs they carry go to the core.

    def _uri(self, server: str, holder: Any) -> Any:
        uri = holder.get("uri") if isinstance(holder, dict) else None
        if not isinstance(uri, str):
            return holder
        exposed = self._c.rewrite_uri(server, uri)
        return holder if exposed == uri else _with_field(holder, "uri", exposed)

    def _block(self, server: str, block: Any) -> Any:
        """A content block: a resource_link's URI, or an embedded resource's."""
        if not isinstance(block, dict):
            return block
        kind = block.get("type")
        if kind == "resource_link":
            return self._uri(server, block)
        if kind == "resource":
            inner = block.get("resource")
            new = self._uri(server, inner)
            return block if new is inner else {**block, "resource": new}
        return block

    def rewrite_result(self, server: str, result: McpObject) -> McpObject:
        """A ``tools/call``, ``resources/read`` or ``prompts/get`` result from ``server`` with
        every URI it carries (``resource_link`` blocks, embedded resources, ``contents[].uri``,
        prompt messages) in the form the client can read back through the gateway; everything
        else untouched (the same object when nothing changes)."""
        if server not in self._index:
            self._c.server_index(server)
        if not isinstance(result, dict):
            raise _bad(f"result must be an object, got {_core.described(result)}")
        out = result

        def each(key: str, fn: Callable[[Any], Any]) -> None:
            nonlocal out
            items = result.get(key)
            if not isinstance(items, list):
                return
            copy: Optional[List[Any]] = None
            for i, item in enumerate(items):
                new = fn(item)
                if new is not item:
                    if copy is None:
                        copy = list(items)
                    copy[i] = new
            if copy is not None:
                if out is result:
                    out = dict(result)
                out[key] = copy

        def message(m: Any) -> Any:
            if not isinstance(m, dict) or "content" not in m:
                return m
            content = self._block(server, m["content"])
            return m if content is m["content"] else {**m, "content": content}

        each("content", lambda b: self._block(server, b))
        each("contents", lambda c: self._uri(server, c))
        each("messages", message)
        return out

    # ---- Resources one at a time.

    def expose_resource(self, server: str, uri: str) -> str:
        """Exposes one backend resource URI under the gateway's scheme: the exposed URI."""
        exposed = cast(str, self._c.expose_resource(server, uri))
        si = self._index[server]
        side = self._sides[2]
        if not any(r.name == exposed for r in side.segs[si]):
            item = {"uri": uri}
            side.items[si] = [*side.items[si], item]
            side.ups[si] = [*side.ups[si], uri]
            header = _core.encode_mcp_name_header(uri)
            r = _Record(exposed, si, len(side.items[si]) - 1, uri, item, _ENABLED | _LISTED | _ROUTED, header)
            side.segs[si] = [*side.segs[si], r]
            side.shown[si] = None
            side.hits[exposed] = r
            side.gen += 1
        return exposed

    def route_resource(self, uri: str) -> ResourceRoute:
        """The server and the backend's own URI for an exposed resource URI; ``NamingError``
        ``unknown_resource``."""
        r = self._sides[2].hits.get(uri) if isinstance(uri, str) else None
        if r is not None:
            return {"server": self._names[r.server], "uri": r.upstream}
        return cast(ResourceRoute, self._c.route_resource(uri))


# Keyword arguments of the configuration, and the keys they stand for.
_CONFIG_KEYS = {"prefix_mode": "prefixMode"}

__all__ = ["Router"]
