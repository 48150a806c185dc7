"""Follow rules, follower lists, search and the social part of a profile."""

from __future__ import annotations

from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.expressions import Q, Subquery

from core.context import hearth
from core.db import transaction
from core.errors import bad_request
from core.identity.models import Account, User
from core.ids import parse_id
from core.wire import public_user
from plugins.social.models import Follow

SEARCH_LIMIT = 10


# Blocks belong to the friends plugin, which is optional: without it nobody is blocked.
async def block_state(a: int, b: int) -> tuple[bool, bool]:
    if not hearth().plugins.enabled("friends"):
        return False, False
    from plugins.friends.service import block_state as friends_block_state

    return await friends_block_state(a, b)


async def blocked_ids(user_id: int) -> set[int]:
    if not hearth().plugins.enabled("friends"):
        return set()
    from plugins.friends.service import blocked_ids as friends_blocked_ids

    return await friends_blocked_ids(user_id)


async def follow(user: User, user_id: str) -> None:
    account = await Account.get_or_none(user_id=user.id)
    if account is None or not account.email_confirmed:
        raise bad_request("You must confirm your email to follow users.")
    target_id = parse_id(user_id)
    if target_id is not None and await Follow.exists(followed_by_id=user.id, followed_to_id=target_id):
        raise bad_request("You are already following this user.")
    if target_id == user.id:
        raise bad_request("You cannot follow yourself.")
    if target_id is not None and any(await block_state(user.id, target_id)):
        raise bad_request("This user is blocked.")
    if target_id is None or not await User.exists(id=target_id, deleted=False):
        raise bad_request("Something went wrong. Try again later.")
    try:
        async with transaction():
            await Follow.create(followed_by_id=user.id, followed_to_id=target_id)
            await hearth().plugins.gather("user_followed", follower_id=user.id, followed_id=target_id)
    except IntegrityError:  # a concurrent identical follow won
        raise bad_request("You are already following this user.") from None


async def unfollow(user: User, user_id: str) -> None:
    target_id = parse_id(user_id)
    deleted = 0 if target_id is None else await Follow.filter(followed_by_id=user.id, followed_to_id=target_id).delete()
    if not deleted:
        raise bad_request("You are already not following this user.")


async def _listed_user(viewer: User, user_id: str | None, hidden_flag: str, hidden_message: str) -> int:
    owner_id = viewer.id if user_id is None else parse_id(user_id)
    if owner_id is None or not await User.exists(id=owner_id):
        raise bad_request("invalid User")
    account = await Account.get_or_none(user_id=owner_id)
    if account is not None and getattr(account, hidden_flag) and owner_id != viewer.id:
        raise bad_request(hidden_message)
    return owner_id


async def followers(viewer: User, user_id: str | None) -> list[dict[str, Any]]:
    owner_id = await _listed_user(viewer, user_id, "hide_followers", "This user has hidden their followers list")
    rows = await Follow.filter(followed_to_id=owner_id).select_related("followed_by").order_by("id")
    return [public_user(row.followed_by) for row in rows]


async def following(viewer: User, user_id: str | None) -> list[dict[str, Any]]:
    owner_id = await _listed_user(viewer, user_id, "hide_following", "This user has hidden their following list")
    rows = await Follow.filter(followed_by_id=owner_id).select_related("followed_to").order_by("id")
    return [public_user(row.followed_to) for row in rows]


def _search_result(user: User) -> dict[str, Any]:
    return {
        "id": str(user.id),
        "username": user.username,
        "tag": user.tag,
        "avatar": user.avatar,
        "hexColor": user.hex_color,
        "badges": user.badges,
    }


async def search(viewer: User, query: str) -> list[dict[str, Any]]:
    """Up to 10 users whose username contains ``query``: people you follow first, then other
    live accounts and bots, each group by username descending; blocks either way are left out."""
    if not query:
        return []
    hidden = await blocked_ids(viewer.id)
    followed = Subquery(Follow.filter(followed_by_id=viewer.id).values("followed_to_id"))
    matching = User.filter(username__icontains=query, deleted=False)
    if hidden:
        matching = matching.exclude(id__in=hidden)
    first = await matching.filter(id__in=followed).order_by("-username", "id").limit(SEARCH_LIMIT)
    rest = []
    if len(first) < SEARCH_LIMIT:
        rest = await matching.exclude(id__in=followed).order_by("-username", "id").limit(SEARCH_LIMIT - len(first))
    return [_search_result(user) for user in [*first, *rest]]


async def profile_contribution(viewer: User | None, user: User) -> dict[str, Any]:
    """Keys merged into ``GET /users/:userId`` (rest.md §1.28)."""
    counts = {
        "followers": await Follow.filter(followed_to_id=user.id).count(),
        "following": await Follow.filter(followed_by_id=user.id).count(),
    }
    is_self = viewer is not None and viewer.id == user.id
    account = await Account.get_or_none(user_id=user.id)
    if account is not None and not is_self:
        if account.hide_followers:
            counts["followers"] = 0
        if account.hide_following:
            counts["following"] = 0
    viewer_follows = follows_viewer = False
    if viewer is not None and not is_self:
        pairs = set(
            await Follow.filter(
                Q(followed_by_id=viewer.id, followed_to_id=user.id)
                | Q(followed_by_id=user.id, followed_to_id=viewer.id)
            ).values_list("followed_by_id", flat=True)
        )
        viewer_follows, follows_viewer = viewer.id in pairs, user.id in pairs
    return {
        "user": {
            "followers": [{"followedToId": str(user.id)}] if viewer_follows else [],
            "following": [{"followedToId": str(viewer.id)}] if follows_viewer else [],
            "_count": counts,  # likedPosts and posts come from the posts plugin
        },
        "followsYou": follows_viewer,
    }


async def drop_follows(a: int, b: int) -> None:
    await Follow.filter(Q(followed_by_id=a, followed_to_id=b) | Q(followed_by_id=b, followed_to_id=a)).delete()


async def forget_user(user_id: int) -> None:
    await Follow.filter(Q(followed_by_id=user_id) | Q(followed_to_id=user_id)).delete()
