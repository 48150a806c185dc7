"""The user's inventory (rest.md §1.6): Hearth has no item store, so the inventory is the earned
and cosmetic badges the user owns (entities.md §10.1): those shown (``User.badges``) and those
taken off (``BadgeStash``). Role badges (FOUNDER, ADMIN, MOD, BOT) are powers, not items, and
PALESTINE is free to everyone, so none of them is listed."""

from __future__ import annotations

from typing import Any

from core.identity.models import User
from core.identity.staff import KNOWN_BADGES, badge_number
from core.wire import ms

NOT_ITEMS = 1 | 2 | 16 | 32 | 64  # FOUNDER, ADMIN, PALESTINE, BOT, MOD
_INDEX_BITS = 5  # badges are the 31 bits of an IntField


def inventory(user: User, stashed: int = 0) -> list[dict[str, Any]]:
    """One InventoryItem per owned badge (shown, or ``stashed``: owned but hidden), in bit order.

    There is no row per item: ``id`` is the user id shifted left by ``_INDEX_BITS`` plus the
    badge's bit index (stable and unique, a decimal string like every id), and ``acquiredAt``
    is the day the account joined, since Hearth does not record when a badge was given."""
    items = []
    owned = user.badges | stashed
    for index in range(31):
        bit = 1 << index
        if owned & bit and not bit & NOT_ITEMS:
            items.append(
                {
                    "id": str((user.id << _INDEX_BITS) | index),
                    "userId": str(user.id),
                    "itemId": str(bit),
                    "itemType": "badge",
                    "acquiredAt": ms(user.joined_at),
                }
            )
    return items


def badge_changes(user_id: int, added: list[dict[str, Any]], removed_ids: list[str]) -> dict[str, list[int]]:
    """The badge bits a moderator's inventory edit adds (badge items naming, as a number, a badge
    of the catalogue that is an item) and removes (ids of this user's items, as :func:`inventory`
    makes them). Removals report any badge the id names, role badges too, so that the moderation
    plugin refuses them rather than ignoring them."""
    adding = []
    for item in added:
        bit = badge_number(item.get("itemId")) if item.get("itemType") == "badge" else None
        if bit in KNOWN_BADGES and not bit & NOT_ITEMS:
            adding.append(bit)
    removing = []
    for raw in removed_ids:
        item_id = int(raw) if isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) <= 30 else -1
        bit = 1 << (item_id & ((1 << _INDEX_BITS) - 1))
        if item_id >= 0 and item_id >> _INDEX_BITS == user_id and bit in KNOWN_BADGES:
            removing.append(bit)
    return {"added": adding, "removed": removing}
