"""Hooks the moderation plugin calls on plugins that own what moderators act on (posts, explore
listings, presence, inventories). Added to the kernel's pluggy manager because ``plugin.py``
sets ``hookspecs = <this module>``. Without an answer the moderation routes behave as if there
were nothing of that kind (no posts, no listings, nobody online, empty inventories)."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def moderation_posts(query, after, limit):
    """Return a page of posts for ``GET /moderation/posts`` (``query`` None) or ``.../search``
    (``query`` = a post id or an author id), newest first, ``after`` a post id cursor: the
    Post shape (entities.md §8, replies included, blocks ignored) plus
    ``announcement: {createdAt} | null``. The posts plugin answers; None = no posts plugin."""


@hookspec
async def moderation_delete_posts(post_ids, moderator_id):
    """Soft-delete these posts as rest.md §8.5 says (likes, attachments, polls and
    announcements removed, CDN files deleted); return how many were deleted."""


@hookspec
async def moderation_post_announcement(post_id, announce):
    """Mark (``announce`` true) or unmark a post as the announcement. Return True when done,
    False when it already was in that state, None when there is no such post."""


@hookspec
async def moderation_delete_recent_posts(user_ids, since):
    """Delete the posts these users wrote since ``since`` (a suspension or shadow ban's
    "delete recent messages")."""


@hookspec
async def moderation_server_listings(server_ids):
    """Return ``{server_id: {"id": <listing id>, "pinnedAt": ms | None}}`` for those servers
    that are listed on Explore (the ``publicServer`` of moderation's server shapes)."""


@hookspec
async def moderation_pin_server(server_id, pinned):
    """Pin (``pinned`` true: pinnedAt = now) or unpin a server's Explore listing. Return True
    when the server is listed, None otherwise."""


@hookspec
async def moderation_online_user_ids():
    """Return the ids of every user with a live connection (``GET /moderation/online-users``)."""


@hookspec
async def moderation_user_inventory(user_id):
    """Return the user's inventory items (entities.md §3.10) for the moderator's user page."""


@hookspec
async def moderation_edit_inventory(user_id, added, removed_ids):
    """Add items (``[{itemType, itemId}]``: badges of the catalogue, ``itemId`` the bit as a
    decimal string, already checked) to and remove items (row ids) from a user's inventory; return
    ``{"added": [badge bits], "removed": [badge bits]}`` of the badge items touched. The moderation
    plugin sets the added bits itself and clears the removed ones, unless one is a role badge
    (FOUNDER, ADMIN, MOD, BOT): then it refuses, and this transaction rolls back."""
