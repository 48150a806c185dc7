"""Message search in one channel (rest.md §3.2): a case-insensitive substring of the content,
optionally by authors, with the history's cursors. ``LIKE`` with the wildcards of the query
escaped (Tortoise's ``icontains`` adds ``ESCAPE '\\'``), so it behaves the same on SQLite and
PostgreSQL; the page is serialised in the usual fixed number of queries. A plugin with a
full-text index (search) may answer the same question faster (``channel_search_ids``)."""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from core.context import hearth
from core.errors import ApiError, bad_request
from core.identity.models import User
from core.ids import parse_id
from plugins.messages.kinds import Access
from plugins.messages.models import CATEGORY, Message
from plugins.messages.service import page_limit
from plugins.messages.wire import serialize_messages

MAX_AUTHORS = 100
USER_ID_TEXT = "Each user_id must be a string between 1 and 100 characters."


class SearchQuery:
    def __init__(
        self,
        text: str | None,
        order: str,
        user_ids: list[str],
        limit: int | None,
        before: int | None,
        after: int | None,
    ):
        self.text, self.order, self.user_ids = text, order, user_ids
        self.limit, self.before, self.after = limit, before, after


def parse_search(args: MultiDict) -> SearchQuery:
    """The query string, checked in upstream's order; the first failing rule answers."""
    text = args.get("query")
    if text is not None and not 1 <= len(text) <= 50:
        raise ApiError(400, "query must be between 1 and 50 characters long.", "query")
    raw_order = args.get("order")
    if raw_order is not None and not 1 <= len(raw_order) <= 50:
        raise ApiError(400, "order must be between 1 and 50 characters long.", "order")
    user_ids = args.getlist("user_id")
    if any(not 1 <= len(user_id) <= 100 for user_id in user_ids):
        raise ApiError(400, USER_ID_TEXT, "user_id")
    order = raw_order or "desc"
    if order not in ("asc", "desc"):
        raise bad_request("Invalid order.")
    return SearchQuery(
        text=(text or "").strip() or None,
        order=order,
        user_ids=user_ids[:MAX_AUTHORS],
        limit=page_limit(args.get("limit")),
        before=parse_id(args.get("before") or None),
        after=parse_id(args.get("after") or None),
    )


async def search_messages(access: Access, viewer: User, query: SearchQuery) -> list[dict[str, Any]]:
    if access.channel.type == CATEGORY:
        raise bad_request("Cannot get messages from a category channel")
    if query.limit is None:
        return []
    authors = None
    if query.user_ids:
        authors = [parsed for parsed in (parse_id(u) for u in query.user_ids) if parsed is not None]
        if not authors:
            return []
    ascending = query.after is not None or query.order == "asc"
    found = await _indexed(access.channel.id, query, authors, ascending)
    if found is None:
        rows = Message.filter(channel_id=access.channel.id)
        if query.text:
            rows = rows.filter(content__icontains=query.text)
        if authors is not None:
            rows = rows.filter(created_by_id__in=authors)
        if query.before is not None:
            rows = rows.filter(id__lt=query.before)
        if query.after is not None:
            rows = rows.filter(id__gt=query.after)
        found = await rows.order_by("id" if ascending else "-id").limit(query.limit)
    # Newest matches come back oldest → newest, like a page of history (rest.md §3.2).
    return await serialize_messages(found if ascending else list(reversed(found)), viewer.id)


async def _indexed(
    channel_id: int, query: SearchQuery, authors: list[int] | None, ascending: bool
) -> list[Message] | None:
    """The page from a plugin's index (``channel_search_ids``) when one answers for this text."""
    if not query.text:
        return None
    for ids in await hearth().plugins.gather(
        "channel_search_ids",
        channel_id=channel_id,
        text=query.text,
        author_ids=authors,
        before=query.before,
        after=query.after,
        ascending=ascending,
        limit=query.limit,
    ):
        if ids is not None:
            rows = {message.id: message for message in await Message.filter(id__in=ids)} if ids else {}
            return [rows[i] for i in ids if i in rows]
    return None
