"""POST /api/users/reset-password/send-code and /reset-password?code=&userId= (rest.md §1.15–1.16)."""

from __future__ import annotations

import asyncio
import re
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlsplit

import pytest

from core.identity.models import Session
from plugins.accounts.models import VerificationCode
from tests.plugins.accounts.helpers import assert_kicked, assert_not_kicked, error, ping, together
from tests.support import Inbox, call, free_port, register

SEND = "/api/users/reset-password/send-code"
RESET = "/api/users/reset-password"
NEW_PASSWORD = "brand new secret"


def parse_link(link: str) -> tuple[str, str]:
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "http://hearth.test/reset-password"
    query = parse_qs(parts.query)
    return query["code"][0], query["userId"][0]


async def mailed_link(client, smtp_server, person) -> tuple[str, str]:
    status, body = await call(client, "POST", SEND, {"email": person.email})
    assert (status, body) == (200, {"message": "Password reset link sent to your email."})
    message = await smtp_server.inbox.wait_for(person.email)
    return parse_link(re.search(r"https?://\S+/reset-password\?\S+", Inbox.text(message)).group(0))


async def dev_link(client, email) -> tuple[str, str]:
    status, body = await call(client, "POST", SEND, {"email": email})
    assert status == 200, body
    prefix = "DEV MODE: Password reset link: "
    assert body["message"].startswith(prefix)
    return parse_link(body["message"][len(prefix) :])


async def reset(client, code: str, user_id: str, body=None, token=None):
    return await call(
        client,
        "POST",
        f"{RESET}?code={code}&userId={user_id}",
        {"newPassword": NEW_PASSWORD} if body is None else body,
        token=token,
    )


async def test_mailed_link_resets_the_password(mail_client, smtp_server):
    person = await register(mail_client)
    code, user_id = await mailed_link(mail_client, smtp_server, person)
    assert re.fullmatch(r"[0-9a-f]{40}", code)
    assert user_id == person.id

    status, body = await reset(mail_client, code, user_id)
    assert status == 200 and set(body) == {"token"}
    assert (await call(mail_client, "GET", "/api/users", token=body["token"]))[1]["user"]["id"] == person.id
    assert (
        await call(mail_client, "POST", "/api/users/login", {"email": person.email, "password": person.password})
    ) == (400, error("Invalid password.", "password"))
    status, _ = await call(mail_client, "POST", "/api/users/login", {"email": person.email, "password": NEW_PASSWORD})
    assert status == 200


async def test_dev_mode_returns_the_link(client):
    person = await register(client)
    code, user_id = await dev_link(client, person.email)
    assert user_id == person.id
    assert (await reset(client, code, user_id))[0] == 200


async def test_reset_revokes_every_old_session(client):
    person = await register(client)
    _, login = await call(client, "POST", "/api/users/login", {"email": person.email, "password": person.password})
    code, user_id = await dev_link(client, person.email)
    _, body = await reset(client, code, user_id)
    for token in (person.token, login["token"]):
        assert (await call(client, "GET", "/api/users", token=token)) == (401, error("Invalid token."))
    assert await Session.filter(user_id=int(person.id)).count() == 1


async def test_send_code_email_is_case_insensitive(client):
    person = await register(client, email="reset.me@example.com")
    _, user_id = await dev_link(client, "RESET.me@Example.com")
    assert user_id == person.id


async def test_code_works_only_once(client):
    person = await register(client)
    code, user_id = await dev_link(client, person.email)
    assert (await reset(client, code, user_id))[0] == 200
    assert (await reset(client, code, user_id)) == (400, error("Invalid or expired code."))


async def test_a_link_used_many_times_at_once_resets_once(client):
    person = await register(client)
    code, user_id = await dev_link(client, person.email)
    chosen = [f"new secret number {n}" for n in range(8)]
    passwords = iter(chosen)

    def attempt():
        return reset(client, code, user_id, {"newPassword": next(passwords)})

    answers = await together(8, attempt)
    assert [status for status, _ in answers] == [200] + [400] * 7, answers
    assert all(body == error("Invalid or expired code.") for _, body in answers[1:])
    # one new session: the winner's token; the password is the one its request chose
    [session] = await Session.filter(user_id=int(person.id))
    me = await call(client, "GET", "/api/users", token=answers[0][1]["token"])
    assert me[0] == 200
    login = "/api/users/login"
    logins = [(await call(client, "POST", login, {"email": person.email, "password": p}))[0] for p in chosen]
    assert sorted(logins) == [200] + [400] * 7, logins
    assert await VerificationCode.filter(user_id=int(person.id)).count() == 0


async def test_a_new_link_replaces_the_previous_one(client):
    person = await register(client)
    old_code, user_id = await dev_link(client, person.email)
    new_code, _ = await dev_link(client, person.email)
    assert (await reset(client, old_code, user_id)) == (400, error("Invalid or expired code."))
    assert (await reset(client, new_code, user_id))[0] == 200


async def test_expired_code(client):
    person = await register(client)
    code, user_id = await dev_link(client, person.email)
    await VerificationCode.filter(user_id=int(person.id)).update(expires_at=datetime.now(UTC) - timedelta(seconds=1))
    assert (await reset(client, code, user_id)) == (400, error("Invalid or expired code."))


async def test_code_of_one_user_does_not_reset_another(client):
    alice = await register(client)
    bob = await register(client)
    code, _ = await dev_link(client, alice.email)
    assert (await reset(client, code, bob.id)) == (400, error("Invalid or expired code."))
    status, _ = await call(client, "POST", "/api/users/login", {"email": bob.email, "password": bob.password})
    assert status == 200


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("userId=1", "Invalid code."),
        ("code=&userId=1", "Invalid code."),
        ("code=abc", "Invalid userId."),
        ("code=abc&userId=me", "Invalid userId."),
        ("code=abc&userId=" + "9" * 30, "Invalid userId."),
        ("code=abc&userId=12345", "Invalid or expired code."),
    ],
)
async def test_bad_query(client, query, message):
    status, body = await call(client, "POST", f"{RESET}?{query}", {"newPassword": NEW_PASSWORD})
    assert (status, body) == (400, error(message))


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "newPassword is required."),
        ({"newPassword": 1234}, "New password must be a string."),
        ({"newPassword": "abc"}, "New password must be between 4 and 64 characters long."),
        ({"newPassword": "a" * 65}, "New password must be between 4 and 64 characters long."),
    ],
)
async def test_bad_new_password(client, body, message):
    person = await register(client)
    code, user_id = await dev_link(client, person.email)
    assert (await reset(client, code, user_id, body)) == (400, error(message, "newPassword"))


@pytest.mark.parametrize(
    ("body", "message", "path"),
    [
        ({}, "Email is required.", "email"),
        ({"email": "not-an-email"}, "Invalid email.", "email"),
        ({"email": "nobody@example.com"}, "Invalid email.", None),
    ],
)
async def test_send_code_refusals(client, body, message, path):
    assert (await call(client, "POST", SEND, body)) == (400, error(message, path))


async def test_unreachable_smtp_server_is_logged_not_answered(make_app, caplog):
    # The link is mailed after the answer, so that the answer (and its time) is the same whether
    # or not the address has an account (test_account_enumeration.py): a failure is logged.
    app = make_app(**{"mail.smtp_host": "127.0.0.1", "mail.smtp_port": free_port(), "mail.smtp_security": "none"})
    async with app.test_app():
        client = app.test_client()
        person = await register(client)
        status, body = await call(client, "POST", SEND, {"email": person.email})
        for _ in range(250):
            if any("could not send mail" in r.getMessage() for r in caplog.records):
                break
            await asyncio.sleep(0.02)
    assert (status, body) == (200, {"message": "Password reset link sent to your email."})
    assert any(person.email in r.getMessage() and "could not send mail" in r.getMessage() for r in caplog.records)


async def test_reset_ignores_the_token_header_the_client_sends(client):
    # rest.md §1.16: no auth, though the web client sends its (possibly stale) token anyway.
    person = await register(client)
    code, user_id = await dev_link(client, person.email)
    assert (await reset(client, code, user_id, token="stale-token"))[0] == 200


async def test_reset_kicks_every_socket_of_the_user(live_client, sockets):
    person = await register(live_client)
    _, login = await call(live_client, "POST", "/api/users/login", {"email": person.email, "password": person.password})
    other = await register(live_client)
    mine = [await sockets(person.token), await sockets(login["token"])]
    theirs = await sockets(other.token)

    code, user_id = await dev_link(live_client, person.email)
    status, body = await reset(live_client, code, user_id)
    assert status == 200

    for probe in mine:
        await assert_kicked(probe, "Invalid Token")
    fresh = await sockets(body["token"])
    assert fresh.received("user:authenticated")
    await ping(live_client, other, theirs)
    assert_not_kicked(theirs)
