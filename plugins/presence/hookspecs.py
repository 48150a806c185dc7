"""Hooks the presence plugin calls for other plugins to implement."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def presence_subjects(user_id):
    """Return ids of users (besides friends and themselves) whose presence ``user_id`` sees in
    ``user:authenticated.presences`` — e.g. the members of their servers. Presence merges and
    de-duplicates the answers, so contributing plugins need not send presences themselves."""
