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


@hookspec
async def post_gates_open(viewer_id, gates):
    """Return which of ``gates`` (the strings another plugin set on the posts it made with
    ``service.create_gated``, e.g. forums' ``forum:<channelId>``) the viewer may pass;
    ``viewer_id`` is None when signed out. A post behind a gate nobody opens is left out of every
    list and answer (so are reposts and replies of it); without an answer every gate is shut."""
