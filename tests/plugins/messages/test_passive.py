"""Passive delivery (``features: ["passive"]``, ``hearth:view``): full message events only for the
channel a socket has open, DMs and messages that name its user; a summary for the others."""

import asyncio

from tests.plugins.accounts.helpers import ping
from tests.plugins.messages.helpers import dm_pair, sent
from tests.plugins.messages.passive_helpers import client_view, full_messages, mentions_only, passive_socket, view
from tests.plugins.servers.helpers import community, join, ok, private_channel, role_with
from tests.support import call


async def two_channels(client):
    place = await community(client)
    other = await ok(client, "POST", f"/api/servers/{place.id}/channels", {"name": "second"}, place.owner.token)
    return place, place.general, other["id"]


async def quiet_member(client, place):
    """A member whose server notifies them of mentions only: what they do not have open is summarised."""
    person = await join(client, place)
    await mentions_only(client, person, place.id)
    return person


async def newest_summary(probe, message_id):
    """Summaries arrive at most once a second per channel: wait for the one naming this message."""

    async def until():
        while not any(s["message"]["id"] == message_id for s in probe.received("hearth:activity")):
            probe._arrived.clear()
            await probe._arrived.wait()

    await asyncio.wait_for(until(), 15)


async def test_a_passive_socket_hears_the_open_channel_in_full_and_a_summary_of_the_others(live_client, sockets):
    place, first, second = await two_channels(live_client)
    alice = await quiet_member(live_client, place)
    passive = await passive_socket(sockets, alice, viewing=first)
    protocol = await sockets(alice.token)  # the same person, a client that did not opt in

    in_first = await sent(live_client, place.owner, first, "on screen")
    plain = [await sent(live_client, place.owner, second, f"elsewhere {n}") for n in range(3)]
    await newest_summary(passive, plain[-1]["id"])
    await ping(live_client, alice, passive, protocol)

    assert [m["id"] for m in full_messages(passive, first)] == [in_first["id"]]
    assert full_messages(passive, second) == []
    summaries = passive.received("hearth:activity")
    assert {s["channelId"] for s in summaries} == {second}
    assert all(s["serverId"] == place.id for s in summaries)
    assert sum(s["count"] for s in summaries) == 3  # every message is accounted for once
    assert summaries[-1]["message"]["content"] == "elsewhere 2"
    ids = [int(s["message"]["id"]) for s in summaries]
    assert ids == sorted(ids)
    assert [m["id"] for m in full_messages(protocol, second)] == [m["id"] for m in plain]
    assert protocol.received("hearth:activity") == []


async def test_unread_and_mention_counts_of_a_passive_socket_match_an_active_one(live_client, sockets):
    place, first, second = await two_channels(live_client)
    alice = await quiet_member(live_client, place)
    role = await role_with(live_client, place, 0, alice)
    passive = await passive_socket(sockets, alice, viewing=first)
    active = await sockets(alice.token)
    bob = await join(live_client, place)

    traffic = [
        ("plain", place.owner),
        (f"[@:{alice.id}] named", place.owner),
        ("[@:e] everyone", place.owner),
        (f"[r:{role}] a role", place.owner),
        (f"[@:{bob.id}] someone else", place.owner),
        ("plain again", bob),
    ]
    last = None
    for content, author in traffic:
        last = await sent(live_client, author, second, content)
    await newest_summary(passive, last["id"])
    await ping(live_client, alice, passive, active)

    mine = client_view(passive, alice.id, (role,))
    theirs = client_view(active, alice.id, (role,))
    assert mine[second] == theirs[second] == {"lastMessagedAt": last["createdAt"], "mentions": 3}
    named = {m["content"] for m in full_messages(passive, second)}
    assert named == {f"[@:{alice.id}] named", "[@:e] everyone", f"[r:{role}] a role"}

    fresh = await sockets(alice.token)  # the server's own counters agree
    counters = fresh.received("user:authenticated")[0]["messageMentions"]
    assert [m["count"] for m in counters if m["channelId"] == second] == [3]


async def test_other_message_events_of_channels_not_open_are_not_sent_to_a_passive_socket(live_client, sockets):
    place, first, second = await two_channels(live_client)
    alice = await quiet_member(live_client, place)
    passive = await passive_socket(sockets, alice, viewing=first)
    viewer = await passive_socket(sockets, alice, viewing=second)
    protocol = await sockets(alice.token)
    message = await sent(live_client, place.owner, second, "react to me")
    base = f"/api/channels/{second}/messages/{message['id']}"
    await ok(live_client, "POST", f"{base}/reactions", {"name": "👍"}, place.owner.token)
    await ok(live_client, "PATCH", base, {"content": "edited"}, place.owner.token)
    status, _ = await call(live_client, "POST", f"/api/channels/{second}/typing", token=place.owner.token)
    assert status == 204
    await ok(live_client, "DELETE", base, token=place.owner.token)
    await ping(live_client, alice, passive, viewer, protocol)

    quiet = ("message:reaction_added", "message:updated", "channel:typing", "message:deleted")
    for event in quiet:
        assert passive.received(event) == [], event
        assert len(viewer.received(event)) == 1, event
        assert len(protocol.received(event)) == 1, event


async def test_direct_messages_reach_a_passive_socket_in_full(live_client, sockets):
    alice, bob, dm = await dm_pair(live_client)
    place, first, _ = await two_channels(live_client)
    await join(live_client, place, alice)
    await mentions_only(live_client, alice, place.id)
    passive = await passive_socket(sockets, alice, viewing=first)
    message = await sent(live_client, bob, dm, "direct")
    await ping(live_client, alice, passive)
    assert [m["id"] for m in full_messages(passive, dm)] == [message["id"]]
    assert passive.received("hearth:activity") == []


async def test_opening_a_channel_loses_no_message_sent_around_the_switch(live_client, sockets):
    place, first, second = await two_channels(live_client)
    alice = await quiet_member(live_client, place)
    passive = await passive_socket(sockets, alice, viewing=first)

    async def traffic():
        return [(await sent(live_client, place.owner, second, f"m{n}"))["id"] for n in range(12)]

    sending = asyncio.create_task(traffic())
    opened = []  # per opening: what the client has of the channel (history after the answer, then events)
    for _ in range(3):  # back and forth while messages arrive
        answered = await view(passive, second)
        status, history = await call(live_client, "GET", f"/api/channels/{second}/messages?limit=50", token=alice.token)
        assert status == 200, history
        closed = await view(passive, first)
        opened.append({m["id"] for m in history} | {m["id"] for m in full_messages(passive, second, answered, closed)})
    answered = await view(passive, second)
    sent_ids = await sending
    status, history = await call(live_client, "GET", f"/api/channels/{second}/messages?limit=50", token=alice.token)
    await ping(live_client, alice, passive)
    opened.append({m["id"] for m in history} | {m["id"] for m in full_messages(passive, second, answered)})
    assert set(sent_ids) <= opened[-1]
    for held in opened:  # no hole: every message up to the newest one held is held
        newest = max((int(i) for i in held), default=0)
        assert {i for i in sent_ids if int(i) <= newest} <= held


async def test_closing_every_channel_makes_the_last_one_quiet(live_client, sockets):
    place, first, _ = await two_channels(live_client)
    alice = await quiet_member(live_client, place)
    passive = await passive_socket(sockets, alice, viewing=first)
    await view(passive, None)
    message = await sent(live_client, place.owner, first, "after blur")
    await newest_summary(passive, message["id"])
    assert full_messages(passive, first) == []


async def test_hearth_view_answers_only_the_socket_that_asked(live_client, sockets):
    place, first, _ = await two_channels(live_client)
    alice = await join(live_client, place)
    asking = await passive_socket(sockets, alice)
    other = await passive_socket(sockets, alice)
    await view(asking, first)
    await ping(live_client, alice, asking, other)
    assert other.received("hearth:viewing") == []


async def test_hearth_view_refuses_bad_input_and_channels_the_user_cannot_see(live_client, sockets):
    place, first, _ = await two_channels(live_client)
    alice = await quiet_member(live_client, place)
    staff = await private_channel(live_client, place)
    passive = await passive_socket(sockets, alice, viewing=first)
    for body, answer in (
        ({"channelId": 12}, {"message": "Invalid channelId.", "path": "channelId"}),
        ("not an object", {"message": "Invalid channelId.", "path": "channelId"}),
        ({"channelId": staff}, {"message": "This channel is private.", "path": "channelId"}),
        ({"channelId": "999"}, {"message": "Channel does not exist.", "path": "channelId"}),
    ):
        count = len(passive.received("hearth:view_error")) + 1
        await passive.client.emit("hearth:view", body)
        assert await passive.wait_for("hearth:view_error", count=count) == answer
    # a refused view leaves the open channel as it was
    message = await sent(live_client, place.owner, first, "still open")
    await ping(live_client, alice, passive)
    assert [m["id"] for m in full_messages(passive, first)] == [message["id"]]
    assert passive.received("hearth:viewing") == [{"channelId": first, "summarised": True, "missed": False}]


async def test_a_socket_that_did_not_opt_in_is_refused_a_view_and_hears_everything(live_client, sockets):
    place, first, second = await two_channels(live_client)
    alice = await quiet_member(live_client, place)  # settings a passive socket would be summarised by
    protocol = await sockets(alice.token)
    await protocol.client.emit("hearth:view", {"channelId": first})
    error = await protocol.wait_for("hearth:view_error")
    assert error == {"message": "Passive delivery was not asked for.", "path": None}
    messages = [await sent(live_client, place.owner, channel, "x") for channel in (first, second)]
    await ping(live_client, alice, protocol)
    assert [m["id"] for m in full_messages(protocol, first) + full_messages(protocol, second)] == [
        m["id"] for m in messages
    ]
    assert protocol.received("hearth:viewing") == []


async def test_channels_whose_every_message_notifies_stay_full(live_client, sockets):
    place, first, second = await two_channels(live_client)
    third = (await ok(live_client, "POST", f"/api/servers/{place.id}/channels", {"name": "third"}, place.owner.token))[
        "id"
    ]
    alice = await join(live_client, place)  # "all messages", the default
    bob = await quiet_member(live_client, place)
    await ok(  # bob hears one channel of his quiet server in full again
        live_client,
        "POST",
        "/api/users/notifications",
        {"serverId": place.id, "channelId": third, "notificationPingMode": 0},
        bob.token,
    )
    alices, bobs = (
        await passive_socket(sockets, alice, viewing=first),
        await passive_socket(sockets, bob, viewing=first),
    )
    messages = {channel: await sent(live_client, place.owner, channel, "news") for channel in (second, third)}
    await newest_summary(bobs, messages[second]["id"])
    await ping(live_client, alice, alices)
    await ping(live_client, bob, bobs)
    assert [m["id"] for m in full_messages(alices, second) + full_messages(alices, third)] == [
        messages[second]["id"],
        messages[third]["id"],
    ]
    assert alices.received("hearth:activity") == []
    assert [m["id"] for m in full_messages(bobs, third)] == [messages[third]["id"]]
    assert full_messages(bobs, second) == []
    assert {s["channelId"] for s in bobs.received("hearth:activity")} == {second}


async def test_a_change_of_notification_settings_applies_to_passive_sockets_at_once(live_client, sockets):
    place, first, second = await two_channels(live_client)
    alice = await quiet_member(live_client, place)
    passive = await passive_socket(sockets, alice, viewing=first)
    quiet = await sent(live_client, place.owner, second, "summarised")
    await newest_summary(passive, quiet["id"])

    setting = {"serverId": place.id, "channelId": second, "notificationPingMode": 0}
    await ok(live_client, "POST", "/api/users/notifications", setting, alice.token)
    loud = await sent(live_client, place.owner, second, "every message notifies now")
    await ping(live_client, alice, passive)
    assert [m["id"] for m in full_messages(passive, second)] == [loud["id"]]

    await mentions_only(live_client, alice, place.id, second)
    again = await sent(live_client, place.owner, second, "summarised again")
    await newest_summary(passive, again["id"])
    assert [m["id"] for m in full_messages(passive, second)] == [loud["id"]]


async def test_no_summary_of_a_channel_the_user_cannot_see(live_client, sockets):
    place, first, second = await two_channels(live_client)
    staff = await private_channel(live_client, place)
    alice = await quiet_member(live_client, place)
    passive = await passive_socket(sockets, alice, viewing=first)
    hidden = await sent(live_client, place.owner, staff, "staff only")
    seen = await sent(live_client, place.owner, second, "for everyone")
    await newest_summary(passive, seen["id"])
    await ping(live_client, alice, passive)
    assert {s["channelId"] for s in passive.received("hearth:activity")} == {second}
    assert hidden["id"] not in {m["id"] for m in full_messages(passive, staff)}


async def test_a_threads_messages_stay_full_while_its_parent_channel_is_summarised(live_client, sockets):
    from tests.plugins.threads.helpers import start_thread, tok

    place, _, second = await two_channels(live_client)
    alice = await quiet_member(live_client, place)
    thread = await start_thread(live_client, place)  # on #general, which alice will not have open
    passive = await passive_socket(sockets, alice, viewing=second, also=("threads",))
    reply = await tok(
        live_client, "POST", f"/api/channels/{thread['id']}/messages", {"content": "in thread"}, place.owner.token
    )
    parent = await sent(live_client, place.owner, place.general, "in the parent")
    await newest_summary(passive, parent["id"])
    assert [m["id"] for m in full_messages(passive, thread["id"])] == [reply["id"]]
    assert full_messages(passive, place.general) == []
