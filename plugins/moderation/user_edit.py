"""A moderator's edit of a user (rest.md §8.2 ``POST /moderation/users/:userId``): username, tag,
e-mail, password and badges, within the staff ranks (``ranks.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tortoise.exceptions import IntegrityError

from core.auth import FOUNDER
from core.context import hearth
from core.db import transaction
from core.errors import ApiError
from core.identity.models import Account, User
from core.identity.passwords import hash_password
from core.identity.sessions import revoke_sessions
from core.identity.staff import KNOWN_BADGES, ROLE_BADGES, badge_number
from core.wire import full_user
from plugins.accounts.models import Profile
from plugins.moderation import audit, ranks
from plugins.moderation.users import target_user


def _added_badges(body: Any) -> list[int]:
    """The badge bits the edit adds, read as numbers (400 ``Invalid badge bit`` for anything
    that is not one badge of the catalogue). Items of other types are ignored: Hearth has no
    item store."""
    bits = []
    for index, item in enumerate(body.addedInventoryItems or []):
        if item.itemType != "badge":
            continue
        bit = badge_number(item.itemId)
        if bit not in KNOWN_BADGES:
            raise ApiError(400, "Invalid badge bit", f"addedInventoryItems[{index}].itemId")
        bits.append(bit)
    return bits


async def _check_badges(moderator: User, user: User, bits: list[int]) -> None:
    """Role badges are never given or taken through the API (``README.md`` "Staff ranks")."""
    if FOUNDER in bits:
        await ranks.refuse(moderator, user, ranks.EDIT, ranks.FOUNDER_BADGE)
    if any(bit & ROLE_BADGES for bit in bits):
        await ranks.refuse(moderator, user, ranks.EDIT, ranks.ROLE_BADGE)


class _RoleBadgeRemoved(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass
class _Edit:
    username: str
    tag: str
    added: list[dict[str, str]]
    added_bits: list[int]
    removed_ids: list[str]
    email: str | None
    confirm_email: bool
    password_hash: str | None


async def _apply(moderator: User, user: User, account: Account | None, changes: _Edit) -> None:
    async with transaction():
        removed_bits: list[int] = []
        if changes.added or changes.removed_ids:
            for answer in await hearth().plugins.gather(
                "moderation_edit_inventory", user_id=user.id, added=changes.added, removed_ids=changes.removed_ids
            ):
                removed_bits.extend(int(bit) for bit in (answer or {}).get("removed", []))
        if any(bit & ROLE_BADGES for bit in removed_bits):
            raise _RoleBadgeRemoved(ranks.FOUNDER_BADGE if FOUNDER in removed_bits else ranks.ROLE_BADGE)
        badges = user.badges
        for bit in changes.added_bits:
            badges |= bit
        for bit in removed_bits:
            badges &= ~bit
        user_changes: dict[str, Any] = {}
        if (changes.username, changes.tag) != (user.username, user.tag):
            user_changes.update(username=changes.username, tag=changes.tag)
        if badges != user.badges:
            user_changes["badges"] = badges
        if user_changes:
            try:
                await User.filter(id=user.id).update(**user_changes)
            except IntegrityError:
                raise ApiError(403, "Someone already has this combination of tag and username.") from None
        if account is not None:
            account_changes: dict[str, Any] = {}
            if changes.email is not None and changes.email != account.email:
                account_changes["email"] = changes.email
            if changes.confirm_email:
                account_changes["email_confirmed"] = True
            if changes.password_hash:
                account_changes["password_hash"] = changes.password_hash
            if account_changes:
                try:
                    await Account.filter(id=account.id).update(**account_changes)
                except IntegrityError:
                    raise ApiError(403, "This email is already used by someone else.") from None
        if changes.password_hash:
            await revoke_sessions(user.id)
            await hearth().gateway.kick(str(user.id), "Invalid Token")
        await audit.record(audit.USER_UPDATE, moderator.id, user=user)


async def edit(moderator: User, user_id: str, body: Any) -> dict[str, Any]:
    user = await target_user(user_id)
    sent = body.model_fields_set
    added_bits = _added_badges(body)
    added = [{"itemType": "badge", "itemId": str(bit)} for bit in added_bits]
    removed = list(body.removedInventoryIds or [])
    account = await Account.get_or_none(user_id=user.id)
    new_email = body.email.strip().lower() if body.email is not None else None
    credentials = account is not None and (
        (new_email is not None and new_email != account.email)
        or bool(body.newPassword and body.newPassword.strip())
        or ("emailConfirmed" in sent and not account.email_confirmed)
    )
    await ranks.check(moderator, [user], ranks.CREDENTIALS if credentials else ranks.EDIT)
    await _check_badges(moderator, user, added_bits)
    username = body.username if body.username is not None else user.username
    tag = body.tag if body.tag is not None else user.tag
    if (username, tag) != (user.username, user.tag) and await User.filter(username=username, tag=tag).exclude(
        id=user.id
    ).exists():
        raise ApiError(403, "Someone already has this combination of tag and username.")
    new_password = body.newPassword.strip() if body.newPassword else ""
    password_hash = await hash_password(new_password) if new_password else None
    changes = _Edit(username, tag, added, added_bits, removed, new_email, "emailConfirmed" in sent, password_hash)
    try:
        await _apply(moderator, user, account, changes)
    except _RoleBadgeRemoved as refused:  # after the rollback, so the refusal's entry stays
        await ranks.refuse(moderator, user, ranks.EDIT, refused.message)
    await user.refresh_from_db()
    account = await Account.get_or_none(user_id=user.id)
    profile = await Profile.get_or_none(user_id=user.id)
    return {
        **full_user(user),
        "account": {"email": account.email} if account else None,
        "profile": profile.wire() if profile else None,
    }
