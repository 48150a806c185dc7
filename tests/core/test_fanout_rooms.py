"""How interest routing decides where an emit goes and which rooms a process missed
(core/fanout_rooms.py): the publisher's log of rooms, a listener's rewinds, lost rooms."""

from __future__ import annotations

import math

from core.fanout_rooms import MAX_COPIES, MAX_LOST, LostRooms, PublishedLog, RoomStreams, room_channel, routes

WINDOW = 5.0


def test_an_emit_goes_on_each_of_its_rooms_channels_and_a_broadcast_or_a_crowd_on_the_stream():
    assert routes("channel-1", "/") == ("channel-1",)
    assert routes(["a", "b"], "/") == ("a", "b")
    assert routes(None, "/") is None  # everyone connected: every process
    assert routes([f"r{n}" for n in range(MAX_COPIES + 1)], "/") is None  # one copy, not one per room
    assert routes("a", "/other") is None
    assert routes([], "/") is None
    assert room_channel("hearth:5:socketio", "ses:1") == "hearth:5:socketio:r:ses:1"


def test_the_log_names_each_room_published_after_a_number_with_its_first_number():
    log = PublishedLog(size=4)
    log.add(1, ("a",))
    log.add(2, ("b", "c"))
    log.add(3, ("a",))
    assert log.rooms_after(1, last=3) == {"b": 2, "c": 2, "a": 3}
    assert log.rooms_after(3, last=3) == {}
    log.add(4, ("d",))
    log.add(5, ("e",))  # 1 is forgotten
    assert log.rooms_after(1, last=5) == {"b": 2, "c": 2, "a": 3, "d": 4, "e": 5}
    assert log.rooms_after(0, last=5) is None  # number 1 is no longer known: every room may be missed


def test_a_listener_back_with_sockets_missed_only_what_came_before_the_first_message_it_heard():
    heard = RoomStreams(WINDOW)
    heard.subscribed(100.0, sockets_connected=False)
    assert heard.heard("a", 7, 101.0, lenient_until=105.0, message=True) is False
    assert heard.fresh("a", 7) is False  # the copy of the same emit on its second room
    assert heard.fresh("a", 8) is True
    assert heard.subscribed(200.0, sockets_connected=True) == {"a": 7}
    heard.listening(200.2)
    heard.heard("a", 12, 200.5, lenient_until=105.0, message=True)  # heard since: 12 and on arrived
    # x and z were published before it listened again (200.2): a socket whose state was read
    # after that holds them already
    assert heard.answered("a", {"x": 9, "y": 12, "z": 11}) == ["x", "z"]
    assert heard.since == 200.2
    assert heard.answered("a", {"x": 9}) == []  # no rewind is waiting any more


def test_a_rewind_nobody_answers_or_that_reaches_too_far_back_means_every_room():
    heard = RoomStreams(WINDOW)
    heard.subscribed(100.0, sockets_connected=False)
    heard.heard("a", 3, 101.0, 105.0, message=False)
    heard.heard("b", 4, 101.0, 105.0, message=False)
    heard.subscribed(200.0, sockets_connected=True)
    assert heard.since == math.inf  # subscriptions not yet held: a loss counts as before now
    heard.listening(200.1)
    assert heard.answered("a", None) is None
    assert heard.since == 200.1
    heard.postpone(10.0)  # this process stood still: the deadline moves on as much
    assert heard.overdue(200.0 + WINDOW + 1) == []
    assert heard.overdue(200.0 + WINDOW + 11) == ["b"]


def test_a_process_still_beating_is_given_time_to_answer_its_rewind():
    heard = RoomStreams(WINDOW)
    heard.heard("a", 3, 101.0, 0.0, message=False)
    heard.subscribed(200.0, sockets_connected=True)
    heard.heard("a", 3, 204.0, 0.0, message=False)  # heard, not yet answering (not listening again yet)
    assert heard.overdue(200.0 + WINDOW + 1) == []
    assert heard.overdue(204.0 + WINDOW + 1) == ["a"]  # then silent


def test_a_process_first_heard_late_with_room_messages_behind_it_is_asked_from_the_start():
    heard = RoomStreams(WINDOW)
    heard.subscribed(100.0, sockets_connected=False)
    heard.listening(100.0)
    assert heard.heard("new", 0, 110.0, lenient_until=105.0, message=False) is False  # published none yet
    assert heard.heard("late", 3, 110.0, lenient_until=105.0, message=False) is True
    assert heard.rewinding["late"].after == 0
    # what it missed of "late" went out before this listener's subscriptions held (100.0 here):
    # since then it has heard everything, or would be told of what could not be published
    assert heard.answered("late", {"x": 2}) == ["x"]
    assert heard.since == 100.0
    assert heard.heard("early", 3, 104.0, lenient_until=105.0, message=False) is False  # within the first window


def test_resubscribing_with_no_socket_connected_asks_nobody():
    heard = RoomStreams(WINDOW)
    heard.heard("a", 3, 101.0, 0.0, message=True)
    assert heard.subscribed(200.0, sockets_connected=False) == {}
    assert heard.fresh("a", 1) is True


def test_lost_rooms_are_told_once_and_too_many_become_every_room():
    lost = LostRooms()
    assert not lost
    lost.add(("b", "a"))
    lost.add(("a",))
    assert lost.take() == ["a", "b"]
    assert not lost
    lost.add(f"r{n}" for n in range(MAX_LOST + 1))
    assert lost.take() is None
    assert not lost
    lost.add_all()  # a notice saying "every room" that could not be sent: to send again
    lost.add(("a",))
    assert lost.take() is None
