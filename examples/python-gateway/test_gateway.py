"""The Python gateway end to end, driven by the official SDK's own client (``mcp`` 2.3.0).

``gateway.py`` starts its upstreams: server-everything and server-memory through npx (from
this directory's package-lock.json, installed by scripts/python.sh; servers of 2025-11-25), the
FastMCP server ``notes_server.py``, and two instances of ``desk_server.py`` (``desk``, ``ops``:
servers of 2026-07-28 on the SDK's low-level ``Server``, which list the same resource URI).

- Over stdio (the client starts the gateway, everything stops with it): a client of
  2026-07-28 (the SDK's default: ``server/discover``, then every request with its ``_meta``)
  lists, calls renamed tools, gets a misspelled call answered -32602 with suggestions and a
  disabled tool refused; a client of 2025-11-25 (``mode="legacy"``) gets the Router's
  ``initialize``.
- Over Streamable HTTP (``--http 0``: stateless 2026-07-28 requests; the test stops the
  gateway it started): ``server/discover`` and every result's envelope are the Router's; the
  ``Mcp-Param-*`` headers the SDK's client sends from the gateway's listing pass, one that
  disagrees with the body is -32020 with HTTP 400; an ``input_required`` result reaches the
  client with the upstream's state sealed, the retry goes back to its upstream and a tampered
  or misdirected one is refused; a ``subscriptions/listen`` stream gets a resource update in
  the gateway's form of the URI and the gateway's own tools list change."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import anyio
import httpx2
import mcp_types as types
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.session import ClientRequestContext
from mcp.client.subscriptions import ResourceUpdated, ToolsListChanged
from mcp.shared.exceptions import MCPError

import mcp_naming

HERE = Path(__file__).resolve().parent
MODERN = "2026-07-28"
GATEWAY_INFO = {"io.modelcontextprotocol/serverInfo": {"name": "gateway", "version": mcp_naming.__version__}}
TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01"


def env(tmp: Path) -> dict[str, str]:
    out = dict(os.environ)
    out["MEMORY_FILE_PATH"] = str(tmp / "memory.jsonl")  # server-memory writes its graph here
    return out


def params(tmp: Path) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=[str(HERE / "gateway.py"), str(HERE / "gateway.example.json")], cwd=str(HERE), env=env(tmp))


def text(result: Any) -> str:
    return "".join(c.text for c in result.content if getattr(c, "type", None) == "text")


async def approve(context: ClientRequestContext, params: types.ElicitRequestParams) -> types.ElicitResult | types.ErrorData:
    """The user's answer to ``desk_server.py``'s ``approve`` question."""
    assert params.message.startswith("Approve ")
    return types.ElicitResult(action="accept", content={"by": "ada"})


def need_servers() -> None:
    if not (HERE / "node_modules" / ".bin" / "mcp-server-everything").exists():
        pytest.fail("no examples/python-gateway/node_modules: bash scripts/npm-ci.sh examples/python-gateway")
    assert shutil.which("npx"), "npx is needed for the npm servers"


# ---- stdio


async def over_stdio(tmp: Path) -> None:
    async with Client(params(tmp)) as client:
        assert client.protocol_version == MODERN, "the SDK's client speaks 2026-07-28 to the gateway"
        assert client.server_info is not None and client.server_info.name == "gateway"
        listed = [t.name for t in (await client.list_tools()).tools]
        # Lists: every server's tools under the agent style, the disabled ones left out.
        assert {"everything__echo", "everything__get_sum", "memory__read_graph", "memory__create_entities", "notes__notes_add", "notes__get_note", "desk__query", "ops__approve"} <= set(listed), listed
        assert "notes__delete_all" not in listed
        assert "everything__toggle_simulated_logging" not in listed and "everything__toggle_subscriber_updates" in listed
        # An x-mcp-header on a number breaks SEP-2243: never listed.
        assert "desk__bad_header" not in listed
        assert len(listed) == len(set(listed))
        for name in listed:
            assert mcp_naming.is_valid_tool_name(name, "mcp"), name  # SEP-986
            assert mcp_naming.check_providers(name)["openai"], name

        # Calls, each through the name the gateway gave it.
        assert text(await client.call_tool("everything__echo", {"message": "hello"})) == "Echo: hello"
        assert "5" in text(await client.call_tool("everything__get_sum", {"a": 2, "b": 3}))  # upstream get-sum
        await client.call_tool("memory__create_entities", {"entities": [{"name": "gateway", "entityType": "test", "observations": ["python"]}]})
        graph = json.loads(text(await client.call_tool("memory__read_graph", {})))
        assert [e["name"] for e in graph["entities"]] == ["gateway"]
        assert text(await client.call_tool("notes__notes_add", {"title": "t", "text": "x"})) == "added t"  # upstream notes.add
        assert text(await client.call_tool("notes__get_note", {"title": "t"})) == "x"  # upstream getNote
        # Over stdio no header is required: the transport has none.
        assert text(await client.call_tool("desk__query", {"region": "eu", "sql": "q"})) == "eu: q"

        # A misspelled call: -32602 with the Router's suggestions.
        with pytest.raises(MCPError) as info:
            await client.call_tool("memory__read_grahp", {})
        assert info.value.code == -32602
        assert info.value.data["code"] == "unknown_tool"
        assert info.value.data["suggestions"][0] == "memory__read_graph"
        assert "did you mean memory__read_graph" in info.value.message

        # A disabled tool: -32602 tool_disabled, never forwarded.
        with pytest.raises(MCPError) as info:
            await client.call_tool("notes__delete_all", {})
        assert info.value.code == -32602 and info.value.data["code"] == "tool_disabled"
        assert text(await client.call_tool("notes__get_note", {"title": "t"})) == "x", "the disabled tool did not run"

    # A client of 2025-11-25: the handshake, answered by the Router.
    async with Client(params(tmp), mode="legacy") as client:
        assert client.protocol_version == "2025-11-25"
        assert client.server_info is not None and client.server_info.name == "gateway"
        assert client.server_capabilities.tools is not None
        assert text(await client.call_tool("ops__query", {"region": "us", "sql": "q"})) == "us: q"
        assert text(await client.call_tool("everything__echo", {"message": "again"})) == "Echo: again"


def test_gateway_end_to_end(tmp_path: Path) -> None:
    need_servers()
    anyio.run(lambda: with_timeout(over_stdio(tmp_path)))


async def with_timeout(check: Any) -> None:
    with anyio.fail_after(180):
        await check


# ---- Streamable HTTP


@pytest.fixture
def http_gateway(tmp_path: Path) -> Iterator[str]:
    """The gateway on Streamable HTTP (127.0.0.1, a free port), stopped at the end: SIGTERM to
    the process this fixture started (its upstreams end with their pipes), then its process
    group if it lingers."""
    need_servers()
    log = open(tmp_path / "gateway.log", "w+", encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, str(HERE / "gateway.py"), str(HERE / "gateway.example.json"), "--http", "0"],
        cwd=str(HERE), env=env(tmp_path), stdout=subprocess.DEVNULL, stderr=log, start_new_session=True,
    )
    try:
        url = None
        for _ in range(1200):
            log.seek(0)
            for line in log:
                if "listening on " in line:
                    url = line.split("listening on ", 1)[1].strip()
            if url or proc.poll() is not None:
                break
            time.sleep(0.1)
        log.seek(0)
        assert url, f"the gateway did not start:\n{log.read()[-3000:]}"
        yield url
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        # What it started and left behind (an npm server with a timer keeps running once its
        # stdin closes, and npm exec does not pass the gateway's signal on) is in its group.
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        log.close()


def raw(url: str, method: str, params: dict[str, Any], headers: dict[str, str]) -> httpx2.Response:
    """A request as a 2026-07-28 client posts it (its envelope in ``_meta``), with the headers
    given: one self-contained POST."""
    meta = {"io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "1"}, "io.modelcontextprotocol/clientCapabilities": {}}
    body = {"jsonrpc": "2.0", "id": 1, "method": method, "params": {**params, "_meta": meta}}
    sent = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "MCP-Protocol-Version": MODERN, "Mcp-Method": method, **headers}
    return httpx2.post(url, json=body, headers=sent, timeout=30)


def raw_call(url: str, name: str, arguments: dict[str, Any], headers: dict[str, str]) -> httpx2.Response:
    return raw(url, "tools/call", {"name": name, "arguments": arguments}, {"Mcp-Name": name, **headers})


async def over_http(url: str) -> None:
    me = types.Implementation(name="e2e-client", version="1.0.0")
    async with Client(url, elicitation_callback=approve, client_info=me, log_level="info") as client:
        # server/discover: the Router's answer (what it carries of its upstreams, its identity).
        assert client.protocol_version == MODERN
        assert client.server_info is not None and client.server_info.name == "gateway"
        caps = client.server_capabilities
        assert caps.tools is not None and caps.tools.list_changed and caps.resources is not None and caps.resources.subscribe
        assert caps.tasks is None and caps.experimental is None, "what a gateway cannot route back is not offered"

        tools = await client.list_tools()
        names = [t.name for t in tools.tools]
        assert {"everything__echo", "desk__query", "ops__approve", "notes__get_note"} <= set(names) and "desk__bad_header" not in names
        assert tools.meta == GATEWAY_INFO and tools.result_type == "complete"
        query = next(t for t in tools.tools if t.name == "desk__query")
        assert query.input_schema["properties"]["region"]["x-mcp-header"] == "Region"

        # The SDK's client mirrors region in Mcp-Param-Region, from the gateway's listing; the
        # Router checks it against the body, and the result carries the gateway's envelope.
        result = await client.call_tool("desk__query", {"region": "eu-west1", "sql": "select 1"})
        assert text(result) == "eu-west1: select 1"
        assert result.meta == GATEWAY_INFO and result.result_type == "complete"
        # A server of 2025-11-25 behind it: its result gets the envelope too.
        echoed = await client.call_tool("everything__echo", {"message": "hi"})
        assert text(echoed) == "Echo: hi" and echoed.meta == GATEWAY_INFO

        # Per-request _meta, as the upstream received it: the trace context and the log level
        # pass as the client sent them (the Router's decision). The revision, client info and
        # capabilities are the gateway's own client's: mcp 2.3.0's ClientSession stamps them on
        # every request it sends, over what the request carried (mcp/client/session.py,
        # _make_modern_stamp), so the client's own do not reach the upstream.
        trace: types.RequestParamsMeta = {"traceparent": TRACEPARENT}  # type: ignore[typeddict-unknown-key]
        received = json.loads(text(await client.call_tool("desk__whoami", {}, meta=trace)))
        assert received["traceparent"] == TRACEPARENT and received["io.modelcontextprotocol/logLevel"] == "info"
        assert received["io.modelcontextprotocol/protocolVersion"] == MODERN
        assert received["io.modelcontextprotocol/clientInfo"]["name"] != "e2e-client"

        # input_required: the client answers the upstream's elicitation and retries, through
        # the gateway, transparently; the link in the final result is in the gateway's form.
        approved = await client.call_tool("ops__approve", {"item": "budget"})
        assert text(approved) == "approved budget by ada"
        assert [c.uri for c in approved.content if isinstance(c, types.ResourceLink)] == ["desk://ops/status"]
        # Driven by hand: the state the client sees is sealed to ops' tools/call.
        first = await client.session.call_tool("ops__approve", {"item": "car"}, allow_input_required=True)
        assert isinstance(first, types.InputRequiredResult) and first.meta == GATEWAY_INFO
        sealed = first.request_state
        assert sealed is not None and sealed.startswith("mcpn1.")
        answers: types.InputResponses = {"ok": types.ElicitResult(action="accept", content={"by": "bob"})}
        for name, state in (("ops__approve", sealed[:-3] + "AAA"), ("desk__approve", sealed)):
            with pytest.raises(MCPError) as info:
                await client.session.call_tool(name, {"item": "car"}, input_responses=answers, request_state=state, allow_input_required=True)
            assert info.value.code == -32602 and info.value.data["code"] == "invalid_request_state", info.value
        done = await client.session.call_tool("ops__approve", {"item": "car"}, input_responses=answers, request_state=sealed, allow_input_required=True)
        assert isinstance(done, types.CallToolResult) and text(done) == "approved car by bob"

        # Resources: ops' desk://status is the gateway's desk://ops/status.
        status = await client.read_resource("desk://ops/status")
        assert status.contents[0].uri == "desk://ops/status" and status.meta == GATEWAY_INFO

        # A listen stream: a URI of each 2026 upstream (a listen stream of the gateway's on each)
        # and one of server-everything (resources/subscribe on its 2025 session), and the
        # gateway's own list changes.
        listed_resources = await client.list_resources()
        everything = next(r.uri for r in listed_resources.resources if not r.uri.startswith("desk://"))
        uris = ["desk://status", "desk://ops/status", everything]
        async with client.listen(resource_subscriptions=uris, tools_list_changed=True) as stream:
            assert stream.honored.tools_list_changed and sorted(stream.honored.resource_subscriptions or []) == sorted(uris)
            seen: list[Any] = []

            async def read() -> None:
                async for event in stream:
                    seen.append(event)

            async def until(event: Any) -> None:
                with anyio.fail_after(30):
                    while event not in seen:
                        await anyio.sleep(0.05)

            async with anyio.create_task_group() as tg:
                tg.start_soon(read)
                # ops' desk://status changes: the client hears of desk://ops/status.
                await client.call_tool("ops__touch", {})
                await until(ResourceUpdated(uri="desk://ops/status"))
                # desk adds a tool: the gateway hears it on its own stream, lists desk again, and
                # announces its merged list's change.
                await client.call_tool("desk__add_tool", {"name": "fresh"})
                await until(ToolsListChanged())
                # server-everything updates its subscribed resources (every 5 s, once asked):
                # on its 2025 session, to the gateway, then on the client's stream.
                await client.call_tool("everything__toggle_subscriber_updates", {})
                await until(ResourceUpdated(uri=everything))
                await client.call_tool("everything__toggle_subscriber_updates", {})  # and off again
                tg.cancel_scope.cancel()
            assert seen.count(ResourceUpdated(uri="desk://ops/status")) == 1, seen  # one change, one event
            assert ResourceUpdated(uri="desk://status") not in seen, seen  # desk's own did not change
        assert "desk__fresh" in [t.name for t in (await client.list_tools(cache_mode="refresh")).tools]
        assert text(await client.call_tool("desk__fresh", {})) == "fresh ran"

    # Stateless requests, as raw as the wire: no session, server/discover the Router's.
    discovered = raw(url, "server/discover", {}, {})
    assert discovered.status_code == 200 and "mcp-session-id" not in discovered.headers
    d = discovered.json()["result"]
    assert (d["resultType"], d["supportedVersions"], d["_meta"]) == ("complete", [MODERN], GATEWAY_INFO)
    assert d["instructions"].startswith("## everything\n\n")  # the upstreams' instructions, each under its name
    # The Router's checks of the headers.
    ok = raw_call(url, "desk__query", {"region": "us-west1", "sql": "q"}, {"Mcp-Param-Region": "us-west1"})
    assert ok.status_code == 200 and "mcp-session-id" not in ok.headers
    assert ok.json()["result"]["content"][0]["text"] == "us-west1: q" and ok.json()["result"]["resultType"] == "complete"
    for headers in ({"Mcp-Param-Region": "eu-west1"}, {}):
        refused = raw_call(url, "desk__query", {"region": "us-west1", "sql": "q"}, headers)
        error = refused.json()["error"]
        assert (refused.status_code, error["code"], error["data"]["code"]) == (400, -32020, "param_mismatch"), refused.text

    # A client of 2025-11-25 over HTTP: the Router's initialize, no envelope.
    async with Client(url, mode="legacy") as client:
        assert client.protocol_version == "2025-11-25" and client.server_info is not None and client.server_info.name == "gateway"
        echoed = await client.call_tool("everything__echo", {"message": "old"})
        assert text(echoed) == "Echo: old" and echoed.meta is None


def test_gateway_serves_2026_07_28_over_http(http_gateway: str) -> None:
    anyio.run(lambda: with_timeout(over_http(http_gateway)))
