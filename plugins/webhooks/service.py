"""Webhook rules: management by server admins (rest.md §4.10) and execution (§17)."""

from __future__ import annotations

from typing import Any

from core.context import hearth
from core.db import hold, transaction
from core.devmode import dev_mode
from core.errors import ApiError
from core.ids import parse_id
from core.instance_key import instance_key
from core.wire import ms
from plugins.accounts.service import random_hex_color
from plugins.messages.models import SERVER_TEXT, Channel, Message
from plugins.messages.service import webhook_message
from plugins.servers.permissions import ADMIN, MemberContext, can_view, channel_overrides, require_permission
from plugins.webhooks import tokens
from plugins.webhooks.models import CreatorOverride, Webhook

MAX_PER_CHANNEL = 4
EXEC_REQUESTS, EXEC_WINDOW_MS = 10, 5000
INVALID_TOKEN = "Invalid webhook token."


def wire(webhook: Webhook) -> dict[str, Any]:
    return {
        "id": str(webhook.id),
        "deleting": True if webhook.deleting else None,
        "name": webhook.name,
        "hexColor": webhook.hex_color,
        "avatar": webhook.avatar,
        "channelId": str(webhook.channel_id),
        "serverId": str(webhook.server_id),
        "createdById": str(webhook.created_by_id) if webhook.created_by_id else None,
        "createdAt": ms(webhook.created_at),
    }


# --- management (SMV, CHV, PERM(ADMIN); every error is a 403) ---------------------------------


async def admin_channel(ctx: MemberContext, channel_id: str) -> Channel:
    """CHV then PERM(ADMIN), in upstream's order."""
    parsed = parse_id(channel_id)
    channel = await Channel.get_or_none(id=parsed) if parsed is not None else None
    if channel is None or channel.deleting or channel.server_id != ctx.server.id:
        raise ApiError(403, "Channel does not exist.")
    if not can_view(ctx, (await channel_overrides([channel.id])).get(channel.id, {})):
        raise ApiError(403, "This channel is private.")
    await require_permission(ctx, ADMIN)
    return channel


async def _find(channel: Channel, webhook_id: str) -> Webhook:
    parsed = parse_id(webhook_id)
    webhook = await Webhook.get_or_none(id=parsed, channel_id=channel.id, deleting=False) if parsed else None
    if webhook is None:
        raise ApiError(403, "Webhook not found.")
    return webhook


async def create(ctx: MemberContext, channel: Channel) -> dict[str, Any]:
    async with transaction():
        await hold(Channel, channel.id)
        count = await Webhook.filter(channel_id=channel.id, deleting=False).count()
        if count >= MAX_PER_CHANNEL:
            raise ApiError(403, "You have already created the maximum amount of webhooks for this channel.")
        if channel.type != SERVER_TEXT:
            raise ApiError(403, "Channel not found.")
        webhook = await Webhook.create(
            name=f"Webhook {count + 1}",
            hex_color=random_hex_color(),
            channel_id=channel.id,
            server_id=ctx.server.id,
            created_by_id=ctx.user.id,
            secret=tokens.new_secret(),
        )
    return wire(webhook)


async def listing(channel: Channel) -> list[dict[str, Any]]:
    rows = (
        await Webhook.filter(channel_id=channel.id, deleting=False)
        .order_by("-created_at", "-id")
        .limit(MAX_PER_CHANNEL * 4)
    )
    return [wire(w) for w in rows]


async def get(channel: Channel, webhook_id: str) -> dict[str, Any]:
    parsed = parse_id(webhook_id)
    webhook = await Webhook.get_or_none(id=parsed, channel_id=channel.id, deleting=False) if parsed else None
    if webhook is None:
        raise ApiError(404, "Webhook not found.")
    return wire(webhook)


async def update(channel: Channel, webhook_id: str, name: str | None) -> dict[str, Any]:
    webhook = await _find(channel, webhook_id)
    if name is not None and name != webhook.name:
        webhook.name = name
        await Webhook.filter(id=webhook.id).update(name=name)
    return wire(webhook)


async def delete(channel: Channel, webhook_id: str) -> None:
    """Flag the webhook (its URL stops working at once), then purge its messages and the row.
    The purge runs in the request, right after the flag is committed; a purge cut short (a
    crash) is finished by ``purge_flagged`` at the next start."""
    webhook = await _find(channel, webhook_id)
    async with transaction():
        await Webhook.filter(id=webhook.id).update(deleting=True)
    await _purge(webhook.id)


async def _purge(webhook_id: int) -> None:
    await Message.filter(webhook_id=webhook_id).delete()
    await Webhook.filter(id=webhook_id).delete()


async def purge_flagged() -> None:
    for webhook_id in await Webhook.filter(deleting=True).values_list("id", flat=True):
        await _purge(webhook_id)


def _token_key() -> str:
    settings = hearth().settings
    return str(settings.get("webhooks.token_key") or "") or instance_key(settings)


async def token(channel: Channel, webhook_id: str) -> str:
    webhook = await _find(channel, webhook_id)
    return tokens.make_token(webhook.id, webhook.secret, _token_key())


# --- execution -----------------------------------------------------------------------------


async def authenticate(webhook_id: str, token_text: str) -> tuple[Webhook, Channel]:
    """The webhook a path token opens, or 401 ``Invalid webhook token.`` (entities.md §2.2)."""
    parsed = parse_id(webhook_id)
    if parsed is None or tokens.claimed_id(token_text) != str(parsed):
        raise ApiError(401, INVALID_TOKEN)
    webhook = await Webhook.get_or_none(id=parsed, deleting=False).select_related("channel")
    if webhook is None or not tokens.matches(token_text, webhook.id, webhook.secret, _token_key()):
        raise ApiError(401, INVALID_TOKEN)
    if webhook.channel.deleting:
        raise ApiError(401, INVALID_TOKEN)
    return webhook, webhook.channel


async def check_rate(channel: Channel) -> None:
    """10 executions per 5 s per channel (rest.md §17), off where rate limits are off and in dev mode."""
    limiter = hearth().limiter
    if not limiter.enabled or dev_mode():
        return
    if await limiter.hit(f"{channel.id}-wh-exec", EXEC_REQUESTS, EXEC_WINDOW_MS, EXEC_WINDOW_MS) is not None:
        raise ApiError(429, "Rate limit exceeded.")


async def _override(webhook: Webhook, username: str | None, avatar_url: str | None) -> dict[str, Any] | None:
    if not username and not avatar_url:
        return None
    found = await CreatorOverride.filter(webhook_id=webhook.id, username=username, avatar_url=avatar_url).first()
    if found is None:
        found = await CreatorOverride.create(webhook_id=webhook.id, username=username, avatar_url=avatar_url)
    return {"id": found.id, "username": username, "avatarUrl": avatar_url}


async def target(channel: Channel, thread_id: str | None) -> Channel:
    """Where an execution posts: the webhook's channel, or with ``?thread_id=`` (Hearth's
    addition, plugins/threads/README.md) one of its threads, when the threads plugin runs."""
    if thread_id is None:
        return channel
    if not hearth().plugins.enabled("threads"):
        raise ApiError(400, "Thread does not exist.", "thread_id")
    from plugins.threads.service import webhook_thread

    return await webhook_thread(channel, thread_id)


async def execute(
    webhook: Webhook, channel: Channel, content: str, username: str | None = None, avatar_url: str | None = None
) -> dict[str, Any]:
    override = await _override(webhook, username, avatar_url)
    return await webhook_message(channel, webhook.id, content, override)


async def authors(webhook_ids: list[int]) -> dict[int, dict[str, Any]]:
    """The pseudo-users of entities.md §6.6 for a page of messages, in one query."""
    rows = await Webhook.filter(id__in=list(webhook_ids)).values_list("id", "name", "hex_color", "avatar")
    return {
        wid: {
            "id": str(wid),
            "username": name,
            "tag": "0000",
            "hexColor": color,
            "avatar": avatar,
            "badges": 0,
            "bot": True,
        }
        for wid, name, color, avatar in rows
    }
