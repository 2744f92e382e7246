#!/usr/bin/env python3
"""A FastMCP server behind the gateway (stdio): tools with names in the styles servers write
them (a dotted name, a camelCase one), so that the gateway has something to rename."""

from fastmcp import FastMCP

notes: dict[str, str] = {}
server = FastMCP("notes")


@server.tool(name="notes.add")
def add_note(title: str, text: str) -> str:
    """Adds a note."""
    notes[title] = text
    return f"added {title}"


@server.tool(name="getNote")
def get_note(title: str) -> str:
    """Reads a note back."""
    return notes.get(title, "no such note")


@server.tool(name="delete_all")
def delete_all() -> str:
    """Deletes every note (the gateway's configuration disables it)."""
    notes.clear()
    return "deleted"


if __name__ == "__main__":
    server.run(transport="stdio", show_banner=False)
