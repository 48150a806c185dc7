"""Hearth's names asked for first (issue 33): ``POST /applications {name}`` and ``POST
/applications/:id/bot {username}`` take the name with a rename's rules; without a body the
reference's "Untitled N" / "Untitled Bot NNNN" stand."""

from __future__ import annotations

from core.identity.models import User
from plugins.applications.models import Application
from tests.plugins.applications.helpers import new_app
from tests.plugins.messages.helpers import member
from tests.support import call, new_person


def error(message, path=None):
    return {"message": message, "path": path}


async def test_an_application_created_with_its_name(client):
    developer = await member()
    status, app = await call(client, "POST", "/api/applications", {"name": "Weather bot"}, token=developer.token)
    assert status == 200 and app["name"] == "Weather bot" and app["clientSecret"] is None
    status, plain = await call(client, "POST", "/api/applications", token=developer.token)
    assert status == 200 and plain["name"] == "Untitled 2"  # the reference's, without a name


async def test_a_bad_application_name_is_refused_and_nothing_made(client):
    developer, unconfirmed = await member(), await new_person()
    for body, message in (
        ({"name": "ab"}, "name must be between 3 and 35 characters long."),
        ({"name": "x" * 36}, "name must be between 3 and 35 characters long."),
        ({"name": 5}, "Invalid name."),
    ):
        assert await call(client, "POST", "/api/applications", body, token=developer.token) == (
            400,
            error(message, "name"),
        )
    assert await call(client, "POST", "/api/applications", {"name": "Weather"}, token=unconfirmed.token) == (
        403,
        error("You must confirm your email first."),
    )
    assert await call(client, "POST", "/api/applications", {"name": "Weather"}) == (401, error("No token provided."))
    assert await Application.all().count() == 0


async def test_a_bot_created_with_its_username(client):
    developer, app = await new_app(client)
    path = f"/api/applications/{app['id']}/bot"
    status, bot = await call(client, "POST", path, {"username": " Forecaster "}, token=developer.token)
    assert status == 200 and bot["username"] == "Forecaster" and len(bot["tag"]) == 4
    assert (await User.get(id=int(bot["id"]))).bot is True
    _, other = await new_app(client, developer)
    status, plain = await call(client, "POST", f"/api/applications/{other['id']}/bot", token=developer.token)
    assert status == 200 and plain["username"].startswith("Untitled Bot ")


async def test_a_bad_bot_username_or_someone_elses_application_is_refused(client):
    developer, app = await new_app(client)
    stranger = await member()
    path = f"/api/applications/{app['id']}/bot"
    for body, message in (
        ({"username": "no"}, "Username must be between 3 and 35 characters long."),
        ({"username": "a:b:c"}, "Username cannot contain the : symbol"),
        ({"username": "@someone"}, "Username cannot contain the @ symbol"),
        ({"username": 7}, "Invalid username."),
    ):
        assert await call(client, "POST", path, body, token=developer.token) == (400, error(message, "username"))
    assert await call(client, "POST", path, {"username": "Mine now"}, token=stranger.token) == (
        400,
        error("Application not found!"),
    )
    assert await User.filter(bot=True).count() == 0
