"""POST /users/badges/toggle (rest.md §1.29, entities.md §10.1): show or hide a badge you own.
A hidden badge stays in the inventory and can be shown again; nobody is told over the socket."""

from __future__ import annotations

from core.identity.models import User
from core.identity.sessions import create_session
from plugins.accounts.models import BadgeStash
from tests.plugins.accounts.helpers import error, ping
from tests.plugins.servers.helpers import community, join
from tests.support import call, register

PATH = "/api/users/badges/toggle"
FOUNDER, ADMIN, SUPPORTER, PALESTINE, BOT, MOD, CAT_EARS_WHITE, DEER_EARS_WHITE = 1, 2, 8, 16, 32, 64, 256, 2**23


async def toggle(client, person, bit):
    return await call(client, "POST", PATH, {"bit": bit}, token=person.token)


async def owned_item_bits(client, person):
    status, items = await call(client, "GET", "/api/users/inventory", token=person.token)
    assert status == 200, items
    return [int(item["itemId"]) for item in items]


async def test_hiding_and_showing_an_owned_badge_keeps_it_in_the_inventory(client):
    person = await register(client)
    await User.filter(id=int(person.id)).update(badges=SUPPORTER | CAT_EARS_WHITE)
    before = await call(client, "GET", "/api/users/inventory", token=person.token)

    assert await toggle(client, person, CAT_EARS_WHITE) == (200, {"badges": SUPPORTER})
    assert (await User.get(id=int(person.id))).badges == SUPPORTER
    assert await call(client, "GET", "/api/users/inventory", token=person.token) == before, "still owned, same ids"
    status, profile = await call(client, "GET", f"/api/users/{person.id}", token=person.token)
    assert status == 200 and profile["user"]["badges"] == SUPPORTER

    assert await toggle(client, person, CAT_EARS_WHITE) == (200, {"badges": SUPPORTER | CAT_EARS_WHITE})
    assert await toggle(client, person, float(SUPPORTER)) == (200, {"badges": CAT_EARS_WHITE})
    assert await owned_item_bits(client, person) == [SUPPORTER, CAT_EARS_WHITE]


async def test_palestine_is_free_to_everyone(client):
    person = await register(client)
    assert await toggle(client, person, PALESTINE) == (200, {"badges": PALESTINE})
    assert await toggle(client, person, PALESTINE) == (200, {"badges": 0})
    assert await owned_item_bits(client, person) == [], "a free badge is not an item"


async def test_a_badge_you_do_not_own_cannot_be_shown(client):
    person, owner = await register(client), await register(client)
    await User.filter(id=int(owner.id)).update(badges=DEER_EARS_WHITE)
    assert await toggle(client, person, DEER_EARS_WHITE) == (400, error("You do not own this badge."))
    assert await toggle(client, person, SUPPORTER) == (400, error("You do not own this badge."))
    assert (await User.get(id=int(person.id))).badges == 0
    assert (await User.get(id=int(owner.id))).badges == DEER_EARS_WHITE


async def test_role_badges_are_not_modifiable(client):
    person = await register(client)
    await User.filter(id=int(person.id)).update(badges=FOUNDER | ADMIN | MOD)
    for bit in (FOUNDER, ADMIN, BOT, MOD):
        assert await toggle(client, person, bit) == (400, error("This badge is not modifiable."))
    assert (await User.get(id=int(person.id))).badges == FOUNDER | ADMIN | MOD


async def test_unknown_bits_are_invalid_and_malformed_bodies_get_an_empty_400(client):
    person = await register(client)
    for bit in (0, 3, -16, 2**24, 2**40, 16.5):
        assert await toggle(client, person, bit) == (400, error("Invalid badge bit")), bit
    for body in ({}, {"bit": None}, {"bit": "16"}, {"bit": True}, {"bit": [16]}, [16], "16"):
        assert await call(client, "POST", PATH, body, token=person.token) == (400, ""), body
    response = await client.post(
        PATH, data=b"{not json", headers={"Authorization": person.token, "Content-Type": "application/json"}
    )
    assert response.status_code == 400  # the kernel's own answer to a body that is not JSON


async def test_only_signed_in_users_not_bots(client):
    assert await call(client, "POST", PATH, {"bit": PALESTINE}) == (401, error("No token provided."))
    bot = await User.create(username="badgebot", tag="b0t4", bot=True, badges=BOT)
    _, token = await create_session(bot)
    assert await call(client, "POST", PATH, {"bit": PALESTINE}, token=token) == (
        401,
        error("Bots are not allowed to use this route."),
    )
    assert (await User.get(id=bot.id)).badges == BOT


async def test_a_moderator_taking_a_hidden_badge_away_removes_it_from_the_inventory(client):
    person = await register(client)
    await User.filter(id=int(person.id)).update(badges=SUPPORTER)
    assert await toggle(client, person, SUPPORTER) == (200, {"badges": 0})
    from plugins.accounts.plugin import moderation_edit_inventory, moderation_user_inventory

    items = await moderation_user_inventory(user_id=int(person.id))
    assert [item["itemId"] for item in items] == [str(SUPPORTER)]
    changes = await moderation_edit_inventory(user_id=int(person.id), added=[], removed_ids=[items[0]["id"]])
    assert changes == {"added": [], "removed": [SUPPORTER]}
    assert (await BadgeStash.get(user_id=int(person.id))).badges == 0
    assert await toggle(client, person, SUPPORTER) == (400, error("You do not own this badge."))


async def test_deleting_the_account_forgets_hidden_badges(client):
    person = await register(client)
    await User.filter(id=int(person.id)).update(badges=SUPPORTER)
    assert await toggle(client, person, SUPPORTER) == (200, {"badges": 0})
    status, body = await call(
        client, "DELETE", "/api/users/delete-account", {"password": person.password}, token=person.token
    )
    assert status == 200, body
    assert not await BadgeStash.filter(user_id=int(person.id)).exists()


async def test_toggling_sends_no_socket_event_to_anyone(live_client, sockets):
    place = await community(live_client)
    person = await join(live_client, place)
    await User.filter(id=int(person.id)).update(badges=SUPPORTER)
    mine, other_tab_of_owner = await sockets(person.token), await sockets(place.owner.token)
    await mine.wait_for("user:authenticated")
    await other_tab_of_owner.wait_for("user:authenticated")

    assert await toggle(live_client, person, SUPPORTER) == (200, {"badges": 0})
    await ping(live_client, person, mine)
    await ping(live_client, place.owner, other_tab_of_owner)
    # The pings' own user:updatedSelf and user:updated are the only ones; none carries the badges.
    assert len(mine.received("user:updatedSelf")) == 1
    assert not any("badges" in event for event in mine.received("user:updatedSelf"))
    assert not any("badges" in (event.get("updated") or event) for event in other_tab_of_owner.received("user:updated"))
    assert not any("badges" in event for event in other_tab_of_owner.received("user:updatedSelf"))


async def test_toggling_allows_fifteen_calls_per_twenty_seconds(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        limited = app.test_client()
        person = await register(limited)
        for _ in range(15):
            status, _ = await toggle(limited, person, PALESTINE)
            assert status == 200
        status, body = await toggle(limited, person, PALESTINE)
        assert status == 429 and body["message"] == "Slow down!" and 0 < body["ttl"] <= 20_000
