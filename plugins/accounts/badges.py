"""Showing or hiding a badge you own (rest.md §1.29, entities.md §10.1). Taking a badge off keeps
it in the user's stash (``BadgeStash``) so it stays in the inventory and can be put back on."""

from __future__ import annotations

from typing import Any

from core.db import transaction
from core.errors import bad_request
from core.identity.models import User
from core.identity.staff import KNOWN_BADGES, ROLE_BADGES
from plugins.accounts.models import BadgeStash

PALESTINE = 16
NOT_MODIFIABLE = ROLE_BADGES  # FOUNDER, ADMIN, BOT, MOD
KNOWN_BITS = KNOWN_BADGES  # FOUNDER (1) … DEER_EARS_WHITE (2**23)


def valid_bit(value: Any) -> bool:
    """The body's ``bit`` is a JSON number (booleans are not); anything else is an empty 400."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


async def stashed_badges(user_id: int) -> int:
    stash = await BadgeStash.get_or_none(user_id=user_id)
    return stash.badges if stash else 0


async def toggle(user: User, bit: int | float) -> int:
    """Shows the badge if hidden, hides it if shown; answers the new ``badges`` bitfield."""
    if bit not in KNOWN_BITS:
        raise bad_request("Invalid badge bit")
    bit = int(bit)
    if bit & NOT_MODIFIABLE:
        raise bad_request("This badge is not modifiable.")
    async with transaction():
        fresh = await User.filter(id=user.id).select_for_update().first()
        if fresh is None:
            raise bad_request("User not found")
        stash, _ = await BadgeStash.get_or_create(user_id=user.id)
        if fresh.badges & bit:
            badges, stash.badges = fresh.badges & ~bit, stash.badges | bit
        elif (stash.badges & bit) or bit == PALESTINE:
            badges, stash.badges = fresh.badges | bit, stash.badges & ~bit
        else:
            raise bad_request("You do not own this badge.")
        await User.filter(id=user.id).update(badges=badges)
        await stash.save(update_fields=["badges"])
    user.badges = badges
    return badges


async def forget_stashed(user_id: int, bits: list[int]) -> None:
    """A moderator took these badges away: they leave the stash as well as ``User.badges``."""
    mask = 0
    for bit in bits:
        mask |= bit
    stash = await BadgeStash.get_or_none(user_id=user_id)
    if stash is not None and stash.badges & mask:
        stash.badges &= ~mask
        await stash.save(update_fields=["badges"])
