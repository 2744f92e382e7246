# Generated from the Rust types of src/router/decide and src/router/probe by tests/contract.rs
# (MCP_NAMING_BLESS=1 cargo test --test contract); do not edit.
from typing import Any, Dict, List, Literal, Optional, Tuple, TypedDict, Union

from typing_extensions import Required

HostFacts = TypedDict(
    "HostFacts",
    {
        "servers": Required[List["ServerFacts"]],
        "qualifiedPrefix": Required[str],
        "builtins": Required[List["Builtin"]],
        "aliases": Required[List["Alias"]],
        "segments": Required[int],
        "metaNames": Required[List[str]],
        "searching": Required[bool],
    },
    total=False,
)
"""What a host needs of its router's configuration to apply the decisions (and answer the hits of its own route table)."""

ServerFacts = TypedDict(
    "ServerFacts",
    {
        "name": Required[str],
        "pool": Union[str, None],
        "upstreamPrefix": Union[str, None],
    },
    total=False,
)
"""A configured server as a host names it."""

Builtin = TypedDict(
    "Builtin",
    {
        "name": Required[str],
        "enabled": Required[bool],
    },
    total=False,
)
"""A gateway built-in."""

Alias = TypedDict(
    "Alias",
    {
        "old": Required[str],
        "current": Required[str],
    },
    total=False,
)
"""An alias: an old exposed name, and the current one it stands for."""

HostTables = TypedDict(
    "HostTables",
    {
        "probes": Required[List["ProbeTable"]],
        "lists": Required[List["ListTable"]],
        "flags": Required["PlacementFlags"],
        "metaTools": Required[List[Any]],
        "defaultPageSize": Required[int],
    },
    total=False,
)
"""What every host reads once, whatever its router."""

ProbeTable = TypedDict(
    "ProbeTable",
    {
        "probe": Required["Probe"],
        "patterns": Required[List[List["PatternStep"]]],
    },
    total=False,
)
"""The patterns of one probe."""

Probe = Literal["tool", "toolText", "callTool", "metaCall", "getPrompt", "readResource", "complete", "notification", "result", "toolHeaders", "requestMeta", "listen", "response"]
"""What a probe reads: an item of an upstream list, a client's request params, an upstream's result or notification. Each probe's first pattern of a message (`Probe::CallTool` and the rest below it) is the empty one: the object itself, so that the core words what it is when it is not an object."""

PatternStepKey = TypedDict(
    "PatternStepKey",
    {
        "step": Required[Literal["key"]],
        "arg": Required[str],
    },
    total=False,
)
"""The member of that name (of an object; nothing otherwise)."""

PatternStepEach = TypedDict(
    "PatternStepEach",
    {
        "step": Required[Literal["each"]],
    },
    total=False,
)
"""Every element of an array, every member's value of an object."""

PatternStepKeys = TypedDict(
    "PatternStepKeys",
    {
        "step": Required[Literal["keys"]],
    },
    total=False,
)
"""Every key of an object, as the value found (its path ends with the key itself)."""

PatternStepWhere = TypedDict(
    "PatternStepWhere",
    {
        "step": Required[Literal["where"]],
        "arg": Required[Tuple[str, str]],
    },
    total=False,
)
"""Only an object whose member named first is the string given second."""

PatternStepDeep = TypedDict(
    "PatternStepDeep",
    {
        "step": Required[Literal["deep"]],
        "arg": Required[str],
    },
    total=False,
)
"""Every member of that name at any depth below, through objects and arrays alike (a member found is not searched further)."""

PatternStepDeepAll = TypedDict(
    "PatternStepDeepAll",
    {
        "step": Required[Literal["deepAll"]],
        "arg": Required[str],
    },
    total=False,
)
"""Every member of that name at any depth below, through objects and arrays alike, a member found searched further too (a property named `type` holds a `type` of its own)."""

PatternStep = Union[PatternStepKey, PatternStepEach, PatternStepKeys, PatternStepWhere, PatternStepDeep, PatternStepDeepAll]
"""A step of a `Pattern`: how a host walks from a value to the ones the core needs."""

ListTable = TypedDict(
    "ListTable",
    {
        "list": Required["ListKind"],
        "key": Required[str],
        "field": Required[str],
    },
    total=False,
)
"""One merged list, as hosts number them (the index in `HostTables::lists`)."""

ListKind = Literal["tools", "prompts", "resources", "resourceTemplates"]
"""A merged list a client asks for."""

PlacementFlags = TypedDict(
    "PlacementFlags",
    {
        "enabled": Required[int],
        "listed": Required[int],
        "routed": Required[int],
        "same": Required[int],
    },
    total=False,
)
"""The bits of a placed entry's flags, and the marker of a name that is the upstream's own."""

Request = TypedDict(
    "Request",
    {
        "method": Required["Method"],
        "found": Required[List["Found"]],
        "header": Union[str, None],
        "protocolVersion": Union[str, None],
        "accept": "Accept",
        "meta": List["Found"],
    },
    total=False,
)
"""A client's request, as a host hands it over."""

Method = Literal["tools/call", "tools/call#meta", "prompts/get", "resources/read", "resources/subscribe", "resources/unsubscribe", "completion/complete"]
"""A request a client sends a gateway, that an upstream answers (or the gateway itself)."""

Found = TypedDict(
    "Found",
    {
        "pattern": Required[int],
        "path": Required[List["Step"]],
        "value": Required["Scalar"],
    },
    total=False,
)
"""A value a probe found: which pattern of the probe found it, where, and what it is."""

Step = Union[int, str]
"""One step into an MCP object: an object's member, or an array's element."""

ScalarString = TypedDict(
    "ScalarString",
    {
        "type": Required[Literal["string"]],
        "value": Required[str],
    },
    total=False,
)
"""A string."""

ScalarNumber = TypedDict(
    "ScalarNumber",
    {
        "type": Required[Literal["number"]],
        "value": Required[float],
    },
    total=False,
)
"""A number (a host refuses or reports what is not finite before it crosses)."""

ScalarBoolean = TypedDict(
    "ScalarBoolean",
    {
        "type": Required[Literal["boolean"]],
        "value": Required[bool],
    },
    total=False,
)
"""A boolean."""

ScalarNull = TypedDict(
    "ScalarNull",
    {
        "type": Required[Literal["null"]],
    },
    total=False,
)
"""`null`."""

ScalarArray = TypedDict(
    "ScalarArray",
    {
        "type": Required[Literal["array"]],
    },
    total=False,
)
"""An array, unread."""

ScalarObject = TypedDict(
    "ScalarObject",
    {
        "type": Required[Literal["object"]],
    },
    total=False,
)
"""An object, unread."""

Scalar = Union[ScalarString, ScalarNumber, ScalarBoolean, ScalarNull, ScalarArray, ScalarObject]
"""A value a host found, as it crosses: a string as it is; any other JSON value as what it is, so that no payload (an object, an array) ever crosses where the core needs a name."""

Accept = Literal["either", "forward", "answer"]
"""What the host will do with the decision: send the request on, answer it itself, or either."""

RequestDecisionForward = TypedDict(
    "RequestDecisionForward",
    {
        "decision": Required[Literal["forward"]],
        "server": Required[str],
        "header": Required[str],
        "edits": Required[List["Edit"]],
        "reads": List["ParamRead"],
    },
    total=False,
)
"""Send it to `server` (its name in the configuration) with its params edited, and the `Mcp-Name` header `header` (SEP-2243: already encoded)."""

RequestDecisionAnswer = TypedDict(
    "RequestDecisionAnswer",
    {
        "decision": Required[Literal["answer"]],
        "result": Required[Any],
        "inserts": Required[List["Insert"]],
    },
    total=False,
)
"""Answer it with `result` (the gateway's own: discovery's `search_tools`, `get_tool_details`), the host's items put in where `inserts` say."""

RequestDecisionPass = TypedDict(
    "RequestDecisionPass",
    {
        "decision": Required[Literal["pass"]],
    },
    total=False,
)
"""Not the gateway's to answer (`Accept::Answer` of a request an upstream answers)."""

RequestDecision = Union[RequestDecisionForward, RequestDecisionAnswer, RequestDecisionPass]
"""What to do with a client's request."""

EditSet = TypedDict(
    "EditSet",
    {
        "op": Required[Literal["set"]],
        "path": Required[List["Step"]],
        "value": Required[Any],
    },
    total=False,
)
"""The value at `path` replaced by `value` (or added, the objects on the way made where missing)."""

EditTake = TypedDict(
    "EditTake",
    {
        "op": Required[Literal["take"]],
        "path": Required[List["Step"]],
        "from": Required[List["Step"]],
    },
    total=False,
)
"""The value at `path` replaced by the host's own value at `from` (removed when there is none): a payload moved without crossing."""

EditRemove = TypedDict(
    "EditRemove",
    {
        "op": Required[Literal["remove"]],
        "path": Required[List["Step"]],
    },
    total=False,
)
"""The member at `path` removed."""

Edit = Union[EditSet, EditTake, EditRemove]
"""A change a decision asks of a host's object. Every path is into the object as the host holds it before any edit of the same decision."""

ParamRead = TypedDict(
    "ParamRead",
    {
        "header": Required[str],
        "path": Required[List["Step"]],
        "checked": Required[bool],
    },
    total=False,
)
"""A value a call's headers need: where it is in the params as forwarded, and its header."""

Insert = TypedDict(
    "Insert",
    {
        "path": Required[List["Step"]],
        "server": Required[int],
        "index": Required[int],
        "name": Required[str],
        "text": Required[bool],
    },
    total=False,
)
"""Where a host's own item goes into an answer."""

ListRequest = TypedDict(
    "ListRequest",
    {
        "list": Required["ListKind"],
        "cursor": Union[str, None],
        "pageSize": Union[float, None],
        "total": Required[int],
        "generation": Required[int],
        "protocolVersion": Union[str, None],
    },
    total=False,
)
"""A page of a merged list, as a host asks for it."""

ListDecisionPage = TypedDict(
    "ListDecisionPage",
    {
        "decision": Required[Literal["page"]],
        "start": Required[int],
        "end": Required[int],
        "nextCursor": Union[str, None],
        "cache": Required["ListCache"],
    },
    total=False,
)
"""The host's shown items `start..end`, in order (segments in slot order, each segment's shown entries in order)."""

ListDecisionDiscovery = TypedDict(
    "ListDecisionDiscovery",
    {
        "decision": Required[Literal["discovery"]],
        "meta": Required[List[int]],
        "names": Required[List[str]],
        "nextCursor": Union[str, None],
        "cache": Required["ListCache"],
    },
    total=False,
)
"""Discovery: the meta-tools `meta` (indexes into `super::meta_tools`), then the tools named `names` (the host's shown items under those exposed names), in order."""

ListDecision = Union[ListDecisionPage, ListDecisionDiscovery]
"""Which items a page of a merged list holds, and what the list says about itself."""

ListCache = TypedDict(
    "ListCache",
    {
        "ttlMs": Union[float, None],
        "cacheScope": Optional["CacheScope"],
    },
    total=False,
)
"""A list's caching members, as one upstream gave them or as merged for the client."""

CacheScope = Literal["public", "private"]
"""Who may share a cached list (`cacheScope`)."""

NotificationDecisionForward = TypedDict(
    "NotificationDecisionForward",
    {
        "decision": Required[Literal["forward"]],
        "edits": Required[List["Edit"]],
    },
    total=False,
)
"""Send it to the clients with these changes (a `resources/updated` URI in its gateway form; most notifications pass as they are)."""

NotificationDecisionRelist = TypedDict(
    "NotificationDecisionRelist",
    {
        "decision": Required[Literal["relist"]],
        "list": Required["Listed"],
    },
    total=False,
)
"""Send nothing for it: list that server's `list` again, expose it, and tell the clients when the exposure says the merged list changed."""

NotificationDecisionAcknowledged = TypedDict(
    "NotificationDecisionAcknowledged",
    {
        "decision": Required[Literal["acknowledged"]],
    },
    total=False,
)
"""Send nothing for it: an upstream's `notifications/subscriptions/acknowledged`, which the host collects for the client's own (`ListenDecision::acknowledge`)."""

NotificationDecision = Union[NotificationDecisionForward, NotificationDecisionRelist, NotificationDecisionAcknowledged]
"""What to do with an upstream's notification."""

Listed = Literal["tools", "prompts", "resources"]

ResultDecision = TypedDict(
    "ResultDecision",
    {
        "edits": Required[List["Edit"]],
        "inputRequired": Required[bool],
    },
    total=False,
)
"""What to do with an upstream's result before the client gets it."""

View = TypedDict(
    "View",
    {
        "server": Required[int],
        "items": Required[List["ItemView"]],
    },
    total=False,
)
"""Every tool view of one server, replacing what the host kept for it."""

ItemView = TypedDict(
    "ItemView",
    {
        "index": Required[int],
        "edits": Required[List["Edit"]],
    },
    total=False,
)
"""How a host shows one item of an upstream's list beyond its exposed name: the configuration's description, its MCP Apps UI URIs in their gateway form."""

AnsweredDiscover = TypedDict(
    "AnsweredDiscover",
    {
        "answered": Required[Literal["discover"]],
        "supportedVersions": Required[List[str]],
        "capabilities": Required[Any],
        "instructions": Union[str, None],
        "cache": "ListCache",
    },
    total=False,
)
"""A `server/discover` result."""

AnsweredInitialize = TypedDict(
    "AnsweredInitialize",
    {
        "answered": Required[Literal["initialize"]],
        "protocolVersion": Required[str],
        "capabilities": Required[Any],
        "instructions": Union[str, None],
    },
    total=False,
)
"""An `initialize` result."""

Answered = Union[AnsweredDiscover, AnsweredInitialize]
"""What an upstream said about itself, as a host hands it over: its `server/discover` result (2026-07-28), or its `initialize` result (2025-11-25 and before). Only versions, capabilities and instructions cross."""

UpstreamDecision = TypedDict(
    "UpstreamDecision",
    {
        "era": Required["Era"],
        "version": Required[str],
        "dropped": Required[List[str]],
        "warnings": Required[List[Any]],
    },
    total=False,
)
"""How the gateway speaks to an upstream that answered, and what of it it cannot carry."""

Era = Literal["legacy", "modern"]
"""Which side of the handshake a revision is on."""

DiscoverDecision = TypedDict(
    "DiscoverDecision",
    {
        "result": Required[Any],
    },
    total=False,
)
"""The gateway's own answer to `server/discover`, or to `initialize`."""

ListenDecision = TypedDict(
    "ListenDecision",
    {
        "upstreams": Required[List["UpstreamListen"]],
        "lists": Required["SubscriptionFilter"],
        "uris": Required[List["ListenedUri"]],
    },
    total=False,
)
"""What to do with a client's `subscriptions/listen`."""

UpstreamListenListen = TypedDict(
    "UpstreamListenListen",
    {
        "open": Required[Literal["listen"]],
        "server": Required[str],
        "notifications": Required["SubscriptionFilter"],
    },
    total=False,
)
"""A `subscriptions/listen` of its own to a 2026-07-28 upstream with this filter (URIs as the upstream knows them); its notifications go to `Router::decide_listened`."""

UpstreamListenSubscribe = TypedDict(
    "UpstreamListenSubscribe",
    {
        "open": Required[Literal["subscribe"]],
        "server": Required[str],
        "uris": Required[List[str]],
    },
    total=False,
)
"""A `resources/subscribe` of each URI on the session of an upstream of 2025-11-25 and before (and `resources/unsubscribe` when the client's stream closes)."""

UpstreamListen = Union[UpstreamListenListen, UpstreamListenSubscribe]
"""What the gateway asks an upstream for a client's stream."""

SubscriptionFilter = TypedDict(
    "SubscriptionFilter",
    {
        "toolsListChanged": bool,
        "promptsListChanged": bool,
        "resourcesListChanged": bool,
        "resourceSubscriptions": List[str],
    },
    total=False,
)
"""A notification filter, as `subscriptions/listen` and its acknowledgement carry it."""

ListenedUri = TypedDict(
    "ListenedUri",
    {
        "uri": Required[str],
        "server": Required[str],
        "upstream": Required[str],
    },
    total=False,
)
"""A client URI of a stream, and where it lives."""

Response = TypedDict(
    "Response",
    {
        "method": Required["Method"],
        "found": Required[List["Found"]],
        "protocolVersion": Union[str, None],
    },
    total=False,
)
"""An upstream's result, as a host hands it over."""

ParamsRequest = TypedDict(
    "ParamsRequest",
    {
        "reads": Required[List["ParamRead"]],
        "found": Required[List["Found"]],
        "given": List["Header"],
        "protocolVersion": Union[str, None],
    },
    total=False,
)
"""What a host hands over for a call's parameter headers."""

Header = TypedDict(
    "Header",
    {
        "name": Required[str],
        "value": Required[str],
    },
    total=False,
)
"""A header as a transport received it, or as it sends it."""

ParamsDecision = TypedDict(
    "ParamsDecision",
    {
        "headers": Required[List["Header"]],
    },
    total=False,
)
"""The headers to send upstream with a call."""
