"""Moderators' suggested actions (rest.md §8.6): a MOD proposes suspending a user, deleting a
server or a post, and an admin acts on it from the list. Servers is optional: without it no
server can be suggested, and earlier server suggestions list without their server."""

from __future__ import annotations

from typing import Any

from core.context import hearth
from core.identity.models import User
from core.ids import parse_id
from core.wire import ms, sid
from plugins.moderation.models import SuggestedAction
from plugins.moderation.paging import Page
from plugins.moderation.servers import rows as server_rows
from plugins.moderation.wire import brief_user

MAX_REASON = 10_000  # appended reasons stop growing past this


class SuggestionFailed(Exception):
    """Answered ``400 {success: false, error}`` as upstream does."""


def _row(action: SuggestedAction) -> dict[str, Any]:
    return {
        "id": str(action.id),
        "createdAt": ms(action.created_at),
        "actionType": action.action_type,
        "suggestById": sid(action.suggest_by_id),
        "serverId": sid(action.server_id),
        "postId": sid(action.post_id),
        "userId": sid(action.user_id),
        "reason": action.reason,
    }


async def _post(post_id: int) -> dict[str, Any] | None:
    for answer in await hearth().plugins.gather("moderation_posts", query=str(post_id), after=None, limit=1):
        for post in answer or []:
            if str(post.get("id")) == str(post_id):
                creator = post.get("createdBy") or {}
                return {
                    "id": str(post_id),
                    "createdBy": {k: creator.get(k) for k in ("id", "username", "tag", "badges")},
                }
    return None


async def _servers(server_ids: set[int]) -> dict[int, dict[str, Any]]:
    if not server_ids or not hearth().plugins.enabled("servers"):
        return {}
    from plugins.servers.models import Server

    found = await Server.filter(id__in=server_ids)
    return {int(row["id"]): row for row in await server_rows(found, verified=False, creator_badges=True)}


async def _server_exists(server_id: int) -> bool:
    if not hearth().plugins.enabled("servers"):
        return False
    from plugins.servers.models import Server

    return await Server.exists(id=server_id)


async def listing(page: Page) -> list[dict[str, Any]]:
    query = SuggestedAction.all()
    if page.after is not None:
        query = query.filter(id__lt=page.after)
    actions = await query.order_by("-id").limit(page.limit)
    user_ids = {a.suggest_by_id for a in actions if a.suggest_by_id} | {a.user_id for a in actions if a.user_id}
    users = {u.id: u for u in await User.filter(id__in=user_ids)} if user_ids else {}
    servers = await _servers({a.server_id for a in actions if a.server_id})
    answer = []
    for action in actions:
        by, target = users.get(action.suggest_by_id), users.get(action.user_id)
        answer.append(
            {
                **_row(action),
                "suggestBy": brief_user(by, "avatar", "hexColor", "badges") if by else None,
                "post": await _post(action.post_id) if action.post_id else None,
                "user": brief_user(target, "avatar", "hexColor", "badges") if target else None,
                "server": servers.get(action.server_id),
            }
        )
    return answer


async def suggest(
    moderator: User, action_type: int, reason: str, server_id: str | None, post_id: str | None, user_id: str | None
) -> dict[str, Any]:
    target = {
        "server_id": parse_id(server_id) if server_id else None,
        "post_id": parse_id(post_id) if post_id else None,
        "user_id": parse_id(user_id) if user_id else None,
    }
    chosen = {k: v for k, v in target.items() if v is not None}
    if len(chosen) != 1 or not 0 <= action_type <= 11:
        raise SuggestionFailed()
    if "server_id" in chosen and not await _server_exists(chosen["server_id"]):
        raise SuggestionFailed()
    if "user_id" in chosen and not await User.exists(id=chosen["user_id"]):
        raise SuggestionFailed()
    existing = await SuggestedAction.get_or_none(**chosen)
    if existing is not None:
        existing.reason = (existing.reason + "\n\n" + reason)[:MAX_REASON]
        await existing.save(update_fields=["reason"])
        return _row(existing)
    created = await SuggestedAction.create(action_type=action_type, suggest_by_id=moderator.id, reason=reason, **chosen)
    return _row(created)


async def remove(action_id: str) -> None:
    parsed = parse_id(action_id)
    if parsed is not None:
        await SuggestedAction.filter(id=parsed).delete()
