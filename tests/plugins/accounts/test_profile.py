"""GET /api/users/:userId? — user profile (rest.md §1.28)."""

from __future__ import annotations

import json

import pytest

from tests.plugins.accounts.helpers import error
from tests.support import call, new_person


async def test_anonymous_visitor_sees_a_public_profile(client):
    person = await new_person()
    status, body = await call(client, "GET", f"/api/users/{person.id}")
    assert status == 200
    assert body["block"] is False
    assert (body["followsYou"], body["hideFollowers"], body["hideFollowing"]) == (False, False, False)
    assert (body["mutualFriendIds"], body["mutualServerIds"], body["latestPost"]) == ([], [], None)
    assert body["profile"] is None
    user = body["user"]
    assert {
        "id",
        "username",
        "tag",
        "hexColor",
        "avatar",
        "banner",
        "badges",
        "bot",
        "joinedAt",
        "application",
        "followers",
        "following",
        "_count",
        "account",
    } <= set(user)
    assert (user["id"], user["username"], user["tag"]) == (person.id, person.username, person.tag)
    assert isinstance(user["joinedAt"], int)
    assert user["_count"] == {"followers": 0, "following": 0, "likedPosts": 0, "posts": 0}
    assert user["account"] == {"hideFollowers": False, "hideFollowing": False}


async def test_profile_never_leaks_email_or_secrets(client):
    person = await new_person()
    viewer = await new_person()
    for token in (None, viewer.token, person.token):
        _, body = await call(client, "GET", f"/api/users/{person.id}", token=token)
        text = json.dumps(body)
        assert person.email not in text
        assert "password" not in text.lower() and "emailConfirmed" not in text


async def test_without_an_id_you_get_yourself(client):
    person = await new_person()
    status, body = await call(client, "GET", "/api/users", token=person.token)
    assert (status, body["user"]["id"]) == (200, person.id)


async def test_without_an_id_anonymous_is_refused(client):
    assert (await call(client, "GET", "/api/users")) == (400, error("Invalid userId."))


async def test_another_user_seen_by_a_logged_in_user(client):
    person = await new_person()
    viewer = await new_person()
    status, body = await call(client, "GET", f"/api/users/{person.id}", token=viewer.token)
    assert (status, body["user"]["id"]) == (200, person.id)


@pytest.mark.parametrize("user_id", ["12345", "abc", "9" * 30, "-1"])
async def test_unknown_user(client, user_id):
    assert (await call(client, "GET", f"/api/users/{user_id}")) == (400, error("User not found.", "user"))


async def test_bad_token_is_refused_even_though_auth_is_optional(client):
    person = await new_person()
    assert (await call(client, "GET", f"/api/users/{person.id}", token="bogus")) == (401, error("Invalid token."))
    assert (await call(client, "GET", "/api/users", token="bogus")) == (401, error("Invalid token."))
