"""Message search in a channel (rest.md §3.2)."""

from urllib.parse import urlencode

from tests.plugins.messages.helpers import dm_pair, error, member, sent
from tests.plugins.servers.helpers import community, join, ok, private_channel
from tests.support import call


def search_path(channel_id, **query):
    pairs = []
    for key, value in query.items():
        pairs.extend((key, v) for v in (value if isinstance(value, list) else [value]))
    return f"/api/channels/{channel_id}/messages/search?{urlencode(pairs)}"


async def found(client, person, channel_id, **query):
    status, body = await call(client, "GET", search_path(channel_id, **query), token=person.token)
    assert status == 200, body
    return [m["content"] for m in body]


async def test_search_finds_case_insensitive_substrings_newest_page_oldest_first(client):
    alice, bob, channel_id = await dm_pair(client)
    for text in ("Apple pie", "banana", "APPLE juice", "pineapple", "nothing here"):
        await sent(client, alice, channel_id, text)
    assert await found(client, bob, channel_id, query="apple") == ["Apple pie", "APPLE juice", "pineapple"]
    assert await found(client, bob, channel_id, query="apple", order="asc") == ["Apple pie", "APPLE juice", "pineapple"]
    assert await found(client, bob, channel_id, query="apple", limit=2) == ["APPLE juice", "pineapple"]
    assert await found(client, bob, channel_id, query="apple", limit=2, order="asc") == ["Apple pie", "APPLE juice"]
    status, page = await call(client, "GET", search_path(channel_id, query="apple"), token=bob.token)
    assert page[0]["createdBy"]["id"] == alice.id and page[0]["reactions"] == [] and "mentions" in page[0]
    # omitted (or blank) query: every message
    assert len(await found(client, bob, channel_id)) == 5
    assert len(await found(client, bob, channel_id, query="   ")) == 5


async def test_search_cursors_and_limits(client):
    alice, bob, channel_id = await dm_pair(client)
    messages = [await sent(client, alice, channel_id, f"note {n}") for n in range(6)]
    ids = [m["id"] for m in messages]
    assert await found(client, bob, channel_id, query="note", before=ids[3]) == ["note 0", "note 1", "note 2"]
    # `after` is ascending whatever the order says
    assert await found(client, bob, channel_id, query="note", after=ids[2], limit=2) == ["note 3", "note 4"]
    assert await found(client, bob, channel_id, query="note", after=ids[2], limit=2, order="desc") == [
        "note 3",
        "note 4",
    ]
    assert await found(client, bob, channel_id, query="note", limit=101) == []
    assert await found(client, bob, channel_id, query="note", limit=-1) == []
    assert len(await found(client, bob, channel_id, query="note", limit=0)) == 6
    assert len(await found(client, bob, channel_id, query="note", limit="lots")) == 6


async def test_like_wildcards_in_the_query_are_literal(client):
    alice, bob, channel_id = await dm_pair(client)
    for text in ("100% sure", "100 percent", "snake_case", "snakeXcase", "back\\slash", "backslash"):
        await sent(client, alice, channel_id, text)
    assert await found(client, bob, channel_id, query="100%") == ["100% sure"]
    assert await found(client, bob, channel_id, query="e_c") == ["snake_case"]
    assert await found(client, bob, channel_id, query="k\\s") == ["back\\slash"]
    assert await found(client, bob, channel_id, query="%") == ["100% sure"]


async def test_search_by_author(client):
    place = await community(client)
    bob = await join(client, place)
    carol = await join(client, place)
    await sent(client, place.owner, place.general, "hello from owner")
    await sent(client, bob, place.general, "hello from bob")
    await sent(client, carol, place.general, "hello from carol")
    assert await found(client, bob, place.general, query="hello", user_id=bob.id) == ["hello from bob"]
    assert await found(client, bob, place.general, query="hello", user_id=[bob.id, carol.id]) == [
        "hello from bob",
        "hello from carol",
    ]
    assert await found(client, bob, place.general, query="hello", user_id="not-a-user") == []


async def test_search_input_rules(client):
    alice, bob, channel_id = await dm_pair(client)
    await sent(client, alice, channel_id, "x")
    path = f"/api/channels/{channel_id}/messages/search"
    assert await call(client, "GET", f"{path}?query=apple&order=sideways", token=bob.token) == (
        400,
        error("Invalid order."),
    )
    assert await call(client, "GET", f"{path}?query={'a' * 51}", token=bob.token) == (
        400,
        error("query must be between 1 and 50 characters long.", "query"),
    )
    assert await call(client, "GET", f"{path}?query=", token=bob.token) == (
        400,
        error("query must be between 1 and 50 characters long.", "query"),
    )
    assert await call(client, "GET", f"{path}?user_id=", token=bob.token) == (
        400,
        error("Each user_id must be a string between 1 and 100 characters.", "user_id"),
    )
    assert await call(client, "GET", f"{path}?user_id={alice.id}&user_id={'9' * 101}", token=bob.token) == (
        400,
        error("Each user_id must be a string between 1 and 100 characters.", "user_id"),
    )
    assert (await call(client, "GET", path))[0] == 401


async def test_outsiders_and_members_without_access_cannot_search(client):
    alice, _, channel_id = await dm_pair(client)
    await sent(client, alice, channel_id, "private words")
    eve = await member()
    assert await call(client, "GET", search_path(channel_id, query="private"), token=eve.token) == (
        403,
        error("You are not a member of this channel."),
    )

    place = await community(client)
    staff = await private_channel(client, place)
    await sent(client, place.owner, staff, "secret plans")
    person = await join(client, place)
    assert await call(client, "GET", search_path(staff, query="secret"), token=person.token) == (
        403,
        error("This channel is private."),
    )
    assert await call(client, "GET", search_path(staff, query="secret"), token=eve.token) == (
        403,
        error("Server member is not in this server."),
    )
    assert await found(client, place.owner, staff, query="secret") == ["secret plans"]
    category = await ok(
        client, "POST", f"/api/servers/{place.id}/channels", {"name": "cat", "type": 2}, place.owner.token
    )
    assert await call(client, "GET", search_path(category["id"], query="x"), token=place.owner.token) == (
        400,
        error("Cannot get messages from a category channel"),
    )


async def test_a_blocked_dm_keeps_its_history_searchable_for_both(client):
    alice, bob, channel_id = await dm_pair(client)
    await sent(client, alice, channel_id, "before the block")
    assert (await call(client, "POST", f"/api/users/{bob.id}/block", token=alice.token))[0] == 200
    assert await found(client, bob, channel_id, query="block") == ["before the block"]
    assert await found(client, alice, channel_id, query="block") == ["before the block"]


async def test_search_is_rate_limited_ten_per_thirty_seconds(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        client = app.test_client()
        alice, bob, channel_id = await dm_pair(client)
        for _ in range(10):
            assert (await call(client, "GET", search_path(channel_id, query="x"), token=bob.token))[0] == 200
        status, body = await call(client, "GET", search_path(channel_id, query="x"), token=bob.token)
        assert status == 429 and body["message"] == "Slow down!" and body["ttl"] > 0
