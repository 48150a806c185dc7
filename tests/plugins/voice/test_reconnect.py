"""Staying connected in server-side calls: a participant whose socket drops keeps its media
connection for the grace period and, rejoining from its new socket, resumes it (the audio never
stopped being routed once it is back); a replacement offer (what aiortc allows instead of an ICE
restart) swaps the connection; a client that cannot follow brings the call back to peer-to-peer."""

import asyncio

import pytest

from core.testing import PATIENCE
from tests.plugins.accounts.helpers import ping
from tests.plugins.voice.helpers import joined, room
from tests.plugins.voice.peers import peak_frequency, server_peer
from tests.support import connect_socket


@pytest.fixture
async def server(start_server):
    return await start_server(**{"voice.p2p_max_participants": 1, "voice.reconnect_grace_seconds": 30})


@pytest.fixture
async def call_of_two(server):
    client = server.app.quart.test_client()
    probes, peers = [], []

    async def open_socket(token):
        probes.append(await connect_socket(server.url, token))
        return probes[-1]

    r = await room(client, open_socket, members=2)
    for person in r.people:
        await joined(client, person, r.channel, r.probe(person), serverMedia=True)
    yield client, r, open_socket, peers
    for pc in peers:
        await pc.close()
    for probe in probes:
        await probe.close()


async def test_rejoining_after_a_dropped_socket_resumes_the_same_connection(call_of_two):
    client, r, open_socket, peers = call_of_two
    alice, bob = r.people
    alice_pc, _ = await server_peer(r.probe(alice), r.channel, 440)
    bob_pc, bob_ear = await server_peer(r.probe(bob), r.channel, None)
    peers += [alice_pc, bob_pc]
    assert abs(peak_frequency(await bob_ear.hear(0.5)) - 440) < 5

    await r.probe(alice).close()
    assert await r.probe(bob).wait_for("voice:user_left") == {"userId": alice.id, "channelId": r.channel}
    again = await open_socket(alice.token)
    await joined(client, alice, r.channel, again, serverMedia=True)
    assert await again.wait_for("voice:session") == {"channelId": r.channel, "mode": "server", "slots": 3}
    heard_before = bob_ear.seconds()
    await again.client.emit("voice:media_resume", {"channelId": r.channel})
    assert await again.wait_for("voice:media_resumed") == {"channelId": r.channel, "ok": True}
    assert alice_pc.connectionState == "connected"  # no new handshake
    await asyncio.wait_for(_more_than(bob_ear, heard_before + 0.5), PATIENCE)
    assert abs(peak_frequency(await bob_ear.hear(0.5)) - 440) < 5


async def _state(pc, states, timeout=PATIENCE):
    async def until():
        while pc.connectionState not in states:
            await asyncio.sleep(0.05)

    await asyncio.wait_for(until(), timeout)


async def _more_than(ear, seconds):
    while ear.seconds() < seconds:
        await asyncio.sleep(0.05)


async def test_a_replacement_offer_swaps_the_connection(call_of_two):
    _, r, _, peers = call_of_two
    alice, bob = r.people
    first, _ = await server_peer(r.probe(alice), r.channel, 440)
    bob_pc, bob_ear = await server_peer(r.probe(bob), r.channel, None)
    peers += [first, bob_pc]
    await bob_ear.hear(0.5)
    second, _ = await server_peer(r.probe(alice), r.channel, 440)  # e.g. after a network change
    peers.append(second)
    await _state(first, ("closed", "failed"))
    heard = bob_ear.seconds()
    await asyncio.wait_for(_more_than(bob_ear, heard + 0.5), PATIENCE)
    assert abs(peak_frequency(await bob_ear.hear(0.5)) - 440) < 5


async def test_resume_without_a_connection_says_so_and_media_signals_need_the_voice_socket(call_of_two):
    client, r, open_socket, _ = call_of_two
    alice, bob = r.people
    await r.probe(alice).client.emit("voice:media_resume", {"channelId": r.channel})
    assert await r.probe(alice).wait_for("voice:media_resumed") == {"channelId": r.channel, "ok": False}
    other = await open_socket(bob.token)  # not bob's voice socket
    await other.client.emit("voice:media_offer", {"channelId": r.channel, "sdp": "v=0"})
    await r.probe(bob).client.emit("voice:media_offer", {"channelId": "12345", "sdp": "v=0"})  # not bob's call
    await ping(client, bob, other, r.probe(bob))
    assert other.received("voice:media_answer") == [] and r.probe(bob).received("voice:media_answer") == []
    await r.probe(bob).client.emit("voice:media_offer", {"channelId": r.channel, "sdp": "not an sdp"})
    assert await r.probe(bob).wait_for("voice:media_failed") == {"channelId": r.channel}


async def test_a_client_that_cannot_follow_brings_the_call_back_to_p2p(call_of_two):
    client, r, open_socket, peers = call_of_two
    alice, bob = r.people
    alice_pc, _ = await server_peer(r.probe(alice), r.channel, 440)
    peers.append(alice_pc)
    await _state(alice_pc, ("connected",))
    await joined(client, bob, r.channel, r.probe(bob))  # bob again, from a client without server media
    assert (await r.probe(alice).wait_for("voice:call_mode", count=2))["mode"] == "p2p"  # it was "server"
    await _state(alice_pc, ("closed", "failed"))  # the server let go of alice's media connection
    await r.probe(alice).client.emit("voice:media_offer", {"channelId": r.channel, "sdp": "v=0"})
    await ping(client, alice, r.probe(alice))
    assert len(r.probe(alice).received("voice:media_answer")) == 1  # a peer-to-peer call has no media server
