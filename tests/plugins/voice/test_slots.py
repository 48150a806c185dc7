"""Who a listener hears in a server-side call: every talker up to the listener's slots, first come
first served, never themselves, and a talker keeps their slot while talking and a moment after."""

import time

from plugins.voice.media.forwarding import SlotTrack
from plugins.voice.media.node import HOLD_S, Call, MediaNode, Participant


def person(user: str, slots: int = 2) -> Participant:
    tracks = [SlotTrack() for _ in range(slots)]
    return Participant(user=user, sid=f"sid-{user}", pc=None, slots=tracks, assignment=[None] * slots)  # type: ignore[arg-type]


async def setup(*users: str) -> tuple[MediaNode, Call, dict[str, Participant], list[dict]]:
    events: list[dict] = []

    async def emit(event):
        events.append(event)

    node = MediaNode(emit, slots=2)
    call = Call(id="c1")
    people = {user: person(user) for user in users}
    call.participants.update(people)
    return node, call, people, events


def talk(p: Participant, started_ago: float, last_ago: float = 0.0) -> None:
    now = time.monotonic()
    p.talk_start, p.last_loud = now - started_ago, now - last_ago


async def test_talkers_get_slots_first_come_first_served_but_never_their_own():
    node, call, people, events = await setup("ann", "bob", "cat", "dan")
    talk(people["bob"], 3.0)
    talk(people["cat"], 2.0)
    talk(people["dan"], 1.0)  # the third talker: two slots each
    await node._select(call)
    assert people["ann"].assignment == ["bob", "cat"]
    assert people["bob"].assignment == ["cat", "dan"]  # bob does not hear himself: dan fits in
    assert people["dan"].assignment == ["bob", "cat"]
    assert {e["user"]: e["slots"] for e in events}["ann"] == ["bob", "cat"]
    assert [s for s in call.routes["bob"]] == [people["ann"].slots[0], people["cat"].slots[0], people["dan"].slots[0]]


async def test_a_talker_keeps_the_slot_while_talking_and_for_a_moment_after():
    node, call, people, events = await setup("ann", "bob", "cat", "dan")
    talk(people["bob"], 3.0)
    talk(people["cat"], 2.0)
    await node._select(call)
    assert people["ann"].assignment == ["bob", "cat"]
    talk(people["bob"], 3.0, last_ago=HOLD_S / 2)  # bob paused briefly
    talk(people["dan"], 0.1)  # dan starts
    await node._select(call)
    assert people["ann"].assignment == ["bob", "cat"]  # dan waits: bob's pause is short
    talk(people["bob"], 3.0, last_ago=HOLD_S + 0.5)  # bob stopped
    events.clear()
    await node._select(call)
    assert people["ann"].assignment == ["dan", "cat"]  # dan takes bob's slot; cat stays where she was
    assert {e["user"] for e in events} >= {"ann"}


async def test_suspended_participants_neither_speak_nor_listen():
    node, call, people, _ = await setup("ann", "bob")
    talk(people["bob"], 1.0)
    people["ann"].receiving = False
    await node._select(call)
    assert people["ann"].assignment == [None, None] and "bob" not in call.routes
