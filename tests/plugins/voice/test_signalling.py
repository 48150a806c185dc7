"""``voice:signal_send`` → ``voice:signal_received`` (realtime.md §4.4): only between two people
in the same call, only from the sender's voice socket, only to the addressed user's voice socket."""

import asyncio

from tests.plugins.accounts.helpers import ping
from tests.plugins.voice.helpers import joined, room

OFFER = {"type": "offer", "sdp": "v=0\r\n"}


async def test_a_signal_reaches_only_the_addressed_users_voice_socket(live_client, sockets):
    r = await room(live_client, sockets, members=3)
    alice, bob, carol = r.people
    bobs_phone = await sockets(bob.token)  # bob's other socket, not in the call
    for person in r.people:
        await joined(live_client, person, r.channel, r.probe(person))
    await r.probe(alice).client.emit("voice:signal_send", {"channelId": r.channel, "toUserId": bob.id, "signal": OFFER})
    assert await r.probe(bob).wait_for("voice:signal_received") == {
        "fromUserId": alice.id,
        "channelId": r.channel,
        "signal": OFFER,
    }
    for probe, person in ((r.probe(carol), carol), (bobs_phone, bob), (r.probe(alice), alice)):
        await ping(live_client, person, probe)
        assert probe.received("voice:signal_received") == []


async def test_signals_outside_a_shared_call_are_dropped(live_client, sockets):
    r = await room(live_client, sockets, members=3)
    alice, bob, carol = r.people
    alices_tablet = await sockets(alice.token)
    await joined(live_client, alice, r.channel, r.probe(alice))
    await joined(live_client, bob, r.channel, r.probe(bob))
    # carol is not in the call: she can neither send nor be addressed
    await r.probe(carol).client.emit("voice:signal_send", {"channelId": r.channel, "toUserId": bob.id, "signal": OFFER})
    await r.probe(alice).client.emit(
        "voice:signal_send", {"channelId": r.channel, "toUserId": carol.id, "signal": OFFER}
    )
    # alice's other socket does not hold her call
    await alices_tablet.client.emit("voice:signal_send", {"channelId": r.channel, "toUserId": bob.id, "signal": OFFER})
    # nonsense
    for junk in (
        None,
        "x",
        {"toUserId": bob.id},
        {"toUserId": "nobody", "signal": OFFER},
        {"toUserId": bob.id, "signal": "x" * 70_000},
    ):
        await r.probe(alice).client.emit("voice:signal_send", junk)
    await ping(live_client, bob, r.probe(bob))
    await ping(live_client, carol, r.probe(carol))
    assert r.probe(bob).received("voice:signal_received") == []
    assert r.probe(carol).received("voice:signal_received") == []
    # in different calls
    other = await live_client.post(
        f"/api/servers/{r.place.id}/channels", json={"name": "two"}, headers={"Authorization": alice.token}
    )
    other_id = (await other.get_json())["id"]
    await joined(live_client, carol, other_id, r.probe(carol))
    await r.probe(carol).client.emit(
        "voice:signal_send", {"channelId": other_id, "toUserId": alice.id, "signal": OFFER}
    )
    await ping(live_client, alice, r.probe(alice))
    assert r.probe(alice).received("voice:signal_received") == []


async def test_a_burst_of_ice_candidates_is_relayed_whole(live_client, sockets):
    """More signals at once than the default socket limit (20 per 10 s) lets through."""
    r = await room(live_client, sockets)
    alice, bob = r.people
    for person in r.people:
        await joined(live_client, person, r.channel, r.probe(person))
    for n in range(60):
        candidate = {
            "type": "candidate",
            "candidate": {
                "candidate": f"candidate:{n} 1 udp 1 10.0.0.1 {9000 + n} typ host",
                "sdpMid": "0",
                "sdpMLineIndex": 0,
            },
        }
        await r.probe(alice).client.emit(
            "voice:signal_send", {"channelId": r.channel, "toUserId": bob.id, "signal": candidate}
        )
    await r.probe(bob).wait_for("voice:signal_received", count=60)
    received = [s["signal"]["candidate"]["candidate"] for s in r.probe(bob).received("voice:signal_received")]
    assert received == [f"candidate:{n} 1 udp 1 10.0.0.1 {9000 + n} typ host" for n in range(60)]
    assert r.probe(alice).client.connected
    await asyncio.sleep(0)
