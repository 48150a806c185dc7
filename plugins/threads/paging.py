"""The query parameters of a page of threads (and of a forum's posts, which are threads):
``limit`` and ``before`` (a time in milliseconds), with the errors their routes answer."""

from __future__ import annotations

from datetime import UTC, datetime

from core.errors import bad_request


def page_limit(raw: str | None, default: int, maximum: int) -> int:
    try:
        limit = int(raw) if raw is not None else default
    except ValueError:
        raise bad_request("limit must be a number.", "limit") from None
    if not 1 <= limit <= maximum:
        raise bad_request(f"limit must be between 1 and {maximum}.", "limit")
    return limit


def before_time(raw: str | None) -> datetime | None:
    if raw is None:
        return None
    try:
        return datetime.fromtimestamp(int(raw) / 1000, UTC)
    except (ValueError, OverflowError, OSError):
        raise bad_request("before must be a time in milliseconds.", "before") from None
