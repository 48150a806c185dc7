"""Single sign-on under each ``[accounts] registration`` mode: open and sso register new
identities, invite needs a code, closed registers nobody — while linked identities still log in."""

import pytest

from plugins.accounts import invites
from plugins.connections.models import UserConnection
from tests.plugins.accounts.helpers import error
from tests.plugins.sso.helpers import sign_in, ticket_for
from tests.support import call, new_person


@pytest.fixture
def client_in(start_server, oidc_provider):
    async def open_client(mode: str):
        server = await start_server(**oidc_provider.settings(), **{"accounts.registration": mode})
        return server.app.quart.test_client()

    return open_client


async def register(client, ticket, **extra):
    return await call(client, "POST", "/api/sso/register", {"ticket": ticket, "username": "newcomer", **extra})


async def test_sso_mode_registers_through_the_provider_only(client_in):
    client = await client_in("sso")
    ticket = await ticket_for(client)
    assert ticket["registration"] == "sso" and ticket["canRegister"] is True
    status, body = await register(client, ticket["ticket"])
    assert status == 200 and "token" in body


async def test_closed_mode_registers_nobody_but_linked_accounts_log_in(client_in):
    client = await client_in("closed")
    ticket = await ticket_for(client)
    assert ticket["canRegister"] is False
    assert await register(client, ticket["ticket"]) == (400, error("Registration is closed on this server."))
    alice = await new_person()
    await UserConnection.create(user_id=int(alice.id), provider="idp", external_id="idp-alice")
    status, body = await sign_in(client)
    assert status == 200 and "token" in body


async def test_invite_mode_needs_a_code(client_in):
    client = await client_in("invite")
    ticket = (await ticket_for(client))["ticket"]
    assert await register(client, ticket) == (
        400,
        error("An invite code is required to register on this server.", "inviteCode"),
    )
    inviter = await new_person()
    from core.identity.models import User

    _, code = await invites.create(await User.get(id=int(inviter.id)), 1, None)
    status, body = await register(client, ticket, inviteCode=code)
    assert status == 200 and "token" in body
    assert not await invites.usable(code)
