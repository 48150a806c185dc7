"""Two server processes sharing the database and Redis: callers whose sockets live on different
processes are in one call, hear each other's signals, and a server-side call's media is served by
one process for all of them (the other hands its signalling over through Redis)."""

import aiohttp
import pytest
from aiortc import RTCPeerConnection, RTCSessionDescription

from tests.conftest import REDIS_URL, needs_redis
from tests.plugins.servers.helpers import community, join
from tests.plugins.voice.helpers import sid
from tests.plugins.voice.peers import Ear, Tone, answer_offer, peak_frequency, server_peer
from tests.support import connect_socket, start_process


@pytest.fixture
async def two_servers(database_url):
    settings = {"HEARTH_VOICE_P2P_MAX_PARTICIPANTS": "2"}
    started = [await start_process(database_url, REDIS_URL, **settings) for _ in range(2)]
    yield [url for _, url in started]
    for process, _ in started:
        process.terminate()
        process.wait(60)  # a loaded machine may take a while to drain


async def voice_join(http, url, person, channel_id, probe, **extra):
    async with http.post(
        f"{url}/api/channels/{channel_id}/voice/join",
        json={"socketId": sid(probe), **extra},
        headers={"Authorization": person.token},
    ) as response:
        assert response.status == 200, await response.text()


@needs_redis
async def test_callers_on_two_processes_share_one_call(client, two_servers):
    first, second = two_servers
    place = await community(client)
    alice, bob = place.owner, await join(client, place)
    alice_probe = await connect_socket(first, alice.token)
    bob_probe = await connect_socket(second, bob.token)
    speaker, listener = RTCPeerConnection(), RTCPeerConnection()
    ear = Ear(listener)
    try:
        async with aiohttp.ClientSession() as http:
            await voice_join(http, second, alice, place.general, alice_probe)  # her socket is on the first
            await voice_join(http, first, bob, place.general, bob_probe)
        assert (await alice_probe.wait_for("voice:user_joined", count=2))["userId"] == bob.id
        assert (await bob_probe.wait_for("voice:user_joined"))["userId"] == alice.id
        late = await connect_socket(second, alice.token)
        assert sorted(u["userId"] for u in late.received("user:authenticated")[0]["voiceChannelUsers"]) == sorted(
            [alice.id, bob.id]
        )
        await late.close()

        speaker.addTrack(Tone(440))
        await speaker.setLocalDescription(await speaker.createOffer())
        await alice_probe.client.emit(
            "voice:signal_send",
            {
                "channelId": place.general,
                "toUserId": bob.id,
                "signal": {"type": "offer", "sdp": speaker.localDescription.sdp},
            },
        )
        offer = await bob_probe.wait_for("voice:signal_received")
        await bob_probe.client.emit(
            "voice:signal_send",
            {
                "channelId": place.general,
                "toUserId": alice.id,
                "signal": {"type": "answer", "sdp": await answer_offer(listener, offer["signal"]["sdp"])},
            },
        )
        answer = await alice_probe.wait_for("voice:signal_received")
        await speaker.setRemoteDescription(RTCSessionDescription(**answer["signal"]))
        assert abs(peak_frequency(await ear.hear(1.0)) - 440) < 5

        await alice_probe.close()  # her process tells everyone, bob's included
        assert await bob_probe.wait_for("voice:user_left") == {"userId": alice.id, "channelId": place.general}
    finally:
        await ear.stop()
        await speaker.close()
        await listener.close()
        await bob_probe.close()


@needs_redis
async def test_a_server_side_call_across_processes(client, two_servers):
    first, second = two_servers
    place = await community(client)
    alice, bob, carol = place.owner, await join(client, place), await join(client, place)
    probes = {
        alice.id: await connect_socket(first, alice.token),
        bob.id: await connect_socket(second, bob.token),
        carol.id: await connect_socket(first, carol.token),
    }
    peers = []
    try:
        async with aiohttp.ClientSession() as http:
            for person in (alice, bob, carol):  # every join through the second: it serves the media
                await voice_join(http, second, person, place.general, probes[person.id], serverMedia=True)
        assert (await probes[carol.id].wait_for("voice:session"))["mode"] == "server"
        alice_pc, _ = await server_peer(probes[alice.id], place.general, 440)  # offered on the first process
        bob_pc, bob_ear = await server_peer(probes[bob.id], place.general, None)
        carol_pc, carol_ear = await server_peer(probes[carol.id], place.general, None)
        peers = [alice_pc, bob_pc, carol_pc]
        for ear in (bob_ear, carol_ear):
            assert abs(peak_frequency(await ear.hear(1.0)) - 440) < 5
        assert (await probes[carol.id].wait_for("voice:media_slots"))["slots"][0] == alice.id
    finally:
        for pc in peers:
            await pc.close()
        for probe in probes.values():
            await probe.close()
