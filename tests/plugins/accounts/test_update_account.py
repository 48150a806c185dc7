"""POST /api/users — update own account and profile (rest.md §1.19, realtime.md §5.1)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.cdn.models import CdnFile
from core.identity.models import Account, User
from tests.plugins.accounts.helpers import (
    assert_kicked,
    assert_not_kicked,
    confirm_email,
    error,
    ping,
    png_bytes,
    upload_image,
)
from tests.support import call, new_person

UPDATE = "/api/users"


async def update(client, person, body):
    return await call(client, "POST", UPDATE, body, token=person.token)


async def login(client, body) -> int:
    return (await call(client, "POST", "/api/users/login", body))[0]


# --- profile and privacy fields (no password needed) --------------------------------------


async def test_profile_fields_are_saved_and_returned(client):
    person = await new_person()
    fields = {
        "bio": "Hello there",
        "bgColorOne": "#112233",
        "bgColorTwo": "#445566",
        "primaryColor": "#778899",
        "font": 3,
    }
    status, body = await update(client, person, fields)
    assert status == 200
    assert body["user"]["profile"] == {
        "font": 3,
        "bio": "Hello there",
        "bgColorOne": "#112233",
        "bgColorTwo": "#445566",
        "primaryColor": "#778899",
        "clan": None,
    }
    _, shown = await call(client, "GET", f"/api/users/{person.id}")
    assert shown["profile"] == body["user"]["profile"]


async def test_null_clears_a_profile_field_and_others_stay(client):
    person = await new_person()
    await update(client, person, {"bio": "temporary", "font": 2})
    status, body = await update(client, person, {"bio": None})
    assert status == 200
    assert (body["user"]["profile"]["bio"], body["user"]["profile"]["font"]) == (None, 2)


async def test_response_is_the_full_self_user(client):
    person = await new_person()
    status, body = await update(client, person, {"socketId": "socket-1234"})
    assert status == 200
    assert set(body) == {"user"}
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
        "status",
        "customStatus",
        "lastOnlineAt",
        "lastOnlineStatus",
        "profile",
        "email",
        "emailConfirmed",
        "dmStatus",
        "friendRequestStatus",
        "hideFollowers",
        "hideFollowing",
    } <= set(user)
    assert (user["id"], user["email"], user["emailConfirmed"]) == (person.id, person.email, False)
    assert user["profile"] is None


async def test_privacy_settings(client):
    person = await new_person()
    status, body = await update(
        client,
        person,
        {"dmStatus": 2, "friendRequestStatus": 1, "lastOnlineStatus": 2, "hideFollowers": True, "hideFollowing": True},
    )
    assert status == 200
    user = body["user"]
    assert (user["dmStatus"], user["friendRequestStatus"], user["lastOnlineStatus"]) == (2, 1, 2)
    assert (user["hideFollowers"], user["hideFollowing"]) == (True, True)
    _, shown = await call(client, "GET", f"/api/users/{person.id}")
    assert (shown["hideFollowers"], shown["hideFollowing"]) == (True, True)
    assert shown["user"]["account"] == {"hideFollowers": True, "hideFollowing": True}


async def test_hidden_last_online_status_clears_last_online_at(client):
    person = await new_person()
    await User.filter(id=int(person.id)).update(last_online_at=datetime.now(UTC))
    status, body = await update(client, person, {"lastOnlineStatus": 0})
    assert status == 200
    assert (body["user"]["lastOnlineStatus"], body["user"]["lastOnlineAt"]) == (0, None)


@pytest.mark.parametrize(
    ("body", "message", "path"),
    [
        ({"bio": ""}, "Invalid bio.", "bio"),
        ({"bio": "a" * 1001}, "Invalid bio.", "bio"),
        ({"bio": 5}, "Invalid bio.", "bio"),
        ({"bgColorOne": "#ab"}, "Invalid bgColorOne.", "bgColorOne"),
        ({"bgColorTwo": "x" * 101}, "Invalid bgColorTwo.", "bgColorTwo"),
        ({"primaryColor": 123456}, "Invalid primaryColor.", "primaryColor"),
        ({"font": 11}, "Invalid font.", "font"),
        ({"font": "3"}, "Invalid font.", "font"),
        ({"dmStatus": 3}, "Invalid dmStatus.", "dmStatus"),
        ({"friendRequestStatus": -1}, "Invalid friendRequestStatus.", "friendRequestStatus"),
        ({"lastOnlineStatus": "2"}, "Invalid lastOnlineStatus.", "lastOnlineStatus"),
        ({"hideFollowers": "yes"}, "Invalid hideFollowers.", "hideFollowers"),
        ({"hideFollowing": 1}, "Invalid hideFollowing.", "hideFollowing"),
        ({"email": "not-an-email"}, "Invalid email.", "email"),
        ({"email": 7}, "Invalid email.", "email"),
        ({"username": 7}, "Invalid username.", "username"),
        ({"username": "me@home"}, "Username cannot contain the @ symbol", "username"),
        ({"username": "me:home"}, "Username cannot contain the : symbol", "username"),
        ({"username": "me"}, "Username must be between 3 and 35 characters long.", "username"),
        ({"tag": "ab1"}, "Tag must be 4 characters long", "tag"),
        ({"tag": "ab123"}, "Tag must be 4 characters long", "tag"),
        ({"tag": "ab-1"}, "Tag must be alphanumerical!", "tag"),
        ({"tag": "ab!"}, "Tag must be alphanumerical!", "tag"),
        ({"tag": "äbc1"}, "Tag must be alphanumerical!", "tag"),
        ({"password": 1234}, "Password must be a string.", "password"),
        ({"newPassword": 1234}, "New password must be a string.", "newPassword"),
        ({"newPassword": "abc"}, "Password must be between 4 and 64 characters long.", "newPassword"),
    ],
)
async def test_invalid_fields(client, body, message, path):
    person = await new_person()
    assert (await update(client, person, body)) == (400, error(message, path))


# --- username, tag, e-mail and password (password needed) --------------------------------


@pytest.mark.parametrize(
    "change",
    [{"username": "renamed"}, {"tag": "ZZ99"}, {"email": "new@example.com"}, {"newPassword": "another secret"}],
)
async def test_sensitive_changes_need_the_current_password(client, change):
    person = await new_person()
    assert (await update(client, person, change)) == (400, error("Password is required.", "password"))
    assert (await update(client, person, {**change, "password": "wrong password"})) == (
        400,
        error("Invalid Password", "password"),
    )
    account = await Account.get(user_id=int(person.id)).select_related("user")
    assert (account.user.username, account.user.tag, account.email) == (person.username, person.tag, person.email)


async def test_username_and_tag_change(client):
    person = await new_person()
    status, body = await update(client, person, {"username": "  renamed  ", "tag": "Ab12", "password": person.password})
    assert status == 200
    assert (body["user"]["username"], body["user"]["tag"]) == ("renamed", "Ab12")
    assert await login(client, {"usernameAndTag": "renamed:Ab12", "password": person.password}) == 200
    assert (
        await login(client, {"usernameAndTag": f"{person.username}:{person.tag}", "password": person.password}) == 400
    )


async def test_username_and_tag_already_taken(client):
    taken = await new_person(username="famous")
    person = await new_person()
    status, body = await update(client, person, {"username": "famous", "tag": taken.tag, "password": person.password})
    assert (status, body) == (400, error("Someone already has this combination of tag and username."))


async def test_username_with_a_blocked_word(make_app):
    app = make_app(**{"accounts.blocked_words": ["rude"]})
    async with app.test_app():
        client = app.test_client()
        person = await new_person()
        result = await update(client, person, {"username": "RudeName", "password": person.password})
    assert result == (400, error("Username cannot contain bad words.", "username"))


async def test_email_change_unconfirms_and_logs_in_with_the_new_address(client):
    person = await new_person()
    await confirm_email(client, person)
    status, body = await update(client, person, {"email": "Moved@Example.com", "password": person.password})
    assert status == 200
    assert (body["user"]["email"], body["user"]["emailConfirmed"]) == ("moved@example.com", False)
    assert await login(client, {"email": "moved@example.com", "password": person.password}) == 200
    assert await login(client, {"email": person.email, "password": person.password}) == 400


async def test_email_already_used(client):
    other = await new_person()
    person = await new_person()
    status, body = await update(client, person, {"email": other.email.upper(), "password": person.password})
    assert (status, body) == (400, error("This email is already used by someone else."))


async def test_new_password_returns_a_new_token_and_revokes_the_old(client):
    person = await new_person()
    status, body = await update(client, person, {"password": person.password, "newPassword": "another secret"})
    assert status == 200
    assert (await call(client, "GET", "/api/users", token=person.token)) == (401, error("Invalid token."))
    status, me = await call(client, "GET", "/api/users", token=body["newToken"])
    assert (status, me["user"]["id"]) == (200, person.id)
    assert await login(client, {"email": person.email, "password": "another secret"}) == 200
    assert await login(client, {"email": person.email, "password": person.password}) == 400


async def test_blank_new_password_is_ignored_as_upstream(client):
    person = await new_person()
    status, body = await update(client, person, {"newPassword": "      "})
    assert (status, "newToken" in body) == (200, False)
    assert (await call(client, "GET", "/api/users", token=person.token))[0] == 200
    assert await login(client, {"email": person.email, "password": person.password}) == 200


async def test_blank_current_password_counts_as_missing(client):
    person = await new_person()
    assert (await update(client, person, {"username": "renamed", "password": "    "})) == (
        400,
        error("Password is required.", "password"),
    )


async def test_no_new_token_without_a_password_change(client):
    person = await new_person()
    _, body = await update(client, person, {"username": "renamed", "password": person.password})
    assert "newToken" not in body
    assert (await call(client, "GET", "/api/users", token=person.token))[0] == 200


# --- avatar and banner ---------------------------------------------------------------------


async def test_avatar_needs_a_confirmed_email(client):
    person = await new_person()
    uploaded = await upload_image(client, person)
    assert (await update(client, person, {"avatarId": uploaded["fileId"]})) == (
        400,
        error("You must confirm your email before choosing an avatar or banner."),
    )


async def test_avatar_and_banner_upload_set_and_remove(client):
    person = await new_person()
    await confirm_email(client, person)
    picture = png_bytes()
    avatar = await upload_image(client, person, data=picture)
    banner = await upload_image(client, person, kind="profile_banners")
    status, body = await update(client, person, {"avatarId": avatar["fileId"], "bannerId": banner["fileId"]})
    assert status == 200
    assert (body["user"]["avatar"], body["user"]["banner"]) == (avatar["path"], banner["path"])
    response = await client.get(f"/cdn/{avatar['path']}")
    assert (response.status_code, await response.get_data()) == (200, picture)
    _, shown = await call(client, "GET", f"/api/users/{person.id}")
    assert shown["user"]["avatar"] == avatar["path"]

    status, body = await update(client, person, {"avatarId": None, "bannerId": None})
    assert (status, body["user"]["avatar"], body["user"]["banner"]) == (200, None, None)


async def test_cannot_use_someone_elses_upload(client):
    owner = await new_person()
    person = await new_person()
    await confirm_email(client, person)
    theirs = await upload_image(client, owner)
    assert (await update(client, person, {"avatarId": theirs["fileId"]})) == (403, error("File not found."))


async def test_upload_must_be_made_for_the_avatar_of_this_user(client):
    person = await new_person()
    other = await new_person()
    await confirm_email(client, person)
    banner = await upload_image(client, person, kind="profile_banners")
    assert (await update(client, person, {"avatarId": banner["fileId"]})) == (
        403,
        error("This file was uploaded for something else."),
    )
    # a picture uploaded for a server's avatar is not the user's avatar either
    other_group = await CdnFile.create(
        uploader_id=int(person.id),
        kind="avatars",
        group_id=other.id,
        path=f"avatars/{other.id}/x.png",
        filename="x.png",
        mimetype="image/png",
        size=1,
        width=1,
        height=1,
    )
    assert (await update(client, person, {"avatarId": str(other_group.id)})) == (
        403,
        error("This file was uploaded for something else."),
    )


async def test_malformed_avatar_id(client):
    person = await new_person()
    await confirm_email(client, person)
    assert (await update(client, person, {"avatarId": "abcd"})) == (403, error("File not found."))
    assert (await update(client, person, {"avatarId": "abc"})) == (400, error("Invalid avatarId.", "avatarId"))


# --- realtime ------------------------------------------------------------------------------


async def test_update_tells_every_own_socket_and_nobody_else(live_client, sockets):
    person = await new_person()
    _, login_body = await call(
        live_client, "POST", "/api/users/login", {"email": person.email, "password": person.password}
    )
    other = await new_person()
    mine = [await sockets(person.token), await sockets(login_body["token"])]
    theirs = await sockets(other.token)

    status, _ = await update(
        live_client, person, {"bio": "Fresh bio", "username": "renamed", "dmStatus": 1, "password": person.password}
    )
    assert status == 200
    for probe in mine:
        event = await probe.wait_for("user:updatedSelf")
        assert event["username"] == "renamed"
        assert (event["tag"], event["email"]) == (person.tag, person.email)
        assert (event["profile"], event["dmStatus"]) == ({"bio": "Fresh bio"}, 1)
    await ping(live_client, other, theirs)
    assert [event["username"] for event in theirs.received("user:updatedSelf")] == [other.username]
    assert theirs.received("user:updated") == []


async def test_avatar_change_is_in_the_self_event(live_client, sockets):
    person = await new_person()
    await confirm_email(live_client, person)
    probe = await sockets(person.token)
    avatar = await upload_image(live_client, person)
    await update(live_client, person, {"avatarId": avatar["fileId"]})
    event = await probe.wait_for("user:updatedSelf")
    assert event["avatar"] == avatar["path"]


async def test_password_change_kicks_every_own_socket(live_client, sockets):
    person = await new_person()
    _, login_body = await call(
        live_client, "POST", "/api/users/login", {"email": person.email, "password": person.password}
    )
    other = await new_person()
    mine = [await sockets(person.token), await sockets(login_body["token"])]
    theirs = await sockets(other.token)

    status, body = await update(live_client, person, {"password": person.password, "newPassword": "another secret"})
    assert status == 200
    for probe in mine:
        await assert_kicked(probe, "Password updated. Reload.")
    fresh = await sockets(body["newToken"])
    assert fresh.received("user:authenticated")
    await ping(live_client, other, theirs)
    assert_not_kicked(theirs)


async def test_huge_avatar_id_is_a_403_not_a_500(client):
    person = await new_person()
    await confirm_email(client, person)
    assert (await call(client, "POST", "/api/users", {"avatarId": "9" * 30}, token=person.token)) == (
        403,
        error("File not found."),
    )
