"""The account's security log (``two_factor_events``): what was turned on or off, and each code
or passkey accepted or refused, with the address it came from."""

from __future__ import annotations

from typing import Any

from core.wire import ms
from plugins.two_factor.models import Event

ENABLED = "enabled"
DISABLED = "disabled"
RECOVERY_REGENERATED = "recovery_regenerated"
CODE_ACCEPTED = "code_accepted"
CODE_REFUSED = "code_refused"
RECOVERY_USED = "recovery_used"
PASSKEY_ADDED = "passkey_added"
PASSKEY_REMOVED = "passkey_removed"
PASSKEY_USED = "passkey_used"
PASSKEY_REFUSED = "passkey_refused"
PASSWORD_SET = "password_set"  # an account made through single sign-on was given its first password
LISTED = 50


async def record(user_id: int, kind: str, ip: str | None, detail: str | None = None) -> None:
    await Event.create(user_id=user_id, kind=kind, ip_address=ip, detail=(detail or None) and detail[:100])


async def recent(user_id: int) -> list[dict[str, Any]]:
    rows = await Event.filter(user_id=user_id).order_by("-id").limit(LISTED)
    return [{"kind": r.kind, "detail": r.detail, "ip": r.ip_address or "", "at": ms(r.created_at)} for r in rows]
