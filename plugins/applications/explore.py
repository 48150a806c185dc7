"""Explore listings of bots (rest.md §6.1 ``type=bot``, §6.7, §6.8), on the explore plugin's
``ExploreItem`` table (type 1, ``botApplicationId``, ``botPermissions``).

Explore is optional: this module is reached only through explore's hooks and the
``/explore/bots`` routes, mounted with it; still, each import of explore (and of servers, which
explore requires) checks that the plugin runs first."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.functions import Count

from core.context import hearth
from core.errors import ApiError, bad_request
from core.identity.models import User
from core.ids import parse_id
from plugins.applications.models import Application

# Bot listings are few next to servers: a page is cut from at most this many, newest first.
MAX_CANDIDATES = 5000
SORT_KEYS = {
    "pinned_at": lambda e: (e["item"].pinned_at is None, e["item"].pinned_at or 0, e["item"].id),
    "most_bumps": lambda e: (-e["item"].bump_count, -e["item"].id),
    "most_members": lambda e: (-e["servers"], -e["item"].id),
    "recently_added": lambda e: -e["item"].id,
    "recently_bumped": lambda e: (-e["item"].bumped_at.timestamp(), -e["item"].id),
}


def _explore() -> Any:
    """The explore plugin's models and service modules."""
    if not hearth().plugins.enabled("explore"):
        raise ApiError(404, "Not found.")  # what these routes answer without explore (not mounted)
    from plugins.explore import models, service

    return models, service


async def _servers_and_online(bot_ids: list[int]) -> tuple[dict[int, int], set[int]]:
    """How many servers each bot is in, and which bots are online (presence answers)."""
    if not bot_ids or not hearth().plugins.enabled("servers"):
        return {}, set()
    from plugins.servers.models import Member
    from plugins.servers.payload import online_presences

    counts = {
        row["user_id"]: row["n"]
        for row in await Member.filter(user_id__in=bot_ids)
        .annotate(n=Count("id"))
        .group_by("user_id")
        .values("user_id", "n")
    }
    return counts, {int(p["userId"]) for p in await online_presences(bot_ids)}


async def _entries(items: list[Any]) -> list[dict[str, Any]]:
    """Each listing with its application, bot user, creator, server count and online flag
    (five queries whatever the number)."""
    apps = {
        a.id: a
        for a in await Application.filter(id__in=[i.bot_application_id for i in items], bot_user_id__isnull=False)
    }
    user_ids = {a.bot_user_id for a in apps.values()} | {a.creator_id for a in apps.values()}
    users = {u.id: u for u in await User.filter(id__in=list(user_ids), deleted=False)}
    counts, online = await _servers_and_online([a.bot_user_id for a in apps.values()])
    entries = []
    for item in items:
        app = apps.get(item.bot_application_id)
        bot = users.get(app.bot_user_id) if app else None
        if app is None or bot is None:
            continue
        entries.append(
            {
                "item": item,
                "app": app,
                "bot": bot,
                "creator": users.get(app.creator_id),
                "servers": counts.get(bot.id, 0),
                "online": bot.id in online,
            }
        )
    return entries


def _wire(entry: dict[str, Any]) -> dict[str, Any]:
    bot, creator = entry["bot"], entry["creator"]
    _, explore = _explore()
    return {
        **explore.item_wire(entry["item"]),
        "server": None,
        "botApplication": {
            "id": str(entry["app"].id),
            "botUser": {
                "id": str(bot.id),
                "username": bot.username,
                "tag": bot.tag,
                "avatar": bot.avatar,
                "banner": bot.banner,
                "hexColor": bot.hex_color,
                "badges": bot.badges,
                "_count": {"servers": entry["servers"]},
                "online": entry["online"],
            },
            "creatorAccount": {
                "user": {"id": str(creator.id), "username": creator.username, "tag": creator.tag} if creator else None
            },
        },
    }


async def listing(query: Any) -> list[dict[str, Any]]:
    models, _ = _explore()
    items = await models.ExploreItem.filter(type=models.BOT).order_by("-id").limit(MAX_CANDIDATES)
    entries = await _entries(items)
    if query.search:
        needle = query.search.lower()
        entries = [e for e in entries if needle in e["bot"].username.lower() or needle in e["item"].description.lower()]
    if query.filter == "pinned":
        entries = [e for e in entries if e["item"].pinned_at is not None]
    elif query.filter in ("online_bots", "offline_bots"):
        entries = [e for e in entries if e["online"] == (query.filter == "online_bots")]
    entries.sort(key=SORT_KEYS.get(query.sort, lambda e: e["item"].id))
    if query.after_id is not None:
        ids = [str(e["item"].id) for e in entries]
        entries = entries[ids.index(query.after_id) + 1 :] if query.after_id in ids else []
    return [_wire(e) for e in entries[: query.limit]]


async def get(app_id: str) -> dict[str, Any]:
    models, _ = _explore()
    parsed = parse_id(app_id)
    item = (
        await models.ExploreItem.get_or_none(bot_application_id=parsed, type=models.BOT) if parsed is not None else None
    )
    entries = await _entries([item]) if item is not None else []
    if not entries:
        raise bad_request("Bot not found.")
    return _wire(entries[0])


async def publish(user: User, app_id: str, description: str, permissions: int | None) -> dict[str, Any]:
    parsed = parse_id(app_id)
    app = await Application.get_or_none(id=parsed) if parsed is not None else None
    if app is None or not app.bot_user_id:
        raise bad_request("Bot application not found.")
    if app.creator_id != user.id:
        raise bad_request("This bot does not belong to you.")
    models, explore = _explore()
    fields = {"description": description, "bot_permissions": permissions}
    item = await models.ExploreItem.get_or_none(bot_application_id=app.id)
    if item is None:
        try:
            item = await models.ExploreItem.create(
                type=models.BOT, bot_application_id=app.id, bumped_at=datetime.now(UTC), **fields
            )
        except IntegrityError:  # published twice at once: the other request made the row
            item = await models.ExploreItem.get(bot_application_id=app.id)
    await item.update_from_dict(fields).save(update_fields=list(fields))
    return explore.item_wire(item)


async def bot_status(application_id: int | None) -> dict[str, Any] | None:
    app = await Application.get_or_none(id=application_id) if application_id else None
    if app is None or not app.bot_user_id or not await User.exists(id=app.bot_user_id, deleted=False):
        return None
    _, online = await _servers_and_online([app.bot_user_id])
    return {"creatorUserId": app.creator_id, "online": bool(online)}
