"""Hooks the social plugin calls for other plugins to implement."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def user_followed(follower_id, followed_id):
    """Run inside the follow transaction (the posts plugin adds a FOLLOWED notification)."""
