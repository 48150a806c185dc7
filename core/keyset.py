"""Reading every row of a query a page at a time, by ascending id (keyset paging): for work that
walks a large table (a user's data export) without holding it, and without OFFSET's rescans."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

PAGE = 1000


async def rows_by_id(query: Any, *fields: str, page: int = PAGE) -> AsyncIterator[dict[str, Any]]:
    """Each row of ``query`` (a Tortoise queryset) as ``values("id", *fields)``, in id order."""
    after = 0
    while True:
        rows = await query.filter(id__gt=after).order_by("id").limit(page).values("id", *fields)
        for row in rows:
            yield row
        if len(rows) < page:
            return
        after = rows[-1]["id"]


def ms(moment: datetime | None) -> int | None:
    """A timestamp as the wire writes it: epoch milliseconds."""
    return None if moment is None else int(moment.timestamp() * 1000)
