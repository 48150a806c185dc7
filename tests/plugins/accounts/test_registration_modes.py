"""``[accounts] registration``: open, invite (an instance invite code), sso (single sign-on only)
and closed, as ``POST /api/users/register`` and ``GET /api/accounts/sign-in-options`` apply them;
and the one function an instance-settings plugin may answer instead of the configuration."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack
from typing import Any

import pytest

from core import hookimpl
from core.identity.models import Account, User
from plugins.accounts import invites
from plugins.accounts.models import InstanceInvite
from tests.plugins.accounts.helpers import error
from tests.support import at_once, call

REGISTER = "/api/users/register"
OPTIONS = "/api/accounts/sign-in-options"


def body(n: int = 1, **extra: Any) -> dict[str, Any]:
    return {"email": f"mode{n}@example.com", "username": f"mode{n}", "password": "secret pass", **extra}


@pytest.fixture
async def client_in(make_app: Callable[..., Any]) -> AsyncIterator[Callable[[str], Any]]:
    """``await client_in("invite")``: a test client of an app in that registration mode."""
    async with AsyncExitStack() as stack:

        async def open_client(mode: str) -> Any:
            app = make_app(**{"accounts.registration": mode})
            await stack.enter_async_context(app.test_app())
            return app.test_client()

        yield open_client


async def an_invite(max_uses: int = 1, hours: int | None = None) -> str:
    admin = await User.create(username="inviter", tag=secrets.token_hex(2))
    _, code = await invites.create(admin, max_uses, hours)
    return code


async def test_open_lets_anyone_register(client_in):
    client = await client_in("open")
    assert (await call(client, "GET", OPTIONS))[1]["registration"] == "open"
    assert (await call(client, "POST", REGISTER, body()))[0] == 200


async def test_closed_refuses_everyone(client_in):
    client = await client_in("closed")
    assert (await call(client, "GET", OPTIONS)) == (200, {"registration": "closed", "providers": []})
    assert await call(client, "POST", REGISTER, body()) == (400, error("Registration is closed on this server."))
    assert not await Account.exists(email="mode1@example.com")


async def test_sso_refuses_the_password_form(client_in):
    client = await client_in("sso")
    assert await call(client, "POST", REGISTER, body()) == (
        400,
        error("This server registers new accounts through single sign-on only."),
    )


async def test_invite_needs_a_working_code_and_counts_its_uses(client_in):
    client = await client_in("invite")
    assert await call(client, "POST", REGISTER, body()) == (
        400,
        error("An invite code is required to register on this server.", "inviteCode"),
    )
    assert await call(client, "POST", REGISTER, body(inviteCode="nope")) == (
        400,
        error("This invite code is invalid, expired or used up.", "inviteCode"),
    )
    assert await call(client, "POST", REGISTER, body(inviteCode=5)) == (
        400,
        error("inviteCode must be a string.", "inviteCode"),
    )
    code = await an_invite(max_uses=1)
    assert (await call(client, "POST", REGISTER, body(1, inviteCode=code)))[0] == 200
    assert await call(client, "POST", REGISTER, body(2, inviteCode=code)) == (
        400,
        error("This invite code is invalid, expired or used up.", "inviteCode"),
    )
    assert (await InstanceInvite.get(hint=code[:4])).uses == 1


async def test_one_use_registers_one_account_however_many_try_at_once(client_in):
    client = await client_in("invite")
    code = await an_invite(max_uses=1)
    answers = await at_once(*(call(client, "POST", REGISTER, body(n, inviteCode=code)) for n in range(4)))
    assert sorted(status for status, _ in answers) == [200, 400, 400, 400]
    assert await Account.filter(email__startswith="mode").count() == 1


async def test_revoked_and_expired_codes_are_refused(client_in):
    client = await client_in("invite")
    code = await an_invite(max_uses=5)
    invite = await InstanceInvite.get(hint=code[:4])
    await invites.revoke(str(invite.id))
    assert (await call(client, "POST", REGISTER, body(inviteCode=code)))[0] == 400
    other = await an_invite_by_hours(-1)
    assert (await call(client, "POST", REGISTER, body(2, inviteCode=other)))[0] == 400


async def an_invite_by_hours(hours: int) -> str:
    from datetime import UTC, datetime, timedelta

    code = await an_invite(max_uses=5, hours=1)
    await InstanceInvite.filter(hint=code[:4]).update(expires_at=datetime.now(UTC) + timedelta(hours=hours))
    return code


class Override:
    @hookimpl
    async def registration_mode_override(self):
        return "closed"


async def test_a_plugin_may_decide_the_mode(make_app):
    app = make_app(**{"accounts.registration": "open"})
    async with app.test_app():
        plugins = app.extensions["hearth"].plugins
        plugins.pm.register(Override(), name="test-override")
        try:
            client = app.test_client()
            assert (await call(client, "GET", OPTIONS))[1]["registration"] == "closed"
            assert (await call(client, "POST", REGISTER, body()))[0] == 400
        finally:
            plugins.pm.unregister(name="test-override")


async def test_a_mistyped_mode_closes_registration(client_in):
    client = await client_in("opne")
    assert (await call(client, "GET", OPTIONS))[1]["registration"] == "closed"
