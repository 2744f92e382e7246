"""The Python peers as oracles, from Python: the names the OpenAI Agents SDK for Python
(``openai-agents``) and FastMCP's mounts (``fastmcp``) expose for generated server lists, from
their own code (driven as tests/peers/py/oracle.py drives them: an ``Agent`` with
``include_server_in_tool_names``, a parent ``FastMCP`` mounting a child per server and read through
its in-memory ``Client``), against this package's router in the peer's style
(``{"peer": "openai-agents", "sdk": "python"}``, ``"fastmcp"``): the same names in the same order,
every listed name routing to a tool its server listed. ``PEER_CASES`` sets how many lists
(default 300)."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import random
from typing import Any, Dict, List

import pytest

from _shared import REPO
from mcp_naming import NamingError, Router

COUNT = int(os.environ.get("PEER_CASES", "300"))
SEEDS = [
    [{"name": "serena", "tools": ["find_symbol", "get_symbols_overview"]}, {"name": "context7", "tools": ["resolve-library-id", "get-library-docs"]}],
    [{"name": "memory", "tools": ["create_entities", "read_graph", "search_nodes"]}, {"name": "github", "tools": ["create_issue", "search_issues", "delete_repo"]}],
    [{"name": "everything", "tools": ["echo", "get-sum", "get-tiny-image", "printEnv"]}, {"name": "filesystem", "tools": ["read_file", "write_file", "search_files"]}],
    [{"name": "memory", "tools": ["search"]}, {"name": "github", "tools": ["search"]}],
]
SERVER_NAMES = ["serena", "context7", "memory", "github", "my server", "Srv.1", "a", "files-2", "ünï", "x" * 40, "mcp", "tool"]
TOOL_NAMES = ["search", "find_symbol", "get-docs", "read.file", "Echo", "printEnv", "a", "x" * 70, "list issues", "tool/1", "ñame", "get_user", "search_nodes"]
STYLES: Dict[str, Any] = {"openai-agents-py": {"peer": "openai-agents", "sdk": "python"}, "fastmcp": "fastmcp"}


def oracle() -> Any:
    spec = importlib.util.spec_from_file_location("peer_oracle", REPO / "tests" / "peers" / "py" / "oracle.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cases() -> List[List[Dict[str, Any]]]:
    rand = random.Random(1986)
    out = [list(s) for s in SEEDS]
    while len(out) < COUNT:
        servers = []
        for _ in range(rand.randint(1, 3)):
            servers.append({"name": rand.choice(SERVER_NAMES), "tools": [rand.choice(TOOL_NAMES) for _ in range(rand.randint(0, 4))]})
        out.append(servers)
    return out


def ours(style: Any, servers: List[Dict[str, Any]]) -> Dict[str, Any]:
    try:
        router = Router(style=style, servers=[{"name": s["name"]} for s in servers])
    except NamingError as e:
        return {"refused": e.code, "message": e.message}
    owners = set()
    try:
        for s in servers:
            exposure = router.expose_tools(s["name"], {"tools": [{"name": t, "inputSchema": {"type": "object"}} for t in s["tools"]]})
            owners.update((s["name"], t["upstream"]) for t in exposure["exposed"])
    except NamingError as e:
        return {"error": e.code, "message": e.message}
    names = [t["name"] for t in router.list_tools()["tools"]]
    for name in set(names):
        target = router.map_call_tool({"name": name})
        assert (target["server"], target["params"]["name"]) in owners, f"{name!r} routes to a tool its server listed"
    return {"names": names}


def explained(peer: str, servers: List[Dict[str, Any]], answer: Dict[str, Any]) -> bool:
    """A refusal of the router that is not a difference in naming (as tests/peers/peers.test.mjs)."""
    names = [s["name"] for s in servers]
    if answer.get("refused") == "invalid_config" and len(set(names)) < len(names):
        return True  # two servers with one name: the router needs unique server names
    return False


@pytest.mark.parametrize("peer", ["openai-agents-py", "fastmcp"])
def test_peer_names(peer: str) -> None:
    try:
        o = oracle()
    except ImportError as e:
        pytest.fail(f"the peers are not installed ({e}): scripts/python.sh installs python/requirements-test.txt")
    all_cases = cases()

    async def theirs() -> List[Any]:
        if peer == "fastmcp":
            return [(await o.fastmcp_case({"servers": c}))[0] for c in all_cases]
        return [await o.openai_agents_case({"servers": c}) for c in all_cases]

    answers = asyncio.run(theirs())
    agreed = names = both_refused = explained_count = 0
    differences = []
    for servers, expected in zip(all_cases, answers):
        mine = ours(STYLES[peer], servers)
        if isinstance(expected, list) and "names" in mine:
            if mine["names"] == expected:
                agreed += 1
                names += len(expected)
            else:
                differences.append((servers, expected, mine))
        elif not isinstance(expected, list) and ("error" in mine or "refused" in mine):
            agreed += 1
            both_refused += 1
        elif isinstance(expected, list) and explained(peer, servers, mine):
            explained_count += 1
        else:
            differences.append((servers, expected, mine))
    print(f"\n{peer}: {len(all_cases)} lists, {agreed} agreed ({names} names, {both_refused} refused by both), {explained_count} explained, {len(differences)} differences")
    assert not differences, "\n".join(f"{s}\n  peer: {e}\n  ours: {m}" for s, e, m in differences[:5])
    assert agreed >= len(all_cases) // 2
