"""Hooks the accounts plugin calls for plugins that extend profiles (clans).
Added to the kernel's pluggy manager because ``plugin.py`` imports this module."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def profile_clans(user_ids):
    """Return ``{user_id: {tag, icon, serverId}}``: the clan each of those users wears on their
    profile (``profile.clan``). Users missing from every answer wear none."""


@hookspec
async def profile_clan_chosen(user, server_id):
    """``POST /users`` with ``clanServerId``: ``user`` wears that server's clan (``None``: none).
    Runs inside the update's transaction; raise ``ApiError`` to refuse (rest.md §1.19 texts).
    Return ``True`` when this plugin handled it; with no answer a server id is refused with
    ``Server does not have a clan.``"""
