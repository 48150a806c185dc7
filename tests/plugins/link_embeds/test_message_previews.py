"""Messages get their link preview after they are sent (rest.md §3.7–3.8, realtime.md §5.5):
stored on the message and announced as ``message:updated {channelId, messageId, updated:{embed}}``
to exactly those who can see the channel."""

import asyncio

import pytest

from tests.plugins.messages.helpers import dm_pair, member, open_dm, sent
from tests.plugins.servers.helpers import community, join, ok, private_channel, role_with
from tests.plugins.webhooks.helpers import execute, execute_path, make_webhook


@pytest.fixture
def settings(base_settings):
    # The test web server listens on 127.0.0.1, a private address. Only the plugins these
    # tests use are enabled.
    return base_settings.with_overrides(
        {
            "fetch.allow_private_networks": True,
            "plugins.enabled": ["accounts", "friends", "messages", "inbox", "servers", "webhooks", "link_embeds"],
        }
    )


async def settle(quart_app):
    """Wait until every background preview job of the app has finished."""
    while quart_app.background_tasks:
        await asyncio.gather(*list(quart_app.background_tasks))


async def stored(client, person, channel_id, message_id):
    message = await ok(client, "GET", f"/api/channels/{channel_id}/messages/{message_id}", token=person.token)
    return message["embed"]


def updates(probe, message_id):
    return [d for d in probe.received("message:updated") if d["messageId"] == message_id]


async def test_a_dm_message_gets_its_preview_and_both_users_hear_of_it_but_nobody_else(
    live_server, live_client, sockets, site
):
    alice, bob, channel_id = await dm_pair(live_client)
    carol = await member()
    await open_dm(live_client, carol, alice)
    alice_socket, bob_socket, carol_socket = (
        await sockets(alice.token),
        await sockets(bob.token),
        await sockets(carol.token),
    )
    message = await sent(live_client, alice, channel_id, f"read this: {site.url('/og')} !")
    assert message["embed"] is None  # the send does not wait for the fetch

    expected = {
        "channelId": channel_id,
        "messageId": message["id"],
        "updated": {
            "embed": {
                "type": "article",
                "title": "Hearth & friends",
                "description": "A place to talk.",
                "siteName": "Hearth Blog",
                "url": site.url("/og?canonical=1"),
                "origUrl": site.url("/og"),
                "domain": "127.0.0.1",
                "imageUrl": site.url("/wide.png"),
                "imageWidth": 640,
                "imageHeight": 320,
                "imageMime": "image/png",
                "animated": False,
            }
        },
    }
    assert await alice_socket.wait_for("message:updated") == expected
    assert await bob_socket.wait_for("message:updated") == expected
    await settle(live_server.app.quart)
    assert carol_socket.received("message:updated") == []
    assert await stored(live_client, bob, channel_id, message["id"]) == expected["updated"]["embed"]
    history = await ok(live_client, "GET", f"/api/channels/{channel_id}/messages", token=bob.token)
    assert history[-1]["embed"] == expected["updated"]["embed"]


async def test_a_private_channel_preview_reaches_only_those_who_can_view_it(live_server, live_client, sockets, site):
    place = await community(live_client)
    staff = await private_channel(live_client, place)
    insider, outsider = await join(live_client, place), await join(live_client, place)
    role = await role_with(live_client, place, 0, insider)
    await ok(
        live_client,
        "POST",
        f"/api/servers/{place.id}/channels/{staff}/permissions/{role}",
        {"permissions": 3},
        place.owner.token,
    )
    stranger = await member()
    probes = {
        name: await sockets(person.token)
        for name, person in (
            ("owner", place.owner),
            ("insider", insider),
            ("outsider", outsider),
            ("stranger", stranger),
        )
    }

    message = await sent(live_client, place.owner, staff, site.url("/card"))
    for name in ("owner", "insider"):
        update = await probes[name].wait_for("message:updated")
        assert update["channelId"] == staff and update["messageId"] == message["id"]
        assert update["updated"]["embed"]["largeImage"] is True
    await settle(live_server.app.quart)
    # and a preview in #general reaches the outsider: everything before it has arrived
    public = await sent(live_client, place.owner, place.general, site.url("/plain"))
    assert (await probes["outsider"].wait_for("message:updated"))["messageId"] == public["id"]
    await settle(live_server.app.quart)
    assert updates(probes["outsider"], message["id"]) == []
    assert probes["stranger"].received("message:updated") == []


async def test_a_direct_image_link_becomes_an_image_embed(app, client, site):
    alice, bob, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, site.url("/moving.gif"))
    await settle(app)
    assert await stored(client, bob, channel_id, message["id"]) == {
        "type": "image",
        "imageUrl": site.url("/moving.gif"),
        "imageWidth": 30,
        "imageHeight": 20,
        "imageMime": "image/gif",
        "animated": True,
    }


async def test_only_the_first_link_is_fetched(app, client, site):
    alice, _, channel_id = await dm_pair(client)
    message = await sent(client, alice, channel_id, f"{site.url('/second')} {site.url('/og')} {site.url('/card')}")
    await settle(app)
    assert (await stored(client, alice, channel_id, message["id"]))["title"] == "The second page"
    assert site.hits == {"/second": 1}


@pytest.mark.parametrize("path", ["/json", "/huge", "/no-tags", "/missing"])
async def test_links_without_a_preview_leave_the_embed_null_and_send_no_update(
    live_server, live_client, sockets, site, path
):
    alice, bob, channel_id = await dm_pair(live_client)
    bob_socket = await sockets(bob.token)
    message = await sent(live_client, alice, channel_id, site.url(path))
    await settle(live_server.app.quart)
    assert site.hits == {path: 1}
    assert await stored(live_client, alice, channel_id, message["id"]) is None
    await sent(live_client, alice, channel_id, "barrier")
    await bob_socket.wait_for("message:created", count=2)
    assert bob_socket.received("message:updated") == []


async def test_editing_to_another_link_replaces_the_preview_and_removing_it_clears_it(
    live_server, live_client, sockets, site
):
    alice, bob, channel_id = await dm_pair(live_client)
    bob_socket = await sockets(bob.token)
    message = await sent(live_client, alice, channel_id, f"see {site.url('/og')}")
    await bob_socket.wait_for("message:updated")
    path = f"/api/channels/{channel_id}/messages/{message['id']}"

    # the same first link: no new fetch, the preview stays
    edited = await ok(live_client, "PATCH", path, {"content": f"look at {site.url('/og')}"}, alice.token)
    assert edited["embed"]["title"] == "Hearth & friends"
    await settle(live_server.app.quart)
    assert site.hits["/og"] == 1

    await ok(live_client, "PATCH", path, {"content": f"no, {site.url('/second')}"}, alice.token)
    replaced = await bob_socket.wait_for("message:updated", count=4)
    assert replaced == {
        "channelId": channel_id,
        "messageId": message["id"],
        "updated": {
            "embed": {
                "type": "website",
                "title": "The second page",
                "url": site.url("/second"),
                "origUrl": site.url("/second"),
                "domain": "127.0.0.1",
            }
        },
    }

    await ok(live_client, "PATCH", path, {"content": "never mind"}, alice.token)
    cleared = await bob_socket.wait_for("message:updated", count=6)
    assert cleared == {"channelId": channel_id, "messageId": message["id"], "updated": {"embed": None}}
    assert await stored(live_client, alice, channel_id, message["id"]) is None


async def test_a_message_deleted_before_its_preview_arrives_gets_nothing(live_server, live_client, sockets, site):
    alice, bob, channel_id = await dm_pair(live_client)
    bob_socket = await sockets(bob.token)
    message = await sent(live_client, alice, channel_id, site.url("/slow"))
    await ok(live_client, "DELETE", f"/api/channels/{channel_id}/messages/{message['id']}", token=alice.token)
    await settle(live_server.app.quart)
    assert site.hits["/slow"] == 1
    assert bob_socket.received("message:updated") == []


async def test_the_send_answers_before_a_slow_page_does(app, client, site):
    alice, _, channel_id = await dm_pair(client)
    loop = asyncio.get_running_loop()
    started = loop.time()
    message = await sent(client, alice, channel_id, site.url("/slow"))
    assert loop.time() - started < 1.5 and message["embed"] is None
    await settle(app)
    assert (await stored(client, alice, channel_id, message["id"]))["title"] == "Hearth & friends"


async def test_private_addresses_are_refused_by_default(make_app, site):
    quart_app = make_app(**{"fetch.allow_private_networks": False})
    async with quart_app.test_app():
        client = quart_app.test_client()
        alice, _, channel_id = await dm_pair(client)
        message = await sent(client, alice, channel_id, site.url("/og"))
        await settle(quart_app)
        assert await stored(client, alice, channel_id, message["id"]) is None
    assert site.hits == {}


async def test_a_slow_page_is_given_up_after_the_time_limit(make_app, site):
    quart_app = make_app(**{"fetch.allow_private_networks": True, "link_embeds.timeout_seconds": 0.5})
    async with quart_app.test_app():
        client = quart_app.test_client()
        alice, _, channel_id = await dm_pair(client)
        message = await sent(client, alice, channel_id, site.url("/slow"))
        started = asyncio.get_running_loop().time()
        await settle(quart_app)
        assert asyncio.get_running_loop().time() - started < 2
        assert await stored(client, alice, channel_id, message["id"]) is None


async def test_each_author_has_a_bounded_number_of_fetches(make_app, site):
    quart_app = make_app(**{"fetch.allow_private_networks": True, "link_embeds.fetches_per_user_per_minute": 2})
    async with quart_app.test_app():
        client = quart_app.test_client()
        alice, bob, channel_id = await dm_pair(client)
        first = [await sent(client, alice, channel_id, site.url(f"/og?n={n}")) for n in range(3)]
        other = await sent(client, bob, channel_id, site.url("/og?n=bob"))
        await settle(quart_app)
        embeds = [await stored(client, alice, channel_id, m["id"]) for m in [*first, other]]
        assert [e is not None for e in embeds] == [True, True, False, True]
        # a link fetched a moment ago costs nothing
        again = await sent(client, alice, channel_id, site.url("/og?n=bob"))
        await settle(quart_app)
        assert (await stored(client, alice, channel_id, again["id"]))["title"] == "Hearth & friends"


async def test_the_same_link_is_fetched_once_for_many_messages(app, client, site):
    alice, bob, channel_id = await dm_pair(client)
    for person in (alice, bob, alice):
        await sent(client, person, channel_id, site.url("/plain"))
        await settle(app)
    assert site.hits == {"/plain": 1}


async def test_a_webhook_message_gets_its_preview_too(app, client, site):
    place = await community(client)
    webhook = await make_webhook(client, place)
    status, message = await execute(client, await execute_path(client, place, webhook), {"content": site.url("/og")})
    assert status == 200, message
    await settle(app)
    embed = await stored(client, place.owner, place.general, message["id"])
    assert embed is not None and embed["title"] == "Hearth & friends"
