"""Hooks the servers plugin calls for plugins that extend servers (emojis, welcome questions…).
Added to the kernel's pluggy manager because ``plugin.py`` sets ``hookspecs = <this module>``."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def server_extras(server_ids):
    """Return ``{server_id: {key: value}}`` merged into those servers' rows wherever the full
    Server shape is sent (``user:authenticated``, ``server:joined``, create/update responses),
    e.g. ``customEmojis`` or ``_count``. Servers missing from the answer keep the defaults."""


@hookspec
async def server_member_presences(user_ids):
    """Return the presences (``{userId, status, custom?, activities?}``) of those of
    ``user_ids`` who are online; the presence plugin answers. Used for
    ``server:joined.memberPresences`` and the partial ``user:authenticated``. Without an
    answer nobody counts as online."""


@hookspec
async def server_members_connected(user_ids):
    """Return which of ``user_ids`` have a connected socket (their status aside: servers reads
    it from the user rows); the presence plugin answers. Orders the member pages of
    ``GET /servers/:serverId/members`` (online first). Without an answer presence is unknown
    and the pages follow roles and names only."""


@hookspec
async def server_member_joined(server_id, user_id):
    """A user joined a server (join flow, rest.md §4 step 4); runs inside the join's
    transaction, after ``server:joined`` was queued, so emits leave after commit in that order
    (the presence plugin sends the joiner's presence to the server room)."""


@hookspec
async def server_bot_commands(server_id, bot_user_ids):
    """Return ``[{botUserId, name, description, args, permissions}]``: the commands of those
    bots (members of the server) for ``GET /servers/:serverId/bot-commands``."""


@hookspec
async def server_deletion_scheduled(server_id, moderator_id, reason):
    """A moderator scheduled a server's deletion (rest.md §8.1): e.g. warn the owner and write
    the moderation audit log. Runs inside the transaction."""


@hookspec
async def server_deletion_unscheduled(server_id, moderator_id):
    """A moderator removed a server's scheduled deletion (moderation audit log)."""


@hookspec
async def server_joined_extras(server_id, user_id):
    """Return keys merged into ``server:joined`` for a user who just joined the server (the
    voice plugin: ``voiceChannelUsers``, who is in a call in the channels they can view)."""


@hookspec
async def server_member_left(server_id, user_id):
    """A member left the server, was kicked or banned (rest.md §4 "leave flow"): e.g. drop them
    from a call there. Runs inside the leave's transaction, after ``server:left`` was queued."""


@hookspec
async def server_channels_removed(server_id, channel_ids):
    """These channels are being deleted (one channel, or every channel of a deleted server):
    e.g. end the calls in them. Runs inside the deletion's transaction."""


@hookspec
async def server_moderation_refusal(server_id, user, permission):
    """A member is about to use a permission of the server's (``permission``: the bit a route
    checks, e.g. kick, ban, manage channels or roles, admin): return a message to refuse it
    with 403 (e.g. the server requires two-factor for moderation), or ``None``."""
