"""The sessions screen's additions (Hearth's own): each session's device read from its user agent,
when it was made and which is the caller's (only for clients asking ``session-details``), "log out
everywhere else" (``keepCurrent``), and last use refreshed at most once per ten minutes."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from core.identity.models import Session
from plugins.accounts.devices import describe
from tests.plugins.accounts.helpers import assert_kicked, assert_not_kicked, error, ping, session_id_of
from tests.support import call, new_person

FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
SAFARI_IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/17.5 Mobile/15E148 Safari/604.1"
)
EDGE = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 "
    "Safari/537.36 Edg/131.0.2903.86"
)
CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
DETAILS = {"X-Hearth-Features": "session-details"}


async def login(client, person, agent: str) -> str:
    response = await client.post(
        "/api/users/login", json={"email": person.email, "password": person.password}, headers={"User-Agent": agent}
    )
    assert response.status_code == 200
    return (await response.get_json())["token"]


def test_agents_are_summarised():
    assert describe(FIREFOX_WINDOWS) == {"browser": "Firefox 133", "os": "Windows"}
    assert describe(SAFARI_IPHONE) == {"browser": "Safari 17", "os": "iOS"}
    assert describe(EDGE) == {"browser": "Edge 131", "os": "Windows"}
    assert describe(CHROME_LINUX) == {"browser": "Chrome 131", "os": "Linux"}
    assert describe("curl/8.5.0") == {"browser": None, "os": None}
    assert describe(None) == {"browser": None, "os": None}


async def test_protocol_clients_get_the_reference_shape(client):
    person = await new_person()
    await login(client, person, FIREFOX_WINDOWS)
    status, rows = await call(client, "GET", "/api/users/sessions", token=person.token)
    assert status == 200 and len(rows) == 2
    assert all(set(row) == {"deviceType", "sessionId", "location", "lastSeenAt"} for row in rows)


async def test_details_for_a_client_that_asks(client):
    person = await new_person()
    phone = await login(client, person, SAFARI_IPHONE)
    response = await client.get("/api/users/sessions", headers={"Authorization": phone, **DETAILS})
    assert response.status_code == 200
    rows = await response.get_json()
    by_id = {row["sessionId"]: row for row in rows}
    mine = by_id[session_id_of(phone)]
    assert mine["current"] is True and mine["device"] == {"browser": "Safari 17", "os": "iOS"}
    assert mine["deviceType"] == 2 and isinstance(mine["createdAt"], int)
    other = by_id[session_id_of(person.token)]
    assert other["current"] is False and other["device"] == {"browser": None, "os": None}


async def test_log_out_everywhere_else(live_client, sockets):
    person, stranger = await new_person(), await new_person()
    laptop = await login(live_client, person, FIREFOX_WINDOWS)
    phone = await login(live_client, person, SAFARI_IPHONE)
    here, elsewhere, phone_socket = await sockets(laptop), await sockets(person.token), await sockets(phone)
    stranger_socket = await sockets(stranger.token)

    status, body = await call(
        live_client, "DELETE", "/api/users/sessions", {"password": "wrong pass", "keepCurrent": True}, token=laptop
    )
    assert (status, body) == (400, error("Invalid password.", "password"))
    status, body = await call(
        live_client, "DELETE", "/api/users/sessions", {"password": person.password, "keepCurrent": "yes"}, token=laptop
    )
    assert (status, body) == (400, error("keepCurrent must be a boolean.", "keepCurrent"))

    status, body = await call(
        live_client, "DELETE", "/api/users/sessions", {"password": person.password, "keepCurrent": True}, token=laptop
    )
    assert (status, body) == (200, True)
    await assert_kicked(elsewhere, "Session Destroyed.")
    await assert_kicked(phone_socket, "Session Destroyed.")
    await ping(live_client, replace(person, token=laptop), here)
    assert_not_kicked(here)
    assert_not_kicked(stranger_socket)
    assert [str(s) for s in await Session.filter(user_id=int(person.id)).values_list("id", flat=True)] == [
        session_id_of(laptop)
    ]
    assert (await call(live_client, "GET", "/api/users", token=phone))[0] == 401


async def test_last_use_is_written_at_most_every_ten_minutes(client):
    person = await new_person()
    session_id = int(session_id_of(person.token))
    await call(client, "GET", "/api/users", token=person.token)  # the session now has the client's address
    recent = datetime.now(UTC) - timedelta(minutes=5)
    await Session.filter(id=session_id).update(last_seen_at=recent)
    await call(client, "GET", "/api/users", token=person.token)
    seen = (await Session.get(id=session_id)).last_seen_at
    assert abs((seen - recent).total_seconds()) < 1  # not written again
    await Session.filter(id=session_id).update(last_seen_at=datetime.now(UTC) - timedelta(minutes=20))
    await call(client, "GET", "/api/users", token=person.token)
    assert (await Session.get(id=session_id)).last_seen_at > recent
