"""Hooks the presence plugin calls for other plugins to implement."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def presence_subjects(user_id, options):
    """Return ids of users (besides themselves) whose presence ``user_id`` sees in
    ``user:authenticated.presences`` — their friends (friends plugin), the members of their
    servers (servers plugin). Presence merges and
    de-duplicates the answers, so contributing plugins need not send presences themselves.
    ``options``: what the socket sent with ``user:authenticate`` besides its token (the servers
    plugin leaves members out for Hearth's UI, which pages member lists: ``pagedMembers``)."""
