"""Hooks the inbox plugin calls for other plugins to implement (added to the kernel's pluggy
manager because ``plugin.py`` sets ``hookspecs = <this module>``)."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def dm_closed(user_id, channel_id):
    """The user closed their side of a DM (rest.md §3.18): e.g. leave the call there. Runs inside
    the close's transaction."""
