"""Turning two-factor on with "log out my other sessions" drops the sockets of those sessions
(``user:authenticate_error {message: "Session Destroyed."}``), not this session's, not another
person's; without it nobody is dropped."""

from __future__ import annotations

from tests.plugins.accounts.helpers import assert_kicked, assert_not_kicked, ping
from tests.plugins.two_factor.helpers import code_at
from tests.support import call, new_person


async def login(client, person) -> str:
    status, body = await call(client, "POST", "/api/users/login", {"email": person.email, "password": person.password})
    assert status == 200, body
    return body["token"]


async def turn_on(client, person, clock, log_out_others: bool) -> None:
    _, setup = await call(client, "POST", "/api/two-factor/totp/setup", {"password": person.password}, person.token)
    body = {"code": code_at(setup["secret"], clock), "logOutOtherSessions": log_out_others}
    assert (await call(client, "POST", "/api/two-factor/totp/confirm", body, person.token))[0] == 200


async def test_other_sessions_are_dropped_only_when_asked(live_client, sockets, clock):
    person, bystander = await new_person(), await new_person()
    elsewhere = await sockets(await login(live_client, person))
    here = await sockets(person.token)
    theirs = await sockets(bystander.token)
    await turn_on(live_client, person, clock, log_out_others=True)
    await assert_kicked(elsewhere, "Session Destroyed.")
    await ping(live_client, person, here)
    await ping(live_client, bystander, theirs)
    assert_not_kicked(here)
    assert_not_kicked(theirs)


async def test_without_asking_every_session_stays(live_client, sockets, clock):
    person = await new_person()
    elsewhere = await sockets(await login(live_client, person))
    await turn_on(live_client, person, clock, log_out_others=False)
    await ping(live_client, person, elsewhere)
    assert_not_kicked(elsewhere)
