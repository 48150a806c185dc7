"""Servers as moderators see them (rest.md §8.1): lists, the most active, search, details,
rename/verify, Explore pins; and what a scheduled deletion does besides (the servers plugin owns
the scheduling: here the owner's warning and the audit entries, through its hooks).

Servers (and messages, which it requires) are optional for moderation: this module is reached
only through the server routes, mounted with servers, and the servers plugin's hooks; its models
are imported through ``_servers`` and ``_messages``, which check the plugin runs first."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from tortoise.expressions import Q
from tortoise.functions import Count

from core.auth import FOUNDER
from core.context import hearth
from core.db import transaction
from core.errors import ApiError
from core.identity.models import User
from core.ids import parse_id
from core.wire import ms, sid
from plugins.moderation import audit, sanctions
from plugins.moderation.models import ShadowBan, Suspension
from plugins.moderation.paging import Page
from plugins.moderation.recent import first_id_at
from plugins.moderation.wire import active, brief_user, shadow_ban_wire, suspension_wire

NO_SERVER = "Server does not exist."
ACTIVE_WINDOW = timedelta(days=7)
ACTIVE_COUNT = 20
CHANNEL_LIST_LIMIT = 200


def now() -> datetime:
    return datetime.now(UTC)


def _servers() -> Any:
    """``plugins.servers.models`` (Server, Member)."""
    if not hearth().plugins.enabled("servers"):
        raise ApiError(404, NO_SERVER)
    from plugins.servers import models

    return models


def _messages() -> Any:
    """``plugins.messages.models`` (Channel, Message): always there when servers is."""
    if not hearth().plugins.enabled("messages"):
        raise ApiError(404, NO_SERVER)
    from plugins.messages import models

    return models


def _scheduled(server: Any) -> dict[str, Any] | None:
    if server.scheduled_for_deletion is None:
        return None
    return {
        "serverId": str(server.id),
        "scheduledByUserId": sid(server.scheduled_deletion_by_id),
        "scheduledAt": ms(server.scheduled_for_deletion),
    }


async def listings(server_ids: list[int]) -> dict[int, dict[str, Any]]:
    found: dict[int, dict[str, Any]] = {}
    for answer in await hearth().plugins.gather("moderation_server_listings", server_ids=server_ids):
        found.update({int(k): v for k, v in (answer or {}).items()})
    return found


async def rows(servers: list[Any], verified: bool = True, creator_badges: bool = False) -> list[dict[str, Any]]:
    """The list shape: ``{id, name, hexColor, avatar, verified, createdAt, scheduledForDeletion,
    publicServer, createdBy}`` for many servers in three queries."""
    ids = [s.id for s in servers]
    public = await listings(ids)
    creators = {u.id: u for u in await User.filter(id__in={s.created_by_id for s in servers})} if servers else {}
    answer = []
    for server in servers:
        creator = creators.get(server.created_by_id)
        data: dict[str, Any] = {
            "id": str(server.id),
            "name": server.name,
            "hexColor": server.hex_color,
            "avatar": server.avatar,
            "createdAt": ms(server.created_at),
            "scheduledForDeletion": _scheduled(server),
            "publicServer": public.get(server.id),
            "createdBy": (brief_user(creator, "badges") if creator_badges else brief_user(creator))
            if creator
            else None,
        }
        if verified:
            data["verified"] = server.verified
        answer.append(data)
    return answer


async def listing(page: Page) -> list[dict[str, Any]]:
    query = _servers().Server.all()
    if page.after is not None:
        query = query.filter(id__lt=page.after)
    return await rows(await query.order_by("-id").limit(page.limit))


async def search(q: str, page: Page) -> list[dict[str, Any]]:
    servers, messages = _servers(), _messages()
    condition = Q(name__icontains=q)
    exact = parse_id(q)
    if exact is not None:
        channel_servers = messages.Channel.filter(id=exact, server_id__not_isnull=True).values_list(
            "server_id", flat=True
        )
        condition |= Q(id=exact) | Q(id__in=list(await channel_servers))
    query = servers.Server.filter(condition)
    if page.after is not None:
        query = query.filter(id__lt=page.after)
    return await rows(await query.order_by("-id").limit(page.limit), verified=False, creator_badges=True)


async def most_active() -> list[dict[str, Any]]:
    """The 20 servers with most messages over the last 7 days (bots and webhooks counted in
    ``messageCount``, only people in ``userMessageCount``)."""
    Server, Message = _servers().Server, _messages().Message
    recent = Message.filter(id__gte=first_id_at(now() - ACTIVE_WINDOW), channel__server_id__not_isnull=True)
    totals = await (
        recent.annotate(n=Count("id"))
        .group_by("channel__server_id")
        .order_by("-n")
        .limit(ACTIVE_COUNT)
        .values("channel__server_id", "n")
    )
    if not totals:
        return []
    ids = [row["channel__server_id"] for row in totals]
    people = await (
        recent.filter(channel__server_id__in=ids, webhook_id__isnull=True)
        .filter(Q(created_by__bot__isnull=True) | Q(created_by__bot=False))
        .annotate(n=Count("id"))
        .group_by("channel__server_id")
        .values("channel__server_id", "n")
    )
    by_people = {row["channel__server_id"]: row["n"] for row in people}
    servers = {s.id: s for s in await Server.filter(id__in=ids)}
    shaped = {int(row["id"]): row for row in await rows(list(servers.values()), verified=False, creator_badges=True)}
    answer = []
    for row in totals:
        server_id = row["channel__server_id"]
        if server_id in shaped:
            answer.append(
                {**shaped[server_id], "messageCount": row["n"], "userMessageCount": by_people.get(server_id, 0)}
            )
    return answer


async def details(server_id: str) -> dict[str, Any] | None:
    servers = _servers()
    parsed = parse_id(server_id)
    server = await servers.Server.get_or_none(id=parsed) if parsed is not None else None
    if server is None:
        return None
    creator = await User.get(id=server.created_by_id)
    suspension = await Suspension.get_or_none(user_id=creator.id)
    shadow = await ShadowBan.get_or_none(user_id=creator.id)
    public = (await listings([server.id])).get(server.id)
    return {
        "id": str(server.id),
        "name": server.name,
        "hexColor": server.hex_color,
        "avatar": server.avatar,
        "banner": server.banner,
        "verified": server.verified,
        "createdAt": ms(server.created_at),
        "scheduledForDeletion": _scheduled(server),
        "publicServer": public,
        "_count": {"serverMembers": await servers.Member.filter(server_id=server.id).count()},
        "createdBy": {
            **brief_user(creator, "joinedAt", "hexColor", "avatar", "badges"),
            "suspension": suspension_wire(active(suspension, now())),
            "shadowBan": shadow_ban_wire(shadow),
        },
    }


async def update(moderator: User, server_id: str, changes: dict[str, Any]) -> dict[str, Any]:
    Server = _servers().Server
    parsed = parse_id(server_id)
    server = await Server.get_or_none(id=parsed) if parsed is not None else None
    if server is None:
        raise ApiError(404, NO_SERVER)
    updated = {k: v for k, v in changes.items() if k in ("name", "verified") and v is not None}
    async with transaction():
        if updated:
            await Server.filter(id=server.id).update(**updated)
            await server.refresh_from_db()
            await hearth().gateway.emit(
                "server:updated", {"serverId": str(server.id), "updated": updated}, to=str(server.id)
            )
        await audit.record(audit.SERVER_UPDATE, moderator.id, server=server)
    creator = await User.get(id=server.created_by_id)
    return {
        "name": server.name,
        "verified": server.verified,
        "hexColor": server.hex_color,
        "id": str(server.id),
        "createdAt": ms(server.created_at),
        "avatar": server.avatar,
        "createdBy": brief_user(creator),
    }


async def pin(server_id: str, pinned: bool) -> None:
    parsed = parse_id(server_id)
    answers = (
        await hearth().plugins.gather("moderation_pin_server", server_id=parsed, pinned=pinned)
        if parsed is not None
        else []
    )
    if not any(answers):
        raise ApiError(400, "Something went wrong. Try again later.")


# --- the servers plugin's scheduled deletion (its hooks run inside its transaction) --------------


async def deletion_scheduled(server_id: int, moderator_id: int, reason: str) -> None:
    server = await _servers().Server.get(id=server_id)
    moderator = await User.get(id=moderator_id)
    await audit.record(audit.SERVER_DELETE, moderator_id, server=server, reason=reason)
    owner = await User.get_or_none(id=server.created_by_id, deleted=False)
    if owner is not None and not owner.badges & FOUNDER:  # nobody warns the founder (ranks.py)
        await sanctions.warn_users(moderator, [owner], f"{server.name} scheduled deletion: {reason}")


async def deletion_unscheduled(server_id: int, moderator_id: int) -> None:
    server = await _servers().Server.get(id=server_id)
    await audit.record(audit.SERVER_DELETE_UNDO, moderator_id, server=server)


async def text_channels(server_id: str) -> list[dict[str, Any]]:
    """A server's text channels for the channel-messages viewer (Hearth's own route: the reference
    client finds channels through reports instead). Bounded by the servers plugin's channel cap."""
    servers, messages = _servers(), _messages()
    parsed = parse_id(server_id)
    if parsed is None or not await servers.Server.exists(id=parsed):
        raise ApiError(404, NO_SERVER)
    channels = (
        await messages.Channel.filter(server_id=parsed, type=messages.SERVER_TEXT)
        .exclude(deleting=True)
        .order_by("order", "id")
        .limit(CHANNEL_LIST_LIMIT)
    )
    return [{"id": str(c.id), "name": c.name, "categoryId": sid(c.category_id), "order": c.order} for c in channels]
