"""The newest stretch of history searched first (PostgreSQL's windows, ``service._ids``): a window
holding the whole ranked set answers exactly what the whole history answers, at its edge too,
page after page and in both sorts; otherwise the GIN answers. SQLite has no windows: the same
answers in one statement."""

from datetime import UTC, datetime, timedelta

import pytest

from plugins.search import service, statement
from tests.conftest import DATABASE_URL
from tests.plugins.messages.helpers import sent
from tests.plugins.search.helpers import contents, searched
from tests.plugins.search.test_filters import old_message, place_with_two_members

POSTGRES = DATABASE_URL.startswith("postgres")
AGES = (3, 40, 400)  # days: one message this old each, besides three sent now


async def spread(client, place, ada) -> list[str]:
    """Matches sent now and 3, 40 and 400 days ago; their texts newest first."""
    now = datetime.now(UTC)
    for days in reversed(AGES):
        await old_message(place.general, ada.id, f"tide {days:03d}", now - timedelta(days=days))
    for n in range(3):
        await sent(client, ada, place.general, f"tide n{n:02d}")
    return [f"tide n{n:02d}" for n in reversed(range(3))] + [f"tide {days:03d}" for days in AGES]


async def every_page(client, person, place, q, limit, **params) -> list[str]:
    seen, cursor = [], None
    while True:
        body = await searched(
            client, person, q, scope="server", serverId=place.id, limit=limit, cursor=cursor, **params
        )
        seen += [result["message"]["content"] for result in body["results"]]
        cursor = body["cursor"]
        if cursor is None:
            return seen


def without_windows(monkeypatch) -> None:
    """Every window empty: the GIN answers (on SQLite nothing changes)."""
    monkeypatch.setattr(statement, "window", lambda query, before_id, span: (1 << 62, 1 << 62))


@pytest.fixture
def statements(monkeypatch) -> list[str]:
    """The statements each search ran."""
    ran: list[str] = []
    fetch = service.fetch_rows

    async def counted(sql, values):
        ran.append(sql)
        return await fetch(sql, values)

    monkeypatch.setattr(service, "fetch_rows", counted)
    return ran


async def test_newest_pages_cross_the_windows_and_match_the_whole_history(client, monkeypatch, statements):
    place, ada, _ = await place_with_two_members(client)
    expected = await spread(client, place, ada)
    assert await every_page(client, ada, place, "tide", 2, sort="newest") == expected
    without_windows(monkeypatch)
    assert await every_page(client, ada, place, "tide", 2, sort="newest") == expected


async def test_a_full_window_ranks_what_the_whole_history_ranks(client, monkeypatch, statements):
    place, ada, _ = await place_with_two_members(client)
    await old_message(place.general, ada.id, "tide tide tide", datetime.now(UTC) - timedelta(days=2))
    await spread(client, place, ada)
    await sent(client, ada, place.general, "tide and tide")
    monkeypatch.setattr(statement, "RANKED", 3)  # the newest three matches are ranked
    statements.clear()
    first = await contents(client, ada, "tide", scope="server", serverId=place.id, limit=2)
    # "tide tide tide" would rank first, but it is not among the newest three
    assert first == ["tide and tide", "tide n02"]
    assert len(statements) == 1  # the newest day held all three: its window answered alone
    windowed = await every_page(client, ada, place, "tide", 2)
    assert windowed[:2] == first
    without_windows(monkeypatch)
    assert await every_page(client, ada, place, "tide", 2) == windowed


async def test_the_window_edge_is_inside_it(client, monkeypatch, statements):
    """``before:`` anchors the first window: [that day − 1 day, that day). A message at its first
    millisecond is in it, one a millisecond older is not."""
    place, ada, _ = await place_with_two_members(client)
    day = datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(days=10)
    edge = day - timedelta(days=1)
    await old_message(place.general, ada.id, "ebb outside", edge - timedelta(milliseconds=1))
    await old_message(place.general, ada.id, "ebb at the edge", edge)
    await old_message(place.general, ada.id, "ebb", day - timedelta(hours=1))
    before = f"before:{day.date()}"
    monkeypatch.setattr(statement, "RANKED", 2)
    statements.clear()
    # limit 1: two matches ranked, both in the window; the shorter message ranks first
    found = await contents(client, ada, f"ebb {before}", scope="server", serverId=place.id, limit=1)
    assert found == ["ebb"]
    assert len(statements) == 1
    statements.clear()
    found = await contents(client, ada, f"ebb {before}", scope="server", serverId=place.id, limit=1, sort="newest")
    assert found == ["ebb"]
    assert len(statements) == 1
    newest = await every_page(client, ada, place, f"ebb {before}", 1, sort="newest")
    assert newest == ["ebb", "ebb at the edge", "ebb outside"]
    without_windows(monkeypatch)
    assert await every_page(client, ada, place, f"ebb {before}", 1, sort="newest") == newest
