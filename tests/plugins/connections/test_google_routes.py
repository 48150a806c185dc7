"""The reference's Google and Google Drive routes (rest.md §12), with the local fake playing Google,
and without Google configured."""

from datetime import UTC

import pytest

from plugins.connections.models import LinkState, UserConnection
from tests.plugins.connections.helpers import follow, query_of
from tests.plugins.messages.helpers import error
from tests.support import call, connect_socket, new_person

NOT_SET_UP = error("Google is not set up on this server.")
EXPIRED = error("Token expired. Please try again.")


@pytest.fixture
async def server(start_server, provider):
    return await start_server(**provider.google_settings())


@pytest.fixture
def client(server):
    return server.app.quart.test_client()


async def create_link(client, person, kind="google", query=""):
    status, url = await call(
        client, "GET", f"/api/connections/{kind}/create-link{query}", token=person.token if person else None
    )
    assert status == 200, url
    return url


async def link_account(client, kind, answer):
    return await call(
        client,
        "POST",
        f"/api/connections/{kind}/link-account",
        {"nerimityToken": answer["state"], "code": answer["code"]},
    )


async def test_google_link_and_unlink(server, client, provider):
    alice, bob = await new_person(), await new_person()
    alice_socket = await connect_socket(server.url, alice.token)
    bob_socket = await connect_socket(server.url, bob.token)
    try:
        response = await client.get("/api/connections/google/create-link", headers={"Authorization": alice.token})
        assert response.status_code == 200 and response.mimetype == "text/plain"
        url = await response.get_data(as_text=True)
        sent = query_of(url)
        assert url.startswith(f"{provider.url}/authorize?")
        assert (sent["scope"], sent["access_type"], sent["prompt"], sent["client_id"]) == (
            "openid",
            "offline",
            "consent",
            "google-client",
        )
        assert sent["redirect_uri"] == "http://hearth.test/connections/google-redirect"
        assert sent["state"] and sent["code_challenge_method"] == "S256"

        back, answer = await follow(url)
        assert back == "http://hearth.test/connections/google-redirect"
        status, body = await link_account(client, "google", answer)  # no Authorization: the state names the user
        assert status == 200, body
        connection = body["connection"]
        assert set(connection) == {"id", "provider", "connectedAt"} and connection["provider"] == "GOOGLE"
        assert await alice_socket.wait_for("user:connection_added") == {"connection": connection}
        row = await UserConnection.get(id=int(connection["id"]))
        assert (row.user_id, row.external_id, row.secret) == (int(alice.id), "ext-1", None)  # the subject, no tokens
        assert provider.token_calls[-1]["client_secret"] == "google-secret"

        assert await link_account(client, "google", answer) == (400, EXPIRED)  # used once
        status, listed = await call(client, "GET", "/api/connections", token=alice.token)
        assert [p["id"] for p in listed["providers"]] == ["GOOGLE", "GOOGLE_DRIVE"]
        assert listed["connections"] == [connection]

        assert await call(client, "POST", "/api/connections/google/unlink-account", token=bob.token) == (
            400,
            error("Account not connected to Google."),
        )
        assert await call(client, "POST", "/api/connections/google/unlink-account", token=alice.token) == (
            200,
            {"status": True},
        )
        assert await alice_socket.wait_for("user:connection_removed") == {"connectionId": connection["id"]}
        assert await call(client, "POST", "/api/connections/google/unlink-account", token=alice.token) == (
            400,
            error("Account not connected to Google."),
        )

        provider.account = {"sub": "ext-bob"}
        _, answer = await follow(await create_link(client, bob))
        assert (await link_account(client, "google", answer))[0] == 200
        await bob_socket.wait_for("user:connection_added")  # the barrier
        assert not any(e == "user:connection_added" for e, _ in bob_socket.events[:-1])
        assert not any(e == "user:connection_removed" for e, _ in bob_socket.events)
    finally:
        await alice_socket.close()
        await bob_socket.close()


async def test_google_login_link_has_no_state(client, provider):
    response = await client.get("/api/connections/google/create-link?login=true")
    assert response.status_code == 200
    sent = query_of(await response.get_data(as_text=True))
    assert sent["redirect_uri"] == "http://hearth.test/login" and sent["scope"] == "openid"
    assert "state" not in sent and "code_challenge" not in sent
    assert await LinkState.all().count() == 0


async def test_google_create_link_without_a_token(client, provider):
    assert await call(client, "GET", "/api/connections/google/create-link") == (401, {"error": "Unauthorized"})
    assert await call(client, "GET", "/api/connections/google/create-link?login=false") == (
        401,
        {"error": "Unauthorized"},
    )
    status, body = await call(client, "GET", "/api/connections/google/create-link", token="nonsense")
    assert (status, body) == (401, error("Invalid token."))
    for path in ("/api/connections/google-drive/create-link", "/api/connections/google-drive/access-token"):
        assert await call(client, "GET", path) == (401, error("No token provided."))
    for kind in ("google", "google-drive"):
        assert await call(client, "POST", f"/api/connections/{kind}/unlink-account") == (
            401,
            error("No token provided."),
        )


async def test_drive_link_access_token_and_unlink(client, provider, server):
    alice = await new_person()
    url = await create_link(client, alice, "google-drive")
    sent = query_of(url)
    assert sent["scope"] == "https://www.googleapis.com/auth/drive.file"
    assert sent["redirect_uri"] == "http://hearth.test/connections/google-drive-redirect"
    _, answer = await follow(url)
    status, body = await link_account(client, "google-drive", answer)
    assert status == 200 and body["connection"]["provider"] == "GOOGLE_DRIVE"
    row = await UserConnection.get(id=int(body["connection"]["id"]))
    assert row.external_id is None and row.secret and "refresh-" not in row.secret  # sealed

    first_access = next(iter(provider.access_tokens))
    assert await call(client, "GET", "/api/connections/google-drive/access-token", token=alice.token) == (
        200,
        {"accessToken": first_access},
    )  # kept from the exchange
    calls = len(provider.token_calls)
    server.app.quart.extensions["connections"].forget_drive_token(int(alice.id))
    status, body = await call(client, "GET", "/api/connections/google-drive/access-token", token=alice.token)
    assert status == 200 and body["accessToken"] != first_access
    refresh = provider.token_calls[-1]
    assert len(provider.token_calls) == calls + 1 and refresh["grant_type"] == "refresh_token"
    assert (await call(client, "GET", "/api/connections/google-drive/access-token", token=alice.token))[1] == body

    assert await call(client, "POST", "/api/connections/google-drive/unlink-account", token=alice.token) == (
        200,
        {"status": True},
    )
    assert provider.revoked == [refresh["refresh_token"]]
    assert await call(client, "GET", "/api/connections/google-drive/access-token", token=alice.token) == (
        400,
        error("You have not linked your Google account."),
    )


async def test_state_tokens_belong_to_their_flow(client, provider):
    alice = await new_person()
    _, drive = await follow(await create_link(client, alice, "google-drive"))
    assert await link_account(client, "google", drive) == (400, error("Invalid token."))
    assert (await link_account(client, "google-drive", drive))[0] == 200  # not spent by the refusal
    assert await link_account(client, "google", {"state": "garbage", "code": "x"}) == (400, EXPIRED)

    _, answer = await follow(await create_link(client, alice))
    from datetime import datetime, timedelta

    await LinkState.all().update(expires_at=datetime.now(UTC) - timedelta(seconds=1))
    assert await link_account(client, "google", answer) == (400, EXPIRED)


@pytest.mark.parametrize(
    "mode, kind, message",
    [
        ("refuse", "google", "Invalid code."),
        ("down", "google-drive", "Invalid code."),
        ("no-refresh", "google-drive", "Invalid code."),
        ("no-id-token", "google", "Invalid code or missing ID token."),
        ("alien-id-token", "google", "Invalid ID token payload."),
    ],
)
async def test_google_refusals(client, provider, mode, kind, message):
    alice = await new_person()
    _, answer = await follow(await create_link(client, alice, kind))
    provider.mode = mode
    assert await link_account(client, kind, answer) == (400, error(message))
    assert await UserConnection.all().count() == 0


async def test_a_deleted_user_state(client, provider):
    from core.identity.models import User

    alice = await new_person()
    _, answer = await follow(await create_link(client, alice))
    await User.filter(id=int(alice.id)).update(deleted=True)
    assert await link_account(client, "google", answer) == (400, error("Invalid user Id"))


@pytest.mark.parametrize(
    "body, message, path",
    [
        (None, "nerimityToken is required.", "nerimityToken"),
        ({"code": "c"}, "nerimityToken is required.", "nerimityToken"),
        ({"nerimityToken": "", "code": "c"}, "nerimityToken is required.", "nerimityToken"),
        ({"nerimityToken": 1, "code": "c"}, "nerimityToken must be a string!", "nerimityToken"),
        ({"nerimityToken": "t"}, "code is required.", "code"),
        ({"nerimityToken": "t", "code": " "}, "code is required.", "code"),
        ({"nerimityToken": "t", "code": {"a": 1}}, "code must be a string!", "code"),
        ({"nerimityToken": "t" * 201, "code": "c"}, "Token expired. Please try again.", "nerimityToken"),
        ({"nerimityToken": "t", "code": "c" * 2049}, "Invalid code.", "code"),
    ],
)
async def test_bad_link_input(client, provider, body, message, path):
    for kind in ("google", "google-drive"):
        assert await call(client, "POST", f"/api/connections/{kind}/link-account", body) == (400, error(message, path))
    assert provider.token_calls == []


async def test_without_google_configured(app):
    client = app.test_client()
    alice = await new_person()
    for path in (
        "/api/connections/google/create-link",
        "/api/connections/google-drive/create-link",
        "/api/connections/google-drive/access-token",
        "/api/connections/google/create-link?login=true",
    ):
        assert await call(client, "GET", path, token=alice.token) == (400, NOT_SET_UP)
    assert await call(client, "GET", "/api/connections/google/create-link?login=true") == (400, NOT_SET_UP)
    for kind in ("google", "google-drive"):
        assert await call(
            client, "POST", f"/api/connections/{kind}/link-account", {"nerimityToken": "t", "code": "c"}
        ) == (400, NOT_SET_UP)
        assert await call(client, "POST", f"/api/connections/{kind}/unlink-account", token=alice.token) == (
            400,
            error("Account not connected to Google."),
        )
    assert (await call(client, "GET", "/api/connections", token=alice.token))[1]["providers"] == []


async def test_a_google_link_can_be_removed_once_google_is_gone(app):
    client = app.test_client()
    alice = await new_person()
    await UserConnection.create(user_id=int(alice.id), provider="GOOGLE_DRIVE", secret="sealed-long-ago")
    assert await call(client, "POST", "/api/connections/google-drive/unlink-account", token=alice.token) == (
        200,
        {"status": True},
    )
