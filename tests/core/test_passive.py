"""core.passive: which sockets a quiet event skips, and the summaries they get instead (at most
one per room and window: the window's end is called here by hand, nothing waits for it)."""

import asyncio

from core.passive import EVERYONE, Passive

ROOM = "10"


def fold(summary, data):
    return {"count": (summary or {"count": 0})["count"] + 1, "last": data["n"]}


def passive_with(room_members, full_for=lambda data: ()):
    passive = Passive(window=3600)
    sent = []

    async def deliver(event, data, sids):
        sent.append((event, data, sorted(sids)))

    passive.deliver = deliver
    passive.participants = lambda room: room_members.get(room, [])
    passive.quiet("said", lambda data: data["room"], "summary", fold=fold, full_for=full_for)
    passive.quiet("typed", lambda data: data["room"], "summary", misses=False)
    return passive, sent


async def settle():
    for _ in range(3):
        await asyncio.sleep(0)


async def test_a_quiet_event_skips_passive_sockets_away_from_a_room_they_may_hear_summarised():
    passive, sent = passive_with({ROOM: ["plain", "viewer", "away", "elsewhere"]})
    for sid, user in (("viewer", "1"), ("away", "2"), ("elsewhere", "3"), ("all-messages", "4")):
        passive.add(sid, user)
    passive.view("viewer", ROOM, [ROOM])
    passive.view("away", None, [ROOM])
    passive.view("elsewhere", "11", [ROOM, "11"])
    passive.view("all-messages", "11", ["11"])  # may not hear this room summarised: it gets it in full
    assert passive.skipped("said", {"room": ROOM, "n": 1}, [ROOM], None) == {"away", "elsewhere"}
    await settle()
    assert sent == [("summary", {"count": 1, "last": 1}, ["away", "elsewhere"])]


async def test_summaries_are_folded_until_the_window_ends_then_the_room_is_quiet_again():
    passive, sent = passive_with({ROOM: ["away"]})
    passive.add("away", "2")
    passive.summarise("away", [ROOM])
    for n in (1, 2, 3):
        assert passive.skipped("said", {"room": ROOM, "n": n}, ROOM, "sender") == {"away", "sender"}
    await settle()
    assert sent == [("summary", {"count": 1, "last": 1}, ["away"])]
    passive._window_ended(ROOM)
    await settle()
    assert sent[1:] == [("summary", {"count": 2, "last": 3}, ["away"])]
    passive._window_ended(ROOM)  # nothing new: no summary, and the next event is sent at once
    await settle()
    assert len(sent) == 2 and ROOM not in passive._pending
    passive.skipped("said", {"room": ROOM, "n": 4}, ROOM, None)
    await settle()
    assert sent[2:] == [("summary", {"count": 1, "last": 4}, ["away"])]
    passive.close()


async def test_an_event_for_someone_named_or_everyone_is_not_skipped_for_them():
    named = {"n": ["2"]}
    passive, sent = passive_with({ROOM: ["mine", "theirs"]}, full_for=lambda data: named["n"])
    for sid, user in (("mine", "2"), ("theirs", "3")):
        passive.add(sid, user)
        passive.summarise(sid, [ROOM])
    assert passive.skipped("said", {"room": ROOM, "n": 1}, ROOM, None) == {"theirs"}
    named["n"] = EVERYONE
    assert passive.skipped("said", {"room": ROOM, "n": 2}, ROOM, None) is None
    passive.close()


async def test_events_to_other_rooms_or_of_other_names_and_sockets_not_passive_are_left_alone():
    passive, sent = passive_with({ROOM: ["away"], "user-room": ["away"]})
    passive.add("away", "2")
    assert passive.skipped("said", {"room": ROOM, "n": 1}, ROOM, None) is None  # no view yet: all in full
    passive.view("away", None, [ROOM, "user-room"])
    assert passive.skipped("said", {"room": ROOM, "n": 1}, "user-room", None) is None  # a DM: its people's rooms
    assert passive.skipped("said", {"room": ROOM, "n": 1}, [ROOM, "user-room"], None) is None
    assert passive.skipped("other", {"room": ROOM}, ROOM, None) is None
    assert passive.skipped("typed", {"room": ROOM}, ROOM, None) == {"away"}  # skipped, nothing to summarise
    passive.forget("away")
    assert passive.skipped("said", {"room": ROOM, "n": 2}, ROOM, None) is None
    assert passive.view("away", ROOM) is False
    await settle()
    assert sent == []


async def test_a_socket_remembers_the_rooms_it_missed_events_of_until_it_opens_them():
    passive, _ = passive_with({ROOM: ["away", "viewer"], "11": ["away"]})
    passive.add("away", "2")
    passive.add("viewer", "3")
    passive.view("away", "11", [ROOM, "11"])
    passive.view("viewer", ROOM, [ROOM])
    passive.skipped("typed", {"room": ROOM}, ROOM, None)  # typing leaves nothing stale
    assert passive.caught_up("away", ROOM) is False
    passive.skipped("said", {"room": ROOM, "n": 1}, ROOM, None)
    passive.skipped("said", {"room": "11", "n": 2}, "11", None)  # open: in full, nothing missed
    passive.view("away", ROOM)
    assert passive.caught_up("away", ROOM) is True
    assert passive.caught_up("away", ROOM) is False  # forgotten once told
    assert passive.caught_up("away", "11") is False
    assert passive.caught_up("viewer", ROOM) is False
    assert passive.caught_up("not-passive", ROOM) is False
    passive.close()


async def test_summarise_answers_the_rooms_that_became_summarised_and_those_that_are_full_again():
    passive, _ = passive_with({})
    passive.add("away", "2")
    passive.view("away", None, [ROOM, "11"])
    assert passive.summarise("away", ["11", "12"]) == ({"12"}, {ROOM})
    assert passive.summarise("away", ["11", "12"]) == (frozenset(), frozenset())
    assert passive.summarise("gone", [ROOM]) == (frozenset(), frozenset())


async def test_a_socket_no_longer_in_the_room_hears_nothing_of_it_and_a_forgotten_one_leaves_no_trace():
    members = {ROOM: ["away", "left"]}
    passive, sent = passive_with(members)
    for sid, user in (("away", "2"), ("left", "3")):
        passive.add(sid, user)
        passive.view(sid, None, [ROOM])
    members[ROOM] = ["away"]  # "left" left the server; its summarised rooms are asked again later
    passive.skipped("said", {"room": ROOM, "n": 1}, ROOM, None)
    await settle()
    assert sent == [("summary", {"count": 1, "last": 1}, ["away"])]
    for sid in ("away", "left"):
        passive.forget(sid)
    assert (passive.views, passive._away, passive._missed, passive._sids) == ({}, {}, {}, {})
    passive.close()
