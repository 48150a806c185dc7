"""rest.md §10: applications — create, list, read, rename, delete, secret, exists; someone
else's application and bot tokens are refused."""

from __future__ import annotations

from tests.plugins.applications.helpers import new_app, new_bot
from tests.plugins.messages.helpers import member
from tests.support import at_once, call, new_person


async def test_create_list_and_read_an_application(client):
    developer, app = await new_app(client)
    assert app["name"] == "Untitled 1" and app["clientSecret"] is None and app["redirectUris"] == []
    assert app["botUserId"] is None and isinstance(app["createdAt"], int)
    _, second = await new_app(client, developer)
    assert second["name"] == "Untitled 2"

    status, listed = await call(client, "GET", "/api/applications", token=developer.token)
    assert status == 200 and [a["id"] for a in listed] == [app["id"], second["id"]]
    assert all("clientSecret" not in a for a in listed)

    status, details = await call(client, "GET", f"/api/applications/{app['id']}", token=developer.token)
    assert status == 200 and len(details["clientSecret"]) == 43 and details["botUser"] is None
    status, again = await call(client, "GET", f"/api/applications/{app['id']}", token=developer.token)
    assert again["clientSecret"] == details["clientSecret"]  # generated once, on first read

    status, refreshed = await call(
        client, "POST", f"/api/applications/{app['id']}/client-secret-refresh", token=developer.token
    )
    assert status == 200 and refreshed["clientSecret"] != details["clientSecret"]


async def test_unconfirmed_email_and_the_limit_of_ten(client):
    unconfirmed = await new_person()
    assert await call(client, "POST", "/api/applications", token=unconfirmed.token) == (
        403,
        {"message": "You must confirm your email first.", "path": None},
    )
    developer = await member()
    for _ in range(10):
        await new_app(client, developer)
    assert await call(client, "POST", "/api/applications", token=developer.token) == (
        400,
        {"message": "You already created the maximum amount of applications!", "path": None},
    )


async def test_rename_and_redirect_uris(client):
    developer, app = await new_app(client)
    path = f"/api/applications/{app['id']}"
    status, body = await call(
        client, "PATCH", path, {"name": "Weather", "redirectUris": ["http://localhost:3000/cb"]}, token=developer.token
    )
    assert (status, body) == (200, {"name": "Weather", "redirectUris": ["http://localhost:3000/cb"], "id": app["id"]})
    assert await call(client, "PATCH", path, {"name": "ab"}, token=developer.token) == (
        400,
        {"message": "name must be between 3 and 35 characters long.", "path": "name"},
    )
    assert await call(client, "PATCH", path, {"redirectUris": "x"}, token=developer.token) == (
        400,
        {"message": "redirectUris must be an array of strings.", "path": "redirectUris"},
    )
    assert await call(client, "PATCH", path, {"redirectUris": ["not a url"]}, token=developer.token) == (
        400,
        {"message": "Each redirectUri must be a valid URL.", "path": "redirectUris"},
    )
    many = [f"https://example.com/{n}" for n in range(11)]
    assert await call(client, "PATCH", path, {"redirectUris": many}, token=developer.token) == (
        403,
        {"message": "Too many redirect URIs!", "path": None},
    )
    status, listed = await call(client, "GET", "/api/applications", token=developer.token)
    assert listed[0]["name"] == "Weather"


async def test_someone_elses_application_is_refused_everywhere(client):
    bot = await new_bot(client)
    stranger = await member()
    app = f"/api/applications/{bot.app_id}"
    cases = [
        # as upstream: its lookup is by id and creator, so another's application is not found (a 401
        # would tell the client its session is over)
        ("GET", app, None, 404, "Application not found!"),
        ("POST", f"{app}/client-secret-refresh", None, 404, "Application not found!"),
        ("PATCH", app, {"name": "Mine now"}, 403, "Application not found!"),
        ("DELETE", app, None, 400, "Application not found!"),
        ("POST", f"{app}/bot", None, 400, "Application not found!"),
        ("PATCH", f"{app}/bot", {"username": "Hijacked"}, 404, "Application not found!"),
        ("GET", f"{app}/token", None, 404, "Application not found!"),
        ("POST", f"{app}/token", None, 404, "Application not found!"),
        ("POST", f"{app}/bot/commands", {"commands": []}, 403, "Application not found!"),
        ("POST", f"/api/explore/bots/{bot.app_id}", {"description": "mine"}, 400, "This bot does not belong to you."),
    ]
    for method, path, body, status, message in cases:
        assert await call(client, method, path, body, token=stranger.token) == (
            status,
            {"message": message, "path": None},
        ), (method, path)
    # nothing changed, and the real token still works
    status, details = await call(client, "GET", app, token=bot.developer.token)
    assert details["name"] == "Untitled 1" and details["botUser"]["username"] == bot.user["username"]
    assert (await call(client, "GET", "/api/users", token=bot.token))[0] == 200


async def test_missing_applications(client):
    developer = await member()
    for method, path, status in [
        ("GET", "/api/applications/123", 404),
        ("GET", "/api/applications/123/exists", 404),
        ("DELETE", "/api/applications/123", 400),
        ("GET", "/api/applications/x/bot", 400),
    ]:
        assert await call(client, method, path, token=developer.token) == (
            status,
            {"message": "Application not found!", "path": None},
        ), path
    _, app = await new_app(client, developer)
    other = await member()
    assert await call(client, "GET", f"/api/applications/{app['id']}/exists", token=other.token) == (
        200,
        {"exists": True},
    )


async def test_bots_may_not_use_user_routes(client):
    bot = await new_bot(client)
    refused = (401, {"message": "Bots are not allowed to use this route.", "path": None})
    for method, path in [
        ("POST", "/api/applications"),
        ("GET", "/api/applications"),
        ("GET", f"/api/applications/{bot.app_id}"),
        ("GET", f"/api/applications/{bot.app_id}/token"),
        ("POST", f"/api/applications/{bot.app_id}/token"),
        ("GET", "/api/oauth2/applications"),
        (
            "POST",
            "/api/servers",
        ),
        ("POST", "/api/friends/add"),
    ]:
        assert await call(client, method, path, {}, token=bot.token) == refused, path


async def test_delete_tombstones_the_bot_and_revokes_its_token(client):
    bot = await new_bot(client)
    assert await call(client, "DELETE", f"/api/applications/{bot.app_id}", token=bot.developer.token) == (
        200,
        {"status": True},
    )
    assert await call(client, "GET", "/api/users", token=bot.token) == (
        401,
        {"message": "Invalid token.", "path": None},
    )
    status, profile = await call(client, "GET", f"/api/users/{bot.id}", token=bot.developer.token)
    assert profile["user"]["username"].startswith("Deleted Bot ")
    status, listed = await call(client, "GET", "/api/applications", token=bot.developer.token)
    assert listed == []


async def test_deleting_the_account_deletes_its_applications_and_bots(client):
    bot = await new_bot(client)
    status, _ = await call(
        client,
        "DELETE",
        "/api/users/delete-account",
        {"password": bot.developer.password, "deleteContent": True},
        token=bot.developer.token,
    )
    assert status == 200
    assert await call(client, "GET", "/api/users", token=bot.token) == (
        401,
        {"message": "Invalid token.", "path": None},
    )
    other = await member()
    assert await call(client, "GET", f"/api/applications/{bot.app_id}/exists", token=other.token) == (
        404,
        {"message": "Application not found!", "path": None},
    )
    status, profile = await call(client, "GET", f"/api/users/{bot.id}", token=other.token)
    assert profile["user"]["username"].startswith("Deleted Bot ")


async def test_applications_made_at_once_stop_at_ten_and_are_numbered_apart(client):
    developer, _ = await new_app(client)
    for _ in range(7):
        await new_app(client, developer)
    answers = await at_once(*(call(client, "POST", "/api/applications", token=developer.token) for _ in range(4)))
    assert [status for status, _ in answers] == [200, 200, 400, 400]
    assert [body for _, body in answers[2:]] == [
        {"message": "You already created the maximum amount of applications!", "path": None}
    ] * 2
    status, listed = await call(client, "GET", "/api/applications", token=developer.token)
    assert sorted(app["name"] for app in listed) == sorted(f"Untitled {n}" for n in range(1, 11))
