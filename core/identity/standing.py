"""An account's standing: whether its tokens are refused (a suspension, an IP ban), whether a
new account may be made, and whether a user is shadow-banned (rest.md §0.3, §0.8, §1.1).

The kernel asks on every authentication (REST and socket); feature plugins ask before the
actions §0.8 fakes or refuses for shadow-banned users (``hearth().standing.shadow_banned(id)``).
The plugin that keeps such records (moderation) answers by returning a subclass from the
``hearth_account_standing`` hook. Without one, every account is in good standing.

``refusal`` runs on every request, so an implementation answers from memory, not the database.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.identity.models import User
    from core.identity.sessions import AuthFailure


class AccountStanding:
    async def refusal(self, user: User, ip: str | None) -> AuthFailure | None:
        """Why this user's tokens are refused now (``You are suspended.`` with data), or None."""
        return None

    async def check_registration(self, email: str, ip: str | None) -> None:
        """Raise ``ApiError`` when no account may be registered with this e-mail from this IP."""
        return None

    def shadow_banned(self, user_id: int) -> bool:
        """Whether the user's actions are faked or refused without telling them (§0.8)."""
        return False

    def unlisted_authors(self) -> frozenset[int]:
        """Users whose earlier posts public listings (Discover) leave out: suspended or
        shadow-banned now. Their posts stay reachable by link, in threads and on their profile."""
        return frozenset()
