"""POST /api/users/login (rest.md §1.2)."""

from __future__ import annotations

import pytest

from core.identity.models import Session
from tests.plugins.accounts.helpers import error
from tests.support import call, new_person

LOGIN = "/api/users/login"


async def test_login_by_email_returns_a_new_working_session(client):
    person = await new_person()
    status, body = await call(client, "POST", LOGIN, {"email": person.email, "password": person.password})
    assert status == 200
    assert set(body) == {"token"}
    assert body["token"] != person.token
    assert await Session.filter(user_id=int(person.id)).count() == 2
    for token in (body["token"], person.token):
        status, me = await call(client, "GET", "/api/users", token=token)
        assert (status, me["user"]["id"]) == (200, person.id)


async def test_login_email_is_case_insensitive(client):
    person = await new_person(email="mixed.case@example.com")
    status, _ = await call(client, "POST", LOGIN, {"email": "Mixed.CASE@Example.com", "password": person.password})
    assert status == 200


async def test_login_by_username_and_tag(client):
    person = await new_person()
    status, body = await call(
        client, "POST", LOGIN, {"usernameAndTag": f"{person.username}:{person.tag}", "password": person.password}
    )
    assert status == 200
    status, me = await call(client, "GET", "/api/users", token=body["token"])
    assert me["user"]["id"] == person.id


async def test_username_and_tag_is_case_sensitive(client):
    person = await new_person(username="CamelCase")
    status, body = await call(
        client, "POST", LOGIN, {"usernameAndTag": f"camelcase:{person.tag}", "password": person.password}
    )
    assert (status, body) == (400, error("Invalid username/tag", "email"))


async def test_login_token_authenticates_a_socket(client, sockets):
    person = await new_person()
    _, body = await call(client, "POST", LOGIN, {"email": person.email, "password": person.password})
    probe = await sockets(body["token"])
    payload = probe.received("user:authenticated")[0]
    assert payload["user"]["id"] == person.id
    assert probe.received("user:authenticate_error") == []


LENGTH = "Password must be between 4 and 72 characters long."


@pytest.mark.parametrize(
    ("body", "message", "path"),
    [
        ({}, "Password is required.", "password"),
        ({"email": "x@example.com"}, "Password is required.", "password"),
        ({"email": "x@example.com", "password": 1234}, "Password must be a string.", "password"),
        ({"email": "x@example.com", "password": "abc"}, LENGTH, "password"),
        ({"email": "x@example.com", "password": "a" * 73}, LENGTH, "password"),
        ({"email": "not-an-email", "password": "abcd"}, "Invalid email.", "email"),
        ({"email": 5, "password": "abcd"}, "Invalid email.", "email"),
        ({"usernameAndTag": 5, "password": "abcd"}, "Invalid username & tag", "usernameAndTag"),
    ],
)
async def test_invalid_bodies_report_the_first_failing_rule(client, body, message, path):
    status, answer = await call(client, "POST", LOGIN, body)
    assert (status, answer) == (400, error(message, path))


async def test_both_email_and_username_and_tag_is_refused(client):
    person = await new_person()
    status, body = await call(
        client,
        "POST",
        LOGIN,
        {"email": person.email, "password": person.password, "usernameAndTag": f"{person.username}:{person.tag}"},
    )
    assert (status, body) == (400, error("Only one of username:tag/email are required!", "email"))


async def test_neither_email_nor_username_and_tag_is_refused(client):
    status, body = await call(client, "POST", LOGIN, {"password": "abcd"})
    assert (status, body) == (400, error("username:tag/email required!"))


@pytest.mark.parametrize("value", ["no-colon", "too:many:colons"])
async def test_username_and_tag_needs_exactly_one_colon(client, value):
    status, body = await call(client, "POST", LOGIN, {"usernameAndTag": value, "password": "abcd"})
    assert (status, body) == (400, error("Invalid username & tag"))


async def test_unknown_email(client):
    status, body = await call(client, "POST", LOGIN, {"email": "nobody@example.com", "password": "abcd"})
    assert (status, body) == (400, error("Invalid email address.", "email"))


async def test_unknown_username_and_tag_reports_path_email_as_upstream(client):
    person = await new_person()
    other_tag = "zzzz" if person.tag != "zzzz" else "yyyy"
    status, body = await call(
        client, "POST", LOGIN, {"usernameAndTag": f"{person.username}:{other_tag}", "password": person.password}
    )
    assert (status, body) == (400, error("Invalid username/tag", "email"))


@pytest.mark.parametrize("by", ["email", "usernameAndTag"])
async def test_wrong_password(client, by):
    person = await new_person()
    identifier = {"email": person.email} if by == "email" else {"usernameAndTag": f"{person.username}:{person.tag}"}
    status, body = await call(client, "POST", LOGIN, {**identifier, "password": "wrong password"})
    assert (status, body) == (400, error("Invalid password.", "password"))
    assert await Session.filter(user_id=int(person.id)).count() == 1


async def test_a_72_character_password_passes_validation(client):
    person = await new_person()
    status, body = await call(client, "POST", LOGIN, {"email": person.email, "password": "a" * 72})
    assert (status, body) == (400, error("Invalid password.", "password"))
