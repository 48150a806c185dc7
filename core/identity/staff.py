"""Instance staff: the ADMIN (2) and MOD (64) badges that open the moderator gate
(``python -m core moderator grant|revoke EMAIL [--mod]``). FOUNDER (1) is never touched.

Badges live on the user row, which every request reads afresh, so a running server sees a
change at the user's next request.

Also the badge catalogue (entities.md §10.1) and the staff ranks that plugins check before one
user acts on another. Role badges (FOUNDER, ADMIN, MOD, BOT) are powers, not items: staff ones
are given here, by the instance's operator, BOT comes with a bot account; no route gives them."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from core.auth import ADMIN, FOUNDER, MOD
from core.identity.models import Account, User

BOT = 32
# Every badge of the reference's catalogue: FOUNDER (1) … DEER_EARS_WHITE (2**23), one bit each.
KNOWN_BADGES = frozenset(1 << index for index in range(24))
ROLE_BADGES = FOUNDER | ADMIN | MOD | BOT
FOUNDER_RANK, ADMIN_RANK, MOD_RANK = 3, 2, 1


def rank(badges: int) -> int:
    """3 FOUNDER, 2 ADMIN, 1 MOD, 0 anyone else: the highest staff badge held."""
    if badges & FOUNDER:
        return FOUNDER_RANK
    if badges & ADMIN:
        return ADMIN_RANK
    return MOD_RANK if badges & MOD else 0


def badge_number(value: Any) -> int | None:
    """A badge item's ``itemId`` as the number it means, or None when it is not a whole number.

    Compared as a number, never as text: the reference reads it with ``parseInt``, so ``"01"``,
    ``" 1"``, ``"1.0"`` and the JSON number ``1`` all name FOUNDER. Strings are read as decimal
    numbers (sign, leading zeros, a fraction or exponent allowed); booleans are not numbers."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        if not text or len(text) > 64:
            return None
        try:
            value = int(text, 10) if text.lstrip("+-").isdigit() else float(text)
        except ValueError:
            return None
        if isinstance(value, int):
            return value
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return None


class StaffError(Exception):
    """No such account: the message says so."""


@dataclass
class StaffChange:
    user: User
    email: str
    before: int
    after: int

    def describe(self) -> str:
        who = f"{self.user.username}:{self.user.tag} <{self.email}>"
        if self.before == self.after:
            return f"{who} already has badges {self.after} ({role_name(self.after)}): nothing changed"
        return f"{who}: badges {self.before} → {self.after} ({role_name(self.after)})"


def role_name(badges: int) -> str:
    if badges & FOUNDER:
        return "founder"
    if badges & ADMIN:
        return "admin"
    if badges & MOD:
        return "moderator"
    return "not staff"


async def _account(email: str) -> Account:
    account = await Account.get_or_none(email=email.strip().lower()).select_related("user")
    if account is None:
        account = await Account.get_or_none(email=email.strip()).select_related("user")
    if account is None or account.user.deleted:
        raise StaffError(f"no account has the e-mail address {email!r}")
    return account


async def grant(email: str, mod_only: bool = False) -> StaffChange:
    """Give ADMIN, or MOD with ``mod_only``."""
    account = await _account(email)
    bit = MOD if mod_only else ADMIN
    return await _apply(account, add=bit)


async def revoke(email: str) -> StaffChange:
    """Take ADMIN and MOD away (FOUNDER stays: it is not removable)."""
    return await _apply(await _account(email), remove=ADMIN | MOD)


async def _apply(account: Account, add: int = 0, remove: int = 0) -> StaffChange:
    user = account.user
    before = user.badges
    after = (before | add) & ~remove
    if after != before:
        # only if nobody changed the badges meanwhile (a cosmetic toggle): then read again and retry
        while not await User.filter(id=user.id, badges=before).update(badges=after):
            await user.refresh_from_db(fields=["badges"])
            before, after = user.badges, (user.badges | add) & ~remove
    user.badges = after
    return StaffChange(user=user, email=account.email, before=before, after=after)
