"""The OAuth2 provider (rest.md §14): authorise, trade the code, refresh, read the user,
list and revoke grants."""

from __future__ import annotations

from urllib.parse import urlencode

from plugins.applications.models import OAuthGrant
from tests.plugins.accounts.helpers import together
from tests.plugins.applications.helpers import new_app
from tests.plugins.messages.helpers import member
from tests.plugins.servers.helpers import community, join, ok
from tests.support import at_once, call

REDIRECT = "http://localhost:3000/callback"


async def _client_app(client):
    developer, app = await new_app(client)
    await ok(client, "PATCH", f"/api/applications/{app['id']}", {"redirectUris": [REDIRECT]}, developer.token)
    secret = (await ok(client, "GET", f"/api/applications/{app['id']}", token=developer.token))["clientSecret"]
    return developer, app, secret


def _q(**values):
    return "?" + urlencode(values)


async def test_the_authorization_code_flow(client):
    developer, app, secret = await _client_app(client)
    user = await member()
    status, preview = await call(
        client, "GET", "/api/oauth2/authorize" + _q(clientId=app["id"], redirectUri=REDIRECT), token=user.token
    )
    assert status == 200 and preview["application"]["id"] == app["id"] and preview["user"]["id"] == user.id
    assert preview["application"]["creatorAccount"]["user"]["id"] == developer.id
    status, granted = await call(
        client,
        "POST",
        "/api/oauth2/authorize" + _q(clientId=app["id"], redirectUri=REDIRECT, scopes="USER_INFO USER_EMAIL"),
        token=user.token,
    )
    assert status == 200 and granted["redirectUri"] == REDIRECT and len(granted["code"]) == 43

    token_path = "/api/oauth2/token"
    exchange = _q(
        clientId=app["id"],
        clientSecret=secret,
        grantType="authorization_code",
        code=granted["code"],
        redirectUri=REDIRECT,
    )
    status, tokens = await call(client, "POST", token_path + exchange)
    assert status == 200 and tokens["expiresIn"] == 86400 and tokens["accessToken"] != tokens["refreshToken"]
    assert await call(client, "POST", token_path + exchange) == (
        400,
        {"message": "Invalid code or redirect URI.", "path": None},
    )  # a code is used once

    status, me = await call(client, "GET", "/api/oauth2/users/current", token=tokens["accessToken"])
    assert status == 200 and me["user"]["id"] == user.id and me["email"] == user.email
    status, refreshed = await call(
        client,
        "POST",
        token_path
        + _q(clientId=app["id"], clientSecret=secret, grantType="refresh_token", refreshToken=tokens["refreshToken"]),
    )
    assert status == 200
    assert await call(client, "GET", "/api/oauth2/users/current", token=tokens["accessToken"]) == (
        404,
        {"message": "Invalid token.", "path": None},
    )
    assert (await call(client, "GET", "/api/oauth2/users/current", token=refreshed["accessToken"]))[0] == 200

    status, grants = await call(client, "GET", "/api/oauth2/applications", token=user.token)
    assert status == 200 and [g["application"]["id"] for g in grants] == [app["id"]]
    assert await call(client, "DELETE", f"/api/oauth2/applications/{app['id']}", token=user.token) == (
        200,
        {"status": True},
    )
    assert await call(client, "DELETE", f"/api/oauth2/applications/{app['id']}", token=user.token) == (
        400,
        {"message": "Grant not found", "path": None},
    )
    assert await call(client, "GET", "/api/oauth2/users/current", token=refreshed["accessToken"]) == (
        404,
        {"message": "Invalid token.", "path": None},
    )


async def test_refusals_answer_400_with_the_references_texts_where_upstream_answers_500(client):
    developer, app, secret = await _client_app(client)
    user = await member()
    authorize = "/api/oauth2/authorize"
    assert await call(client, "GET", authorize + _q(clientId="999", redirectUri=REDIRECT), token=user.token) == (
        400,
        {"message": "Invalid client ID.", "path": None},
    )
    assert await call(
        client, "GET", authorize + _q(clientId=app["id"], redirectUri="http://evil.example/cb"), token=user.token
    ) == (400, {"message": "Invalid redirect URI.", "path": None})
    assert await call(
        client, "POST", authorize + _q(clientId=app["id"], redirectUri=REDIRECT, scopes="EVERYTHING"), token=user.token
    ) == (400, {"message": "Invalid scopes!", "path": None})
    assert await call(client, "POST", authorize + _q(clientId=app["id"], scopes="USER_INFO"), token=user.token) == (
        400,
        {"message": "redirectUri is required.", "path": None},
    )
    assert await call(
        client, "POST", "/api/oauth2/token" + _q(clientId=app["id"], clientSecret=secret, grantType="password")
    ) == (400, 'grantType must be "authorization_code" or "refresh_token"!')
    assert await call(
        client,
        "POST",
        "/api/oauth2/token" + _q(clientId=app["id"], clientSecret=secret, grantType="authorization_code"),
    ) == (400, {"message": "code is required!", "path": None})
    assert await call(
        client,
        "POST",
        "/api/oauth2/token" + _q(clientId=app["id"], clientSecret="wrong", grantType="authorization_code", code="x"),
    ) == (400, {"message": "Invalid client secret.", "path": None})
    assert await call(client, "GET", "/api/oauth2/users/current") == (
        401,
        {"message": "No token provided.", "path": None},
    )
    # a grant without USER_INFO may not read the user; USER_EMAIL alone
    code = (
        await ok(
            client,
            "POST",
            authorize + _q(clientId=app["id"], redirectUri=REDIRECT, scopes="USER_EMAIL"),
            token=user.token,
        )
    )["code"]
    tokens = await ok(
        client,
        "POST",
        "/api/oauth2/token"
        + _q(clientId=app["id"], clientSecret=secret, grantType="authorization_code", code=code, redirectUri=REDIRECT),
    )
    assert await call(client, "GET", "/api/oauth2/users/current", token=tokens["accessToken"]) == (
        401,
        {"message": "Scope not allowed.", "path": None},
    )
    # a user's session token is not an access token, and grants are per user
    assert await call(client, "GET", "/api/oauth2/users/current", token=user.token) == (
        404,
        {"message": "Invalid token.", "path": None},
    )
    other = await member()
    assert await call(client, "DELETE", f"/api/oauth2/applications/{app['id']}", token=other.token) == (
        400,
        {"message": "Grant not found", "path": None},
    )


async def test_one_app_authorised_twice_at_once_keeps_one_grant(client):
    _, app, _ = await _client_app(client)
    user = await member()
    path = "/api/oauth2/authorize" + _q(clientId=app["id"], redirectUri=REDIRECT, scopes="USER_INFO")
    answers = await at_once(*(call(client, "POST", path, token=user.token) for _ in range(2)))
    assert [status for status, _ in answers] == [200, 200]
    assert await OAuthGrant.filter(user_id=int(user.id)).count() == 1


REDEMPTIONS = 8


async def _granted(client):
    _, app, secret = await _client_app(client)
    user = await member()
    path = "/api/oauth2/authorize" + _q(clientId=app["id"], redirectUri=REDIRECT, scopes="USER_INFO")
    code = (await ok(client, "POST", path, token=user.token))["code"]
    return app, secret, code


async def test_a_code_redeemed_many_times_at_once_gives_one_token(client):
    app, secret, code = await _granted(client)
    exchange = "/api/oauth2/token" + _q(
        clientId=app["id"], clientSecret=secret, grantType="authorization_code", code=code, redirectUri=REDIRECT
    )
    answers = await together(REDEMPTIONS, lambda: call(client, "POST", exchange))
    assert [status for status, _ in answers] == [200] + [400] * (REDEMPTIONS - 1), answers
    assert all(body == {"message": "Invalid code or redirect URI.", "path": None} for _, body in answers[1:])
    tokens = answers[0][1]
    status, me = await call(client, "GET", "/api/oauth2/users/current", token=tokens["accessToken"])
    assert status == 200
    grant = await OAuthGrant.get(application_id=int(app["id"]))
    assert grant.code_hash is None and grant.access_token_hash is not None


async def test_a_refresh_token_used_many_times_at_once_gives_one_new_pair(client):
    app, secret, code = await _granted(client)
    tokens = await ok(
        client,
        "POST",
        "/api/oauth2/token"
        + _q(clientId=app["id"], clientSecret=secret, grantType="authorization_code", code=code, redirectUri=REDIRECT),
    )
    refresh = "/api/oauth2/token" + _q(
        clientId=app["id"], clientSecret=secret, grantType="refresh_token", refreshToken=tokens["refreshToken"]
    )
    answers = await together(REDEMPTIONS, lambda: call(client, "POST", refresh))
    assert [status for status, _ in answers] == [200] + [400] * (REDEMPTIONS - 1), answers
    assert all(body == {"message": "Invalid refresh token.", "path": None} for _, body in answers[1:])
    fresh = answers[0][1]
    # the pair that won is the grant's; the old access token is gone with the old refresh token
    assert (await call(client, "GET", "/api/oauth2/users/current", token=fresh["accessToken"]))[0] == 200
    assert (await call(client, "GET", "/api/oauth2/users/current", token=tokens["accessToken"]))[0] == 404
    assert (await call(client, "POST", refresh))[1] == {"message": "Invalid refresh token.", "path": None}


async def _access_token(client, user, scopes):
    _, app, secret = await _client_app(client)
    granted = await ok(
        client,
        "POST",
        "/api/oauth2/authorize" + _q(clientId=app["id"], redirectUri=REDIRECT, scopes=scopes),
        token=user.token,
    )
    tokens = await ok(
        client,
        "POST",
        "/api/oauth2/token"
        + _q(
            clientId=app["id"],
            clientSecret=secret,
            grantType="authorization_code",
            code=granted["code"],
            redirectUri=REDIRECT,
        ),
    )
    return tokens["accessToken"]


SERVERS = "/api/oauth2/users/current/servers"


async def test_the_user_servers_scope_lists_the_servers_the_user_is_in_oldest_first(client):
    # upstream never mounts this route (rest.md §14); Hearth serves the shape the reference gives
    own = await community(client, "Own place")
    joined = await community(client, "Joined place")
    await ok(client, "POST", f"/api/explore/servers/{joined.id}", {"description": "Come in"}, joined.owner.token)
    await join(client, joined, own.owner)
    elsewhere = await community(client, "Not theirs")
    left = await community(client, "Left place")
    await join(client, left, own.owner)
    await ok(client, "POST", f"/api/servers/{left.id}/leave", token=own.owner.token)

    servers = await ok(client, "GET", SERVERS, token=await _access_token(client, own.owner, "USER_SERVERS"))
    assert [s["id"] for s in servers] == [own.id, joined.id]
    assert elsewhere.id not in {s["id"] for s in servers}
    assert set(servers[0]) == {
        "id",
        "name",
        "avatar",
        "banner",
        "createdById",
        "createdAt",
        "hexColor",
        "verified",
        "systemChannelId",
        "defaultRoleId",
        "publicServer",
    }
    assert servers[0]["name"] == "Own place" and servers[0]["createdById"] == own.owner.id
    assert servers[0]["defaultRoleId"] == own.server["defaultRoleId"]
    assert [s["publicServer"] for s in servers] == [False, True]


async def test_the_servers_route_refuses_tokens_without_the_user_servers_scope(client):
    user = await member()
    assert await call(client, "GET", SERVERS, token=await _access_token(client, user, "USER_INFO USER_EMAIL")) == (
        401,
        {"message": "Scope not allowed.", "path": None},
    )
    assert await call(client, "GET", SERVERS) == (401, {"message": "No token provided.", "path": None})
    # the user's own session token is not an OAuth2 access token
    assert await call(client, "GET", SERVERS, token=user.token) == (404, {"message": "Invalid token.", "path": None})
