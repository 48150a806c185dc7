"""DELETE /api/users/logout, GET and DELETE /api/users/sessions (rest.md §1.3–1.5, realtime.md §3.6)."""

from __future__ import annotations

from dataclasses import replace

from core.identity.models import Session
from tests.plugins.accounts.helpers import assert_kicked, assert_not_kicked, error, ping, session_id_of
from tests.support import Person, call, new_person


async def login(client, person: Person, agent: str | None = None) -> str:
    headers = {"User-Agent": agent} if agent else {}
    response = await client.post(
        "/api/users/login", json={"email": person.email, "password": person.password}, headers=headers
    )
    assert response.status_code == 200
    return (await response.get_json())["token"]


# --- logout ------------------------------------------------------------------------------


async def test_logout_revokes_only_the_presented_session(client):
    person = await new_person()
    other_token = await login(client, person)
    status, body = await call(client, "DELETE", "/api/users/logout", token=person.token)
    assert (status, body) == (200, {"status": True})
    assert (await call(client, "GET", "/api/users", token=person.token)) == (401, error("Invalid token."))
    status, _ = await call(client, "GET", "/api/users", token=other_token)
    assert status == 200


async def test_logout_twice_is_refused(client):
    person = await new_person()
    await call(client, "DELETE", "/api/users/logout", token=person.token)
    assert (await call(client, "DELETE", "/api/users/logout", token=person.token)) == (401, error("Invalid token."))


async def test_logout_error_body_keeps_path_key_unlike_upstream(client):
    # rest.md §1.3: upstream answers {message} without "path"; Hearth keeps the standard shape.
    status, body = await call(client, "DELETE", "/api/users/logout", token="not-a-token")
    assert status == 401
    assert body == {"message": "Invalid token.", "path": None}


async def test_logout_kicks_only_the_sockets_of_that_session(live_client, sockets):
    person = await new_person()
    second_token = await login(live_client, person)
    other = await new_person()
    same_session = [await sockets(person.token), await sockets(person.token)]
    other_session = await sockets(second_token)
    other_user = await sockets(other.token)

    status, _ = await call(live_client, "DELETE", "/api/users/logout", token=person.token)
    assert status == 200

    for probe in same_session:
        await assert_kicked(probe, "Invalid Token")
    await ping(live_client, replace(person, token=second_token), other_session)
    await ping(live_client, other, other_user)
    assert_not_kicked(other_session)
    assert_not_kicked(other_user)


async def test_logged_out_token_cannot_authenticate_a_socket(client, sockets):
    person = await new_person()
    await call(client, "DELETE", "/api/users/logout", token=person.token)
    probe = await sockets(person.token)
    assert probe.received("user:authenticate_error") == [{"message": "Invalid token."}]
    assert probe.received("user:authenticated") == []
    await probe.wait_disconnected()


# --- listing sessions --------------------------------------------------------------------


async def test_sessions_lists_every_session_with_its_device_type(client):
    person = await new_person()
    await login(client, person, agent="Mozilla/5.0 (Linux; Android 14) Mobile Safari")
    await login(client, person, agent="Mozilla/5.0 Hearth/1.0 Electron/30.0")
    status, body = await call(client, "GET", "/api/users/sessions", token=person.token)
    assert status == 200
    assert sorted(row["deviceType"] for row in body) == [0, 1, 2]
    for row in body:
        assert set(row) == {"deviceType", "sessionId", "location", "lastSeenAt"}
        assert isinstance(row["sessionId"], str) and row["sessionId"].isdigit()
        assert isinstance(row["location"], str)
        assert isinstance(row["lastSeenAt"], int)
    assert session_id_of(person.token) in {row["sessionId"] for row in body}


async def test_sessions_does_not_list_other_users_sessions(client):
    person = await new_person()
    other = await new_person()
    _, body = await call(client, "GET", "/api/users/sessions", token=person.token)
    assert [row["sessionId"] for row in body] == [session_id_of(person.token)]
    assert session_id_of(other.token) not in {row["sessionId"] for row in body}


async def test_token_and_socket_carry_the_same_session_id(client, sockets):
    person = await new_person()
    probe = await sockets(person.token)
    assert probe.received("user:authenticated")[0]["sessionId"] == session_id_of(person.token)


# --- destroying sessions -----------------------------------------------------------------


async def test_destroy_all_sessions_kicks_every_socket_of_the_user(live_client, sockets):
    person = await new_person()
    second_token = await login(live_client, person)
    other = await new_person()
    mine = [await sockets(person.token), await sockets(second_token)]
    theirs = await sockets(other.token)

    status, body = await call(
        live_client, "DELETE", "/api/users/sessions", {"password": person.password}, token=person.token
    )
    assert (status, body) == (200, True)

    for probe in mine:
        await assert_kicked(probe, "Session Destroyed.")
    for token in (person.token, second_token):
        assert (await call(live_client, "GET", "/api/users", token=token)) == (401, error("Invalid token."))
    await ping(live_client, other, theirs)
    assert_not_kicked(theirs)


async def test_destroy_one_session_kicks_only_its_sockets(live_client, sockets):
    person = await new_person()
    second_token = await login(live_client, person)
    target = await sockets(second_token)
    survivor = await sockets(person.token)

    status, body = await call(
        live_client,
        "DELETE",
        f"/api/users/sessions/{session_id_of(second_token)}",
        {"password": person.password},
        token=person.token,
    )
    assert (status, body) == (200, True)

    await assert_kicked(target, "Session Destroyed.")
    assert (await call(live_client, "GET", "/api/users", token=second_token)) == (401, error("Invalid token."))
    await ping(live_client, person, survivor)
    assert_not_kicked(survivor)


async def test_cannot_destroy_another_users_session(client):
    person = await new_person()
    other = await new_person()
    status, body = await call(
        client,
        "DELETE",
        f"/api/users/sessions/{session_id_of(other.token)}",
        {"password": person.password},
        token=person.token,
    )
    assert (status, body) == (400, error("Invalid session.", "sessionId"))
    status, _ = await call(client, "GET", "/api/users", token=other.token)
    assert status == 200


async def test_destroy_sessions_with_a_wrong_password_changes_nothing(client):
    person = await new_person()
    status, body = await call(
        client, "DELETE", "/api/users/sessions", {"password": "wrong password"}, token=person.token
    )
    assert (status, body) == (400, error("Invalid password.", "password"))
    assert await Session.filter(user_id=int(person.id)).count() == 1


async def test_destroy_sessions_validates_the_password(client):
    person = await new_person()
    cases = [
        ({}, "Password required!"),
        ({"password": 1234}, "Password must be a string."),
        ({"password": "abc"}, "Password must be between 4 and 72 characters long."),
        ({"password": "a" * 73}, "Password must be between 4 and 72 characters long."),
    ]
    for body, message in cases:
        assert (await call(client, "DELETE", "/api/users/sessions", body, token=person.token)) == (
            400,
            error(message, "password"),
        )


async def test_destroy_session_with_a_malformed_or_huge_id(client):
    person = await new_person()
    for session_id in ("abc", "9" * 30):
        status, body = await call(
            client, "DELETE", f"/api/users/sessions/{session_id}", {"password": person.password}, token=person.token
        )
        assert (status, body) == (400, error("Invalid session.", "sessionId"))
