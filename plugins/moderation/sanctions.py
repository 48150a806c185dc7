"""Suspensions, IP bans, warnings and shadow bans (rest.md §8.2). Each takes effect at once:
the account standing is reloaded on every process, then the users' sockets get
``user:authenticate_error`` with the reason and are disconnected (realtime.md §3.6)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from tortoise.expressions import F, Subquery

from core.auth import FOUNDER
from core.context import hearth
from core.db import transaction
from core.errors import ApiError
from core.identity.models import Account, Session, User
from core.ids import parse_id
from plugins.moderation import audit, notices, ranks, standing
from plugins.moderation.models import IpBan, ShadowBan, Strikes, Suspension
from plugins.moderation.recent import delete_recent
from plugins.moderation.standing import Suspended, email_hash, ip_ban_data

MAX_IDS = 5000
IP_BAN_DAYS = 7
WARN_WINDOW = timedelta(days=182)  # "6 months"
TOO_MANY = "user ids must contain less than 5000 ids."


def now() -> datetime:
    return datetime.now(UTC)


class BareError(Exception):
    """Upstream answers this one with a bare JSON string body (warn's id limit)."""

    def __init__(self, status: int, text: str):
        super().__init__(text)
        self.status = status
        self.text = text


def check_count(user_ids: list[str], status: int = 400, bare: bool = False) -> None:
    if len(user_ids) >= MAX_IDS:
        raise BareError(status, TOO_MANY) if bare else ApiError(status, TOO_MANY)


async def targets(user_ids: list[str]) -> list[User]:
    ids = {parsed for parsed in (parse_id(u) for u in user_ids) if parsed is not None}
    return list(await User.filter(id__in=ids, deleted=False).order_by("id")) if ids else []


async def _strikes(user_ids: list[int]) -> dict[int, Strikes]:
    existing = {s.user_id: s for s in await Strikes.filter(user_id__in=user_ids)}
    missing = [Strikes(user_id=u) for u in user_ids if u not in existing]
    if missing:
        await Strikes.bulk_create(missing, ignore_conflicts=True)
        existing = {s.user_id: s for s in await Strikes.filter(user_id__in=user_ids)}
    return existing


# --- suspend ------------------------------------------------------------------------------


async def suspend(
    moderator: User,
    user_ids: list[str],
    days: float,
    reason: str,
    ip_ban: bool = False,
    delete_recent_messages: bool = False,
) -> None:
    check_count(user_ids)
    users = await targets(user_ids)
    await ranks.check(moderator, users, ranks.SUSPEND)
    async with transaction():
        await _suspend(moderator, users, days, reason)
        if delete_recent_messages:
            await delete_recent([u.id for u in users], announce=True)
        if ip_ban:
            await ban_addresses(moderator, users)


async def _suspend(moderator: User, users: list[User], days: float, reason: str | None) -> None:
    """Inside a transaction: upsert the suspensions, count them, audit, reload and kick."""
    if not users:
        return
    at = now()
    expire_at = None if days == 0 else at + timedelta(days=days)
    emails = (
        dict(await Account.filter(user_id__in=[u.id for u in users]).values_list("user_id", "email"))
        if expire_at is None
        else {}
    )
    existing = {s.user_id: s for s in await Suspension.filter(user_id__in=[u.id for u in users])}
    newly: list[int] = []
    for user in users:
        row = existing.get(user.id)
        values = {
            "suspended_at": at,
            "expire_at": expire_at,
            "reason": reason,
            "suspended_by_id": moderator.id,
            "user_deleted": False,
            "email_hash": email_hash(emails[user.id]) if user.id in emails else None,
        }
        if row is None or (row.expire_at is not None and row.expire_at <= at):
            newly.append(user.id)
        if row is None:
            await Suspension.create(user_id=user.id, **values)
        else:
            await Suspension.filter(id=row.id).update(**values)
    if newly:
        await _strikes(newly)
        await Strikes.filter(user_id__in=newly).update(suspend_count=F("suspend_count") + 1)
    await audit.record_many(
        [audit.entry(audit.USER_SUSPEND, moderator.id, user=u, reason=reason, expire_at=expire_at) for u in users]
    )
    await standing.changed(user_ids=[u.id for u in users])
    data = Suspended(expire_at, reason, moderator.username).data()
    for user in users:
        await hearth().gateway.kick(str(user.id), "You are suspended.", data)


async def ban_addresses(moderator: User, users: list[User]) -> None:
    """Ban every address these users' sessions came from for 7 days; everyone signed in from
    them is told and disconnected (founders are never IP banned)."""
    ips = sorted(
        set(
            await Session.filter(user_id__in=[u.id for u in users], ip_address__not_isnull=True).values_list(
                "ip_address", flat=True
            )
        )
    )
    if not ips:
        return
    expire_at = now() + timedelta(days=IP_BAN_DAYS)
    existing = set(await IpBan.filter(ip_address__in=ips).values_list("ip_address", flat=True))
    if existing:
        await IpBan.filter(ip_address__in=list(existing)).update(expire_at=expire_at)
    await IpBan.bulk_create([IpBan(ip_address=ip, expire_at=expire_at) for ip in ips if ip not in existing])
    await audit.record_many([audit.entry(audit.IP_BAN, moderator.id, user=u, expire_at=expire_at) for u in users])
    affected = await User.filter(
        id__in=Subquery(Session.filter(ip_address__in=ips).values("user_id")), deleted=False
    ).values_list("id", "badges")
    await standing.changed(ips=ips)
    suspended = {u.id for u in users}
    for user_id, badges in affected:
        if user_id not in suspended and not badges & FOUNDER:
            await hearth().gateway.kick(str(user_id), "You have been IP Banned", ip_ban_data(expire_at))


async def edit_suspension(moderator: User, user_ids: list[str], days: float | None, reason: str | None) -> None:
    check_count(user_ids)
    users = await targets(user_ids)
    await ranks.check(moderator, users, ranks.EDIT_SUSPENSION)
    at = now()
    rows = {s.user_id: s for s in await Suspension.filter(user_id__in=[u.id for u in users], user_deleted=False)}
    users = [u for u in users if u.id in rows and (rows[u.id].expire_at is None or rows[u.id].expire_at > at)]
    if not users:
        return
    changes: dict[str, Any] = {}
    if days is not None:
        changes["expire_at"] = None if days == 0 else at + timedelta(days=days)
    if reason is not None:
        changes["reason"] = reason
    async with transaction():
        if "expire_at" in changes:
            if changes["expire_at"] is None:
                for user_id, email in await Account.filter(user_id__in=[u.id for u in users]).values_list(
                    "user_id", "email"
                ):
                    await Suspension.filter(user_id=user_id).update(**changes, email_hash=email_hash(email))
            else:
                await Suspension.filter(user_id__in=[u.id for u in users]).update(**changes, email_hash=None)
        elif changes:
            await Suspension.filter(user_id__in=[u.id for u in users]).update(**changes)
        await audit.record_many(
            [
                audit.entry(
                    audit.USER_SUSPEND_UPDATE,
                    moderator.id,
                    user=u,
                    reason=changes.get("reason", rows[u.id].reason),
                    expire_at=changes.get("expire_at", rows[u.id].expire_at),
                )
                for u in users
            ]
        )
        await standing.changed(user_ids=[u.id for u in users])


async def unsuspend(moderator: User, user_ids: list[str]) -> None:
    check_count(user_ids, status=403)
    users = await targets(user_ids)
    await ranks.check(moderator, users, ranks.UNSUSPEND)
    at = now()
    rows = {s.user_id: s for s in await Suspension.filter(user_id__in=[u.id for u in users], user_deleted=False)}
    users = [u for u in users if u.id in rows]
    if not users:
        return
    still_active = [u.id for u in users if rows[u.id].expire_at is None or rows[u.id].expire_at > at]
    async with transaction():
        await Suspension.filter(user_id__in=[u.id for u in users]).delete()
        if still_active:
            await Strikes.filter(user_id__in=still_active, suspend_count__gt=0).update(
                suspend_count=F("suspend_count") - 1
            )
        await audit.record_many([audit.entry(audit.USER_UNSUSPEND, moderator.id, user=u) for u in users])
        await standing.changed(user_ids=[u.id for u in users])


# --- warn -----------------------------------------------------------------------------------


async def warn(moderator: User, user_ids: list[str], reason: str) -> None:
    check_count(user_ids, status=403, bare=True)
    users = await targets(user_ids)
    await ranks.check(moderator, users, ranks.WARN)
    async with transaction():
        await warn_users(moderator, users, reason)


async def warn_users(moderator: User, users: list[User], reason: str) -> None:
    """Inside a transaction: a warning notice per user, the count within 6 months, and the
    suspension a third (7 days + IP ban) or sixth and later (30 days) warning brings."""
    if not users:
        return
    at = now()
    strikes = await _strikes([u.id for u in users])
    escalate: dict[int, list[User]] = {}
    for user in users:
        row = strikes[user.id]
        before = row.warn_count if row.warn_expires_at is not None and row.warn_expires_at > at else 0
        await Strikes.filter(id=row.id).update(warn_count=before + 1, warn_expires_at=at + WARN_WINDOW)
        if user.badges & FOUNDER:
            continue
        if before >= 5:
            escalate.setdefault(30, []).append(user)
        elif before == 2:
            escalate.setdefault(7, []).append(user)
    await notices.warn_users(users, reason, moderator)
    await audit.record_many([audit.entry(audit.USER_WARNED, moderator.id, user=u, reason=reason) for u in users])
    if 7 in escalate:
        await _suspend(moderator, escalate[7], 7, "Warned 3 times in 6 months.")
        await ban_addresses(moderator, escalate[7])
    if 30 in escalate:
        await _suspend(moderator, escalate[30], 30, "Warned 6 times in 6 months.")


# --- shadow bans ------------------------------------------------------------------------------


async def shadow_ban(moderator: User, user_ids: list[str], reason: str) -> None:
    check_count(user_ids)
    users = await targets(user_ids)
    await ranks.check(moderator, users, ranks.SHADOW_BAN)
    existing = set(await ShadowBan.filter(user_id__in=[u.id for u in users]).values_list("user_id", flat=True))
    users = [u for u in users if u.id not in existing]
    if not users:
        return
    async with transaction():
        await ShadowBan.bulk_create(
            [ShadowBan(user_id=u.id, reason=reason, banned_by_id=moderator.id) for u in users], ignore_conflicts=True
        )
        await delete_recent([u.id for u in users], announce=False)
        await audit.record_many(
            [audit.entry(audit.USER_SHADOW_BANNED, moderator.id, user=u, reason=reason) for u in users]
        )
        await standing.changed(user_ids=[u.id for u in users])


async def lift_shadow_ban(moderator: User, user_ids: list[str]) -> None:
    check_count(user_ids)
    users = await targets(user_ids)
    await ranks.check(moderator, users, ranks.LIFT_SHADOW_BAN)
    banned = set(await ShadowBan.filter(user_id__in=[u.id for u in users]).values_list("user_id", flat=True))
    users = [u for u in users if u.id in banned]
    if not users:
        return
    async with transaction():
        await ShadowBan.filter(user_id__in=[u.id for u in users]).delete()
        await audit.record_many([audit.entry(audit.UNDO_USER_SHADOW_BANNED, moderator.id, user=u) for u in users])
        await standing.changed(user_ids=[u.id for u in users])
