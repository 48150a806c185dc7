"""Friend rules (rest.md §2, §1.20–1.21) and the questions other plugins ask about two users.

Other plugins import these (the inbox checks DM permissions with them):
``are_friends``, ``block_state``, ``friend_ids``, ``blocked_ids``, ``block_lists``, ``mutual_friend_ids``,
``shares_server``.
"""

from __future__ import annotations

from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.expressions import Q

from core.context import hearth
from core.db import transaction
from core.errors import ApiError, bad_request
from core.identity.models import Account, User
from core.ids import parse_id
from core.prepared import fetch_rows
from core.wire import ms, public_user
from plugins.accounts.public_profile import brief_profiles
from plugins.friends.models import Friend

FRIEND_REQUESTS_OPEN, FRIEND_REQUESTS_SERVERS, FRIEND_REQUESTS_CLOSED = 0, 1, 2
LAST_ONLINE_HIDDEN, LAST_ONLINE_FRIENDS, LAST_ONLINE_EVERYONE = 0, 1, 2


class _Conflict(Exception):
    """A row changed between the checks and the write: roll back and answer like upstream."""


def _pair(a: int, b: int) -> Q:
    return Q(user_id=a, recipient_id=b) | Q(user_id=b, recipient_id=a)


async def _hold_pair(a: int, b: int) -> dict[int, Friend]:
    """Inside a transaction: lock the pair's rows, lowest owner first, and return them by owner.
    Every write about a pair holds it first, so two requests about one pair (an accept and a
    cancel, a block and an accept) wait for each other instead of locking the two rows in
    opposite orders, which PostgreSQL ends as a deadlock (a 500)."""
    return {r.user_id: r for r in await Friend.filter(_pair(a, b)).order_by("user_id").select_for_update()}


# --- questions other plugins ask -------------------------------------------------------------


async def are_friends(a: int, b: int) -> bool:
    return await Friend.exists(user_id=a, recipient_id=b, status=Friend.FRIENDS)


async def block_state(a: int, b: int) -> tuple[bool, bool]:
    """``(a blocked b, b blocked a)``."""
    owners = await Friend.filter(
        Q(user_id=a, recipient_id=b) | Q(user_id=b, recipient_id=a), status=Friend.BLOCKED
    ).values_list("user_id", flat=True)
    return a in owners, b in owners


async def friend_ids(user_id: int) -> list[int]:
    """The users ``user_id`` is FRIENDS with (not pending requests, not blocks)."""
    return list(
        await Friend.filter(user_id=user_id, status=Friend.FRIENDS)
        .order_by("id")
        .values_list("recipient_id", flat=True)
    )


async def blocked_ids(user_id: int) -> set[int]:
    """Everybody ``user_id`` blocked or was blocked by."""
    rows = await Friend.filter(Q(user_id=user_id) | Q(recipient_id=user_id), status=Friend.BLOCKED).values_list(
        "user_id", "recipient_id"
    )
    return {other for pair in rows for other in pair if other != user_id}


async def block_lists(user_id: int) -> tuple[set[int], set[int]]:
    """``(whom user_id blocked, who blocked user_id)``, in one query (asked on every post list:
    a hand-written statement, core.prepared.fetch_rows)."""
    rows = await fetch_rows(
        f"SELECT user_id, recipient_id FROM {Friend._meta.db_table} "
        f"WHERE status = {Friend.BLOCKED} AND (user_id = $1 OR recipient_id = $1)",
        [user_id],
    )
    return (
        {recipient for owner, recipient in rows if owner == user_id},
        {owner for owner, recipient in rows if recipient == user_id},
    )


async def mutual_friend_ids(a: int, b: int) -> list[int]:
    """Users who are friends of both ``a`` and ``b``."""
    theirs = set(await friend_ids(b))
    return [friend for friend in await friend_ids(a) if friend in theirs]


async def shares_server(a: int, b: int, *, plugins: Any = None) -> bool:
    """Whether the two users are members of a common server (asks the ``shared_server_ids``
    hook; pass ``plugins`` where there is no app context, e.g. ``ctx.gateway.plugins``)."""
    host = plugins if plugins is not None else hearth().plugins
    return any(ids for ids in await host.gather("shared_server_ids", user_id=a, other_id=b))


# --- wire shapes ----------------------------------------------------------------------------


def row_wire(row: Friend, recipient: User, profile: dict[str, Any] | None) -> dict[str, Any]:
    """``profile``: the recipient's embedded profile (``plugins.accounts.public_profile``)."""
    return {
        "id": str(row.id),
        "userId": str(row.user_id),
        "recipientId": str(row.recipient_id),
        "status": row.status,
        "createdAt": ms(row.created_at),
        "recipient": {**public_user(recipient), "profile": profile},
    }


def _shows_last_online(row: Friend, recipient: User) -> bool:
    if row.status == Friend.BLOCKED:
        return False
    if recipient.last_online_status == LAST_ONLINE_EVERYONE:
        return True
    return recipient.last_online_status == LAST_ONLINE_FRIENDS and row.status == Friend.FRIENDS


async def friends_snapshot(user_id: int) -> list[dict[str, Any]]:
    """Every row the user owns, for ``user:authenticated.friends`` (two queries, and one per
    plugin extending profiles, any count)."""
    rows = await Friend.filter(user_id=user_id).select_related("recipient").order_by("id")
    if not rows:
        return []
    profiles = await brief_profiles(r.recipient_id for r in rows)
    result = []
    for row in rows:
        item = row_wire(row, row.recipient, profiles.get(row.recipient_id))
        item["recipient"]["lastOnlineStatus"] = row.recipient.last_online_status
        if _shows_last_online(row, row.recipient):
            item["recipient"]["lastOnlineAt"] = ms(row.recipient.last_online_at)
        result.append(item)
    return result


# --- requests ----------------------------------------------------------------------------


async def add_friend(user: User, username: str, tag: str) -> dict[str, Any]:
    target = await User.get_or_none(username=username, tag=tag)
    if target is None:
        raise bad_request("User not found.")
    if target.id == user.id:
        raise bad_request("You cannot add yourself as a friend.")
    if await Friend.exists(user_id=user.id, recipient_id=target.id):
        raise bad_request("Already in friends list.")
    account = await Account.get_or_none(user_id=target.id)
    if account is None:
        raise bad_request("This user does not exist.")
    setting = account.friend_request_status or FRIEND_REQUESTS_OPEN
    if setting == FRIEND_REQUESTS_CLOSED or (
        setting == FRIEND_REQUESTS_SERVERS and not await shares_server(user.id, target.id)
    ):
        raise bad_request("This user has disabled friend requests.")
    if any(await block_state(user.id, target.id)):
        raise bad_request("This user is blocked.")
    profiles = await brief_profiles([user.id, target.id])
    try:
        async with transaction():
            # Lowest owner first, like _hold_pair: two users adding each other at once then wait
            # on the same row, and the second is refused by the unique key instead of deadlocking.
            if user.id < target.id:
                mine = await Friend.create(user_id=user.id, recipient_id=target.id, status=Friend.SENT)
                theirs = await Friend.create(user_id=target.id, recipient_id=user.id, status=Friend.PENDING)
            else:
                theirs = await Friend.create(user_id=target.id, recipient_id=user.id, status=Friend.PENDING)
                mine = await Friend.create(user_id=user.id, recipient_id=target.id, status=Friend.SENT)
            sent = row_wire(mine, target, profiles.get(target.id))
            gateway = hearth().gateway
            await gateway.emit("friend:request_sent", sent, to=str(user.id))
            await gateway.emit(
                "friend:request_pending", row_wire(theirs, user, profiles.get(user.id)), to=str(target.id)
            )
    except IntegrityError:
        raise bad_request("Failed to add friend.") from None
    await hearth().plugins.gather("friend_request_sent", user_id=user.id, recipient_id=target.id)
    return sent


async def accept_friend(user: User, friend_id: str) -> dict[str, Any]:
    other = parse_id(friend_id)
    if other is not None and any(await block_state(user.id, other)):
        raise bad_request("This friend is blocked.")
    row = await Friend.get_or_none(user_id=user.id, recipient_id=other) if other is not None else None
    if row is None:
        raise bad_request("Friend request does not exist.")
    if row.status == Friend.FRIENDS:
        raise bad_request("Friend request already accepted.")
    if row.status == Friend.SENT:
        raise bad_request("Cannot accept friend request because it is sent by you.")
    try:
        async with transaction():
            rows = await _hold_pair(user.id, other)
            mine, theirs = rows.get(user.id), rows.get(other)
            if mine is None or mine.status != Friend.PENDING or theirs is None or theirs.status != Friend.SENT:
                raise _Conflict
            await Friend.filter(id__in=[mine.id, theirs.id]).update(status=Friend.FRIENDS)
            gateway = hearth().gateway
            await gateway.emit("friend:request_accepted", {"friendId": str(other)}, to=str(user.id))
            await gateway.emit("friend:request_accepted", {"friendId": str(user.id)}, to=str(other))
    except _Conflict:
        raise bad_request("Friend request does not exist.") from None
    await hearth().plugins.gather("friendship_accepted", user_id=user.id, friend_id=other)
    return {"message": "Accepted!"}


async def remove_friend(user: User, friend_id: str) -> dict[str, Any]:
    other = parse_id(friend_id)
    if other is not None and any(await block_state(user.id, other)):
        raise bad_request("This friend is already removed.")
    if other is None or not await Friend.exists(user_id=user.id, recipient_id=other):
        raise bad_request("Friend request does not exist.")
    async with transaction():
        await _hold_pair(user.id, other)
        deleted = await Friend.filter(_pair(user.id, other), status__not=Friend.BLOCKED).delete()
        if deleted:
            gateway = hearth().gateway
            await gateway.emit("friend:removed", {"friendId": str(other)}, to=str(user.id))
            await gateway.emit("friend:removed", {"friendId": str(user.id)}, to=str(other))
    if not deleted:  # removed (or blocked) by a concurrent request
        raise bad_request("Friend request does not exist.")
    return {"message": "Removed!"}


# --- blocks ------------------------------------------------------------------------------


async def block_user(user: User, user_id: str) -> None:
    target_id = parse_id(user_id)
    target = await User.get_or_none(id=target_id) if target_id is not None else None
    if target is None:
        raise bad_request("User does not exist.")
    if target.id == user.id:
        raise bad_request("You cannot block yourself.")
    rows = {r.user_id: r for r in await Friend.filter(_pair(user.id, target.id))}
    mine = rows.get(user.id)
    if mine is not None and mine.status == Friend.BLOCKED:
        raise bad_request("This user is already blocked.")
    try:
        async with transaction():
            rows = await _hold_pair(user.id, target.id)
            mine, theirs = rows.get(user.id), rows.get(target.id)
            if mine is not None and mine.status == Friend.BLOCKED:
                raise IntegrityError("blocked by a concurrent request")
            await Friend.filter(_pair(user.id, target.id), status__not=Friend.BLOCKED).delete()
            await Friend.create(user_id=user.id, recipient_id=target.id, status=Friend.BLOCKED)
            await hearth().plugins.gather("user_blocked", blocker_id=user.id, blocked_id=target.id)
            gateway = hearth().gateway
            await gateway.emit("user:blocked", {"user": public_user(target)}, to=str(user.id))
            if theirs is not None and theirs.status != Friend.BLOCKED:
                await gateway.emit("friend:removed", {"friendId": str(user.id)}, to=str(target.id))
    except IntegrityError:
        raise bad_request("This user is already blocked.") from None


async def unblock_user(user: User, user_id: str) -> None:
    target_id = parse_id(user_id)
    async with transaction():
        deleted = (
            0
            if target_id is None
            else await Friend.filter(user_id=user.id, recipient_id=target_id, status=Friend.BLOCKED).delete()
        )
        if deleted:
            await hearth().gateway.emit("user:unblocked", {"userId": str(target_id)}, to=str(user.id))
    if not deleted:
        raise bad_request("This user is not blocked.")


# --- account deletion ------------------------------------------------------------------------


async def forget_user(user_id: int) -> None:
    """Drop every row about a deleted account; the other sides' clients drop theirs too."""
    others = set(await Friend.filter(user_id=user_id).values_list("recipient_id", flat=True))
    others |= set(await Friend.filter(recipient_id=user_id).values_list("user_id", flat=True))
    await Friend.filter(Q(user_id=user_id) | Q(recipient_id=user_id)).delete()
    gateway = hearth().gateway
    for other in sorted(others):
        await gateway.emit("friend:removed", {"friendId": str(user_id)}, to=str(other))


def check_friend_id(friend_id: str) -> None:
    """``friendId`` is a string of 3–320 characters (rest.md §2.2)."""
    if not 3 <= len(friend_id) <= 320:
        raise ApiError(400, "friendId must be between 3 and 320 characters long.", "friendId")
