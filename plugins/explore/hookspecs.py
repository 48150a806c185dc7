"""Hooks the explore plugin calls for plugins that know more about servers."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def explore_filter_server_ids(name):
    """Return the ids of the servers matching the explore filter ``name`` when this plugin
    owns that filter (``"clans"``: servers with a clan), else ``None``. With no answer the
    filter matches no server."""
