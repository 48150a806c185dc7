"""Real audio through Hearth: aiortc peers in a call, one playing a 440 Hz tone, the other
hearing it — peer-to-peer (signals relayed by the server, realtime.md §6) and server-side
(the server forwards the speaker's Opus to the listener)."""

import asyncio

import pytest
from aiortc import RTCPeerConnection, RTCSessionDescription

from tests.plugins.voice.helpers import joined, room
from tests.plugins.voice.peers import Ear, Tone, answer_offer, peak_frequency, server_peer
from tests.support import connect_socket


async def test_peer_to_peer_a_tone_crosses_the_relay(live_client, sockets):
    r = await room(live_client, sockets)
    alice, bob = r.people
    await joined(live_client, alice, r.channel, r.probe(alice))
    await joined(live_client, bob, r.channel, r.probe(bob))
    assert (await r.probe(bob).wait_for("voice:session"))["mode"] == "p2p"
    speaker, listener = RTCPeerConnection(), RTCPeerConnection()
    ear = Ear(listener)
    try:
        # alice already in the call initiates to the newcomer, as the protocol's clients do
        speaker.addTrack(Tone(440))
        await speaker.setLocalDescription(await speaker.createOffer())
        offer = {"type": "offer", "sdp": speaker.localDescription.sdp}
        await r.probe(alice).client.emit(
            "voice:signal_send", {"channelId": r.channel, "toUserId": bob.id, "signal": offer}
        )
        received = await r.probe(bob).wait_for("voice:signal_received")
        assert received["fromUserId"] == alice.id and received["signal"]["type"] == "offer"
        answer = {"type": "answer", "sdp": await answer_offer(listener, received["signal"]["sdp"])}
        await r.probe(bob).client.emit(
            "voice:signal_send", {"channelId": r.channel, "toUserId": alice.id, "signal": answer}
        )
        back = await r.probe(alice).wait_for("voice:signal_received")
        await speaker.setRemoteDescription(RTCSessionDescription(**back["signal"]))
        assert abs(peak_frequency(await ear.hear(1.0)) - 440) < 5
    finally:
        await ear.stop()
        await speaker.close()
        await listener.close()


@pytest.fixture
async def small_calls_server_side(start_server):
    return await start_server(**{"voice.p2p_max_participants": 1})


async def test_server_side_the_server_forwards_the_tone(small_calls_server_side):
    server = small_calls_server_side
    client = server.app.quart.test_client()
    probes = []

    async def open_socket(token):
        probes.append(await connect_socket(server.url, token))
        return probes[-1]

    r = await room(client, open_socket, members=3)
    alice, bob, carol = r.people
    peers = []
    try:
        for person in r.people:
            await joined(client, person, r.channel, r.probe(person), serverMedia=True)
        assert (await r.probe(alice).wait_for("voice:call_mode"))["mode"] == "server"
        assert (await r.probe(carol).wait_for("voice:session"))["mode"] == "server"
        alice_pc, _ = await server_peer(r.probe(alice), r.channel, 440)
        bob_pc, bob_ear = await server_peer(r.probe(bob), r.channel, None)
        carol_pc, carol_ear = await server_peer(r.probe(carol), r.channel, None)
        peers = [alice_pc, bob_pc, carol_pc]
        for ear in (bob_ear, carol_ear):
            assert abs(peak_frequency(await ear.hear(1.0)) - 440) < 5
        slots = await r.probe(bob).wait_for("voice:media_slots")
        assert slots == {"channelId": r.channel, "slots": [alice.id, None, None]}
        # alice does not hear herself
        assert alice.id not in [u for s in r.probe(alice).received("voice:media_slots") for u in s["slots"]]
    finally:
        for pc in peers:
            await pc.close()
        for probe in probes:
            await probe.close()
        await asyncio.sleep(0)
