"""Hooks the voice plugin calls for other plugins to implement (added to the kernel's pluggy
manager because ``plugin.py`` imports this module)."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def call_started(channel, user, ringing, access):
    """``user`` started a call in ``channel`` (nobody was in it before); ``ringing`` are the ids
    of the users the call rings (the other side of a DM, the other members of a channel whose kind
    answers ``call_ringing``; nobody for a server channel); ``access`` is the caller's
    ``kinds.Access`` to the channel. Runs after the join was announced, e.g. to notify their
    closed tabs."""
