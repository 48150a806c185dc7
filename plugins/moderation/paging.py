"""``after`` / ``limit`` of the moderation lists (rest.md §8: limit default 30, at most 30
unless a route says otherwise; ``after`` is an id cursor, itself excluded)."""

from __future__ import annotations

from dataclasses import dataclass

from quart import request

from core.ids import parse_id


@dataclass(frozen=True)
class Page:
    after: int | None
    limit: int


def page(maximum: int = 30, default: int = 30) -> Page:
    try:
        limit = int(request.args.get("limit", default))
    except ValueError:
        limit = default
    if limit <= 0:
        limit = default
    return Page(after=parse_id(request.args.get("after")), limit=min(limit, maximum))
