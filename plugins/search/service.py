"""Hearth's wider search (``GET /api/search/messages``): parse the box, work out the channels the
caller reads now (``scope.py``), run the one index statement (``statement.py``) and send the page
as the protocol's messages, with highlights and the channel of each."""

from __future__ import annotations

from datetime import timedelta
from functools import partial
from typing import Any

from tortoise import connections
from tortoise.expressions import Q
from werkzeug.datastructures import MultiDict

from core.context import hearth
from core.errors import ApiError
from core.identity.models import User
from core.ids import parse_id
from core.prepared import fetch_rows
from plugins.messages.models import Channel, Message
from plugins.messages.wire import serialize_messages
from plugins.search import index, statement
from plugins.search import scope as scopes
from plugins.search.highlight import highlights
from plugins.search.query import Query, parse

DEFAULT_LIMIT, MAX_LIMIT = 25, 50
MAX_OFFSET = 1000  # relevance pages stop here: nobody reads the 40th page of a ranking
SORTS = ("relevance", "newest")
# PostgreSQL's windows (``_ids``): the most documents the second one may read, how much longer
# it is than the first one's matches say, and the fewest matches that say anything.
WALKED, MARGIN, FEW = 250_000, 1.25, 3


def _choice(args: MultiDict, name: str, allowed: tuple[str, ...]) -> str:
    value = args.get(name) or allowed[0]
    if value not in allowed:
        raise ApiError(400, f"{name} must be one of {', '.join(allowed)}.", name)
    return value


def _limit(args: MultiDict) -> int:
    raw = args.get("limit")
    if raw is None:
        return DEFAULT_LIMIT
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_LIMIT:
        raise ApiError(400, f"limit must be a number from 1 to {MAX_LIMIT}.", "limit")
    return int(raw)


def _cursor(raw: str | None, sort: str) -> tuple[int, int | None]:
    """``(offset, before_id)``: relevance pages by position (``o40``), newest by id (``b<id>``)."""
    if not raw:
        return 0, None
    kind, number = raw[:1], raw[1:]
    if kind == "o" and sort == "relevance" and number.isdigit() and int(number) <= MAX_OFFSET:
        return int(number), None
    if kind == "b" and sort == "newest" and parse_id(number) is not None:
        return 0, int(number)
    raise ApiError(400, "Invalid cursor.", "cursor")


async def search(user: User, args: MultiDict) -> dict[str, Any]:
    query = parse(args.get("q", ""))
    kind = _choice(args, "scope", scopes.SCOPES)
    sort = _choice(args, "sort", SORTS)
    limit = _limit(args)
    offset, before_id = _cursor(args.get("cursor"), sort)
    if query.is_empty:
        raise ApiError(400, "Type something to search for.", "q")
    scope = await scopes.resolve(user, kind, args.get("serverId"), args.get("channelId"))
    channel_ids = _named_channels(scope, query.channels) if query.channels else scope.ids
    filters = statement.Filters(
        channel_ids=channel_ids,
        author_ids=await _users(query.authors) if query.authors else None,
        mention_ids=await _users(query.mentions) if query.mentions else None,
        hidden_author_ids=await _blocked_by(user),
    )
    if not channel_ids:
        return {"results": [], "channels": {}, "cursor": None}
    database = connections.get("default")
    postgres = database.capabilities.dialect == "postgres"
    if not postgres and query.prefix and query.words:
        query.longer = await index.longer_words(database, query.words[-1])
    ids = await _ids(query, filters, postgres, sort == "newest", limit + 1, offset, before_id)
    more, ids = len(ids) > limit, ids[:limit]
    results = await _results(user, query, ids)
    cursor = None
    if more and sort == "newest":
        cursor = f"b{ids[-1]}"
    elif more and offset + limit <= MAX_OFFSET:
        cursor = f"o{offset + limit}"
    shown = {int(result["message"]["channelId"]) for result in results}
    channels = {str(i): _channel_wire(scope.channels[i]) for i in shown}
    for thread_id, server_id, parent_id in await _threads_among(
        [i for i in shown if scope.channels[i].server_id is None]
    ):
        channels[str(thread_id)].update(serverId=str(server_id), parentId=str(parent_id))
    return {"results": results, "channels": channels, "cursor": cursor}


async def _ids(
    query: Query,
    filters: statement.Filters,
    postgres: bool,
    newest: bool,
    limit: int,
    offset: int,
    before_id: int | None,
) -> list[int]:
    """The page's ids. On PostgreSQL the words are first looked for in a window, the newest day
    of the search's range, each of its documents read: the GIN's list of every match of a
    frequent word costs hundreds of milliseconds. A window holding ``cap`` matches ranks the
    same ones the whole history would (every match outside it is older). Otherwise a second
    window, as much longer as the first one's matches say a full ``cap`` needs (with a margin),
    if it holds at most WALKED documents; then the GIN."""
    build = partial(statement.build, query, filters, postgres, newest, limit, offset, before_id)
    if postgres and query.has_text:
        cap = statement.cap(newest, limit, offset)
        span = timedelta(days=1)
        since, top = statement.window(query, before_id, span)
        rows = await fetch_rows(*build(since=since))
        found = rows[0][1] if rows else 0
        if found >= cap:
            return [row[0] for row in rows]
        longer = MARGIN * cap / max(found, 1)
        documents = (await fetch_rows(*statement.window_documents(since, top)))[0][0] if found >= FEW else 0
        if found >= FEW and documents * longer <= WALKED:
            rows = await fetch_rows(*build(since=statement.window(query, before_id, span * longer)[0]))
            if rows and rows[0][1] >= cap:
                return [row[0] for row in rows]
    return [row[0] for row in await fetch_rows(*build())]


async def _threads_among(channel_ids: list[int]) -> list[tuple[int, int, int]]:
    """``(thread, server, parent channel)`` of the threads among these channels, for the links."""
    if not channel_ids or not hearth().plugins.enabled("threads"):
        return []
    from plugins.threads.models import Thread

    return list(await Thread.filter(channel_id__in=channel_ids).values_list("channel_id", "server_id", "parent_id"))


async def _results(user: User, query: Query, ids: list[int]) -> list[dict[str, Any]]:
    if not ids:
        return []
    rows = {message.id: message for message in await Message.filter(id__in=ids)}
    ordered = [rows[i] for i in ids if i in rows]
    wires = await serialize_messages(ordered, user.id)
    return [
        {"message": wire, "highlights": highlights(message.content, query)}
        for message, wire in zip(ordered, wires, strict=True)
    ]


def _named_channels(scope: scopes.Scope, names: list[str]) -> list[int]:
    """``in:`` narrows the scope to channels named so (or with that id); never widens it."""
    wanted = {name.casefold() for name in names}
    return [
        channel.id
        for channel in scope.channels.values()
        if str(channel.id) in wanted or (channel.name or "").casefold() in wanted
    ]


async def _users(values: list[str]) -> list[int]:
    """The users ``from:`` / ``mentions:`` name: an id, ``username:tag`` or a username."""
    condition = Q(pk=-1)
    for value in values:
        if parse_id(value) is not None:
            condition |= Q(id=int(value))
        elif ":" in value:
            username, _, tag = value.rpartition(":")
            condition |= Q(username__iexact=username, tag=tag)
        else:
            condition |= Q(username__iexact=value)
    return list(await User.filter(condition).limit(100).values_list("id", flat=True))


async def _blocked_by(user: User) -> list[int]:
    """People the searcher blocked: their messages stay out of results, as of their DMs."""
    if not hearth().plugins.enabled("friends"):
        return []
    from plugins.friends.service import block_lists

    blocked, _ = await block_lists(user.id)
    return sorted(blocked)


def _channel_wire(channel: Channel) -> dict[str, Any]:
    return {
        "id": str(channel.id),
        "name": channel.name,
        "type": channel.type,
        "serverId": str(channel.server_id) if channel.server_id is not None else None,
    }
