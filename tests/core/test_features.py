"""Which of Hearth's additions a client asked for: a socket's ``features`` at authenticate, an HTTP
request's ``X-Hearth-Features`` header (core/features.py)."""

from __future__ import annotations

import pytest

from core import features
from tests.support import connect_socket, new_person


@pytest.mark.parametrize(
    ("value", "names"),
    [
        (["tickets", "threads"], {"tickets", "threads"}),
        ("tickets", set()),  # a socket sends a list (a header's commas are read by of_request)
        (["tickets", 7, None, "Bad Name", "x" * 41, ""], {"tickets"}),
        (None, set()),
        ({"tickets": True}, set()),
        (["f"] * 33, set()),  # more names than anyone needs: malformed, so none
    ],
)
def test_a_socket_names_them_in_a_list_and_anything_else_is_nothing(value, names):
    assert features.parse(value) == names


async def test_a_request_names_them_in_its_header(app):
    async with app.test_request_context("/", headers={"X-Hearth-Features": "tickets, threads"}):
        assert features.of_request() == {"tickets", "threads"}
    async with app.test_request_context("/"):
        assert features.of_request() == set()


async def test_a_socket_names_them_at_authenticate_and_keeps_them(live_server):
    person = await new_person()
    probe = await connect_socket(live_server.url, person.token, authenticate=False)
    await probe.client.emit("user:authenticate", {"token": person.token, "features": ["tickets", 3]})
    await probe.wait_for("user:authenticated")
    plain = await connect_socket(live_server.url, person.token)
    gateway = live_server.app.quart.extensions["hearth"].gateway
    try:
        assert gateway.sockets[probe.client.get_sid()].features == {"tickets"}
        assert gateway.sockets[plain.client.get_sid()].features == set()
    finally:
        await probe.close()
        await plain.close()


async def test_outside_a_request_a_feature_counts_as_asked_and_inside_only_when_named(app):
    assert features.asked_unless_elsewhere("threads")  # a socket event or a job: checked where it sends
    async with app.test_request_context("/api/threads", headers={features.HEADER: "group_dms"}):
        assert features.asked_unless_elsewhere("group_dms")
        assert not features.asked_unless_elsewhere("threads")
