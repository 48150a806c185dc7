"""Link previews for messages: after a message with a link is committed (or an edit changes its
first link), fetch the link in a background task, store the Embed on the message and announce
``message:updated {channelId, messageId, updated: {embed}}`` to the channel's rooms — the same
rooms and event an edit uses (realtime.md §5.5)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from typing import Any

from quart import current_app

from core.context import hearth
from core.db import transaction
from core.safefetch import policy_from_settings
from core.settings import Settings
from plugins.link_embeds.fetch import build_embed
from plugins.link_embeds.links import first_link
from plugins.messages.kinds import Access, announce, kind_for
from plugins.messages.models import CONTENT, Channel, Message

log = logging.getLogger("hearth.link_embeds")
CACHE_SIZE = 512
CACHE_HIT_SECONDS = 600
CACHE_MISS_SECONDS = 60


class LinkEmbeds:
    """One per app: the fetch policy, a bound on concurrent fetches and a small cache."""

    def __init__(self, settings: Settings):
        get = settings.get
        self.enabled = bool(get("link_embeds.enabled", True))
        self.policy = policy_from_settings(  # which addresses: the kernel's [fetch] rules
            settings,
            max_html_bytes=int(get("link_embeds.max_html_kib", 1024)) * 1024,
            max_image_bytes=int(get("link_embeds.max_image_mib", 10)) * 1024 * 1024,
        )
        self.timeout = float(get("link_embeds.timeout_seconds", 5))
        self.per_user = int(get("link_embeds.fetches_per_user_per_minute", 10))
        self.slots = asyncio.Semaphore(int(get("link_embeds.concurrent_fetches", 8)))
        self.cache: OrderedDict[str, tuple[float, dict[str, Any] | None]] = OrderedDict()

    def cached(self, url: str) -> tuple[bool, dict[str, Any] | None]:
        """``(True, embed)`` when ``url`` was fetched recently, else ``(False, None)``."""
        found = self.cache.get(url)
        if found is None or found[0] <= time.monotonic():
            return False, None
        self.cache.move_to_end(url)
        return True, found[1]

    async def embed_for(self, url: str) -> dict[str, Any] | None:
        hit, embed = self.cached(url)
        if hit:
            return embed
        async with self.slots:
            try:
                async with asyncio.timeout(self.timeout):
                    embed = await build_embed(url, self.policy)
            except TimeoutError:
                embed = None
        self.cache[url] = (time.monotonic() + (CACHE_HIT_SECONDS if embed else CACHE_MISS_SECONDS), embed)
        while len(self.cache) > CACHE_SIZE:
            self.cache.popitem(last=False)
        return embed


def service() -> LinkEmbeds:
    app = current_app
    found = app.extensions.get("link_embeds")
    if found is None:
        found = app.extensions["link_embeds"] = LinkEmbeds(hearth().settings)
    return found


async def _allowed(user_id: int | None, channel_id: int, links: LinkEmbeds) -> bool:
    """At most ``fetches_per_user_per_minute`` fetches per author (messages without an author,
    such as a webhook's, count per channel)."""
    subject = str(user_id) if user_id is not None else f"channel={channel_id}"
    ttl = await hearth().limiter.hit(f"{subject}-link_embeds", links.per_user, 60_000, 60_000, force=True)
    return ttl is None


async def preview_for(content: str | None, user_id: int) -> dict[str, Any] | None:
    """The embed of the first link in ``content`` now (for posts, whose reply carries it),
    within the author's fetch bound; None without a link or when it cannot be fetched."""
    link = first_link(content)
    links = service()
    if link is None or not links.enabled:
        return None
    hit, embed = links.cached(link)
    if hit or not await _allowed(user_id, 0, links):
        return embed
    return await links.embed_for(link)


def on_sent(message: Message, access: Access) -> None:
    link = first_link(message.content) if message.type == CONTENT else None
    if link is not None:
        _schedule(message, link)


def on_edited(message: Message, access: Access, previous_content: str | None) -> None:
    link = first_link(message.content)
    if link == first_link(previous_content):
        return
    _schedule(message, link)


def _schedule(message: Message, link: str | None) -> None:
    links = service()
    if not links.enabled:
        return
    current_app.add_background_task(_preview, links, message.id, message.channel_id, message.created_by_id, link)


async def _preview(
    links: LinkEmbeds, message_id: int, channel_id: int, author_id: int | None, link: str | None
) -> None:
    try:
        embed = None
        if link is not None:
            hit, embed = links.cached(link)
            # only fetches count against the author's bound; a recently seen link is free
            if not hit and await _allowed(author_id, channel_id, links):
                embed = await links.embed_for(link)
        await _store(message_id, channel_id, link, embed)
    except Exception:
        log.exception("link preview for message %s failed", message_id)


async def _store(message_id: int, channel_id: int, link: str | None, embed: dict[str, Any] | None) -> None:
    message = await Message.get_or_none(id=message_id, channel_id=channel_id)
    if message is None or first_link(message.content) != link or message.embed == embed:
        return  # deleted, edited to another link meanwhile, or nothing changes
    channel = await Channel.get_or_none(id=channel_id)
    if channel is None or channel.deleting:
        return
    async with transaction():
        await Message.filter(id=message_id).update(embed=embed)
        kind = kind_for(channel)
        await announce(
            kind,
            channel,
            await kind.rooms(channel),
            "message:updated",
            {"channelId": str(channel_id), "messageId": str(message_id), "updated": {"embed": embed}},
        )
