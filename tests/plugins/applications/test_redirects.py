"""Redirect URIs (``plugins/applications/redirects.py``): ``https``, or ``http`` on a loopback host,
without a fragment or credentials, when registered; on use, exactly a registered one that the
rules allow."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from plugins.applications.models import Application
from plugins.applications.redirects import CREDENTIALS, FRAGMENT, INVALID, SCHEME
from tests.plugins.applications.helpers import new_app
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import ok
from tests.support import call

GOOD = [
    "https://app.example/oauth/callback?from=hearth",
    "http://localhost:3000/cb",
    "http://127.0.0.1:8080/cb",
    "http://[::1]:8080/cb",
    "http://desktop.localhost/cb",
]


async def _uris(client, app_id, uris, token):
    return await call(client, "PATCH", f"/api/applications/{app_id}", {"redirectUris": uris}, token=token)


async def test_https_and_loopback_http_are_registered(client):
    developer, app = await new_app(client)
    assert await _uris(client, app["id"], GOOD, developer.token) == (200, {"redirectUris": GOOD, "id": app["id"]})
    assert (await Application.get(id=int(app["id"]))).redirect_uris == GOOD


@pytest.mark.parametrize(
    ("uri", "message"),
    [
        ("javascript://x%0aalert(document.cookie)", SCHEME),
        ("javascript:alert(1)", SCHEME),
        ("data:text/html,<script>alert(1)</script>", SCHEME),
        ("com.example.app:/oauth", SCHEME),
        ("ftp://files.example/cb", SCHEME),
        ("http://app.example/cb", SCHEME),
        ("http://localhost.evil.example/cb", SCHEME),
        ("https://app.example/cb#done", FRAGMENT),
        ("https://app.example/cb#", FRAGMENT),
        ("https://user:secret@app.example/cb", CREDENTIALS),
        ("https://app.example\n/cb", INVALID),
        ("https://", INVALID),
        ("https://app.example:99999/cb", INVALID),
        ("not a url", INVALID),
        ("https://app.example/" + "x" * 2000, INVALID),
    ],
)
async def test_other_uris_are_refused_and_nothing_is_stored(client, uri, message):
    developer, app = await new_app(client)
    assert await _uris(client, app["id"], ["https://kept.example/cb"], developer.token) == (
        200,
        {"redirectUris": ["https://kept.example/cb"], "id": app["id"]},
    )
    assert await _uris(client, app["id"], ["https://fine.example/cb", uri], developer.token) == (
        400,
        {"message": message, "path": "redirectUris"},
    )
    assert (await Application.get(id=int(app["id"]))).redirect_uris == ["https://kept.example/cb"]


async def test_only_the_owner_registers_them(client):
    developer, app = await new_app(client)
    stranger = await member()
    assert await _uris(client, app["id"], GOOD, stranger.token) == (
        403,
        {"message": "Application not found!", "path": None},
    )
    assert (await Application.get(id=int(app["id"]))).redirect_uris == []


def _authorize(app_id, uri, **more):
    return "/api/oauth2/authorize?" + urlencode({"clientId": app_id, "redirectUri": uri, **more})


async def test_on_use_the_uri_must_match_a_registered_one_exactly(client):
    developer, app = await new_app(client)
    registered = "https://app.example/cb"
    await ok(client, "PATCH", f"/api/applications/{app['id']}", {"redirectUris": [registered]}, developer.token)
    user = await member()
    for near in (
        "https://app.example/cb/",
        "https://APP.example/cb",
        "https://app.example/cb?next=/",
        "https://app.example/cb#x",
        "https://app.example:443/cb",
    ):
        assert await call(client, "GET", _authorize(app["id"], near), token=user.token) == (
            400,
            {"message": "Invalid redirect URI.", "path": None},
        ), near
        assert await call(client, "POST", _authorize(app["id"], near, scopes="USER_INFO"), token=user.token) == (
            400,
            {"message": "Invalid redirect URI!", "path": None},
        ), near
    status, granted = await call(
        client, "POST", _authorize(app["id"], registered, scopes="USER_INFO"), token=user.token
    )
    assert status == 200 and granted["redirectUri"] == registered


async def test_a_uri_stored_before_the_rules_is_not_used(client):
    developer, app = await new_app(client)
    script = "javascript://x%0aalert(document.cookie)"
    await Application.filter(id=int(app["id"])).update(redirect_uris=[script])  # as an older Hearth let it
    user = await member()
    assert await call(client, "GET", _authorize(app["id"], script), token=user.token) == (
        400,
        {"message": "Invalid redirect URI.", "path": None},
    )
    assert await call(client, "POST", _authorize(app["id"], script, scopes="USER_INFO"), token=user.token) == (
        400,
        {"message": "Invalid redirect URI!", "path": None},
    )
