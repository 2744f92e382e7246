"""The host's two loops over its own MCP objects: the probe walker (``find``: what the core's
patterns reach, as the contract's ``Found`` values) and the edit applier (``apply``: a
decision's edits, copy-on-write). The Python counterparts of ``find`` and ``apply`` in the
core's ``src/router/probe.rs``.

An MCP object is a ``dict`` (or another mapping), a ``list`` (or tuple), or one of the ``mcp``
SDK's pydantic models, read by its JSON keys: a field by its alias (``_meta`` is ``meta``,
``inputSchema`` is ``input_schema``), a field that is ``None`` as absent (the SDK leaves such
fields out of what it sends). Nothing is copied but the containers on an edit's path: a 10 MB
result costs what a 1 KB one does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

if TYPE_CHECKING:
    from ._contract import Edit, Found, PatternStep, Scalar, Step

#: What ``member`` answers for an absent member.
MISSING: Any = object()
_REMOVE: Any = object()
_FIELDS: Dict[type, Optional[Dict[str, str]]] = {}
# How deep a ``deep`` step searches: the core's ``Json::MAX_DEPTH``, as its walker does.
_MAX_DEPTH = 64
# A compiled pattern: (step, arg) pairs.
Pattern = Tuple[Tuple[str, Any], ...]


def _fields(cls: type) -> Optional[Dict[str, str]]:
    """A pydantic model class's fields by JSON key (alias), or ``None`` for any other class."""
    try:
        return _FIELDS[cls]
    except KeyError:
        pass
    fields = getattr(cls, "__pydantic_fields__", None)
    out = None
    if isinstance(fields, dict):
        out = {(getattr(f, "serialization_alias", None) or getattr(f, "alias", None) or name): name for name, f in fields.items()}
    _FIELDS[cls] = out
    return out


def is_model(value: Any) -> bool:
    """Whether ``value`` is a pydantic model (an MCP object of the ``mcp`` SDK)."""
    return _fields(type(value)) is not None


def is_object(value: Any) -> bool:
    """Whether ``value`` is an MCP object (a JSON object): a mapping or a model."""
    return isinstance(value, Mapping) or is_model(value)


def member(obj: Any, key: str) -> Any:
    """Member ``key`` of an object, or ``MISSING`` (also for what is not an object)."""
    if type(obj) is dict:
        return obj.get(key, MISSING)
    fields = _fields(type(obj))
    if fields is not None:
        name = fields.get(key)
        if name is not None:
            v = obj.__dict__.get(name)
            return MISSING if v is None else v
        extra = getattr(obj, "__pydantic_extra__", None)
        return extra.get(key, MISSING) if extra else MISSING
    if isinstance(obj, Mapping):
        return obj.get(key, MISSING)
    return MISSING


def given(obj: Any, key: str) -> Any:
    """Member ``key`` as the object was given it: for a model, only a field it was given (not
    one its class defaults), else ``MISSING``; as ``member`` for anything else."""
    fields = _fields(type(obj))
    if fields is not None and fields.get(key, key) not in obj.model_fields_set:
        return MISSING
    return member(obj, key)


def members(obj: Any) -> Iterable[Tuple[str, Any]]:
    """An object's members, by JSON key, in order."""
    fields = _fields(type(obj))
    if fields is None:
        return obj.items() if isinstance(obj, Mapping) else ()
    values = obj.__dict__
    out = [(k, values.get(name)) for k, name in fields.items()]
    extra = getattr(obj, "__pydantic_extra__", None)
    if extra:
        out.extend(extra.items())
    return [(k, v) for k, v in out if v is not None]


def scalar(value: Any) -> Scalar:
    """What a value is as it crosses: a string as it is, any other value as its type."""
    if isinstance(value, str):
        return {"type": "string", "value": value}
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean", "value": value}
    if isinstance(value, (int, float)):
        return {"type": "number", "value": value}
    if isinstance(value, (list, tuple)):
        return {"type": "array"}
    return {"type": "object"}


def compile_patterns(patterns: Sequence[Sequence[PatternStep]]) -> List[Pattern]:
    """A probe's patterns (``host_tables()``) as the walker reads them."""
    return [tuple((s["step"], s.get("arg")) for s in p) for p in patterns]


def find(value: Any, patterns: Sequence[Pattern]) -> List[Found]:
    """Every value the patterns reach in ``value``, pattern by pattern, each in document order."""
    out: List[Found] = []
    path: List[Step] = []
    for i, p in enumerate(patterns):
        _walk(value, p, 0, i, path, out)
    return out


def _walk(value: Any, steps: Pattern, k: int, pattern: int, path: List[Step], out: List[Found]) -> None:
    if k == len(steps):
        out.append({"pattern": pattern, "path": list(path), "value": scalar(value)})
        return
    step, arg = steps[k]
    if step == "key":
        v = member(value, arg)
        if v is not MISSING:
            path.append(arg)
            _walk(v, steps, k + 1, pattern, path, out)
            path.pop()
    elif step == "each":
        entries: Iterable[Tuple[Step, Any]] = enumerate(value) if isinstance(value, (list, tuple)) else members(value)
        for key, v in entries:
            path.append(key)
            _walk(v, steps, k + 1, pattern, path, out)
            path.pop()
    elif step == "keys":
        for key, _ in members(value):
            out.append({"pattern": pattern, "path": [*path, key], "value": {"type": "string", "value": key}})
    elif step == "where":
        if member(value, arg[0]) == arg[1] and is_object(value):
            _walk(value, steps, k + 1, pattern, path, out)
    elif step == "deep" or step == "deepAll":
        _deep(value, arg, step == "deepAll", steps, k + 1, pattern, path, out, 0)


def _deep(value: Any, key: str, every: bool, steps: Pattern, k: int, pattern: int, path: List[Step], out: List[Found], depth: int) -> None:
    """Every member ``key`` below ``value``, through objects and arrays alike: a member found
    is walked on with the pattern's next steps and (``every``: the ``deepAll`` step) searched
    further too."""
    if depth > _MAX_DEPTH:
        return
    if isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            path.append(i)
            _deep(v, key, every, steps, k, pattern, path, out, depth + 1)
            path.pop()
        return
    for name, v in members(value):
        path.append(name)
        if name == key:
            _walk(v, steps, k, pattern, path, out)
        if name != key or every:
            _deep(v, key, every, steps, k, pattern, path, out, depth + 1)
        path.pop()


def at(value: Any, path: Sequence[Step]) -> Any:
    """The value at ``path``, or ``MISSING``."""
    for step in path:
        if isinstance(step, int):
            if not isinstance(value, (list, tuple)) or step >= len(value):
                return MISSING
            value = value[step]
        else:
            value = member(value, step)
            if value is MISSING:
                return MISSING
    return value


def find_paths(value: Any, paths: Sequence[Sequence[Step]]) -> List[Found]:
    """The values at ``paths`` (a decision's ``reads``), each found as the pattern of its place
    in ``paths``; a path that reaches nothing finds nothing."""
    out: List[Found] = []
    for i, p in enumerate(paths):
        v = at(value, p)
        if v is not MISSING:
            out.append({"pattern": i, "path": list(p), "value": scalar(v)})
    return out


def with_member(obj: Any, key: str, value: Any) -> Any:
    """``obj`` with member ``key`` set to ``value``: a new object of its kind, the rest shared."""
    if type(obj) is dict:
        return {**obj, key: value}
    fields = _fields(type(obj))
    name = fields.get(key) if fields is not None else None
    if name is not None:
        return obj.model_copy(update={name: value})
    return apply(obj, [{"op": "set", "path": [key], "value": value}])


def apply(root: Any, edits: Sequence[Edit]) -> Any:
    """``root`` with ``edits`` made, copy-on-write: the containers on each edit's path are
    copied (a model with ``model_copy``, shallow), nothing else; ``root`` itself when there are
    none. Every path is into ``root`` as it was: a ``take`` moves a value from it."""
    if not edits:
        return root
    owned: Dict[int, Any] = {}
    out = root
    for e in edits:
        op = e["op"]
        if op == "set":
            value = e["value"]  # type: ignore[typeddict-item]
        elif op == "take":
            value = at(root, e["from"])  # type: ignore[typeddict-item]
            if value is MISSING:
                value = _REMOVE
        else:
            value = _REMOVE
        out = _set(out, e["path"], 0, value, owned)
    return out


def _writable(node: Any, owned: Dict[int, Any]) -> Any:
    if id(node) in owned:
        return node
    if isinstance(node, (list, tuple)):
        copy: Any = list(node)
    elif is_model(node):
        copy = node.model_copy()
    else:
        copy = dict(node)
    owned[id(copy)] = copy
    return copy


def _put(node: Any, key: str, value: Any) -> None:
    """Sets (``_REMOVE``: removes) member ``key`` of a container this apply owns."""
    fields = _fields(type(node))
    if fields is None:
        if value is _REMOVE:
            node.pop(key, None)
        else:
            node[key] = value
        return
    name = fields.get(key)
    if name is not None:
        node.__dict__[name] = None if value is _REMOVE else value
        if value is not _REMOVE:
            node.__pydantic_fields_set__.add(name)
        return
    extra = getattr(node, "__pydantic_extra__", None)
    if extra is not None:
        if value is _REMOVE:
            extra.pop(key, None)
        else:
            extra[key] = value


def _set(node: Any, path: Sequence[Step], k: int, value: Any, owned: Dict[int, Any]) -> Any:
    if k == len(path):
        return node if value is _REMOVE else value
    step = path[k]
    if isinstance(step, int):
        if not isinstance(node, (list, tuple)) or step >= len(node) or k + 1 == len(path) and value is _REMOVE:
            return node
        child = node[step]
        new = _set(child, path, k + 1, value, owned)
        if new is not child:
            node = _writable(node, owned)
            node[step] = new
        return node
    if is_object(node):
        child = member(node, step)
    elif value is _REMOVE:
        return node
    else:
        node, child = _fresh(owned), MISSING
    if child is MISSING:
        if value is _REMOVE:
            return node
        new = _set(_fresh(owned), path, k + 1, value, owned)
    elif k + 1 == len(path) and value is _REMOVE:
        new = _REMOVE
    else:
        new = _set(child, path, k + 1, value, owned)
        if new is child:
            return node
    node = _writable(node, owned)
    _put(node, step, new)
    return node


def _fresh(owned: Dict[int, Any]) -> Dict[str, Any]:
    """A new object this apply owns."""
    fresh: Dict[str, Any] = {}
    owned[id(fresh)] = fresh
    return fresh


def plain(value: Any) -> Any:
    """An object as plain JSON-shaped Python values (a model as the SDK sends it)."""
    if is_model(value):
        return value.model_dump(by_alias=True, exclude_none=True, mode="json")
    return value
