"""An account made through single sign-on has no password (issue 38): its owner sets one in
Settings › Account without a current one — only while it has none, audited, sessions kept — and
then changes the e-mail, username and tag with it like anyone else."""

import pytest

from core.identity.models import Account
from plugins.two_factor.models import Event
from tests.plugins.accounts.helpers import error, ping
from tests.plugins.sso.helpers import me, ticket_for
from tests.support import PASSWORD, TEST_CLIENT_ADDRESS, at_once, call, connect_socket, new_person

NEW = "a brand new password"


@pytest.fixture
async def server(start_server, oidc_provider):
    return await start_server(**oidc_provider.settings())


@pytest.fixture
def client(server):
    return server.app.quart.test_client()


async def sso_account(client, oidc_provider, sub="idp-nopass") -> tuple[str, dict]:
    """A new account through the provider, with no e-mail from it: a placeholder address."""
    oidc_provider.user = {"sub": sub, "preferred_username": "walker"}
    ticket = await ticket_for(client)
    status, body = await call(client, "POST", "/api/sso/register", {"ticket": ticket["ticket"], "username": "Walker"})
    assert status == 200, body
    user = await me(client, body["token"])
    user["email"] = (await Account.get(user_id=int(user["id"]))).email
    return body["token"], user


async def test_an_sso_account_sets_its_first_password_then_changes_its_email_with_it(server, client, oidc_provider):
    token, user = await sso_account(client, oidc_provider)
    assert user["email"].endswith("@sso.invalid")
    assert await call(client, "GET", "/api/users/password", token=token) == (200, {"passwordSet": False})
    # nothing logs in with a password, and changing the e-mail first says what to do
    by_name = {"usernameAndTag": f"{user['username']}:{user['tag']}"}
    assert await call(client, "POST", "/api/users/login", {**by_name, "password": "anything"}) == (
        400,
        error("Invalid password.", "password"),
    )
    refused = error("This account has no password yet: set one first.", "newPassword")
    assert await call(client, "POST", "/api/users", {"email": "walker@example.com"}, token=token) == (400, refused)
    assert await call(client, "POST", "/api/users", {"tag": "wa1k", "password": "anything"}, token=token) == (
        400,
        refused,
    )

    socket = await connect_socket(server.url, token)
    other = await new_person()
    other_socket = await connect_socket(server.url, other.token)
    try:
        status, body = await call(client, "POST", "/api/users", {"newPassword": NEW}, token=token)
        assert status == 200 and "newToken" not in body, body  # the session is kept
        assert (await socket.wait_for("user:updatedSelf"))["email"] == user["email"]
        assert (await me(client, token))["id"] == user["id"]
        await ping(client, other, other_socket)
        assert [e["username"] for e in other_socket.received("user:updatedSelf")] == [other.username]  # its own ping
        assert socket.client.connected  # not logged out, as a password change logs out everywhere
    finally:
        await socket.close()
        await other_socket.close()
    assert [(e.kind, e.ip_address) for e in await Event.filter(user_id=int(user["id"]))] == [
        ("password_set", TEST_CLIENT_ADDRESS)
    ]
    assert await call(client, "GET", "/api/users/password", token=token) == (200, {"passwordSet": True})

    # now it has one: no more setting without it, and the e-mail changes with it
    assert await call(client, "POST", "/api/users", {"newPassword": "another one"}, token=token) == (
        400,
        error("Password is required.", "password"),
    )
    status, body = await call(
        client,
        "POST",
        "/api/users",
        {"email": "walker@example.com", "username": "Rambler", "password": NEW},
        token=token,
    )
    assert status == 200, body
    assert (body["user"]["email"], body["user"]["username"]) == ("walker@example.com", "Rambler")
    status, body = await call(client, "POST", "/api/users/login", {"email": "walker@example.com", "password": NEW})
    assert status == 200 and set(body) == {"token"}, body


async def test_the_first_password_is_set_once_when_two_race(client, oidc_provider):
    token, user = await sso_account(client, oidc_provider, sub="idp-race")
    answers = await at_once(
        call(client, "POST", "/api/users", {"newPassword": "first racer"}, token=token),
        call(client, "POST", "/api/users", {"newPassword": "second racer"}, token=token),
    )
    assert [status for status, _ in answers] == [200, 400]
    assert answers[1][1] == error("Invalid Password", "password")
    logged = [
        await call(
            client, "POST", "/api/users/login", {"usernameAndTag": f"{user['username']}:{user['tag']}", "password": p}
        )
        for p in ("first racer", "second racer")
    ]
    assert sorted(status for status, _ in logged) == [200, 400], logged
    assert await Event.filter(user_id=int(user["id"]), kind="password_set").count() == 1


async def test_an_account_with_a_password_still_gives_it(client):
    person = await new_person()
    assert await call(client, "GET", "/api/users/password", token=person.token) == (200, {"passwordSet": True})
    assert await call(client, "POST", "/api/users", {"newPassword": NEW}, token=person.token) == (
        400,
        error("Password is required.", "password"),
    )
    assert await call(client, "POST", "/api/users", {"newPassword": NEW, "password": "wrong"}, token=person.token) == (
        400,
        error("Invalid Password", "password"),
    )
    assert not await Event.filter(user_id=int(person.id)).exists()
    status, body = await call(
        client, "POST", "/api/users", {"newPassword": NEW, "password": PASSWORD}, token=person.token
    )
    assert status == 200 and "newToken" in body, body  # a change logs out everywhere, as the reference does
    account = await Account.get(user_id=int(person.id))
    assert account.password_hash != "!"


async def test_the_password_status_needs_a_user(client):
    assert await call(client, "GET", "/api/users/password") == (401, error("No token provided."))
