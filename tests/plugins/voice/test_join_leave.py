"""Joining and leaving a call (rest.md §3.22–3.23): who may, what everyone hears, the
CALL_STARTED message, and what ends a call besides leaving."""

from core.identity.models import Account
from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import dm_pair, error, member
from tests.plugins.servers.helpers import join, ok, private_channel
from tests.plugins.voice.helpers import join_voice, joined, leave_voice, room, sid
from tests.support import call


async def test_joining_tells_the_channel_and_posts_call_started_once(live_client, sockets):
    r = await room(live_client, sockets, members=3)
    alice, bob, carol = r.people
    await joined(live_client, alice, r.channel, r.probe(alice))
    expected = {"channelId": r.channel, "userId": alice.id, "serverId": r.place.id}
    for person in (alice, bob, carol):
        assert await r.probe(person).wait_for("voice:user_joined") == expected
    started = await r.probe(bob).wait_for("message:created")
    assert started["message"]["type"] == 5 and started["message"]["createdBy"]["id"] == alice.id
    assert started["message"]["channelId"] == r.channel
    assert await r.probe(alice).wait_for("voice:session") == {"channelId": r.channel, "mode": "p2p"}

    await joined(live_client, bob, r.channel, r.probe(bob))
    assert await r.probe(carol).wait_for("voice:user_joined", count=2) == {
        "channelId": r.channel,
        "userId": bob.id,
        "serverId": r.place.id,
    }
    await ping(live_client, carol, r.probe(carol))
    assert [m["message"]["type"] for m in r.probe(carol).received("message:created")] == [5]  # not a second call

    status, body = await leave_voice(live_client, alice, r.channel)
    assert (status, body) == (200, {"success": True})
    assert await r.probe(carol).wait_for("voice:user_left") == {"userId": alice.id, "channelId": r.channel}
    assert await r.probe(alice).wait_for("voice:session", count=2) == {"channelId": None, "reason": "left"}


async def test_leave_answers_when_not_in_a_call_and_ignores_the_path_channel(live_client, sockets):
    r = await room(live_client, sockets)
    alice, bob = r.people
    assert await leave_voice(live_client, alice, r.channel) == (403, error("You're not in a call."))
    other = await ok(live_client, "POST", f"/api/servers/{r.place.id}/channels", {"name": "other"}, alice.token)
    await joined(live_client, alice, r.channel, r.probe(alice))
    assert await leave_voice(live_client, alice, other["id"]) == (200, {"success": True})
    assert await r.probe(bob).wait_for("voice:user_left") == {"userId": alice.id, "channelId": r.channel}
    assert await leave_voice(live_client, alice, "123") == (403, error("Channel does not exist."))


async def test_bad_socket_ids(live_client, sockets):
    r = await room(live_client, sockets)
    alice, bob = r.people
    path = f"/api/channels/{r.channel}/voice/join"
    assert await call(live_client, "POST", path, {}, token=alice.token) == (
        400,
        error("socketId is required", "socketId"),
    )
    assert await call(live_client, "POST", path, {"socketId": 12345}, token=alice.token) == (
        400,
        error("socketId must be a string", "socketId"),
    )
    assert await call(live_client, "POST", path, {"socketId": "ab"}, token=alice.token) == (
        400,
        error("socketId must be between 3 and 320 characters long.", "socketId"),
    )
    refused = (403, error("Invalid socketId or not connected to WebSocket."))
    assert await call(live_client, "POST", path, {"socketId": "not-a-socket"}, token=alice.token) == refused
    # someone else's socket
    assert await call(live_client, "POST", path, {"socketId": sid(r.probe(bob))}, token=alice.token) == refused
    # a socket that went away
    gone = await sockets(alice.token)
    gone_id = sid(gone)
    await gone.close()
    await ping(live_client, alice, r.probe(alice))
    assert await call(live_client, "POST", path, {"socketId": gone_id}, token=alice.token) == refused
    await ping(live_client, bob, r.probe(bob))
    assert r.probe(bob).received("voice:user_joined") == []


async def test_who_may_not_join(live_client, sockets):
    r = await room(live_client, sockets, members=3)
    owner, muted, plain = r.people
    outsider = await member()
    outsider_probe = await sockets(outsider.token)
    # not a member
    assert await join_voice(live_client, outsider, r.channel, outsider_probe) == (
        403,
        error("Server member is not in this server."),
    )
    # a private channel
    hidden = await private_channel(live_client, r.place)
    assert await join_voice(live_client, plain, hidden, r.probe(plain)) == (403, error("This channel is private."))
    # without JOIN_VOICE (the channel stays public and writable)
    await ok(
        live_client,
        "POST",
        f"/api/servers/{r.place.id}/channels/{r.channel}/permissions/{r.place.default_role}",
        {"permissions": 3},
        owner.token,
    )
    assert await join_voice(live_client, plain, r.channel, r.probe(plain)) == (
        403,
        error("You are not allowed to join voice in this channel."),
    )
    await joined(live_client, owner, r.channel, r.probe(owner))  # the owner passes every check
    await ok(
        live_client,
        "POST",
        f"/api/servers/{r.place.id}/channels/{r.channel}/permissions/{r.place.default_role}",
        {"permissions": 7},
        owner.token,
    )
    # muted in the server
    await ok(
        live_client, "POST", f"/api/servers/{r.place.id}/mutes/{muted.id}", {"expireAt": 4_000_000_000_000}, owner.token
    )
    assert await join_voice(live_client, muted, r.channel, r.probe(muted)) == (
        403,
        error("You are muted in this server."),
    )
    # an unconfirmed e-mail
    await Account.filter(user_id=int(plain.id)).update(email_confirmed=False)
    assert await join_voice(live_client, plain, r.channel, r.probe(plain)) == (
        400,
        error("You must confirm your email to join voice."),
    )
    # a category is not a call
    category = await ok(
        live_client, "POST", f"/api/servers/{r.place.id}/channels", {"name": "cat", "type": 2}, owner.token
    )
    assert await join_voice(live_client, owner, category["id"], r.probe(owner)) == (
        403,
        error("Cannot join voice channel."),
    )
    # none of them reached anyone
    await ping(live_client, outsider, outsider_probe)
    for person in (muted, plain):
        await ping(live_client, person, r.probe(person))
        assert [e["userId"] for e in r.probe(person).received("voice:user_joined")] == [owner.id]


async def test_a_private_channels_call_stays_inside_it(live_client, sockets):
    r = await room(live_client, sockets, members=2)
    owner, plain = r.people
    hidden = await private_channel(live_client, r.place)
    await joined(live_client, owner, hidden, r.probe(owner))
    assert (await r.probe(owner).wait_for("voice:user_joined"))["channelId"] == hidden
    await ping(live_client, plain, r.probe(plain))
    assert r.probe(plain).received("voice:user_joined") == []
    later = await sockets(plain.token)
    assert later.received("user:authenticated")[0]["voiceChannelUsers"] == []
    mine = await sockets(owner.token)
    assert mine.received("user:authenticated")[0]["voiceChannelUsers"] == [
        {"userId": owner.id, "channelId": hidden, "serverId": r.place.id}
    ]
    assert await leave_voice(live_client, owner, hidden) == (200, {"success": True})
    assert await r.probe(owner).wait_for("voice:user_left") == {"userId": owner.id, "channelId": hidden}
    await ping(live_client, plain, r.probe(plain))
    assert r.probe(plain).received("voice:user_left") == []


async def test_one_call_per_user_joining_another_leaves_the_first(live_client, sockets):
    r = await room(live_client, sockets)
    alice, bob = r.people
    other = await ok(live_client, "POST", f"/api/servers/{r.place.id}/channels", {"name": "other"}, alice.token)
    await joined(live_client, alice, r.channel, r.probe(alice))
    await joined(live_client, alice, other["id"], r.probe(alice))
    assert await r.probe(bob).wait_for("voice:user_left") == {"userId": alice.id, "channelId": r.channel}
    assert (await r.probe(bob).wait_for("voice:user_joined", count=2))["channelId"] == other["id"]
    fresh = await sockets(bob.token)
    assert fresh.received("user:authenticated")[0]["voiceChannelUsers"] == [
        {"userId": alice.id, "channelId": other["id"], "serverId": r.place.id}
    ]


async def test_a_dropped_socket_leaves_the_call_and_the_others_are_told(live_client, sockets):
    r = await room(live_client, sockets)
    alice, bob = r.people
    second = await sockets(alice.token)  # alice's other device stays connected
    await joined(live_client, alice, r.channel, r.probe(alice))
    await joined(live_client, bob, r.channel, r.probe(bob))
    await second.close()  # not the voice socket: nothing happens
    await ping(live_client, bob, r.probe(bob))
    assert r.probe(bob).received("voice:user_left") == []
    await r.probe(alice).close()
    assert await r.probe(bob).wait_for("voice:user_left") == {"userId": alice.id, "channelId": r.channel}
    fresh = await sockets(bob.token)
    assert fresh.received("user:authenticated")[0]["voiceChannelUsers"] == [
        {"userId": bob.id, "channelId": r.channel, "serverId": r.place.id}
    ]


async def test_rejoining_from_a_new_socket_keeps_one_call(live_client, sockets):
    """A reconnect (or a new login on the same device) joins the same call again: the others
    see the user leave and come back once, the call is not started twice, and the old socket
    is told it no longer holds the call."""
    r = await room(live_client, sockets)
    alice, bob = r.people
    await joined(live_client, alice, r.channel, r.probe(alice))
    await joined(live_client, bob, r.channel, r.probe(bob))
    relogin = (await call(live_client, "POST", "/api/users/login", {"email": alice.email, "password": alice.password}))[
        1
    ]
    again = await sockets(relogin["token"])
    await joined(live_client, alice, r.channel, again)
    assert await r.probe(alice).wait_for("voice:session", count=2) == {"channelId": None, "reason": "elsewhere"}
    assert await again.wait_for("voice:session") == {"channelId": r.channel, "mode": "p2p"}
    assert await r.probe(bob).wait_for("voice:user_left") == {"userId": alice.id, "channelId": r.channel}
    assert (await r.probe(bob).wait_for("voice:user_joined", count=3))["userId"] == alice.id
    await ping(live_client, bob, r.probe(bob))
    assert [m["message"]["type"] for m in r.probe(bob).received("message:created")] == [5]
    fresh = await sockets(bob.token)
    assert sorted(e["userId"] for e in fresh.received("user:authenticated")[0]["voiceChannelUsers"]) == sorted(
        [alice.id, bob.id]
    )
    await r.probe(alice).close()  # the old socket going away no longer ends alice's call
    await ping(live_client, bob, r.probe(bob))
    assert len(r.probe(bob).received("voice:user_left")) == 1


async def test_leaving_or_being_removed_from_the_server_leaves_its_call(live_client, sockets):
    r = await room(live_client, sockets, members=4)
    owner, leaver, kicked, stayer = r.people
    for person in (leaver, kicked, stayer):
        await joined(live_client, person, r.channel, r.probe(person))
    await ok(live_client, "POST", f"/api/servers/{r.place.id}/leave", token=leaver.token)
    assert await r.probe(stayer).wait_for("voice:user_left") == {"userId": leaver.id, "channelId": r.channel}
    assert await r.probe(leaver).wait_for("voice:user_left") == {"userId": leaver.id, "channelId": r.channel}
    await ok(live_client, "DELETE", f"/api/servers/{r.place.id}/members/{kicked.id}/kick", token=owner.token)
    assert (await r.probe(stayer).wait_for("voice:user_left", count=2))["userId"] == kicked.id
    assert await r.probe(kicked).wait_for("voice:session", count=2) == {"channelId": None, "reason": "removed"}
    # deleting the channel ends its call
    other = await ok(live_client, "POST", f"/api/servers/{r.place.id}/channels", {"name": "other"}, owner.token)
    await joined(live_client, stayer, other["id"], r.probe(stayer))
    await ok(live_client, "DELETE", f"/api/servers/{r.place.id}/channels/{other['id']}", token=owner.token)
    assert await r.probe(stayer).wait_for("voice:session", count=3) == {"channelId": None, "reason": "removed"}
    fresh = await sockets(owner.token)
    assert fresh.received("user:authenticated")[0]["voiceChannelUsers"] == []


async def test_a_new_member_learns_who_is_in_a_call(live_client, sockets):
    r = await room(live_client, sockets)
    alice, _ = r.people
    await joined(live_client, alice, r.channel, r.probe(alice))
    newcomer = await member()
    probe = await sockets(newcomer.token)
    await join(live_client, r.place, newcomer)
    assert (await probe.wait_for("server:joined"))["voiceChannelUsers"] == [
        {"userId": alice.id, "channelId": r.channel, "serverId": r.place.id}
    ]


async def test_dm_calls_reach_both_people_and_nobody_else(live_client, sockets):
    alice, bob, channel = await dm_pair(live_client)
    eve = await member()
    probes = {p.id: await sockets(p.token) for p in (alice, bob, eve)}
    await joined(live_client, alice, channel, probes[alice.id])
    for person in (alice, bob):
        assert await probes[person.id].wait_for("voice:user_joined") == {"channelId": channel, "userId": alice.id}
    assert (await probes[bob.id].wait_for("message:created"))["message"]["type"] == 5
    await ping(live_client, eve, probes[eve.id])
    assert probes[eve.id].received("voice:user_joined") == []
    assert await join_voice(live_client, eve, channel, probes[eve.id]) == (
        403,
        error("You are not a member of this channel."),
    )
    # closing the DM leaves its call
    await joined(live_client, bob, channel, probes[bob.id])
    assert (await call(live_client, "DELETE", f"/api/channels/{channel}", token=alice.token))[0] == 200
    assert await probes[bob.id].wait_for("voice:user_left") == {"userId": alice.id, "channelId": channel}


async def test_a_block_refuses_dm_calls_and_ends_the_current_one(live_client, sockets):
    alice, bob, channel = await dm_pair(live_client)
    probes = {p.id: await sockets(p.token) for p in (alice, bob)}
    await joined(live_client, alice, channel, probes[alice.id])
    await joined(live_client, bob, channel, probes[bob.id])
    assert (await call(live_client, "POST", f"/api/users/{bob.id}/block", token=alice.token))[0] == 200
    assert await probes[alice.id].wait_for("voice:session", count=2) == {"channelId": None, "reason": "removed"}
    assert await probes[bob.id].wait_for("voice:session", count=2) == {"channelId": None, "reason": "removed"}
    for person in (alice, bob):  # either side
        assert await join_voice(live_client, person, channel, probes[person.id]) == (
            403,
            error("Cannot join voice channel."),
        )


async def test_a_shadow_banned_user_seems_to_join_but_nobody_hears_of_it(live_client, sockets):
    from tests.plugins.moderation.helpers import pw, staff

    r = await room(live_client, sockets)
    alice, bob = r.people
    mod = await staff(live_client)
    await ok(live_client, "POST", "/api/moderation/users/shadow-ban", pw(userIds=[bob.id], reason="spam"), mod.token)
    await joined(live_client, bob, r.channel, r.probe(bob))  # rest.md §0.8: {success: true}, nothing happens
    await ping(live_client, alice, r.probe(alice))
    assert r.probe(alice).received("voice:user_joined") == []
    assert await leave_voice(live_client, bob, r.channel) == (403, error("You're not in a call."))


async def test_a_call_joined_while_a_socket_authenticates_is_never_missed(live_client, sockets, monkeypatch):
    """The servers plugin joins the channel rooms while the payload is built; a call joined before
    that join is announced to rooms the new socket is not in yet, so the call list must be read
    after it (it once was read concurrently, and such a socket saw nobody in the call)."""
    import asyncio

    from plugins.servers import payload

    r = await room(live_client, sockets)
    alice, bob = r.people
    reached, release = asyncio.Event(), asyncio.Event()
    original = payload.authenticated

    async def held(ctx):
        if ctx.user.id == int(bob.id):
            reached.set()
            await release.wait()
        return await original(ctx)

    monkeypatch.setattr(payload, "authenticated", held)
    probe = await sockets(bob.token, authenticate=False)
    await probe.client.emit("user:authenticate", {"token": bob.token})
    await asyncio.wait_for(reached.wait(), 10)
    await joined(live_client, alice, r.channel, r.probe(alice))
    await r.probe(alice).wait_for("voice:user_joined")
    release.set()
    authenticated = await probe.wait_for("user:authenticated")
    assert authenticated["voiceChannelUsers"] == [{"userId": alice.id, "channelId": r.channel, "serverId": r.place.id}]
