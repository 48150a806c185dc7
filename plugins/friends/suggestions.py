"""``GET /api/friends/suggestions?q=`` (Hearth's, issue 33): people you share a server with whose
username or nickname there contains ``q``, for adding a friend by name. Only with the servers
plugin (its blueprint is mounted only then).

Left out: yourself, bots, deleted accounts, anyone you have a row with (friends, requests either
way, your blocks), anyone who blocked you, and anyone who takes no friend requests. Exact
usernames first, then names that start with ``q``, then the rest; at most 10, each with one
server you share (and their nickname there when it is what matched)."""

from __future__ import annotations

from typing import Any

from tortoise.expressions import Q, Subquery

from core.context import hearth
from core.errors import ApiError
from core.identity.models import User
from core.wire import public_user
from plugins.friends.models import Friend

LIMIT = 10
SCANNED = 50  # matching memberships looked at for the ranking (exact usernames are always found)
MAX_QUERY = 35  # a username or nickname is at most 35 characters
CLOSED = 2  # friendRequestStatus "nobody"


def parse_query(raw: str | None) -> str:
    text = (raw or "").strip()
    if not 1 <= len(text) <= MAX_QUERY:
        raise ApiError(400, f"q must be between 1 and {MAX_QUERY} characters long.", "q")
    return text


def _rank(value: str | None, text: str) -> int | None:
    if not value:
        return None
    lower = value.lower()
    return 0 if lower == text else 1 if lower.startswith(text) else 2 if text in lower else None


async def co_members(user: User, raw_query: str | None) -> list[dict[str, Any]]:
    text = parse_query(raw_query)
    if not hearth().plugins.enabled("servers"):
        return []  # the route is not mounted then; other callers get nobody
    from plugins.servers.models import Member

    mine = Subquery(Member.filter(user_id=user.id).values("server_id"))
    related = Subquery(Friend.filter(user_id=user.id).values("recipient_id"))
    blocked_me = Subquery(Friend.filter(recipient_id=user.id, status=Friend.BLOCKED).values("user_id"))
    candidates = (
        Member.filter(server_id__in=mine, user__deleted=False)
        .filter(Q(user__bot__isnull=True) | Q(user__bot=False))
        .exclude(user_id=user.id)
        .exclude(user_id__in=related)
        .exclude(user_id__in=blocked_me)
        .exclude(user__account__friend_request_status=CLOSED)
        .select_related("user", "server")
    )
    exact = await candidates.filter(user__username__iexact=text).order_by("id").limit(LIMIT)
    matching = Q(user__username__icontains=text) | Q(nickname__icontains=text)
    rest = await candidates.filter(matching).order_by("id").limit(SCANNED)
    lower = text.lower()
    best: dict[int, tuple[int, Any, bool]] = {}
    for member in [*exact, *rest]:
        by_name, by_nickname = _rank(member.user.username, lower), _rank(member.nickname, lower)
        rank = min(r for r in (by_name, by_nickname, 9) if r is not None)
        if rank == 9:
            continue
        known = best.get(member.user_id)
        if known is None or rank < known[0]:
            nickname_matched = by_nickname is not None and (by_name is None or by_nickname < by_name)
            best[member.user_id] = (rank, member, nickname_matched)
    ordered = sorted(best.values(), key=lambda entry: (entry[0], entry[1].user.username.lower(), entry[1].user_id))
    return [
        {
            **public_user(member.user),
            "sharedServer": {"id": str(member.server_id), "name": member.server.name},
            **({"nickname": member.nickname} if nickname_matched else {}),
        }
        for _, member, nickname_matched in ordered[:LIMIT]
    ]
