"""The account standing the kernel consults on every authentication (``core.identity.standing``):
suspensions and IP bans refuse tokens, shadow bans make other plugins fake or refuse actions.

Every request asks, so each process answers from memory: active suspensions, IP bans and shadow
bans are loaded at start-up, and a moderator's change reloads the users and addresses it touched
on every process (``gateway.everywhere``) before their sockets are kicked. The jobs loop reloads
everything now and then, in case a process missed a message."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from core.auth import FOUNDER
from core.context import hearth
from core.db import after_commit
from core.errors import ApiError
from core.identity.models import User
from core.identity.sessions import AuthFailure
from core.identity.standing import AccountStanding
from core.wire import ms
from plugins.moderation.models import IpBan, ShadowBan, Suspension

COMMAND = "moderation:standing"


def now() -> datetime:
    return datetime.now(UTC)


def email_hash(email: str) -> str:
    return hashlib.sha256(email.strip().lower().encode()).hexdigest()


@dataclass(frozen=True)
class Suspended:
    expire_at: datetime | None
    reason: str | None
    by_username: str | None

    def active(self, at: datetime) -> bool:
        return self.expire_at is None or self.expire_at > at

    def data(self) -> dict[str, Any]:
        return {
            "type": "suspend",
            "reason": self.reason,
            "expire": ms(self.expire_at),
            "by": {"username": self.by_username},
        }


def suspension_refusal(suspended: Suspended) -> AuthFailure:
    return AuthFailure("You are suspended.", suspended.data())


def ip_ban_data(expire_at: datetime) -> dict[str, Any]:
    return {"type": "ip-ban", "expire": ms(expire_at)}


class ModerationStanding(AccountStanding):
    def __init__(self) -> None:
        self.suspended: dict[int, Suspended] = {}
        self.ip_bans: dict[str, datetime] = {}
        self.shadow: set[int] = set()

    async def refusal(self, user: User, ip: str | None) -> AuthFailure | None:
        at = now()
        suspended = self.suspended.get(user.id)
        if suspended is not None and suspended.active(at):
            return suspension_refusal(suspended)
        if ip and not user.badges & FOUNDER:
            expire_at = self.ip_bans.get(ip)
            if expire_at is not None and expire_at > at:
                return AuthFailure("You are IP banned.", ip_ban_data(expire_at))
        return None

    async def check_registration(self, email: str, ip: str | None) -> None:
        expire_at = self.ip_bans.get(ip or "")
        if expire_at is not None and expire_at > now():
            raise ApiError(401, "You are IP banned.")
        if await Suspension.exists(email_hash=email_hash(email)):
            raise ApiError(401, "This email is suspended.", "email")

    def shadow_banned(self, user_id: int) -> bool:
        return user_id in self.shadow

    def unlisted_authors(self) -> frozenset[int]:
        at = now()
        return frozenset(self.shadow).union(user_id for user_id, s in self.suspended.items() if s.active(at))

    # --- loading ---------------------------------------------------------------------------
    async def load_all(self) -> None:
        suspended, ip_bans, shadow = await self._read(None, None)
        self.suspended, self.ip_bans, self.shadow = suspended, ip_bans, shadow

    async def refresh(self, user_ids: Iterable[int], ips: Iterable[str]) -> None:
        user_ids, ips = list(user_ids), list(ips)
        suspended, ip_bans, shadow = await self._read(user_ids, ips)
        for user_id in user_ids:
            self.suspended.pop(user_id, None)
            self.shadow.discard(user_id)
        for ip in ips:
            self.ip_bans.pop(ip, None)
        self.suspended.update(suspended)
        self.ip_bans.update(ip_bans)
        self.shadow |= shadow

    @staticmethod
    async def _read(user_ids: list[int] | None, ips: list[str] | None) -> tuple[dict, dict, set]:
        at = now()
        suspensions = Suspension.filter(user_deleted=False)
        bans = IpBan.filter(expire_at__gt=at)
        shadows = ShadowBan.all()
        if user_ids is not None:
            suspensions, shadows = suspensions.filter(user_id__in=user_ids), shadows.filter(user_id__in=user_ids)
        if ips is not None:
            bans = bans.filter(ip_address__in=ips)
        suspended: dict[int, Suspended] = {}
        if user_ids is None or user_ids:
            rows = await suspensions.select_related("suspended_by")
            suspended = {
                row.user_id: Suspended(
                    row.expire_at, row.reason, row.suspended_by.username if row.suspended_by else None
                )
                for row in rows
                if row.expire_at is None or row.expire_at > at
            }
        ip_bans = {row.ip_address: row.expire_at for row in await bans} if ips is None or ips else {}
        shadow = set(await shadows.values_list("user_id", flat=True)) if user_ids is None or user_ids else set()
        return suspended, ip_bans, shadow


def standing() -> ModerationStanding:
    return hearth().standing  # type: ignore[return-value]


async def install(app: Any) -> None:
    kernel = app.extensions["hearth"]
    current: ModerationStanding = kernel.standing

    async def on_change(data: dict[str, Any]) -> None:
        await current.refresh([int(u) for u in data.get("userIds", [])], data.get("ips", []))

    kernel.gateway.on_everywhere(COMMAND, on_change)
    await current.load_all()


async def changed(user_ids: Iterable[int] = (), ips: Iterable[str] = ()) -> None:
    """After the surrounding transaction commits, reload these users and addresses on every
    process. Call it before kicking sockets: the command reaches each process before the kick,
    so a client reconnecting at once is refused."""
    user_ids, ips = [int(u) for u in user_ids], list(ips)
    if not user_ids and not ips:
        return
    gateway = hearth().gateway
    if gateway.redis_url:  # this process at once, not when its own published message comes back
        current = standing()

        async def local() -> None:
            await current.refresh(user_ids, ips)

        await after_commit(local)
    await gateway.everywhere(COMMAND, {"userIds": [str(u) for u in user_ids], "ips": ips})
