"""GET /users/inventory (rest.md §1.6): the caller's badges as InventoryItems."""

from __future__ import annotations

from core.identity.models import User
from core.identity.sessions import create_session
from tests.support import call, register

SUPPORTER, PALESTINE, BOT, MOD, CAT_EARS_WHITE, DEER_EARS_WHITE = 8, 16, 32, 64, 256, 8388608


async def test_the_inventory_lists_the_callers_own_item_badges(client):
    person = await register(client)
    other = await register(client)
    await User.filter(id=int(person.id)).update(
        badges=1 | SUPPORTER | PALESTINE | MOD | CAT_EARS_WHITE | DEER_EARS_WHITE
    )
    await User.filter(id=int(other.id)).update(badges=SUPPORTER)
    joined = (await User.get(id=int(person.id))).joined_at

    status, items = await call(client, "GET", "/api/users/inventory", token=person.token)

    assert status == 200
    # FOUNDER and MOD are powers and PALESTINE is free for everyone: none of them is an item.
    assert [item["itemId"] for item in items] == [str(SUPPORTER), str(CAT_EARS_WHITE), str(DEER_EARS_WHITE)]
    for item in items:
        assert set(item) == {"id", "userId", "itemId", "itemType", "acquiredAt"}
        assert item["userId"] == person.id and item["itemType"] == "badge"
        assert item["acquiredAt"] == int(joined.timestamp() * 1000)
        assert item["id"].isdigit()
    assert len({item["id"] for item in items}) == 3
    status, again = await call(client, "GET", "/api/users/inventory", token=person.token)
    assert again == items, "ids are stable between calls"
    _, theirs = await call(client, "GET", "/api/users/inventory", token=other.token)
    assert [item["itemId"] for item in theirs] == [str(SUPPORTER)]
    assert not {item["id"] for item in theirs} & {item["id"] for item in items}


async def test_a_user_without_badges_has_an_empty_inventory(client):
    person = await register(client)
    assert await call(client, "GET", "/api/users/inventory", token=person.token) == (200, [])


async def test_bots_may_read_their_inventory_but_the_bot_badge_is_not_an_item(client):
    bot = await User.create(username="inventorybot", tag="b0t3", bot=True, badges=BOT | SUPPORTER)
    _, token = await create_session(bot)
    status, items = await call(client, "GET", "/api/users/inventory", token=token)
    assert status == 200
    assert [item["itemId"] for item in items] == [str(SUPPORTER)]


async def test_the_inventory_needs_a_token_and_is_not_a_profile_lookup(client):
    assert await call(client, "GET", "/api/users/inventory") == (401, {"message": "No token provided.", "path": None})
    assert await call(client, "GET", "/api/users/inventory", token="not-a-token") == (
        401,
        {"message": "Invalid token.", "path": None},
    )


async def test_the_inventory_allows_ten_calls_per_ten_seconds(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        limited = app.test_client()
        person = await register(limited)
        for _ in range(10):
            status, _ = await call(limited, "GET", "/api/users/inventory", token=person.token)
            assert status == 200
        status, body = await call(limited, "GET", "/api/users/inventory", token=person.token)
        assert status == 429 and body["message"] == "Slow down!" and 0 < body["ttl"] <= 10_000
