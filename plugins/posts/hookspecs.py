"""Hooks the posts plugin calls for other plugins to implement (added to the kernel's pluggy
manager because ``plugin.py`` imports this module as ``hookspecs``). Each has a sensible
answer when nobody implements it, so posts work with social, friends or link_embeds off."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def followed_user_ids(user_id):
    """Return the ids of the users ``user_id`` follows (the social plugin answers; without it
    the feed holds only the user's own posts)."""


@hookspec
async def block_relations(user_id):
    """Return ``(ids user_id blocked, ids of users who blocked user_id)`` as two sets (the
    friends plugin answers; without it nobody is blocked)."""


@hookspec
async def link_preview(content, user_id):
    """Return the Open Graph embed (entities.md §6.4) of the first link in ``content`` written
    by ``user_id``, or None (the link_embeds plugin answers; without it posts have no embed)."""
