"""Signing in through a local OpenID Connect provider (authlib's, with its own signing key): a new
identity registers, a linked one logs in, an account links only with its password, e-mail merges
only when verified and allowed, and forged or replayed sign-ins are refused."""

from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest

from core.identity.models import Account
from plugins.connections.models import UserConnection
from plugins.sso.models import SignInState, SignInTicket
from tests.plugins.accounts.helpers import error
from tests.plugins.sso.helpers import callback, me, sign_in, start, ticket_for, trip
from tests.support import PASSWORD, call, connect_socket, new_person

INVALID_STATE = error("Invalid state. Start signing in again.", "state")
EXPIRED_TICKET = error("This sign-in has expired. Start signing in again.", "ticket")
NOT_VERIFIED = error("Test ID sent a sign-in that could not be verified. Start signing in again.")


@pytest.fixture
async def server(start_server, oidc_provider):
    return await start_server(**oidc_provider.settings())


@pytest.fixture
def client(server):
    return server.app.quart.test_client()


async def test_options_name_the_sign_in_providers(client, oidc_provider):
    status, body = await call(client, "GET", "/api/accounts/sign-in-options")
    assert status == 200
    assert body == {"registration": "open", "providers": [{"id": "idp", "name": "Test ID"}]}


async def test_a_new_identity_registers_then_logs_straight_in(client, oidc_provider):
    oidc_provider.user = {
        "sub": "idp-new",
        "preferred_username": "new person",
        "email": "New.Person@example.com",
        "email_verified": True,
    }
    url = await start(client)
    sent = dict(parse_qsl(urlsplit(url).query))
    assert url.startswith(f"{oidc_provider.url}/authorize?")
    assert sent["scope"] == "openid profile email" and sent["code_challenge_method"] == "S256"
    assert sent["nonce"] and sent["state"] and sent["redirect_uri"] == "http://hearth.test/login/sso/idp"

    ticket = await ticket_for(client)
    assert ticket["username"] == "new_person" and ticket["email"] == "new.person@example.com"
    assert ticket["emailTaken"] is False and ticket["canRegister"] is True
    assert ticket["provider"] == {"id": "idp", "name": "Test ID"}
    status, body = await call(client, "POST", "/api/sso/register", {"ticket": ticket["ticket"], "username": "Newbie"})
    assert status == 200 and set(body) == {"token"}, body
    user = await me(client, body["token"])
    assert user["username"] == "Newbie"
    link = await UserConnection.get(user_id=int(user["id"]))
    assert (link.provider, link.external_id, link.display_name) == ("idp", "idp-new", "new person")

    status, again = await sign_in(client)
    assert status == 200 and set(again) == {"token"}
    assert (await me(client, again["token"]))["id"] == user["id"]
    status, reused = await call(client, "POST", "/api/sso/register", {"ticket": ticket["ticket"], "username": "Twice"})
    assert (status, reused) == (400, EXPIRED_TICKET)


async def test_a_connection_made_in_settings_signs_in(client, oidc_provider):
    alice = await new_person()
    await UserConnection.create(user_id=int(alice.id), provider="idp", external_id="idp-alice")
    status, body = await sign_in(client)
    assert status == 200 and set(body) == {"token"}
    assert (await me(client, body["token"]))["id"] == alice.id


async def test_linking_an_existing_account_needs_its_password(server, client, oidc_provider):
    alice, bob = await new_person(), await new_person()
    alice_socket, bob_socket = (
        await connect_socket(server.url, alice.token),
        await connect_socket(server.url, bob.token),
    )
    try:
        ticket = (await ticket_for(client))["ticket"]
        status, body = await call(
            client, "POST", "/api/sso/link", {"ticket": ticket, "email": alice.email, "password": "wrong-one"}
        )
        assert (status, body) == (400, error("Invalid password.", "password"))
        assert not await UserConnection.exists(user_id=int(alice.id))

        status, body = await call(
            client,
            "POST",
            "/api/sso/link",
            {"ticket": ticket, "usernameAndTag": f"{alice.username}:{alice.tag}", "password": PASSWORD},
        )
        assert status == 200 and set(body) == {"token"}, body
        assert (await me(client, body["token"]))["id"] == alice.id
        added = await alice_socket.wait_for("user:connection_added")
        assert added["connection"]["provider"] == "idp" and added["connection"]["name"] == "alice"
        assert not [name for name, _ in bob_socket.events if name.startswith("user:connection")]

        status, body = await call(
            client, "POST", "/api/sso/link", {"ticket": ticket, "email": bob.email, "password": PASSWORD}
        )
        assert (status, body) == (400, EXPIRED_TICKET)
        status, body = await sign_in(client)
        assert (await me(client, body["token"]))["id"] == alice.id
    finally:
        await alice_socket.close()
        await bob_socket.close()


async def test_no_silent_merge_by_email(client, oidc_provider):
    alice = await new_person()
    oidc_provider.user = {"sub": "idp-x", "email": alice.email, "email_verified": True}
    ticket = await ticket_for(client)  # allow_email_linking is off
    assert ticket["emailTaken"] is True
    assert not await UserConnection.exists(user_id=int(alice.id))
    # registering anyway makes a separate account, without the address it does not own
    status, body = await call(client, "POST", "/api/sso/register", {"ticket": ticket["ticket"], "username": "other"})
    assert status == 200
    other = await Account.get(user_id=int((await me(client, body["token"]))["id"]))
    assert other.user_id != int(alice.id) and other.email.endswith("@sso.invalid") and not other.email_confirmed


@pytest.fixture
async def merging_client(start_server, oidc_provider):
    server = await start_server(**oidc_provider.settings(allow_email_linking=True))
    return server.app.quart.test_client()


async def test_verified_email_links_when_the_operator_allows(merging_client, oidc_provider):
    alice = await new_person()
    oidc_provider.user = {"sub": "idp-unverified", "email": alice.email, "email_verified": False}
    assert "sso" in (await sign_in(merging_client))[1]  # unverified: a choice, not a merge
    oidc_provider.user = {"sub": "idp-verified", "email": alice.email.upper(), "email_verified": True}
    status, body = await sign_in(merging_client)
    assert status == 200 and set(body) == {"token"}, body
    assert (await me(merging_client, body["token"]))["id"] == alice.id
    assert (await UserConnection.get(user_id=int(alice.id))).external_id == "idp-verified"


async def test_a_state_is_used_once_and_only_for_its_provider(client, oidc_provider):
    answer = await trip(client)
    status, body = await callback(client, {**answer, "state": "not-a-state"})
    assert (status, body) == (400, INVALID_STATE)
    assert (await callback(client, answer))[0] == 200
    assert await callback(client, answer) == (400, INVALID_STATE)
    assert await SignInState.all().count() == 0


async def test_a_token_with_another_nonce_is_refused(client, oidc_provider):
    def other_nonce(url: str) -> str:
        base, query = url.split("?", 1)
        return f"{base}?{urlencode({**dict(parse_qsl(query)), 'nonce': 'someone-elses'})}"

    assert await sign_in(client, tamper=other_nonce) == (400, NOT_VERIFIED)
    assert await SignInTicket.all().count() == 0


async def test_signatures_are_checked_and_a_rotated_key_is_fetched(client, oidc_provider):
    assert (await sign_in(client))[0] == 200  # the JWKS is now kept
    oidc_provider.rotate()
    status, body = await sign_in(client)
    assert status == 200 and "sso" in body  # the new key was fetched
    from joserfc.jwk import RSAKey

    oidc_provider.foreign_key = RSAKey.generate_key(2048, parameters={"kid": oidc_provider.key.kid})
    assert await sign_in(client) == (400, NOT_VERIFIED)


@pytest.mark.parametrize(
    "override",
    [{"iss": "http://127.0.0.1:1/another"}, {"aud": ["someone-else"]}, {"exp": 1_000_000}],
    ids=["issuer", "audience", "expired"],
)
async def test_tokens_for_another_issuer_or_client_or_expired_are_refused(client, oidc_provider, override):
    oidc_provider.claims_override = override
    assert await sign_in(client) == (400, NOT_VERIFIED)
    oidc_provider.claims_override = {}
    assert (await sign_in(client))[0] == 200


async def test_the_provider_saying_no(client, oidc_provider):
    answer = await trip(client)
    status, body = await callback(client, {"state": answer["state"], "error": "access_denied"})
    assert (status, body) == (400, error("Test ID did not sign you in: access_denied."))


async def test_bad_input(client):
    cases = [
        ({}, error("state is required.", "state")),
        ({"state": 5}, error("state must be a string.", "state")),
        ({"state": "x"}, error("code is required.", "code")),
        ({"state": "x", "code": "c" * 3000}, error("code must be at most 2048 characters long.", "code")),
    ]
    for body, expected in cases:
        assert await call(client, "POST", "/api/sso/idp/callback", body) == (400, expected), body
    assert await call(client, "POST", "/api/sso/nope/start") == (404, error("Provider not found.", "providerId"))
    assert await call(client, "POST", "/api/sso/register", {"ticket": "t"}) == (
        400,
        error("Username is required.", "username"),
    )
    assert await call(client, "POST", "/api/sso/register", {"ticket": "t", "username": "a@b"}) == (
        400,
        error("Username cannot contain the @ symbol", "username"),
    )
    assert await call(client, "POST", "/api/sso/register", {"ticket": "t", "username": "fine"}) == (400, EXPIRED_TICKET)
    assert await call(client, "POST", "/api/sso/link", {"ticket": "t"}) == (
        400,
        error("Password required!", "password"),
    )


async def test_a_provider_not_marked_for_sign_in_is_not_offered(start_server, oidc_provider):
    server = await start_server(**oidc_provider.settings(sign_in=False))
    client = server.app.quart.test_client()
    assert (await call(client, "GET", "/api/accounts/sign-in-options"))[1]["providers"] == []
    assert await call(client, "POST", "/api/sso/idp/start") == (404, error("Provider not found.", "providerId"))


class TwoFactor:
    """A plugin asking every single sign-on for a second factor, as the two-factor plugin does."""

    from core import hookimpl

    @hookimpl
    async def account_login_challenge(self, user, method):
        return {"challenge": "second-factor", "methods": ["totp"]} if method == "sso" else None


async def test_a_login_challenge_is_passed_through(server, client, oidc_provider):
    alice = await new_person()
    await UserConnection.create(user_id=int(alice.id), provider="idp", external_id="idp-alice")
    plugins = server.app.quart.extensions["hearth"].plugins
    plugins.pm.register(TwoFactor(), name="test-two-factor")
    try:
        assert await sign_in(client) == (200, {"challenge": "second-factor", "methods": ["totp"]})
    finally:
        plugins.pm.unregister(name="test-two-factor")
