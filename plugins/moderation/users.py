"""Users as moderators see them (rest.md §8.2): the list with filters, search, online users, a
user's page and users sharing an address (the edit form is ``user_edit.py``)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from tortoise.expressions import Q, RawSQL, Subquery

from core.auth import ADMIN, FOUNDER, is_moderator
from core.context import hearth
from core.errors import ApiError
from core.identity.models import Account, Session, User
from core.ids import parse_id
from core.wire import full_user, ms
from plugins.accounts.models import Profile
from plugins.moderation.models import ShadowBan, Strikes, Suspension
from plugins.moderation.paging import Page
from plugins.moderation.servers import rows as server_rows
from plugins.moderation.wire import active, brief_user, shadow_ban_wire, suspension_wire

ONLINE_CAP = 1000
FILTERS = ("shadowBan", "bot", "suspension")


def now() -> datetime:
    return datetime.now(UTC)


async def _standing_of(users: list[User]) -> tuple[dict[int, Suspension], dict[int, ShadowBan]]:
    ids = [u.id for u in users]
    if not ids:
        return {}, {}
    at = now()
    suspensions = {s.user_id: s for s in await Suspension.filter(user_id__in=ids) if active(s, at)}
    shadows = {s.user_id: s for s in await ShadowBan.filter(user_id__in=ids)}
    return suspensions, shadows


async def _rows(users: list[User], *keys: str, shadow: bool = True) -> list[dict[str, Any]]:
    suspensions, shadows = await _standing_of(users)
    answer = []
    for user in users:
        data = {**brief_user(user, *keys), "suspension": suspension_wire(suspensions.get(user.id))}
        if shadow:
            data["shadowBan"] = shadow_ban_wire(shadows.get(user.id))
        answer.append(data)
    return answer


async def listing(page: Page, order_by: str, order: str, filters: list[str]) -> list[dict[str, Any]]:
    descending = order != "asc"
    column = "username" if order_by == "username" else "id"  # joinedAt follows the flake id
    query = User.all()
    parts = [_filter(name) for name in FILTERS if name in filters]
    if parts:
        condition = parts[0]
        for part in parts[1:]:
            condition |= part
        query = query.filter(condition)
    if page.after is not None:
        cursor = await User.get_or_none(id=page.after)
        if cursor is not None:
            if column == "id":
                query = query.filter(id__lt=cursor.id) if descending else query.filter(id__gt=cursor.id)
            elif descending:
                query = query.filter(Q(username__lt=cursor.username) | Q(username=cursor.username, id__lt=cursor.id))
            else:
                query = query.filter(Q(username__gt=cursor.username) | Q(username=cursor.username, id__gt=cursor.id))
    sign = "-" if descending else ""
    ordering = [f"{sign}{column}"] + ([f"{sign}id"] if column != "id" else [])
    users = await query.order_by(*ordering).limit(page.limit)
    return await _rows(users, "joinedAt", "bot", "badges", "hexColor", "avatar")


def _filter(name: str) -> Q:
    """``filters`` of the user list: shadow-banned, bots, suspended (OR-combined)."""
    if name == "shadowBan":
        return Q(id__in=Subquery(ShadowBan.all().values("user_id")))
    if name == "bot":
        return Q(bot=True)
    suspended = Suspension.filter(Q(expire_at__isnull=True) | Q(expire_at__gt=now()), user_deleted=False)
    return Q(id__in=Subquery(suspended.values("user_id")))


async def search(viewer: User, q: str, page: Page) -> list[dict[str, Any]]:
    """Username or tag containing ``q``, the exact id, members of the server ``q``; for admins
    also addresses and e-mails containing it (MODs never see those)."""
    q = q.strip()
    if not q:
        return []
    condition = Q(username__icontains=q) | Q(tag__icontains=q)
    exact = parse_id(q)
    if exact is not None:
        condition |= Q(id=exact) | _members_of(exact)
    if is_moderator(viewer):
        condition |= Q(id__in=Subquery(Session.filter(ip_address__icontains=q).values("user_id")))
        condition |= Q(id__in=Subquery(Account.filter(email__icontains=q).values("user_id")))
    query = User.filter(condition)
    if page.after is not None:
        query = query.filter(id__lt=page.after)
    users = await query.order_by("-id").limit(page.limit)
    return await _rows(users, "joinedAt", "hexColor", "avatar", "badges")


def _members_of(server_id: int) -> Q:
    """Members of that server (nobody without the servers plugin)."""
    if not hearth().plugins.enabled("servers"):
        return Q(id__in=[])
    from plugins.servers.models import Member

    return Q(id__in=Subquery(Member.filter(server_id=server_id).values("user_id")))


async def _servers_of(user: User) -> list[dict[str, Any]]:
    """The servers the user is in, newest first (none without the servers plugin)."""
    if not hearth().plugins.enabled("servers"):
        return []
    from plugins.servers.models import Member, Server

    member_of = list(await Member.filter(user_id=user.id).values_list("server_id", flat=True))
    return await server_rows(await Server.filter(id__in=member_of).order_by("-id")) if member_of else []


async def online(sort: str) -> list[dict[str, Any]]:
    ids: set[int] = set()
    for answer in await hearth().plugins.gather("moderation_online_user_ids"):
        ids.update(int(i) for i in answer or [])
    if not ids:
        return []
    users = await User.filter(id__in=ids).order_by("id" if sort == "asc" else "-id").limit(ONLINE_CAP)
    return [brief_user(u, "joinedAt", "hexColor", "bot", "avatar", "badges") for u in users]


async def target_user(user_id: str, message: str = "User does not exist.") -> User:
    parsed = parse_id(user_id)
    user = await User.get_or_none(id=parsed) if parsed is not None else None
    if user is None:
        raise ApiError(404, message)
    return user


def _hidden_from(viewer: User, user: User) -> bool:
    """A MOD (no ADMIN or FOUNDER badge) may not look at admins and founders."""
    return not is_moderator(viewer) and bool(user.badges & (ADMIN | FOUNDER))


async def details(viewer: User, user_id: str) -> dict[str, Any]:
    user = await target_user(user_id, "User not found.")
    if _hidden_from(viewer, user):
        raise ApiError(403, "No Access!")
    admin = is_moderator(viewer)
    at = now()
    suspension = active(await Suspension.get_or_none(user_id=user.id).select_related("suspended_by"), at)
    shadow = await ShadowBan.get_or_none(user_id=user.id)
    account = await Account.get_or_none(user_id=user.id)
    strikes = await Strikes.get_or_none(user_id=user.id)
    profile = await Profile.get_or_none(user_id=user.id)
    sessions = await Session.filter(user_id=user.id).order_by("-last_seen_at", "-id")
    inventory: list[dict[str, Any]] = []
    for answer in await hearth().plugins.gather("moderation_user_inventory", user_id=user.id):
        inventory.extend(answer or [])
    devices = []
    for session in sessions:
        device = {
            "id": str(session.id),
            "userId": str(user.id),
            "deviceType": session.device_type,
            "createdAt": ms(session.created_at),
            "lastSeenAt": ms(session.last_seen_at),
        }
        if admin:
            device["ipAddress"] = session.ip_address
        devices.append(device)
    account_wire = None
    if account is not None:
        account_wire = {
            "suspendCount": strikes.suspend_count if strikes else 0,
            "warnCount": strikes.warn_count if strikes else 0,
            "warnExpiresAt": ms(strikes.warn_expires_at) if strikes else None,
            "emailConfirmed": account.email_confirmed,
        }
        if admin:
            # codes are stored hashed, so the pending confirmation code cannot be shown
            account_wire.update(email=account.email, emailConfirmCode=None)
    return {
        **full_user(user),
        "inventory": inventory,
        "suspension": suspension_wire(suspension, suspension.suspended_by if suspension else None, with_by=True),
        "profile": profile.wire() if profile else None,
        "devices": devices,
        "servers": await _servers_of(user),
        "application": None,
        "shadowBan": shadow_ban_wire(shadow),
        "account": account_wire,
    }


async def same_ip(viewer: User, user_id: str, page: Page) -> list[dict[str, Any]]:
    user = await target_user(user_id)
    ips = list(await Session.filter(user_id=user.id, ip_address__not_isnull=True).values_list("ip_address", flat=True))
    if not ips:
        return []
    query = User.filter(id__in=Subquery(Session.filter(ip_address__in=ips).values("user_id"))).exclude(id=user.id)
    if not is_moderator(viewer):
        query = query.annotate(admin_bits=RawSQL(f"users.badges & {ADMIN | FOUNDER}")).filter(admin_bits=0)
    if page.after is not None:
        query = query.filter(id__lt=page.after)
    users = await query.order_by("-id").limit(page.limit)
    return await _rows(users, "joinedAt", "hexColor", "avatar", "bot", "badges", shadow=False)
