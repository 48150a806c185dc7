"""Instance invites: codes that open registration while it is invite-only. Created, listed and
revoked by the instance's admins (the moderation plugin's routes); a code is shown once, when it
is made, and stored as its sha256. A use is counted atomically inside the registration's
transaction, so a code for one use registers one account however many try at once."""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from tortoise.expressions import F, Q

from core.errors import ApiError
from core.identity.models import User
from core.ids import parse_id
from core.wire import ms
from plugins.accounts.models import InstanceInvite

INVALID = "This invite code is invalid, expired or used up."
LIST_LIMIT = 100
CODE_MAX = 64


def _hash(code: str) -> str:
    return hashlib.sha256(code.strip().encode()).hexdigest()


def wire(invite: InstanceInvite) -> dict[str, Any]:
    return {
        "id": str(invite.id),
        "hint": invite.hint,
        "maxUses": invite.max_uses,
        "uses": invite.uses,
        "expiresAt": ms(invite.expires_at) if invite.expires_at else None,
        "revoked": invite.revoked,
        "createdAt": ms(invite.created_at),
        "createdById": str(invite.created_by_id) if invite.created_by_id else None,
    }


def _open_invites(code: str) -> Any:
    now = datetime.now(UTC)
    return InstanceInvite.filter(code_hash=_hash(code), revoked=False, uses__lt=F("max_uses")).filter(
        Q(expires_at=None) | Q(expires_at__gt=now)
    )


async def usable(code: str) -> bool:
    return 0 < len(code) <= CODE_MAX and await _open_invites(code).exists()


async def consume(code: str) -> None:
    """Count one use; call inside the registration's transaction (a refusal undoes it)."""
    if not (0 < len(code) <= CODE_MAX) or not await _open_invites(code).update(uses=F("uses") + 1):
        raise ApiError(400, INVALID, "inviteCode")


async def create(by: User, max_uses: int, expires_in_hours: int | None) -> tuple[InstanceInvite, str]:
    code = secrets.token_urlsafe(12)
    expires = datetime.now(UTC) + timedelta(hours=expires_in_hours) if expires_in_hours else None
    invite = await InstanceInvite.create(
        code_hash=_hash(code), hint=code[:4], created_by_id=by.id, max_uses=max_uses, expires_at=expires
    )
    return invite, code


async def listing() -> list[dict[str, Any]]:
    return [wire(row) for row in await InstanceInvite.all().order_by("-id").limit(LIST_LIMIT)]


async def revoke(invite_id: str) -> InstanceInvite:
    parsed = parse_id(invite_id)
    invite = await InstanceInvite.get_or_none(id=parsed) if parsed is not None else None
    if invite is None:
        raise ApiError(404, "Invite not found.", "inviteId")
    await InstanceInvite.filter(id=invite.id).update(revoked=True)
    invite.revoked = True
    return invite
