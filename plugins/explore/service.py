"""Explore listings of servers (rest.md §6.1–6.6) and the server of a custom emoji (§5).

Bot listings (§6.7–6.8, ``type=bot``) belong to the applications plugin, asked through the
``explore_bot_listing`` and ``explore_bot`` hooks; without it the list answers ``[]`` for them.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.expressions import Q, RawSQL
from tortoise.functions import Count

from core.context import hearth
from core.db import transaction
from core.errors import ApiError, bad_request
from core.identity.models import User
from core.ids import EPOCH_MS, parse_id
from core.wire import ms
from plugins.explore.models import BOT, SERVER, ExploreItem
from plugins.messages.models import BUMP_SERVER, CONTENT, Message
from plugins.servers import service as servers
from plugins.servers.models import Member, Server
from plugins.servers.payload import server_rows

MAX_LIMIT = 50
BUMP_COOLDOWN = timedelta(hours=3)
ACTIVE_WINDOW = timedelta(days=7)
SORTS = ("pinned_at", "most_bumps", "most_members", "recently_added", "recently_bumped", "most_active")
# The member count, computed in the query so the listing can be sorted and paged by it.
MEMBER_COUNT = RawSQL("(SELECT COUNT(*) FROM server_members WHERE server_members.server_id = explore_items.server_id)")


def now() -> datetime:
    return datetime.now(UTC)


def week_start(moment: datetime | None = None) -> datetime:
    """Monday 00:00 UTC of the week holding ``moment``: weekly bump counts start again there."""
    moment = (moment or now()).astimezone(UTC)
    monday = moment - timedelta(days=moment.weekday())
    return monday.replace(hour=0, minute=0, second=0, microsecond=0)


async def reset_weekly_bumps() -> None:
    """``bumpCount`` goes back to 0 every Monday 00:00 UTC: a listing not bumped since then has
    none this week. Done lazily before anything reads or bumps; it touches rows once a week."""
    await ExploreItem.filter(bumped_at__lt=week_start(), bump_count__gt=0).update(bump_count=0)


# --- wire ------------------------------------------------------------------------------------


def item_wire(item: ExploreItem) -> dict[str, Any]:
    return {
        "id": str(item.id),
        "type": item.type,
        "serverId": str(item.server_id) if item.server_id else None,
        "botApplicationId": str(item.bot_application_id) if item.bot_application_id else None,
        "botPermissions": item.bot_permissions,
        "description": item.description,
        "bumpCount": item.bump_count,
        "bumpedAt": ms(item.bumped_at),
        "lifetimeBumpCount": item.lifetime_bump_count,
        "pinnedAt": ms(item.pinned_at),
        "createdAt": ms(item.created_at),
    }


async def member_counts(server_ids: list[int]) -> dict[int, int]:
    if not server_ids:
        return {}
    rows = (
        await Member.filter(server_id__in=server_ids)
        .annotate(n=Count("id"))
        .group_by("server_id")
        .values("server_id", "n")
    )
    return {row["server_id"]: row["n"] for row in rows}


async def _server_parts(server_ids: list[int], creators: bool) -> dict[int, dict[str, Any]]:
    """Full Server rows (with clan and what other plugins add) + ``_count.serverMembers``
    (+ ``createdBy {id, username, tag}``) for many servers in a fixed number of queries."""
    servers_ = await Server.filter(id__in=server_ids)
    rows = {int(row["id"]): row for row in await server_rows(servers_)}
    counts = await member_counts(server_ids)
    owners: dict[int, User] = {}
    if creators:
        owners = {u.id: u for u in await User.filter(id__in={s.created_by_id for s in servers_})}
    result = {}
    for server in servers_:
        row = rows[server.id]
        row["_count"] = {**(row.get("_count") or {}), "serverMembers": counts.get(server.id, 0)}
        if row.get("clan"):  # rest.md §4.13: explore's clan names its server, unlike the payload's
            row["clan"] = {**row["clan"], "serverId": str(server.id)}
        if creators:
            owner = owners.get(server.created_by_id)
            row["createdBy"] = {"id": str(owner.id), "username": owner.username, "tag": owner.tag} if owner else None
        result[server.id] = row
    return result


async def items_wire(items: list[ExploreItem], creators: bool = False, bot_key: bool = False) -> list[dict[str, Any]]:
    parts = await _server_parts([i.server_id for i in items if i.server_id], creators)
    result = []
    for item in items:
        data = {**item_wire(item), "server": parts.get(item.server_id)}
        if bot_key:
            data["botApplication"] = None
        result.append(data)
    return result


# --- listing (§6.1) ---------------------------------------------------------------------------


class ListQuery:
    def __init__(self, args: Any):
        self.type = args.get("type") or "server"
        self.sort = args.get("sort") if args.get("sort") in SORTS else None
        self.filter = args.get("filter") or "all"
        try:
            limit = int(args.get("limit", MAX_LIMIT))
        except (TypeError, ValueError):
            limit = MAX_LIMIT
        self.limit = min(max(limit, 1), MAX_LIMIT)
        self.after_id = args.get("afterId") or None
        self.search = (args.get("search") or "").strip()[:100]


async def _filtered(query: ListQuery) -> Any:
    qs = ExploreItem.filter(type=SERVER, server_id__not_isnull=True, server__scheduled_for_deletion__isnull=True)
    if query.filter == "pinned":
        qs = qs.filter(pinned_at__not_isnull=True)
    elif query.filter == "verified":
        qs = qs.filter(server__verified=True)
    elif query.filter == "clans":
        ids: set[int] = set()
        for answer in await hearth().plugins.gather("explore_filter_server_ids", name="clans"):
            ids.update(int(i) for i in answer or [])
        qs = qs.filter(server_id__in=list(ids))
    if query.search:
        qs = qs.filter(Q(server__name__icontains=query.search) | Q(description__icontains=query.search))
    return qs


# (ordering key, annotation, descending) per sort; the explore id breaks ties the same way.
_ORDER = {
    None: ("id", None, False),
    "pinned_at": ("pinned_at", None, False),
    "most_bumps": ("bump_count", None, True),
    "most_members": ("members", MEMBER_COUNT, True),
    "recently_added": ("id", None, True),
    "recently_bumped": ("bumped_at", None, True),
}


async def listing(query: ListQuery) -> list[dict[str, Any]]:
    await reset_weekly_bumps()
    if query.type == "bot":
        answers = [a for a in await hearth().plugins.gather("explore_bot_listing", query=query) if a is not None]
        return answers[0] if answers else []
    qs = await _filtered(query)
    if query.sort == "most_active":
        items = await _most_active(qs, query)
    else:
        items = await _keyset_page(qs, query)
    return await items_wire(items, creators=True)


async def _keyset_page(qs: Any, query: ListQuery) -> list[ExploreItem]:
    key, annotation, descending = _ORDER[query.sort]
    if annotation is not None:
        qs = qs.annotate(**{key: annotation})
    if query.sort == "pinned_at":
        # Pinned first (oldest pin first), then the rest; NULLs sort differently per database.
        qs = qs.annotate(unpinned=RawSQL("CASE WHEN explore_items.pinned_at IS NULL THEN 1 ELSE 0 END"))
    if query.after_id is not None:
        cursor_id = parse_id(query.after_id)
        cursor = await qs.filter(id=cursor_id).first() if cursor_id is not None else None
        if cursor is None:
            return []
        qs = qs.filter(_after(cursor, key, descending, query.sort == "pinned_at"))
    sign = "-" if descending else ""
    order = [f"{sign}{key}", f"{sign}id"] if key != "id" else [f"{sign}id"]
    if query.sort == "pinned_at":
        order = ["unpinned", "pinned_at", "id"]
    return await qs.order_by(*order).limit(query.limit)


def _after(cursor: ExploreItem, key: str, descending: bool, pinned: bool) -> Q:
    if key == "id":
        return Q(id__lt=cursor.id) if descending else Q(id__gt=cursor.id)
    if pinned:
        if cursor.pinned_at is None:
            return Q(pinned_at__isnull=True, id__gt=cursor.id)
        return (
            Q(pinned_at__isnull=True)
            | Q(pinned_at__gt=cursor.pinned_at)
            | Q(pinned_at=cursor.pinned_at, id__gt=cursor.id)
        )
    value = getattr(cursor, key)
    op = "lt" if descending else "gt"
    return Q(**{f"{key}__{op}": value}) | Q(**{key: value, f"id__{op}": cursor.id})


async def _most_active(qs: Any, query: ListQuery) -> list[ExploreItem]:
    """Ranked by non-bot messages of the last 7 days (``afterId`` is an offset here). Listings
    without any such message follow, newest listing first."""
    try:
        offset = max(int(query.after_id or 0), 0)
    except ValueError:
        offset = 0
    candidates = await qs.order_by("-id").values_list("id", "server_id")
    if not candidates:
        return []
    server_ids = [server_id for _, server_id in candidates]
    since_id = (int((now() - ACTIVE_WINDOW).timestamp() * 1000) - EPOCH_MS) << 22
    rows = await (
        Message.filter(id__gte=since_id, type=CONTENT, webhook_id__isnull=True, channel__server_id__in=server_ids)
        .filter(Q(created_by__bot__isnull=True) | Q(created_by__bot=False))
        .annotate(n=Count("id"))
        .group_by("channel__server_id")
        .values("channel__server_id", "n")
    )
    activity = {row["channel__server_id"]: row["n"] for row in rows}
    ranked = sorted(candidates, key=lambda pair: -activity.get(pair[1], 0))  # stable: newest first on ties
    page = [item_id for item_id, _ in ranked[offset : offset + query.limit]]
    items = {item.id: item for item in await ExploreItem.filter(id__in=page)}
    return [items[i] for i in page if i in items]


# --- one listing (§6.2) -----------------------------------------------------------------------


async def get_for_server(server_id: str | int | None) -> dict[str, Any]:
    parsed = parse_id(server_id) if server_id is not None else None
    item = await ExploreItem.get_or_none(server_id=parsed, type=SERVER) if parsed is not None else None
    if item is None:
        raise bad_request("Server not found.")
    await reset_weekly_bumps()
    await item.refresh_from_db()
    return (await items_wire([item], bot_key=True))[0]


async def get_for_emoji(emoji_id: str) -> dict[str, Any]:
    """§5: the listing of the server that owns a custom emoji (only public servers resolve).
    The emojis plugin is optional: without it there are no custom emojis to find."""
    parsed = parse_id(emoji_id)
    emoji = None
    if parsed is not None and hearth().plugins.enabled("emojis"):
        from plugins.emojis.models import CustomEmoji

        emoji = await CustomEmoji.get_or_none(id=parsed)
    if emoji is None:
        raise bad_request("Emoji not found.")
    return await get_for_server(emoji.server_id)


# --- publish, unpublish, join, bump (§6.3–6.6) -----------------------------------------------------


async def publish(ctx: Any, description: str) -> dict[str, Any]:
    if not ctx.is_owner:
        raise ApiError(401, "Only the server creator modify this.")
    server_id = ctx.server.id
    async with transaction():
        item = await ExploreItem.get_or_none(server_id=server_id)
        if item is None:
            try:
                item = await ExploreItem.create(
                    server_id=server_id, type=SERVER, description=description, bumped_at=now()
                )
            except IntegrityError:  # published twice at once: the other request won
                item = await ExploreItem.get(server_id=server_id)
                item.description = description
                await item.save(update_fields=["description"])
        else:
            item.description = description
            await item.save(update_fields=["description"])
        await Server.filter(id=server_id).update(public=True)
        await hearth().gateway.emit(
            "server:updated", {"serverId": str(server_id), "updated": {"public": True}}, to=str(server_id)
        )
    return item_wire(item)


async def unpublish(user: User, item_id: str) -> None:
    parsed = parse_id(item_id)
    item = await ExploreItem.get_or_none(id=parsed).select_related("server") if parsed is not None else None
    if item is None:
        raise bad_request("Item not found.")
    if item.type == BOT:
        bot = await _bot(item)
        if bot is None or bot["creatorUserId"] != user.id:
            raise bad_request("You do not have permission to delete this explore item.")
        await item.delete()
        return
    if item.type != SERVER or item.server is None or item.server.created_by_id != user.id:
        raise bad_request("You do not have permission to delete this explore item.")
    async with transaction():
        await item.delete()
        await Server.filter(id=item.server_id).update(public=False)
        await hearth().gateway.emit(
            "server:updated", {"serverId": str(item.server_id), "updated": {"public": False}}, to=str(item.server_id)
        )


async def join(user: User, server_id: str) -> dict[str, Any]:
    parsed = parse_id(server_id)
    item = (
        await ExploreItem.get_or_none(server_id=parsed, type=SERVER).select_related("server")
        if parsed is not None
        else None
    )
    if item is None:
        raise bad_request("Server is not public.")
    return await servers.join_server(user, item.server)


async def bump(user: User, item_id: str) -> dict[str, Any]:
    parsed = parse_id(item_id)
    item = await ExploreItem.get_or_none(id=parsed).select_related("server") if parsed is not None else None
    if item is not None and item.type == SERVER and not await Member.exists(server_id=item.server_id, user_id=user.id):
        raise bad_request("You must be a member of the server to bump.")
    if item is not None and item.type == BOT:
        bot = await _bot(item)
        if bot is None:
            raise bad_request("Bot not found.")
        if not bot["online"]:
            raise bad_request("Bot is offline.")
        await _count_bump(item)  # a bot has no system channel to announce the bump in
        return {**item_wire(item), "server": None}
    if item is None or item.type != SERVER or item.server is None:
        raise bad_request("Item not found.")
    async with transaction():
        await _count_bump(item)
        await servers.post_system_message(item.server, user, BUMP_SERVER)
    return (await items_wire([item]))[0]


async def _count_bump(item: ExploreItem) -> None:
    moment = now()
    if item.bumped_at and moment - item.bumped_at < BUMP_COOLDOWN:
        raise bad_request("Server was bumped too recently.")
    fresh_week = item.bumped_at is None or item.bumped_at < week_start(moment)
    # The cooldown is re-checked in the UPDATE itself, so two bumps at once count once.
    updated = await ExploreItem.filter(id=item.id, bumped_at=item.bumped_at).update(
        bump_count=1 if fresh_week else item.bump_count + 1,
        lifetime_bump_count=item.lifetime_bump_count + 1,
        bumped_at=moment,
    )
    if not updated:
        raise bad_request("Server was bumped too recently.")
    await item.refresh_from_db()


async def _bot(item: ExploreItem) -> dict[str, Any] | None:
    answers = [
        a for a in await hearth().plugins.gather("explore_bot", application_id=item.bot_application_id) if a is not None
    ]
    return answers[0] if answers else None
