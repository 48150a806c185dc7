"""Explore (rest.md §6.1–6.6): publish, list, get, join, unpublish, bump."""

from datetime import UTC, datetime, timedelta

import pytest

from plugins.explore import service
from plugins.explore.models import ExploreItem
from plugins.explore.service import week_start
from plugins.servers.models import Server
from tests.plugins.messages.helpers import error, member, sent
from tests.plugins.moderation.helpers import pw, staff
from tests.plugins.servers.helpers import community, join, ok, role_with
from tests.support import call


async def publish(client, place, description="A cosy place"):
    return await ok(client, "POST", f"/api/explore/servers/{place.id}", {"description": description}, place.owner.token)


async def age(item_id, hours=4, **extra):
    """Move a listing's last bump into the past (the cooldown is 3 h) by the plugin's clock."""
    moment = service.now() - timedelta(hours=hours)
    await ExploreItem.filter(id=int(item_id)).update(bumped_at=moment, **extra)


@pytest.fixture
def midweek(monkeypatch):
    """The plugin's clock, running, from this week's Wednesday noon: a bump aged a few hours stays
    in its week whenever the suite runs (early on a Monday it would fall into last week, whose
    count starts again at 0, and a bump just before Monday 00:00 would still be cooling down)."""
    shift = week_start() + timedelta(days=2, hours=12) - datetime.now(UTC)
    monkeypatch.setattr(service, "now", lambda: datetime.now(UTC) + shift)


# --- publish (§6.3) ---------------------------------------------------------------------------


async def test_the_owner_publishes_and_members_hear_the_server_is_public(live_client, sockets):
    place = await community(live_client)
    person = await join(live_client, place)
    outsider = await member()
    member_socket, outsider_socket = await sockets(person.token), await sockets(outsider.token)
    item = await publish(live_client, place)
    assert set(item) == {
        "id",
        "type",
        "serverId",
        "botApplicationId",
        "botPermissions",
        "description",
        "bumpCount",
        "bumpedAt",
        "lifetimeBumpCount",
        "pinnedAt",
        "createdAt",
    }
    assert (
        item["type"],
        item["serverId"],
        item["description"],
        item["bumpCount"],
        item["lifetimeBumpCount"],
        item["botApplicationId"],
        item["pinnedAt"],
    ) == (0, place.id, "A cosy place", 1, 1, None, None)
    assert await member_socket.wait_for("server:updated") == {"serverId": place.id, "updated": {"public": True}}
    assert (await Server.get(id=int(place.id))).public is True
    again = await publish(live_client, place, "Even cosier")
    assert again["id"] == item["id"] and again["description"] == "Even cosier" and again["bumpCount"] == 1
    assert await ExploreItem.all().count() == 1
    await member_socket.wait_for("server:updated", count=2)
    assert outsider_socket.received("server:updated") == []


async def test_publish_checks_the_description(client):
    place = await community(client)
    path = f"/api/explore/servers/{place.id}"
    for body, message in (
        ({}, "Description must be a string!"),
        ({"description": 5}, "Description must be a string!"),
        ({"description": ""}, "Description length must be between 1 and 150 characters."),
        ({"description": "x" * 151}, "Description length must be between 1 and 150 characters."),
    ):
        assert await call(client, "POST", path, body, token=place.owner.token) == (400, error(message, "description"))
    assert await ExploreItem.all().count() == 0
    assert (await Server.get(id=int(place.id))).public is False


async def test_only_the_owner_publishes_even_admins_are_refused(client):
    place = await community(client)
    admin, person, outsider = await join(client, place), await join(client, place), await member()
    await role_with(client, place, 1, admin)
    path = f"/api/explore/servers/{place.id}"
    body = {"description": "ours"}
    assert await call(client, "POST", path, body, token=admin.token) == (
        401,
        error("Only the server creator modify this."),
    )
    assert await call(client, "POST", path, body, token=person.token) == (
        401,
        error("Only the server creator modify this."),
    )
    assert await call(client, "POST", path, body, token=outsider.token) == (
        403,
        error("Server member is not in this server."),
    )
    assert await call(client, "POST", "/api/explore/servers/123", body, token=outsider.token) == (
        403,
        error("Server does not exist."),
    )
    assert await call(client, "POST", path, body) == (401, error("No token provided."))
    assert await ExploreItem.all().count() == 0


# --- get (§6.2) -------------------------------------------------------------------------------


async def test_get_gives_the_listing_with_its_server(client):
    place = await community(client)
    await join(client, place)
    item = await publish(client, place)
    viewer = await member()
    got = await ok(client, "GET", f"/api/explore/servers/{place.id}", token=viewer.token)
    assert {k: got[k] for k in item} == item
    assert got["botApplication"] is None
    assert got["server"]["id"] == place.id and got["server"]["name"] == "Hearthside"
    assert got["server"]["public"] is True and got["server"]["_count"]["serverMembers"] == 2
    unpublished = await community(client, "Hidden")
    for server_id in (unpublished.id, "nope", "9" * 30):
        assert await call(client, "GET", f"/api/explore/servers/{server_id}", token=viewer.token) == (
            400,
            error("Server not found."),
        )
    assert await call(client, "GET", f"/api/explore/servers/{place.id}") == (401, error("No token provided."))


# --- list (§6.1) ------------------------------------------------------------------------------


async def _three(client):
    """Three listings: small (published first), big (3 members, verified), busy (2 members)."""
    small, big, busy = (
        await community(client, "Small"),
        await community(client, "Big Room"),
        await community(client, "Busy"),
    )
    for place in (big, big, busy):
        await join(client, place)
    items = {}
    for place, text in ((small, "tiny corner"), (big, "the big one"), (busy, "always chatting")):
        items[place.server["name"]] = await publish(client, place, text)
    await Server.filter(id=int(big.id)).update(verified=True)
    return small, big, busy, items


def names(listing):
    return [entry["server"]["name"] for entry in listing]


@pytest.mark.usefixtures("midweek")
async def test_list_sorts_filters_and_searches(client):
    small, big, busy, items = await _three(client)
    viewer = await member()

    async def listing(query=""):
        return await ok(client, "GET", f"/api/explore{query}", token=viewer.token)

    everything = await listing()
    assert names(everything) == ["Small", "Big Room", "Busy"]
    first = everything[1]
    assert first["server"]["createdBy"] == {"id": big.owner.id, "username": big.owner.username, "tag": big.owner.tag}
    assert first["server"]["_count"]["serverMembers"] == 3 and first["server"]["verified"] is True
    assert first["description"] == "the big one" and "clan" in first["server"]
    assert names(await listing("?sort=most_members")) == ["Big Room", "Busy", "Small"]
    assert names(await listing("?sort=recently_added")) == ["Busy", "Big Room", "Small"]
    await age(items["Small"]["id"], hours=1)
    await age(items["Busy"]["id"], hours=2)
    assert names(await listing("?sort=recently_bumped")) == ["Big Room", "Small", "Busy"]
    await ExploreItem.filter(id=int(items["Busy"]["id"])).update(bump_count=4)
    assert names(await listing("?sort=most_bumps")) == ["Busy", "Big Room", "Small"]
    assert names(await listing("?filter=verified")) == ["Big Room"]
    assert names(await listing("?filter=all&sort=most_members")) == ["Big Room", "Busy", "Small"]
    assert await listing("?filter=pinned") == []
    await ExploreItem.filter(id=int(items["Busy"]["id"])).update(pinned_at=datetime.now(UTC))
    assert names(await listing("?filter=pinned")) == ["Busy"]
    assert names(await listing("?sort=pinned_at")) == ["Busy", "Small", "Big Room"]
    assert await listing("?filter=clans") == []  # no plugin gives servers clans yet
    assert names(await listing("?search=BIG")) == ["Big Room"]
    assert names(await listing("?search=chatting")) == ["Busy"]
    assert names(await listing("?search=%20%20")) == ["Small", "Big Room", "Busy"]
    assert await listing("?search=nothing-like-this") == []
    assert await listing("?type=bot") == []  # bot listings belong to the applications plugin (§6.7–6.8)
    assert await call(client, "GET", "/api/explore") == (401, error("No token provided."))


async def test_list_pages_with_after_id_in_every_sort(client):
    places = [await community(client, f"Place {n}") for n in range(5)]
    for n, place in enumerate(places):
        for _ in range(n % 3):
            await join(client, place)
        await publish(client, place, f"number {n}")
    viewer = await member()
    for sort in ("", "most_members", "recently_added", "recently_bumped", "most_bumps", "pinned_at"):
        whole = names(await ok(client, "GET", f"/api/explore?sort={sort}", token=viewer.token))
        assert sorted(whole) == sorted(p.server["name"] for p in places), sort
        paged, after = [], None
        while True:
            query = f"/api/explore?sort={sort}&limit=2" + (f"&afterId={after}" if after else "")
            page = await ok(client, "GET", query, token=viewer.token)
            assert len(page) <= 2
            if not page:
                break
            paged += names(page)
            after = page[-1]["id"]
        assert paged == whole, sort
    assert len(await ok(client, "GET", "/api/explore?limit=500", token=viewer.token)) == 5
    assert len(await ok(client, "GET", "/api/explore?limit=zero", token=viewer.token)) == 5
    assert await ok(client, "GET", "/api/explore?afterId=12345", token=viewer.token) == []


async def test_most_active_ranks_by_messages_of_the_last_week_with_an_offset(client):
    quiet, chatty, some = (
        await community(client, "Quiet"),
        await community(client, "Chatty"),
        await community(client, "Some"),
    )
    for place in (quiet, chatty, some):
        await publish(client, place)
    for _ in range(3):
        await sent(client, chatty.owner, chatty.general, "hello")
    await sent(client, some.owner, some.general, "hi")
    viewer = await member()
    assert names(await ok(client, "GET", "/api/explore?sort=most_active", token=viewer.token)) == [
        "Chatty",
        "Some",
        "Quiet",
    ]
    assert names(await ok(client, "GET", "/api/explore?sort=most_active&limit=1&afterId=1", token=viewer.token)) == [
        "Some"
    ]
    assert names(await ok(client, "GET", "/api/explore?sort=most_active&afterId=3", token=viewer.token)) == []


async def test_servers_scheduled_for_deletion_are_not_listed(client):
    place, other = await community(client), await community(client, "Other")
    await publish(client, place)
    await publish(client, other)
    await Server.filter(id=int(place.id)).update(scheduled_for_deletion=datetime.now(UTC))
    assert names(await ok(client, "GET", "/api/explore", token=other.owner.token)) == ["Other"]
    assert names(await ok(client, "GET", "/api/explore?sort=most_active", token=other.owner.token)) == ["Other"]


# --- join (§6.4) ------------------------------------------------------------------------------


async def test_joining_a_public_server_runs_the_join_flow(live_client, sockets):
    place = await community(live_client)
    await publish(live_client, place)
    newcomer = await member()
    owner_socket, newcomer_socket = await sockets(place.owner.token), await sockets(newcomer.token)
    server = await ok(live_client, "POST", f"/api/explore/servers/{place.id}/join", token=newcomer.token)
    assert server["id"] == place.id and server["public"] is True and "customEmojis" in server
    assert (await owner_socket.wait_for("server:member_joined"))["member"]["userId"] == newcomer.id
    assert (await newcomer_socket.wait_for("server:joined"))["server"]["id"] == place.id
    assert (await owner_socket.wait_for("message:created"))["message"]["type"] == 1
    assert await call(live_client, "POST", f"/api/explore/servers/{place.id}/join", token=newcomer.token) == (
        400,
        error("You are already in this server."),
    )


async def test_only_public_servers_can_be_joined_and_bans_hold(client):
    place, hidden = await community(client), await community(client, "Hidden")
    await publish(client, place)
    person, banned = await member(), await join(client, place)
    await ok(client, "POST", f"/api/servers/{place.id}/bans/{banned.id}", token=place.owner.token)
    for server_id in (hidden.id, "nope"):
        assert await call(client, "POST", f"/api/explore/servers/{server_id}/join", token=person.token) == (
            400,
            error("Server is not public."),
        )
    assert await call(client, "POST", f"/api/explore/servers/{place.id}/join", token=banned.token) == (
        400,
        error("You are banned from this server"),
    )
    assert await call(client, "POST", f"/api/explore/servers/{place.id}/join") == (401, error("No token provided."))


# --- unpublish (§6.5) -------------------------------------------------------------------------


async def test_only_the_owner_unpublishes(live_client, sockets):
    place = await community(live_client)
    admin = await join(live_client, place)
    await role_with(live_client, place, 1, admin)
    item = await publish(live_client, place)
    outsider = await member()
    admin_socket, outsider_socket = await sockets(admin.token), await sockets(outsider.token)
    path = f"/api/explore/{item['id']}"
    assert await call(live_client, "DELETE", path, token=outsider.token) == (
        400,
        error("You do not have permission to delete this explore item."),
    )
    assert await call(live_client, "DELETE", path, token=admin.token) == (
        400,
        error("You do not have permission to delete this explore item."),
    )
    assert await call(live_client, "DELETE", "/api/explore/123", token=admin.token) == (400, error("Item not found."))
    assert await call(live_client, "DELETE", "/api/explore/nope", token=admin.token) == (400, error("Item not found."))
    assert await ok(live_client, "DELETE", path, token=place.owner.token) == {"result": True}
    assert await admin_socket.wait_for("server:updated") == {"serverId": place.id, "updated": {"public": False}}
    assert (await Server.get(id=int(place.id))).public is False
    assert outsider_socket.received("server:updated") == []
    assert await call(live_client, "GET", f"/api/explore/servers/{place.id}", token=admin.token) == (
        400,
        error("Server not found."),
    )
    assert await call(live_client, "DELETE", path, token=place.owner.token) == (400, error("Item not found."))


async def test_deleting_the_server_removes_its_listing(client):
    place = await community(client)
    await publish(client, place)
    await ok(client, "DELETE", f"/api/servers/{place.id}", token=place.owner.token)
    assert await ExploreItem.all().count() == 0


# --- bump (§6.6) ------------------------------------------------------------------------------


@pytest.mark.usefixtures("midweek")
async def test_members_bump_once_every_three_hours_with_a_system_message(live_client, sockets):
    place = await community(live_client)
    person = await join(live_client, place)
    item = await publish(live_client, place)
    path = f"/api/explore/{item['id']}/bump"
    assert await call(live_client, "POST", path, {}, token=person.token) == (
        400,
        error("Server was bumped too recently."),
    )
    await age(item["id"])
    owner_socket = await sockets(place.owner.token)
    bumped = await ok(live_client, "POST", path, {}, person.token)
    assert (bumped["bumpCount"], bumped["lifetimeBumpCount"]) == (2, 2)
    assert bumped["bumpedAt"] > item["bumpedAt"] and bumped["server"]["_count"]["serverMembers"] == 2
    message = (await owner_socket.wait_for("message:created"))["message"]
    assert message["type"] == 6 and message["createdBy"]["id"] == person.id and message["channelId"] == place.general
    assert await call(live_client, "POST", path, {}, token=place.owner.token) == (
        400,
        error("Server was bumped too recently."),
    )


@pytest.mark.usefixtures("midweek")
async def test_bump_refusals(client):
    place = await community(client)
    item = await publish(client, place)
    await age(item["id"])
    outsider = await member()
    path = f"/api/explore/{item['id']}/bump"
    assert await call(client, "POST", path, {}, token=outsider.token) == (
        400,
        error("You must be a member of the server to bump."),
    )
    assert await call(client, "POST", "/api/explore/123/bump", {}, token=outsider.token) == (
        400,
        error("Item not found."),
    )
    assert await call(client, "POST", path, {"token": 5}, token=place.owner.token) == (
        400,
        error("Invalid captcha! Please try again.", "token"),
    )
    assert await call(client, "POST", path, {}) == (401, error("No token provided."))
    assert (await ExploreItem.get(id=int(item["id"]))).lifetime_bump_count == 1


@pytest.mark.usefixtures("midweek")
async def test_bumps_need_the_captcha_when_the_instance_has_one(client, make_app):
    place = await community(client)
    item = await publish(client, place)
    await age(item["id"])
    app = make_app(**{"accounts.captcha_secret": "secret"})
    async with app.test_app():
        guarded = app.test_client()
        assert await call(guarded, "POST", f"/api/explore/{item['id']}/bump", {}, token=place.owner.token) == (
            403,
            error("Invalid captcha! Please try again.", "token"),
        )
    assert (await ExploreItem.get(id=int(item["id"]))).lifetime_bump_count == 1


@pytest.mark.usefixtures("midweek")
async def test_weekly_bump_counts_start_again_on_monday(client):
    place = await community(client)
    item = await publish(client, place)
    last_week = week_start() - timedelta(hours=1)
    await ExploreItem.filter(id=int(item["id"])).update(bumped_at=last_week, bump_count=7, lifetime_bump_count=9)
    listed = (await ok(client, "GET", "/api/explore", token=place.owner.token))[0]
    assert (listed["bumpCount"], listed["lifetimeBumpCount"]) == (0, 9)
    bumped = await ok(client, "POST", f"/api/explore/{item['id']}/bump", {}, place.owner.token)
    assert (bumped["bumpCount"], bumped["lifetimeBumpCount"]) == (1, 10)
    await age(item["id"], hours=4, bump_count=1)
    again = await ok(client, "POST", f"/api/explore/{item['id']}/bump", {}, place.owner.token)
    assert again["bumpCount"] == 2


def test_the_week_starts_on_monday_at_midnight_utc():
    sunday_night = datetime(2026, 11, 22, 23, 59, tzinfo=UTC)
    assert week_start(sunday_night) == datetime(2026, 11, 16, tzinfo=UTC)
    monday = datetime(2026, 11, 23, 0, 0, tzinfo=UTC)
    assert week_start(monday) == monday


async def test_a_shadow_banned_owner_cannot_publish(client):
    place = await community(client)
    admin = await staff(client)
    await ok(
        client, "POST", "/api/moderation/users/shadow-ban", pw(userIds=[place.owner.id], reason="spam"), admin.token
    )
    assert await call(
        client, "POST", f"/api/explore/servers/{place.id}", {"description": "x"}, token=place.owner.token
    ) == (403, error("Something went wrong. Try again later."))
    assert not await ExploreItem.exists()


# --- rate limits ------------------------------------------------------------------------------


async def test_rate_limits(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        client = app.test_client()
        place, other = await community(client), await community(client, "Other")
        for _ in range(15):
            await publish(client, place)
        status, body = await call(
            client, "POST", f"/api/explore/servers/{place.id}", {"description": "x"}, token=place.owner.token
        )
        assert status == 429 and body["message"] == "Slow down!" and body["ttl"] > 0
        await publish(client, other)
        joiner = await member()
        # Explore join shares `server_join` (3 / 60 s) with joining by invite.
        await ok(client, "POST", f"/api/explore/servers/{other.id}/join", token=joiner.token)
        for _ in range(2):
            assert (await call(client, "POST", f"/api/explore/servers/{other.id}/join", token=joiner.token))[0] == 400
        status, body = await call(client, "POST", "/api/servers/invites/whatever", token=joiner.token)
        assert status == 429 and body["ttl"] > 0


# --- the server of a custom emoji (§5) --------------------------------------------------------


async def _emoji(place, emoji_id=4242):
    from plugins.emojis.models import CustomEmoji

    await CustomEmoji.create(id=emoji_id, name="wave", server_id=int(place.id), uploaded_by_id=int(place.owner.id))
    return str(emoji_id)


async def test_an_emoji_leads_to_its_public_server(client):
    place, hidden = await community(client), await community(client, "Hidden")
    item = await publish(client, place)
    emoji, hidden_emoji = await _emoji(place), await _emoji(hidden, 4343)
    viewer = await member()
    found = await ok(client, "GET", f"/api/emojis/{emoji}/server", token=viewer.token)
    assert found["id"] == item["id"] and found["server"]["id"] == place.id and found["botApplication"] is None
    assert found["server"]["_count"]["serverMembers"] == 1
    assert await call(client, "GET", f"/api/emojis/{hidden_emoji}/server", token=viewer.token) == (
        400,
        error("Server not found."),
    )
    for emoji_id in ("1", "nope"):
        assert await call(client, "GET", f"/api/emojis/{emoji_id}/server", token=viewer.token) == (
            400,
            error("Emoji not found."),
        )
    assert await call(client, "GET", f"/api/emojis/{emoji}/server") == (401, error("No token provided."))


async def test_emoji_lookups_are_rate_limited(make_app):
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        client = app.test_client()
        person = await member()
        for _ in range(20):
            assert (await call(client, "GET", "/api/emojis/1/server", token=person.token))[0] == 400
        status, body = await call(client, "GET", "/api/emojis/1/server", token=person.token)
        assert status == 429 and body["ttl"] > 0
