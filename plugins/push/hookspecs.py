"""Hooks the push plugin calls for other plugins to implement (added to the kernel's pluggy
manager because ``plugin.py`` imports this module)."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def connected_user_ids(user_ids):
    """Return the set of those of ``user_ids`` with at least one live socket on any process
    (the presence plugin answers). Without an answer, this process's sockets are asked."""
