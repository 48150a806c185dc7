"""Who may register (``[accounts] registration``): "open" to anyone, "invite" with an instance
invite code, "sso" only through single sign-on, "closed" to nobody. ``registration_mode`` is the
one place the mode is read: a plugin may answer ``registration_mode_override`` (an instance
settings page keeping it in the database), else the configuration decides."""

from __future__ import annotations

import logging

from core.context import hearth
from core.errors import bad_request
from plugins.accounts import invites

log = logging.getLogger("hearth.accounts")

MODES = ("open", "invite", "sso", "closed")
CLOSED = "Registration is closed on this server."
SSO_ONLY = "This server registers new accounts through single sign-on only."
INVITE_REQUIRED = "An invite code is required to register on this server."


async def registration_mode() -> str:
    for answer in await hearth().plugins.gather("registration_mode_override"):
        if answer in MODES:
            return answer
    mode = str(hearth().settings.get("accounts.registration", "open") or "open").strip().lower()
    if mode not in MODES:
        log.error("accounts: registration = %r is not one of %s; registration is closed", mode, ", ".join(MODES))
        return "closed"
    return mode


async def check_allowed(via_sso: bool, invite_code: str | None) -> str | None:
    """Refuse a registration the mode does not allow; the invite code to consume, if one is needed
    (``invites.consume`` inside the registration's transaction)."""
    mode = await registration_mode()
    if mode == "closed":
        raise bad_request(CLOSED)
    if mode == "sso" and not via_sso:
        raise bad_request(SSO_ONLY)
    if mode == "invite":
        if not invite_code:
            raise bad_request(INVITE_REQUIRED, "inviteCode")
        if not await invites.usable(invite_code):
            raise bad_request(invites.INVALID, "inviteCode")
        return invite_code
    return None
