"""Hooks the servers plugin calls for plugins that extend servers (emojis, welcome questions…).
Added to the kernel's pluggy manager because ``plugin.py`` sets ``hookspecs = <this module>``."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def server_extras(server_ids):
    """Return ``{server_id: {key: value}}`` merged into those servers' rows wherever the full
    Server shape is sent (``user:authenticated``, ``server:joined``, create/update responses),
    e.g. ``customEmojis`` or ``_count``. Servers missing from the answer keep the defaults."""

