#!/usr/bin/env python3
"""An MCP gateway in Python on the official MCP SDK (``mcp`` 2.x), whose every decision comes
from mcp-naming's Router: it connects to the upstream servers of its configuration (stdio
commands) in whichever revision each speaks, and serves clients of MCP 2026-07-28 (stateless
requests, ``server/discover``, per-request ``_meta``, ``resultType``, ``input_required``
results, ``subscriptions/listen``, the ``Mcp-Name`` / ``Mcp-Param-*`` headers over Streamable
HTTP) and of 2025-11-25 (``initialize``) in front of them, over stdio or Streamable HTTP.

The Router takes the SDK's own models (``ListToolsResult``, ``CallToolRequestParams``,
``InputRequiredResult``, ``SubscriptionsListenRequestParams``, notifications …) and gives back
models of the same classes: nothing here converts between models and dicts; only names, URIs,
types and the upstreams' own capabilities reach the engine.

    python gateway.py gateway.example.json                 # serves MCP over stdio
    python gateway.py gateway.example.json --http 8931     # Streamable HTTP on 127.0.0.1:8931/mcp
"""

from __future__ import annotations

import json
import os
import socket
import sys
from contextlib import AsyncExitStack
from typing import Any, Callable, Dict, List, Optional, Tuple

import anyio
import mcp_types as types
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from mcp import Client, StdioServerParameters
from mcp.client.session import MessageHandlerFnT
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from mcp.shared.subscriptions import SUBSCRIPTION_ID_META_KEY, event_to_notification

from mcp_naming import NamingError, Router, client_error_code
from mcp_naming.types import Listed, RequestMethod

# The gateway's own list-change notifications, by list (what `Router.listen_notice` words).
NOTICES = {"tools": types.ToolListChangedNotification, "prompts": types.PromptListChangedNotification, "resources": types.ResourceListChangedNotification}


def log(message: str) -> None:
    print(f"gateway: {message}", file=sys.stderr, flush=True)


def rpc_error(e: NamingError) -> MCPError:
    """A Router's refusal as the JSON-RPC error the client gets (its code, -32602 or -32020,
    the HTTP status with it: the SDK's transport maps the code)."""
    error = e.to_jsonrpc_error()
    return MCPError(error["code"], error["message"], error["data"])


class Stream:
    """A client's open ``subscriptions/listen`` stream: its id, its session, what the gateway
    acknowledged (the URIs in the client's form, the list changes it announces)."""

    def __init__(self, id: types.RequestId, session: Any, acknowledged: Dict[str, Any]) -> None:
        self.id, self.session, self.acknowledged = id, session, acknowledged

    async def send(self, notification: Any) -> None:
        await self.session.send_notification(notification, related_request_id=self.id)


class Gateway:
    """The upstream connections, the Router that names and routes their objects, the open
    listen streams."""

    def __init__(self, config: Dict[str, Any], base: str) -> None:
        self.config = config
        self.base = base
        routing = {k: v for k, v in config.items() if k != "servers"}
        routing["servers"] = [{k: v for k, v in s.items() if k not in ("command", "args")} for s in config["servers"]]
        # No requestStateKey configured: the Router draws one from os.urandom for this process.
        self.router = Router(routing)
        self.clients: Dict[str, Client] = {}
        # Per upstream, how the gateway speaks to it (the Router's `era`: `modern`, `legacy`).
        self.eras: Dict[str, str] = {}
        self.streams: Dict[types.RequestId, Stream] = {}
        self.tasks: Any = None  # the gateway's background tasks (its own listen streams, relists)
        # Legacy upstreams' resource subscriptions, shared by the client streams: (server, uri) → count.
        self.subscribed: Dict[Tuple[str, str], int] = {}

    # ---- The upstreams.

    async def connect(self, stack: AsyncExitStack, tasks: Any) -> None:
        self.tasks = tasks
        for s in self.config["servers"]:
            name = s["name"]
            command = sys.executable if s["command"] == "python" else s["command"]
            params = StdioServerParameters(command=command, args=s.get("args", []), cwd=self.base, env=dict(os.environ))
            client = await stack.enter_async_context(Client(params, message_handler=self.upstream_message(name)))
            # What the upstream said about itself: the revision the gateway speaks to it.
            session = client.session
            try:
                if session.discover_result is not None:
                    answered = self.router.upstream_answered(name, session.discover_result)
                else:
                    answered = self.router.upstream_answered(name, session.initialize_result, True)
            except NamingError as e:
                log(f"{name}: not served: {e.message}")
                continue
            for w in answered["warnings"]:
                log(f"{name}: {w['message']}")
            self.clients[name] = client
            self.eras[name] = answered["era"]
            for kind in ("tools", "prompts", "resources", "resourceTemplates"):
                await self.relist(name, kind, announce=False)
            control = self.router.control_listen(name)
            if control is not None:
                tasks.start_soon(self.guarded, f"{name}: listen", self.control, name, client, control)
            log(f"{name}: {answered['era']} ({answered['version']})")

    async def relist(self, server: str, kind: str, announce: bool = True) -> None:
        """Lists ``kind`` of ``server`` again and exposes it; tells the client streams that asked
        for the list's changes when what the clients see changed."""
        client = self.clients[server]
        caps = client.server_capabilities
        lists: Dict[str, Tuple[Any, Callable[..., Any]]] = {
            "tools": (caps.tools, lambda: client.list_tools(cache_mode="refresh")),
            "prompts": (caps.prompts, lambda: client.list_prompts(cache_mode="refresh")),
            "resources": (caps.resources, lambda: client.list_resources(cache_mode="refresh")),
            "resourceTemplates": (caps.resources, lambda: client.list_resource_templates(cache_mode="refresh")),
        }
        capability, fetch = lists[kind]
        if capability is None:
            return
        try:
            listed = await fetch()
        except MCPError as e:
            log(f"{server}: {kind}: {e}")
            return
        expose = {"tools": self.router.expose_tools, "prompts": self.router.expose_prompts, "resources": self.router.expose_resources, "resourceTemplates": self.router.expose_resource_templates}[kind]
        exposure = expose(server, listed, on_invalid="skip")
        for skipped in exposure["skipped"]:
            log(f"{server}: skipped {skipped['name']!r}: {skipped['message']}")
        listed_kind: Listed = "tools" if kind == "tools" else "prompts" if kind == "prompts" else "resources"
        if announce and exposure["changed"]:
            for stream in list(self.streams.values()):
                if stream.acknowledged.get(f"{listed_kind}ListChanged"):
                    notice = self.router.listen_notice(listed_kind, stream.id)
                    await stream.send(NOTICES[listed_kind](params=types.NotificationParams(_meta=notice["params"]["_meta"])))

    async def guarded(self, what: str, fn: Callable[..., Any], *args: Any) -> None:
        """A background task that logs its failure instead of ending the gateway."""
        try:
            await fn(*args)
        except Exception as e:  # noqa: BLE001 - a task's failure is logged, the gateway goes on
            log(f"{what}: {type(e).__name__}: {e}")

    async def control(self, server: str, client: Client, control: Dict[str, Any]) -> None:
        """The gateway's own listen stream to a 2026-07-28 upstream: each list change it
        announces is listed again (and announced by the gateway when its merged list changed)."""
        async with client.listen(
            tools_list_changed=control.get("toolsListChanged", False),
            prompts_list_changed=control.get("promptsListChanged", False),
            resources_list_changed=control.get("resourcesListChanged", False),
        ) as subscription:
            async for event in subscription:
                relay = self.router.rewrite_notification(server, event_to_notification(event, {}))
                if relay["relist"] is not None:
                    for kind in ("resources", "resourceTemplates") if relay["relist"] == "resources" else (relay["relist"],):
                        await self.relist(server, kind)

    def upstream_message(self, server: str) -> MessageHandlerFnT:
        """A legacy upstream's notifications on its session: list changes listed again,
        ``resources/updated`` to the client streams that subscribed to the URI. (A 2026-07-28
        upstream's come on the listen streams the gateway opened; the SDK's client hands them
        here too: they are the streams' own.)"""

        async def handle(message: Any) -> None:
            if not isinstance(message, (types.ResourceUpdatedNotification, types.ToolListChangedNotification, types.PromptListChangedNotification, types.ResourceListChangedNotification)):
                return
            if self.eras.get(server) != "legacy":
                return
            if isinstance(message, types.ResourceUpdatedNotification):
                for stream in list(self.streams.values()):
                    forward = self.router.listened(server, message, stream.id)["forward"]
                    if forward is not None and forward.params.uri in stream.acknowledged.get("resourceSubscriptions", []):
                        await stream.send(forward)
                return
            relist = self.router.rewrite_notification(server, message)["relist"]
            if relist is not None:
                # Not here: this runs in the upstream session's receive loop, which the list's
                # answer has to come through.
                for kind in ("resources", "resourceTemplates") if relist == "resources" else (relist,):
                    self.tasks.start_soon(self.guarded, f"{server}: relist {kind}", self.relist, server, kind)

        return handle

    # ---- What the transport received with a request.

    @staticmethod
    def incoming(ctx: Any) -> Dict[str, Any]:
        """The request's ``Mcp-Name`` and ``Mcp-Param-*`` headers and revision, over Streamable
        HTTP; over stdio there are no headers (and none is required)."""
        request = getattr(ctx, "request", None)
        if request is None:
            return {}
        headers = request.headers
        params = {k: v for k, v in headers.items() if k.startswith("mcp-param-")}
        return {"name": headers.get("mcp-name"), "params": params, "protocolVersion": ctx.protocol_version}

    def respond(self, ctx: Any, server: str, method: RequestMethod, result: Any) -> Any:
        """An upstream's result as the client gets it: its URIs in their gateway form, the
        envelope of the client's revision, an ``input_required`` result's state sealed. A client
        of 2025-11-25 cannot be asked for input this way: refused, saying so."""
        out = self.router.rewrite_response(server, method, result, ctx.protocol_version)
        if out["input_required"] and ctx.protocol_version not in MODERN_PROTOCOL_VERSIONS:
            raise MCPError(-32603, f"server {server!r} asks for input (an input_required result), which this gateway carries to clients of {', '.join(MODERN_PROTOCOL_VERSIONS)} only")
        return out["result"]

    async def upstream(self, ctx: Any, server: str, call: Any) -> Any:
        """Sends a mapped request; an upstream's error with its code as the client's revision
        has it."""
        try:
            return await call()
        except MCPError as e:
            raise MCPError(client_error_code(e.code, ctx.protocol_version), e.message, e.data) from None

    # ---- The client's requests.

    async def discover(self, _ctx: Any, _params: Any) -> Dict[str, Any]:
        answer: Dict[str, Any] = self.router.discover()
        return answer

    async def list_tools(self, ctx: Any, params: Optional[types.PaginatedRequestParams]) -> types.ListToolsResult:
        listed: types.ListToolsResult = self.router.list_result("tools", ctx.protocol_version, cursor=params.cursor if params else None)
        return listed

    async def list_prompts(self, ctx: Any, params: Optional[types.PaginatedRequestParams]) -> types.ListPromptsResult:
        listed: types.ListPromptsResult = self.router.list_result("prompts", ctx.protocol_version, cursor=params.cursor if params else None)
        return listed

    async def list_resources(self, ctx: Any, params: Optional[types.PaginatedRequestParams]) -> types.ListResourcesResult:
        listed: types.ListResourcesResult = self.router.list_result("resources", ctx.protocol_version, cursor=params.cursor if params else None)
        return listed

    async def list_resource_templates(self, ctx: Any, params: Optional[types.PaginatedRequestParams]) -> types.ListResourceTemplatesResult:
        listed: types.ListResourceTemplatesResult = self.router.list_result("resourceTemplates", ctx.protocol_version, cursor=params.cursor if params else None)
        return listed

    async def call_tool(self, ctx: Any, params: types.CallToolRequestParams) -> Any:
        try:
            mapped = self.router.forward("tools/call", params, self.incoming(ctx))
        except NamingError as e:
            raise rpc_error(e) from None
        server, up = mapped["server"], mapped["params"]
        session = self.clients[server].session
        # (The SDK's client mirrors the tool's Mcp-Param-* headers itself, from the upstream's
        # listing: the ones `mapped["param_headers"]` names.)
        result = await self.upstream(ctx, server, lambda: session.call_tool(
            up.name, up.arguments, input_responses=up.input_responses, request_state=up.request_state, meta=up.meta, allow_input_required=True))
        return self.respond(ctx, server, "tools/call", result)

    async def get_prompt(self, ctx: Any, params: types.GetPromptRequestParams) -> Any:
        try:
            mapped = self.router.forward("prompts/get", params, self.incoming(ctx))
        except NamingError as e:
            raise rpc_error(e) from None
        server, up = mapped["server"], mapped["params"]
        session = self.clients[server].session
        result = await self.upstream(ctx, server, lambda: session.get_prompt(
            up.name, up.arguments, input_responses=up.input_responses, request_state=up.request_state, meta=up.meta, allow_input_required=True))
        return self.respond(ctx, server, "prompts/get", result)

    async def read_resource(self, ctx: Any, params: types.ReadResourceRequestParams) -> Any:
        try:
            mapped = self.router.forward("resources/read", params, self.incoming(ctx))
        except NamingError as e:
            raise rpc_error(e) from None
        server, up = mapped["server"], mapped["params"]
        session = self.clients[server].session
        result = await self.upstream(ctx, server, lambda: session.read_resource(
            up.uri, input_responses=up.input_responses, request_state=up.request_state, meta=up.meta, allow_input_required=True))
        return self.respond(ctx, server, "resources/read", result)

    async def complete(self, ctx: Any, params: types.CompleteRequestParams) -> Any:
        try:
            mapped = self.router.forward("completion/complete", params, self.incoming(ctx))
        except NamingError as e:
            raise rpc_error(e) from None
        server, up = mapped["server"], mapped["params"]
        session = self.clients[server].session
        result = await self.upstream(ctx, server, lambda: session.send_request(types.CompleteRequest(params=up), types.CompleteResult))
        return self.respond(ctx, server, "completion/complete", result)

    async def listen(self, ctx: Any, params: types.SubscriptionsListenRequestParams) -> types.SubscriptionsListenResult:
        """A client's ``subscriptions/listen``: the list changes are the gateway's own to
        announce; each subscribed URI goes to its upstream (a listen stream of the gateway's on a
        2026-07-28 upstream, ``resources/subscribe`` on a 2025 session), acknowledged with what
        the upstreams acknowledged, and their updates come back in the client's form, tagged."""
        try:
            decision = self.router.listen(params)
        except NamingError as e:
            raise rpc_error(e) from None
        meta = {SUBSCRIPTION_ID_META_KEY: ctx.request_id}
        acks: List[Tuple[str, Any]] = []
        async with AsyncExitStack() as stack:
            upstream_streams = []
            for u in decision["upstreams"]:
                client = self.clients[u["server"]]
                if u["open"] == "listen":
                    uris = u["notifications"].get("resourceSubscriptions", [])
                    subscription = await stack.enter_async_context(client.listen(resource_subscriptions=uris))
                    acks.append((u["server"], subscription.honored))
                    upstream_streams.append((u["server"], subscription))
                else:
                    done = [uri for uri in u["uris"] if await self.subscribe(u["server"], uri)]
                    for uri in done:
                        stack.push_async_callback(self.unsubscribe, u["server"], uri)
                    acks.append((u["server"], {"resourceSubscriptions": done}))
            acknowledged: Dict[str, Any] = dict(self.router.acknowledge(decision, acks))
            stream = Stream(ctx.request_id, ctx.session, acknowledged)
            self.streams[stream.id] = stream
            stack.callback(self.streams.pop, stream.id, None)
            # The gateway's own notification, the Router's filter in it (the model reads its
            # JSON keys), as the list changes' below.
            filter: Any = acknowledged
            ack = types.SubscriptionsAcknowledgedNotification(params=types.SubscriptionsAcknowledgedNotificationParams(notifications=filter, _meta=meta))
            await stream.send(ack)
            async with anyio.create_task_group() as tg:
                for server, subscription in upstream_streams:
                    tg.start_soon(self.pump, server, subscription, stream)
                await anyio.sleep_forever()  # until the client closes the stream
        return types.SubscriptionsListenResult(_meta=meta)

    async def pump(self, server: str, subscription: Any, stream: Stream) -> None:
        """An upstream listen stream's events, on the client's stream."""
        async for event in subscription:
            relay = self.router.listened(server, event_to_notification(event, {}), stream.id)
            if relay["forward"] is not None:
                await stream.send(relay["forward"])

    async def subscribe(self, server: str, uri: str) -> bool:
        key = (server, uri)
        if self.subscribed.get(key, 0) == 0:
            try:
                await self.clients[server].session.subscribe_resource(uri)
            except MCPError as e:
                log(f"{server}: resources/subscribe {uri}: {e}")
                return False
        self.subscribed[key] = self.subscribed.get(key, 0) + 1
        return True

    async def unsubscribe(self, server: str, uri: str) -> None:
        key = (server, uri)
        self.subscribed[key] -= 1
        if self.subscribed[key] == 0:
            del self.subscribed[key]
            with anyio.CancelScope(shield=True):
                try:
                    await self.clients[server].session.unsubscribe_resource(uri)
                except MCPError as e:
                    log(f"{server}: resources/unsubscribe {uri}: {e}")

    async def initialize(self, ctx: Any, call_next: Any) -> Any:
        """Middleware: a 2025-11-25 client's ``initialize`` is the gateway's (the Router's
        answer: the revision, the capabilities it carries, its identity)."""
        if ctx.method != "initialize":
            return await call_next(ctx)
        requested: Any = (ctx.params or {}).get("protocolVersion")  # the Router words what is wrong with it
        try:
            return self.router.initialize(requested)
        except NamingError as e:
            raise rpc_error(e) from None

    def server(self) -> Server[Any]:
        server: Server[Any] = Server(
            self.router.gateway,
            on_list_tools=self.list_tools,
            on_call_tool=self.call_tool,
            on_list_prompts=self.list_prompts,
            on_get_prompt=self.get_prompt,
            on_list_resources=self.list_resources,
            on_list_resource_templates=self.list_resource_templates,
            on_read_resource=self.read_resource,
            on_completion=self.complete,
            on_subscriptions_listen=self.listen,
            # The Mcp-Param-* headers are checked by the Router (Router.forward), not by the
            # SDK's own check of the listed schemas: a gateway's job, one rule everywhere.
            get_tool_input_schema=lambda _name: None,
        )
        server.add_request_handler("server/discover", types.RequestParams, self.discover)
        server.middleware.append(self.initialize)
        return server


async def main(path: str, port: Optional[int]) -> None:
    with open(path, encoding="utf-8") as f:
        config = json.load(f)
    gateway = Gateway(config, os.path.dirname(os.path.abspath(path)))
    async with AsyncExitStack() as stack, anyio.create_task_group() as tasks:
        await gateway.connect(stack, tasks)
        server = gateway.server()
        if port is None:
            async with stdio_server() as (read, write):
                await server.run(read, write, server.create_initialization_options())
        else:
            import uvicorn

            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(("127.0.0.1", port))
            app = server.streamable_http_app(host="127.0.0.1")
            print(f"gateway: listening on http://127.0.0.1:{sock.getsockname()[1]}/mcp", file=sys.stderr, flush=True)
            await uvicorn.Server(uvicorn.Config(app, log_level="warning")).serve(sockets=[sock])
        tasks.cancel_scope.cancel()


if __name__ == "__main__":
    args = sys.argv[1:]
    http = None
    if "--http" in args:
        i = args.index("--http")
        http = int(args[i + 1])
        del args[i : i + 2]
    anyio.run(main, args[0] if args else os.path.join(os.path.dirname(__file__), "gateway.example.json"), http)
