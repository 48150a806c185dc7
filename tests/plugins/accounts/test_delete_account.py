"""DELETE /api/users/delete-account (rest.md §1.25)."""

from __future__ import annotations

import re

import pytest

from core.identity.models import Account, Session, User
from plugins.accounts.models import Profile, VerificationCode
from tests.plugins.accounts.helpers import (
    assert_kicked,
    assert_not_kicked,
    confirm_email,
    error,
    ping,
    request_dev_code,
    upload_image,
)
from tests.support import call, new_person

DELETE = "/api/users/delete-account"


async def delete(client, person, body=None):
    return await call(
        client, "DELETE", DELETE, {"password": person.password} if body is None else body, token=person.token
    )


async def test_deleted_account_leaves_a_tombstone(client):
    person = await new_person()
    await confirm_email(client, person)
    avatar = await upload_image(client, person)
    await call(client, "POST", "/api/users", {"avatarId": avatar["fileId"], "bio": "about me"}, token=person.token)

    assert (await delete(client, person)) == (200, {"status": True})

    status, body = await call(client, "GET", f"/api/users/{person.id}")
    assert status == 200
    user = body["user"]
    assert re.fullmatch(r"Deleted User [A-Za-z0-9]{4}", user["username"])
    assert user["username"] == f"Deleted User {user['tag']}"
    assert (user["avatar"], user["banner"], user["badges"], user["account"]) == (None, None, 0, None)
    assert body["profile"] is None
    assert await Account.filter(user_id=int(person.id)).count() == 0
    assert await Session.filter(user_id=int(person.id)).count() == 0
    assert await Profile.filter(user_id=int(person.id)).count() == 0
    assert (await User.get(id=int(person.id))).deleted is True


async def test_deleted_account_cannot_log_in_or_use_its_token(client):
    person = await new_person()
    await delete(client, person, {"password": person.password, "deleteContent": True})
    assert (await call(client, "POST", "/api/users/login", {"email": person.email, "password": person.password})) == (
        400,
        error("Invalid email address.", "email"),
    )
    assert (
        await call(
            client,
            "POST",
            "/api/users/login",
            {"usernameAndTag": f"{person.username}:{person.tag}", "password": person.password},
        )
    ) == (400, error("Invalid username/tag", "email"))
    assert (await call(client, "GET", "/api/users", token=person.token)) == (401, error("Invalid token."))


async def test_pending_codes_are_dropped(client):
    person = await new_person()
    await request_dev_code(client, person)
    await delete(client, person)
    assert await VerificationCode.filter(user_id=int(person.id)).count() == 0


async def test_the_email_can_register_again(client):
    person = await new_person()
    await delete(client, person)
    again = await new_person(email=person.email)
    assert again.id != person.id


async def test_wrong_password_is_403(client):
    person = await new_person()
    assert (await delete(client, person, {"password": "wrong password"})) == (
        403,
        error("Invalid password.", "password"),
    )
    assert await Account.filter(user_id=int(person.id)).count() == 1


@pytest.mark.parametrize(
    ("body", "message", "path"),
    [
        ({}, "Password required!", "password"),
        ({"password": 1234}, "Password must be a string.", "password"),
        ({"password": "abc"}, "Password must be between 4 and 72 characters long.", "password"),
        ({"password": "a" * 73}, "Password must be between 4 and 72 characters long.", "password"),
        ({"password": "correct horse 1", "deleteContent": "yes"}, "deleteContent must be a boolean.", "deleteContent"),
    ],
)
async def test_invalid_bodies(client, body, message, path):
    person = await new_person()
    assert (await delete(client, person, body)) == (400, error(message, path))
    assert await Account.filter(user_id=int(person.id)).count() == 1


async def test_other_users_are_untouched(client):
    person = await new_person()
    other = await new_person()
    await delete(client, person)
    status, body = await call(client, "GET", "/api/users", token=other.token)
    assert (status, body["user"]["username"]) == (200, other.username)


async def test_deletion_kicks_every_socket_of_the_user(live_client, sockets):
    person = await new_person()
    _, login = await call(live_client, "POST", "/api/users/login", {"email": person.email, "password": person.password})
    other = await new_person()
    mine = [await sockets(person.token), await sockets(login["token"])]
    theirs = await sockets(other.token)

    assert (await delete(live_client, person)) == (200, {"status": True})

    for probe in mine:
        await assert_kicked(probe, "Invalid Token")
    await ping(live_client, other, theirs)
    assert_not_kicked(theirs)


async def test_deleted_users_token_is_refused_by_the_socket(client, sockets):
    person = await new_person()
    await delete(client, person)
    probe = await sockets(person.token)
    assert probe.received("user:authenticate_error") == [{"message": "Invalid token."}]
    await probe.wait_disconnected()
