"""Who may act on whom (the staff model of rest.md §0.3 and §8.2, tightened as
``README.md`` "Staff ranks" says). Every refusal answers 403 (a suspension of the founder keeps
the reference's 400) and is written to the audit log as a ``REFUSED`` entry naming the target,
the action and the message, so the FOUNDER sees who tried.

Checks run before anything changes: a refused batch changes nobody."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NoReturn

from core.auth import ADMIN, FOUNDER
from core.errors import ApiError
from core.identity.models import User
from core.ids import parse_id
from plugins.moderation import audit

# Actions on a user, as the audit log names them.
SUSPEND = "suspend"
EDIT_SUSPENSION = "edit suspension"
UNSUSPEND = "unsuspend"
WARN = "warn"
SHADOW_BAN = "shadow-ban"
LIFT_SHADOW_BAN = "lift shadow ban"
EDIT = "edit"  # username, tag, badges
CREDENTIALS = "edit e-mail or password"  # email, emailConfirmed, newPassword

# Lifting a sanction (UNSUSPEND, LIFT_SHADOW_BAN) is allowed on anyone: on the founder it can
# only undo a row that should not exist (made before these rules, or in the database).
FOUNDER_SANCTIONS = {
    SUSPEND: "You are not allowed to suspend the founder.",
    EDIT_SUSPENSION: "You are not allowed to edit the suspension of the founder.",
    WARN: "You are not allowed to warn the founder.",
    SHADOW_BAN: "You are not allowed to shadow ban the founder.",
}
LIFTS = (UNSUSPEND, LIFT_SHADOW_BAN)
FOUNDER_ACCOUNT = "You are not allowed to modify the founder."
ADMIN_CREDENTIALS = "Only the founder can change the email or password of an admin."
FOUNDER_BADGE = "You cannot modify the Founder badge."
ROLE_BADGE = "This badge is not modifiable."
ADMINS_ONLY = "Admin access only!"
MAX_NAMED = 100  # ids read from a MOD's refused request


def refusal(actor: User, target: User, action: str) -> str | None:
    """Why ``actor`` (FOUNDER or ADMIN: the route's gate passed) may not do ``action`` to
    ``target``, or None.

    - Nobody sanctions the founder, not even the founder; nobody else edits the founder. Anyone
      may lift a sanction, the founder's too.
    - Only the founder changes an admin's e-mail or password (an admin may change their own).
    - Admins may otherwise act on each other, as upstream lets them: the founder can undo it."""
    if action in LIFTS:
        return None
    if target.badges & FOUNDER:
        if action in FOUNDER_SANCTIONS:
            return FOUNDER_SANCTIONS[action]
        return None if actor.id == target.id else FOUNDER_ACCOUNT
    if action == CREDENTIALS and target.badges & ADMIN and actor.id != target.id and not actor.badges & FOUNDER:
        return ADMIN_CREDENTIALS
    return None


async def _record(actor: User, action: str, refused: list[tuple[User | None, str]], count: int | None = None) -> None:
    await audit.record_many(
        [
            audit.entry(audit.REFUSED, actor.id, user=target, reason=f"{action}: {message}", count=count)
            for target, message in refused
        ]
    )


async def refuse(actor: User, target: User, action: str, message: str) -> NoReturn:
    """Write the ``REFUSED`` entry, then answer 403 with ``message``."""
    await _record(actor, action, [(target, message)])
    raise ApiError(403, message)


async def refuse_mod(moderator: User, action: str, user_ids: list[str]) -> NoReturn:
    """A MOD calling a route that changes users: one entry, naming one of the targets (the
    oldest account) and in ``count`` how many ids the request named."""
    parsed = [i for i in (parse_id(u) for u in user_ids[:MAX_NAMED]) if i is not None]
    first = await User.filter(id__in=parsed).order_by("id").first() if parsed else None
    await _record(moderator, action, [(first, ADMINS_ONLY)], count=len(user_ids) or None)
    raise ApiError(403, ADMINS_ONLY)


async def check(actor: User, targets: Iterable[User], action: str) -> None:
    """Refuse the whole request when ``actor`` may not do ``action`` to one of ``targets``: one
    entry per target refused."""
    refused = [(target, message) for target in targets if (message := refusal(actor, target, action))]
    if not refused:
        return
    await _record(actor, action, refused)
    message = refused[0][1]
    # upstream answers a founder's suspension with 400; every other refusal is Hearth's: 403
    raise ApiError(400 if message == FOUNDER_SANCTIONS[SUSPEND] else 403, message)
