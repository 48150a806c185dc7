"""Instance figures (rest.md §8.3 ``GET /moderation/stats``) and, for the stats page's charts,
registrations, messages and active people per day (``GET /moderation/stats/daily``, Hearth's
own route). Flake ids carry their creation time, so days are grouped by id arithmetic that
SQLite and PostgreSQL compute alike, over the id index. Servers and messages are optional:
without them their figures are 0."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from tortoise.expressions import Q, RawSQL
from tortoise.functions import Count

from core.context import hearth
from core.identity.models import User
from core.ids import EPOCH_MS
from plugins.moderation.recent import first_id_at

DAY_MS = 86_400_000
MAX_DAYS = 90


def now() -> datetime:
    return datetime.now(UTC)


def week_start(moment: datetime | None = None) -> datetime:
    """Monday 00:00 UTC of the current week."""
    moment = moment or now()
    monday = moment - timedelta(days=moment.weekday())
    return monday.replace(hour=0, minute=0, second=0, microsecond=0)


async def totals() -> dict[str, int]:
    since = first_id_at(week_start())
    return {
        "totalRegisteredUsers": await User.filter(people()).count(),
        "weeklyRegisteredUsers": await User.filter(people(), id__gte=since).count(),
        "totalCreatedServers": await _server_count(),
        **await _message_counts(since),
    }


async def _server_count() -> int:
    if not hearth().plugins.enabled("servers"):
        return 0
    from plugins.servers.models import Server

    return await Server.all().count()


async def _message_counts(since: int) -> dict[str, int]:
    if not hearth().plugins.enabled("messages"):
        return {"totalCreatedMessages": 0, "weeklyCreatedMessages": 0}
    from plugins.messages.models import Message

    return {
        "totalCreatedMessages": await Message.all().count(),
        "weeklyCreatedMessages": await Message.filter(id__gte=since).count(),
    }


def people() -> Q:
    return Q(bot__isnull=True) | Q(bot=False)  # users' bot column is null, not false


def _day_of(table: str) -> RawSQL:
    # days since the Unix epoch of the flake id's timestamp
    return RawSQL(f"((({table}.id >> 22) + {EPOCH_MS}) / {DAY_MS})")


async def daily(days: int) -> dict[str, Any]:
    """``{days: [{date: "YYYY-MM-DD", registrations, messages, activeUsers}]}`` for the last
    ``days`` UTC days, today included; active users = people who sent a message that day."""
    days = min(max(days, 1), MAX_DAYS)
    today = now().replace(hour=0, minute=0, second=0, microsecond=0)
    first = today - timedelta(days=days - 1)
    since = first_id_at(first)
    registrations = await (
        User.filter(people(), id__gte=since)
        .annotate(day=_day_of("users"))
        .annotate(n=Count("id"))
        .group_by("day")
        .values("day", "n")
    )
    messages = await _daily_messages(since)
    by_day: dict[int, dict[str, int]] = {}
    for row in registrations:
        by_day.setdefault(int(row["day"]), {})["registrations"] = row["n"]
    for row in messages:
        by_day.setdefault(int(row["day"]), {}).update(messages=row["n"], activeUsers=row["people"])
    answer = []
    for offset in range(days):
        date = first + timedelta(days=offset)
        figures = by_day.get(int(date.timestamp() * 1000) // DAY_MS, {})
        answer.append(
            {
                "date": date.strftime("%Y-%m-%d"),
                "registrations": figures.get("registrations", 0),
                "messages": figures.get("messages", 0),
                "activeUsers": figures.get("activeUsers", 0),
            }
        )
    return {"days": answer}


async def _daily_messages(since: int) -> list[dict[str, Any]]:
    if not hearth().plugins.enabled("messages"):
        return []
    from plugins.messages.models import Message

    return await (
        Message.filter(id__gte=since)
        .annotate(day=_day_of("messages"))
        .annotate(n=Count("id"), people=Count("created_by_id", distinct=True))
        .group_by("day")
        .values("day", "n", "people")
    )
