"""Voice without its optional plugins: without servers only DM calls, without inbox only server
channel calls, and without friends (so without blocks) a DM call — and its ringing — is allowed
exactly between people whom the DM privacy settings let message each other."""

from __future__ import annotations

from tests.plugins.accounts.helpers import ping
from tests.plugins.inbox.test_privacy import set_dm_status
from tests.plugins.messages.helpers import dm_pair, error, member, open_dm
from tests.plugins.servers.helpers import community, join
from tests.plugins.voice.helpers import join_voice, joined, leave_voice
from tests.support import call


async def enabled_plugins(client):
    return {p["id"] for p in (await call(client, "GET", "/api/plugins"))[1]["plugins"]}


async def test_without_servers_dm_calls_work(live_without):
    live = await live_without("servers")
    client = live.client
    assert "voice" in await enabled_plugins(client) and "servers" not in await enabled_plugins(client)
    alice, bob, channel = await dm_pair(client)
    eve = await member()
    probes = {p.id: await live.socket(p.token) for p in (alice, bob, eve)}
    await joined(client, alice, channel, probes[alice.id])
    for person in (alice, bob):  # bob's client rings
        assert await probes[person.id].wait_for("voice:user_joined") == {"channelId": channel, "userId": alice.id}
    assert (await probes[bob.id].wait_for("message:created"))["message"]["type"] == 5  # CALL_STARTED
    assert await probes[alice.id].wait_for("voice:session") == {"channelId": channel, "mode": "p2p"}
    await ping(client, eve, probes[eve.id])
    assert probes[eve.id].received("voice:user_joined") == []

    # a socket opened now is told who is in the calls of the DMs open in its inbox
    late = await live.socket(alice.token)
    assert late.received("user:authenticated")[0]["voiceChannelUsers"] == [{"channelId": channel, "userId": alice.id}]
    assert await leave_voice(client, alice, channel) == (200, {"success": True})
    assert await probes[bob.id].wait_for("voice:user_left") == {"userId": alice.id, "channelId": channel}


async def test_without_inbox_server_channel_calls_work(live_without):
    live = await live_without("inbox")
    client = live.client
    assert "voice" in await enabled_plugins(client) and "inbox" not in await enabled_plugins(client)
    place = await community(client)
    bob = await join(client, place)
    outsider = await member()
    probes = {p.id: await live.socket(p.token) for p in (place.owner, bob, outsider)}
    await joined(client, place.owner, place.general, probes[place.owner.id])
    expected = {"channelId": place.general, "userId": place.owner.id, "serverId": place.id}
    assert await probes[bob.id].wait_for("voice:user_joined") == expected
    assert (await probes[bob.id].wait_for("message:created"))["message"]["type"] == 5
    await ping(client, outsider, probes[outsider.id])
    assert probes[outsider.id].received("voice:user_joined") == []
    # direct messages are gone: no DM to call in
    assert (await call(client, "POST", f"/api/users/{bob.id}/open-channel", token=place.owner.token))[0] == 404

    late = await live.socket(bob.token)
    assert late.received("user:authenticated")[0]["voiceChannelUsers"] == [expected]
    await joined(client, bob, place.general, probes[bob.id])
    assert await leave_voice(client, place.owner, place.general) == (200, {"success": True})
    assert await probes[bob.id].wait_for("voice:user_left") == {"userId": place.owner.id, "channelId": place.general}


async def test_without_friends_dm_privacy_decides_who_may_call(live_without):
    live = await live_without("friends")
    client = live.client
    alice, bob, channel = await dm_pair(client)
    probes = {p.id: await live.socket(p.token) for p in (alice, bob)}
    assert (await call(client, "POST", f"/api/users/{bob.id}/block", token=alice.token))[0] == 404  # no blocks

    # bob lets nobody message him ("friends only" with no friends): alice cannot call, bob hears nothing
    await set_dm_status(bob, 2)
    refused = (403, error("Cannot join voice channel."))
    assert await join_voice(client, alice, channel, probes[alice.id]) == refused
    assert await join_voice(client, bob, channel, probes[bob.id]) == refused  # nor may he call her
    await ping(client, bob, probes[bob.id])
    assert probes[bob.id].received("voice:user_joined") == []

    # open DMs: the call rings
    await set_dm_status(bob, 0)
    await joined(client, alice, channel, probes[alice.id])
    assert await probes[bob.id].wait_for("voice:user_joined") == {"channelId": channel, "userId": alice.id}
    await joined(client, bob, channel, probes[bob.id])


async def test_without_friends_a_shared_server_lets_friends_and_servers_call(live_without):
    live = await live_without("friends")
    client = live.client
    place = await community(client)
    bob, stranger = await join(client, place), await member()
    await set_dm_status(bob, 1)  # friends and servers: people sharing a server may message him
    shared = await open_dm(client, place.owner, bob)
    probes = {p.id: await live.socket(p.token) for p in (place.owner, bob, stranger)}
    await joined(client, place.owner, shared, probes[place.owner.id])
    assert await probes[bob.id].wait_for("voice:user_joined") == {"channelId": shared, "userId": place.owner.id}
    strangers = await open_dm(client, stranger, bob)
    assert await join_voice(client, stranger, strangers, probes[stranger.id]) == (
        403,
        error("Cannot join voice channel."),
    )
