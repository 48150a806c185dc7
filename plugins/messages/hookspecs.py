"""Hooks the messages plugin calls for plugins that extend messages (added to the kernel's
pluggy manager because ``plugin.py`` sets ``hookspecs = <this module>``)."""

from __future__ import annotations

from core.hookspecs import hookspec


@hookspec
async def webhook_authors(webhook_ids):
    """Return ``{webhook_id: author}`` for messages posted by webhooks (entities.md §6.6): the
    pseudo-user ``{id, username, tag, hexColor, avatar, badges, bot}`` shown as ``createdBy``.
    Called once per page of messages with every webhook id on it (the webhooks plugin
    answers; without it such messages show a generic author)."""


@hookspec
async def mention_context(user_id, channel_ids_by_server):
    """For the mentions inbox (rest.md §1.27): given ``{server_id: [channel_id, ...]}``, return
    ``{server_id: {"server": <Server row>, "serverMember": <the user's ServerMember row>,
    "channelIds": [the channel ids of that server the user can still view]}}`` for the servers
    the user is still a member of — in a fixed number of queries. The servers plugin answers;
    servers missing from every answer are left out of the list."""


@hookspec
async def message_sent(message, access):
    """Run after a member's message is stored and announced (after the commit), e.g. to fetch a
    link preview for it. ``access`` is the sender's ``kinds.Access`` to the channel."""


@hookspec
async def message_edited(message, access, previous_content):
    """Run after a message is edited and announced (after the commit); ``previous_content`` is
    its content before the edit."""


@hookspec
async def channel_access_ending(channel, user_id):
    """``user_id`` is about to lose sight of ``channel``, a channel of a kind whose members change
    (removed from a group DM, leaving it, their account deleted); called while the kind's ``rooms``
    still include them (inside the change's transaction), so what they take part in there — a
    call — ends for them and they hear it end."""


@hookspec
def channel_kinds():
    """Return ``{channel_type: ChannelKind}`` (``plugins.messages.kinds``) for the kinds of channel
    this plugin brings: inbox DM_TEXT, servers SERVER_TEXT and CATEGORY, tickets TICKET. Collected
    once per app when it starts (``plugins.messages.extensions``); two plugins claiming one type
    refuse the start-up."""


@hookspec(firstresult=True)
def message_role_resolver():
    """Return ``async resolve(role_ids) -> {role_id: {id, name, hexColor, icon}}``, which turns the
    role ids a page of messages mentions into their wire form (the servers plugin answers; without
    it ``roleMentions`` stay empty). Collected once per app when it starts."""


@hookspec
async def channel_search_ids(channel_id, text, author_ids, before, after, ascending, limit):
    """Rest.md §3.2 through an index: the ids of the messages of ``channel_id`` whose content holds
    ``text`` (case-insensitive substring, as the route's scan compares), by any of ``author_ids``
    (None: anyone), with ids in (``after``, ``before``), in id order (``ascending`` or not), at most
    ``limit`` — exactly what the scan would find — or None when the index cannot promise that
    (the route then scans). The search plugin answers; without it every search scans."""


@hookspec
async def summarised_channels(user_id):
    """Return the ids (strings) of the user's channels whose new messages do not notify them
    (their notification settings, else their server's default: mentions only, or muted). A passive socket may hear those
    channels summarised while it does not have them open; any other channel is delivered in full,
    as its every message may notify (plugins/messages/passive.py). The servers plugin answers."""
