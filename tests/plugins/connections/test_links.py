"""Linking an account of a generic OpenID Connect provider (a local fake found by discovery): the
authorize URL with state and PKCE, the callback's exchange, the list, unlinking, and who sees
what. Hearth's own routes: ``/api/connections``."""

from datetime import UTC, datetime, timedelta

import pytest

from plugins.connections.models import LinkState, UserConnection
from tests.plugins.accounts.helpers import together
from tests.plugins.connections.helpers import callback, follow, link, query_of, start_link
from tests.plugins.messages.helpers import error
from tests.support import call, connect_socket, new_person

REFUSED_STATE = error("Invalid state. Start linking again.", "state")


@pytest.fixture
async def server(start_server, provider):
    return await start_server(**provider.oidc_settings())


@pytest.fixture
def client(server):
    return server.app.quart.test_client()


@pytest.fixture
async def sockets(server):
    opened = []

    async def open_socket(person):
        probe = await connect_socket(server.url, person.token)
        opened.append(probe)
        return probe

    yield open_socket
    for probe in opened:
        await probe.close()


async def test_linking_end_to_end_reaches_only_the_owner(client, sockets, provider):
    alice, bob = await new_person(), await new_person()
    alice_socket, bob_socket = await sockets(alice), await sockets(bob)

    url = await start_link(client, alice)
    assert url.startswith(f"{provider.url}/authorize?")
    sent = query_of(url)
    assert sent["response_type"] == "code" and sent["client_id"] == "hearth-client"
    assert sent["redirect_uri"] == "http://hearth.test/connections/fake-redirect"
    assert sent["scope"] == "openid profile" and sent["code_challenge_method"] == "S256"
    assert len(sent["state"]) >= 40 and len(sent["code_challenge"]) == 43

    back, answer = await follow(url)
    assert back == "http://hearth.test/connections/fake-redirect" and answer["state"] == sent["state"]
    status, body = await callback(client, alice, answer)
    assert status == 200, body
    connection = body["connection"]
    assert set(connection) == {"id", "provider", "connectedAt", "name"}
    assert (connection["provider"], connection["name"]) == ("fake", "alice")
    assert await alice_socket.wait_for("user:connection_added") == {"connection": connection}

    [exchange] = provider.token_calls
    assert exchange["grant_type"] == "authorization_code" and exchange["code"] == answer["code"]
    assert exchange["redirect_uri"] == sent["redirect_uri"] and "client_secret" not in exchange  # HTTP Basic
    assert exchange["code_verifier"]  # the fake checked it against the challenge

    status, listed = await call(client, "GET", "/api/connections", token=alice.token)
    assert status == 200
    assert listed == {"providers": [{"id": "fake", "name": "Fake ID", "kind": "oauth2"}], "connections": [connection]}
    row = await UserConnection.get(id=int(connection["id"]))
    assert (row.external_id, row.display_name, row.secret) == ("ext-1", "alice", None)  # no provider token kept
    assert await LinkState.filter(user_id=int(alice.id)).count() == 0

    fresh = await sockets(alice)
    assert fresh.received("user:authenticated")[0]["user"]["connections"] == [connection]

    # bob's own link is the barrier: he hears of his, never of alice's
    provider.account = {"sub": "ext-2", "preferred_username": "bobby"}
    status, bobs = await link(client, bob)
    assert status == 200
    assert await bob_socket.wait_for("user:connection_added") == bobs
    assert [e for e, _ in bob_socket.events if e.startswith("user:connection")] == ["user:connection_added"]
    status, listed = await call(client, "GET", "/api/connections", token=bob.token)
    assert listed["connections"] == [bobs["connection"]]


async def test_a_state_is_used_once_and_only_by_its_user(client, provider):
    alice, bob = await new_person(), await new_person()
    _, answer = await follow(await start_link(client, alice))
    assert await callback(client, bob, answer) == (400, REFUSED_STATE)  # another user's state
    status, _ = await callback(client, alice, answer)  # still alice's to use
    assert status == 200
    assert await callback(client, alice, answer) == (400, REFUSED_STATE)  # used
    assert await callback(client, alice, {"state": "made-up", "code": "x"}) == (400, REFUSED_STATE)
    assert len(provider.token_calls) == 1


async def test_a_state_used_many_times_at_once_links_once(client, provider):
    alice = await new_person()
    _, answer = await follow(await start_link(client, alice))
    answers = await together(8, lambda: callback(client, alice, answer))
    assert [status for status, _ in answers] == [200] + [400] * 7, answers
    assert all(body == REFUSED_STATE for _, body in answers[1:])
    assert await UserConnection.filter(user_id=int(alice.id)).count() == 1
    assert len(provider.token_calls) == 1  # the code went to the provider once


async def test_an_expired_state_is_refused_and_gone(client, provider):
    alice = await new_person()
    _, answer = await follow(await start_link(client, alice))
    await LinkState.filter(user_id=int(alice.id)).update(expires_at=datetime.now(UTC) - timedelta(seconds=1))
    assert await callback(client, alice, answer) == (400, error("This link has expired. Start linking again.", "state"))
    assert await callback(client, alice, answer) == (400, REFUSED_STATE)
    assert provider.token_calls == []


async def test_the_provider_saying_no_is_answered_clearly(client, provider):
    alice = await new_person()
    provider.mode = "deny"
    back, answer = await follow(await start_link(client, alice))
    assert answer["error"] == "access_denied" and "code" not in answer
    assert await callback(client, alice, answer) == (
        400,
        error("Fake ID did not link the account: access_denied (The user said no)."),
    )
    assert await callback(client, alice, {**answer, "code": "late"}) == (400, REFUSED_STATE)  # the state is spent


async def test_a_refused_code_and_an_unreachable_provider(client, provider):
    alice = await new_person()
    _, answer = await follow(await start_link(client, alice))
    provider.mode = "refuse"
    assert await callback(client, alice, answer) == (
        400,
        error("Fake ID refused the code: invalid_grant (The code is wrong or was used).", "code"),
    )
    provider.mode = "down"
    _, answer = await follow(await start_link(client, alice))
    assert await callback(client, alice, answer) == (502, error("Fake ID could not be reached. Try again later."))
    assert await UserConnection.filter(user_id=int(alice.id)).count() == 0


async def test_discovery_that_cannot_be_reached(make_app):
    from tests.support import free_port

    app = make_app(
        **{
            "connections.providers": {
                "gone": {
                    "name": "Gone",
                    "client_id": "a",
                    "client_secret": "b",
                    "issuer": f"http://127.0.0.1:{free_port()}",
                }
            }
        }
    )
    async with app.test_app():
        client = app.test_client()
        alice = await new_person()
        assert await call(client, "POST", "/api/connections/gone/link", token=alice.token) == (
            502,
            error("Gone could not be reached. Try again later."),
        )


async def test_unlink_reaches_only_the_owner_and_nobody_else_may(client, sockets, provider):
    alice, bob = await new_person(), await new_person()
    status, body = await link(client, alice)
    connection_id = body["connection"]["id"]
    alice_socket, bob_socket = await sockets(alice), await sockets(bob)

    assert await call(client, "DELETE", f"/api/connections/{connection_id}", token=bob.token) == (
        404,
        error("Connection not found."),
    )
    status, bobs = await call(client, "GET", "/api/connections", token=bob.token)
    assert bobs["connections"] == []
    status, profile = await call(client, "GET", f"/api/users/{alice.id}", token=bob.token)
    assert status == 200 and "connections" not in profile and "connections" not in profile.get("user", {})

    assert await call(client, "DELETE", f"/api/connections/{connection_id}", token=alice.token) == (
        200,
        {"status": True},
    )
    assert await alice_socket.wait_for("user:connection_removed") == {"connectionId": connection_id}
    assert (await call(client, "GET", "/api/connections", token=alice.token))[1]["connections"] == []
    assert await call(client, "DELETE", f"/api/connections/{connection_id}", token=alice.token) == (
        404,
        error("Connection not found."),
    )

    provider.account = {"sub": "ext-2", "preferred_username": "bobby"}
    await link(client, bob)  # the barrier
    await bob_socket.wait_for("user:connection_added")
    assert not any(event == "user:connection_removed" for event, _ in bob_socket.events)


async def test_linking_again_replaces_the_link(client, sockets, provider):
    alice = await new_person()
    _, first = await link(client, alice)
    probe = await sockets(alice)
    provider.account = {"sub": "ext-9", "preferred_username": "alice2"}
    status, second = await link(client, alice)
    assert status == 200 and second["connection"]["name"] == "alice2"
    assert await probe.wait_for("user:connection_removed") == {"connectionId": first["connection"]["id"]}
    assert await probe.wait_for("user:connection_added") == second
    assert (await call(client, "GET", "/api/connections", token=alice.token))[1]["connections"] == [
        second["connection"]
    ]


async def test_an_external_account_belongs_to_one_user(client, provider):
    alice, bob = await new_person(), await new_person()
    assert (await link(client, alice))[0] == 200
    assert await link(client, bob) == (400, error("This account is already connected to another user."))
    assert await UserConnection.filter(user_id=int(bob.id)).count() == 0


@pytest.mark.parametrize(
    "body, message, path",
    [
        (None, "state is required.", "state"),
        ({}, "state is required.", "state"),
        ({"state": "  "}, "state is required.", "state"),
        ({"state": 5}, "state must be a string.", "state"),
        ({"state": "x" * 201, "code": "c"}, "Invalid state. Start linking again.", "state"),
        ({"state": "abc"}, "code is required.", "code"),
        ({"state": "abc", "code": ["c"]}, "code must be a string.", "code"),
        ({"state": "abc", "code": "c" * 2049}, "code must be at most 2048 characters long.", "code"),
        ({"state": "abc", "error": 3}, "error must be a string.", "error"),
    ],
)
async def test_bad_callback_input(client, provider, body, message, path):
    alice = await new_person()
    await start_link(client, alice)
    assert await call(client, "POST", "/api/connections/fake/callback", body, token=alice.token) == (
        400,
        error(message, path),
    )
    assert await LinkState.filter(user_id=int(alice.id)).count() == 1  # nothing was spent


async def test_unknown_providers_and_signed_out_callers(client, provider):
    alice = await new_person()
    for method, path in (("POST", "/api/connections/nope/link"), ("POST", "/api/connections/nope/callback")):
        assert await call(client, method, path, {"state": "a", "code": "b"}, token=alice.token) == (
            404,
            error("Provider not found.", "providerId"),
        )
    for method, path in (
        ("GET", "/api/connections"),
        ("POST", "/api/connections/fake/link"),
        ("POST", "/api/connections/fake/callback"),
        ("DELETE", "/api/connections/1"),
    ):
        assert await call(client, method, path, {"state": "a"}) == (401, error("No token provided."))
    assert await call(client, "DELETE", "/api/connections/not-an-id", token=alice.token) == (
        404,
        error("Connection not found."),
    )


async def test_nothing_configured(app):
    client = app.test_client()
    alice = await new_person()
    assert await call(client, "GET", "/api/connections", token=alice.token) == (
        200,
        {"providers": [], "connections": []},
    )
    assert await call(client, "POST", "/api/connections/fake/link", token=alice.token) == (
        404,
        error("Provider not found.", "providerId"),
    )


async def test_a_provider_with_its_own_urls_and_nested_user_info(make_app, provider):
    """GitHub-like: no discovery, the secret in the form, a numeric id under its own name."""
    app = make_app(
        **{
            "connections.providers": {
                "hub": {
                    "name": "Hub",
                    "client_id": "hearth-client",
                    "client_secret": "hearth-secret",
                    "authorize_url": f"{provider.url}/authorize",
                    "token_url": f"{provider.url}/token",
                    "userinfo_url": f"{provider.url}/userinfo",
                    "scopes": ["read:user"],
                    "id_field": "account.id",
                    "name_field": "account.login",
                    "token_auth": "client_secret_post",
                }
            }
        }
    )
    provider.account = {"account": {"id": 42, "login": "octo"}}
    async with app.test_app():
        client = app.test_client()
        alice = await new_person()
        url = await start_link(client, alice, "hub")
        assert query_of(url)["scope"] == "read:user"
        status, body = await link(client, alice, "hub")
        assert status == 200 and body["connection"]["name"] == "octo"
        assert provider.token_calls[-1]["client_secret"] == "hearth-secret"
        assert (await UserConnection.get(user_id=int(alice.id))).external_id == "42"


async def test_a_provider_known_by_its_id_token_only(make_app, provider):
    app = make_app(
        **{
            "connections.providers": {
                "idt": {
                    "client_id": "hearth-client",
                    "client_secret": "hearth-secret",
                    "authorize_url": f"{provider.url}/authorize",
                    "token_url": f"{provider.url}/token",
                    "scopes": ["openid"],
                }
            }
        }
    )
    async with app.test_app():
        client = app.test_client()
        alice = await new_person()
        status, body = await link(client, alice, "idt")
        assert status == 200 and body["connection"]["name"] == "alice"  # the name defaults to the id
        provider.mode = "alien-id-token"
        await call(client, "DELETE", f"/api/connections/{body['connection']['id']}", token=alice.token)
        assert await link(client, alice, "idt") == (502, error("idt could not be reached. Try again later."))


def test_incomplete_providers_are_left_out(caplog):
    from core.settings import load_settings
    from plugins.connections.providers import oauth_providers

    good = {"client_id": "a", "client_secret": "b", "issuer": "https://id.example.org/"}
    settings = load_settings(
        environ={},
        overrides={
            "connections.providers": {
                "ok": good,
                "google": good,
                "Bad Id": good,
                "nosecret": {"client_id": "a", "issuer": "https://x.org"},
                "nourls": {"client_id": "a", "client_secret": "b"},
                "badurl": {**good, "token_url": "ftp://x"},
                "badauth": {**good, "token_auth": "jwt"},
            }
        },
    )
    providers = oauth_providers(settings)
    assert list(providers) == ["ok"] and providers["ok"].issuer == "https://id.example.org"
    assert providers["ok"].name == "ok" and providers["ok"].scopes == ("openid", "profile")
    assert len([r for r in caplog.records if "is left out" in r.getMessage()]) == 6


async def test_deleting_the_account_removes_its_links(client, provider):
    alice = await new_person()
    await link(client, alice)
    await start_link(client, alice)
    status, body = await call(
        client, "DELETE", "/api/users/delete-account", {"password": alice.password}, token=alice.token
    )
    assert status == 200, body
    assert await UserConnection.filter(user_id=int(alice.id)).count() == 0
    assert await LinkState.filter(user_id=int(alice.id)).count() == 0
