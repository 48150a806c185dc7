"""``GET /api/servers/{serverId}/members/search?q=&limit=`` — Hearth's own route, not in the wire
reference: the members whose nickname or username matches what the user is typing after ``@`` in
the composer, for a server whose member list the UI has only partly loaded (it loads it a page at
a time, ``memberpages.py``).

Matching ignores case and accents (``José`` is found by ``jose``) and looks at the nickname, the
username and, for a query holding a ``:``, ``username:tag``. Online members (connected, status not 0) come first, then the
better matches (the whole name, the start of a name, anywhere in it), then by display name and
user id. The answer holds at most ``limit`` members (25), whatever the server's size; finding
them reads the server's member names once (one statement, as a member page does).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from core.context import hearth
from core.errors import ApiError
from core.identity.models import User
from core.prepared import fetch_rows
from plugins.servers import memberpages, memberrows
from plugins.servers.models import Member
from plugins.servers.payload import online_presences
from plugins.servers.permissions import MemberContext

DEFAULT_LIMIT, MAX_LIMIT = 10, 25
MAX_QUERY = 40  # a username (35) and its tag
_NAMES = (
    f"SELECT m.id, m.user_id, m.nickname, u.username, u.tag, u.status FROM {Member._meta.db_table} m "
    f"JOIN {User._meta.db_table} u ON u.id = m.user_id WHERE m.server_id = $1"
)


def folded(text: str) -> str:
    """Lower case without accents: what both sides of a match are compared as."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.category(c).startswith("M")).casefold()


def query_of(raw: str | None) -> str:
    text = (raw or "").strip()
    if not 1 <= len(text) <= MAX_QUERY:
        raise ApiError(400, f"q must be between 1 and {MAX_QUERY} characters.", "q")
    return folded(text)


def limit_of(raw: str | None) -> int:
    return memberpages.limit_of(raw, DEFAULT_LIMIT, MAX_LIMIT)


def match_rank(query: str, names: list[str]) -> int | None:
    """0 a whole name, 1 the start of one, 2 inside one; None when no name holds the query."""
    best = None
    for name in names:
        rank = 0 if name == query else 1 if name.startswith(query) else 2 if query in name else None
        if rank is not None and (best is None or rank < best):
            best = rank
    return best


async def search(ctx: MemberContext, query: str, limit: int) -> dict[str, Any]:
    found = []
    for member_id, user_id, nickname, username, tag, status in await fetch_rows(_NAMES, [ctx.server.id]):
        names = [folded(username)]
        if ":" in query:  # only then: a tag's random letters would match any short query
            names.append(f"{folded(username)}:{tag.casefold()}")
        if nickname:
            names.append(folded(nickname))
        rank = match_rank(query, names)
        if rank is not None:
            found.append((rank, (nickname or username).casefold(), user_id, member_id, status))
    answers = await hearth().plugins.gather("server_members_connected", user_ids=[row[2] for row in found])
    connected: set[int] | None = set().union(*answers) if answers else None  # None: presence unknown
    online = {row[2] for row in found if connected is None or (row[2] in connected and row[4] != 0)}
    found.sort(key=lambda row: (row[2] not in online, row[0], row[1], row[2]))
    chosen = found[:limit]
    rows = {row[0]: row for row in await memberrows.rows_by_ids([row[3] for row in chosen])}
    members = await memberrows.as_dicts([rows[row[3]] for row in chosen if row[3] in rows], ctx.user.id)
    return {
        "members": members,
        "presences": await online_presences([row[2] for row in chosen if row[2] in online]),
    }
