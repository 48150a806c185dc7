"""Hooks the explore plugin calls for plugins that know more about servers."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def explore_filter_server_ids(name):
    """Return the ids of the servers matching the explore filter ``name`` when this plugin
    owns that filter (``"clans"``: servers with a clan), else ``None``. With no answer the
    filter matches no server."""


@hookspec
async def explore_bot_listing(query):
    """Return the page of bot listings (``type=bot``) for ``query`` (an ``explore.service.ListQuery``)
    as wire items with ``botApplication``, when this plugin knows bots, else ``None``."""


@hookspec
async def explore_bot(application_id):
    """Return ``{"creatorUserId": int, "online": bool}`` for the bot of that application, or
    ``None`` when there is no such bot: who may unlist a bot listing, and whether it may be bumped."""
