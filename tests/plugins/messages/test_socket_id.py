"""``socketId`` on POST /channels/:channelId/messages (rest.md §3.7): it may only name one of the
sender's own live sockets, which then gets the event once, with ``socketId`` set. Anything else
(a user, server, channel or session room, someone else's socket, a made-up id) is ignored: the
message goes to the channel's audience as if no ``socketId`` had been sent."""

from __future__ import annotations

from tests.plugins.messages.helpers import member, open_dm, sent
from tests.plugins.servers.helpers import community, join


async def test_a_socket_id_naming_a_room_delivers_nothing_into_that_room(live_client, sockets):
    place = await community(live_client)
    bob = await join(live_client, place)
    eve, friend = await member(), await member()
    dm = await open_dm(live_client, eve, friend)
    bob_socket = await sockets(bob.token)
    session_room = f"ses:{(await bob_socket.wait_for('user:authenticated'))['sessionId']}"

    for target in (bob.id, place.id, place.general, session_room, "not-a-socket"):
        await sent(live_client, eve, dm, f"fake for {target}", socketId=target)

    # Barrier: a real message in the server channel; bob's events arrive in order.
    real = await sent(live_client, place.owner, place.general, "real")
    await bob_socket.wait_for("message:created")
    assert [event["message"]["id"] for event in bob_socket.received("message:created")] == [real["id"]]


async def test_naming_someone_elses_socket_neither_skips_it_nor_echoes_to_it(live_client, sockets):
    eve, bob = await member(), await member()
    dm = await open_dm(live_client, eve, bob)
    bob_socket, eve_socket = await sockets(bob.token), await sockets(eve.token)

    message = await sent(live_client, eve, dm, "hello", socketId=bob_socket.client.get_sid())
    assert await bob_socket.wait_for("message:created") == {"message": message}
    assert await eve_socket.wait_for("message:created") == {"message": message}

    # bob got it once, without the socketId echo meant for the sender's own socket
    await sent(live_client, bob, dm, "barrier")
    await bob_socket.wait_for("message:created", count=2)
    assert [e.get("socketId") for e in bob_socket.received("message:created")] == [None, None]


async def test_the_senders_own_socket_is_skipped_and_gets_the_echo_once(live_client, sockets):
    eve, bob = await member(), await member()
    dm = await open_dm(live_client, eve, bob)
    tab, phone = await sockets(eve.token), await sockets(eve.token)
    bob_socket = await sockets(bob.token)

    message = await sent(live_client, eve, dm, "hi", socketId=tab.client.get_sid())
    assert await tab.wait_for("message:created") == {"message": message, "socketId": tab.client.get_sid()}
    assert await phone.wait_for("message:created") == {"message": message}
    assert await bob_socket.wait_for("message:created") == {"message": message}

    await sent(live_client, bob, dm, "barrier")
    await tab.wait_for("message:created", count=2)
    assert len(tab.received("message:created")) == 2  # the echo, then bob's: no second copy of eve's
