"""Passive delivery and the client's copies of channels: ``hearth:viewing`` says whether a channel
is summarised once left and whether some of its events were withheld since the socket last had it
open; ``hearth:summarised`` says which channels a change of settings made summarised or full."""

from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import sent
from tests.plugins.messages.passive_helpers import mentions_only, passive_socket, viewed
from tests.plugins.messages.test_passive import newest_summary, quiet_member, two_channels
from tests.plugins.servers.helpers import join, ok
from tests.support import call


async def test_viewing_says_whether_events_of_the_channel_were_withheld_since_it_was_open(live_client, sockets):
    place, first, second = await two_channels(live_client)
    alice = await quiet_member(live_client, place)
    passive = await passive_socket(sockets, alice, viewing=first)
    assert await viewed(passive, second) == {"channelId": second, "summarised": True, "missed": False}
    await viewed(passive, first)
    status, _ = await call(live_client, "POST", f"/api/channels/{second}/typing", token=place.owner.token)
    assert status == 204
    await ping(live_client, alice, passive)
    assert (await viewed(passive, second))["missed"] is False  # a typing indicator leaves nothing stale
    await viewed(passive, first)
    away = await sent(live_client, place.owner, second, "while away")
    await newest_summary(passive, away["id"])
    assert await viewed(passive, second) == {"channelId": second, "summarised": True, "missed": True}
    await viewed(passive, first)
    assert (await viewed(passive, second))["missed"] is False  # told once; nothing since
    assert await viewed(passive, None) == {"channelId": None, "summarised": False, "missed": False}


async def test_a_channel_delivered_in_full_is_never_missed(live_client, sockets):
    place, first, second = await two_channels(live_client)
    bob = await join(live_client, place)  # "all messages", the default
    passive = await passive_socket(sockets, bob, viewing=first)
    message = await sent(live_client, place.owner, second, "heard in full")
    await passive.wait_for("message:created")
    assert passive.received("message:created")[-1]["message"]["id"] == message["id"]
    assert await viewed(passive, second) == {"channelId": second, "summarised": False, "missed": False}


async def test_a_change_of_settings_tells_the_users_passive_sockets_which_channels_became_summarised(
    live_client, sockets
):
    place, first, second = await two_channels(live_client)
    alice, bob = await join(live_client, place), await join(live_client, place)
    mine, also_mine = (
        await passive_socket(sockets, alice, viewing=first),
        await passive_socket(sockets, alice),
    )
    protocol = await sockets(alice.token)
    bobs = await passive_socket(sockets, bob, viewing=first)

    sound_only = {"serverId": place.id, "notificationSoundMode": 1}  # nothing summarised changes
    await ok(live_client, "POST", "/api/users/notifications", sound_only, alice.token)
    await mentions_only(live_client, alice, place.id)
    expected = {"added": sorted([first, second]), "removed": []}
    assert await mine.wait_for("hearth:summarised") == expected
    assert await also_mine.wait_for("hearth:summarised") == expected

    full_again = {"serverId": place.id, "channelId": second, "notificationPingMode": 0}
    await ok(live_client, "POST", "/api/users/notifications", full_again, alice.token)
    assert await mine.wait_for("hearth:summarised", count=2) == {"added": [], "removed": [second]}
    await ping(live_client, alice, mine, protocol)
    await ping(live_client, bob, bobs)
    assert len(mine.received("hearth:summarised")) == 2  # the sound change told nothing
    assert protocol.received("hearth:summarised") == []
    assert bobs.received("hearth:summarised") == []
