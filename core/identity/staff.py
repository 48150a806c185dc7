"""Instance staff: the ADMIN (2) and MOD (64) badges that open the moderator gate
(``python -m core moderator grant|revoke EMAIL [--mod]``). FOUNDER (1) is never touched.

Badges live on the user row, which every request reads afresh, so a running server sees a
change at the user's next request."""

from __future__ import annotations

from dataclasses import dataclass

from core.auth import ADMIN, FOUNDER, MOD
from core.identity.models import Account, User


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
