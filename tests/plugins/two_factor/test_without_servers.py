"""Two-factor without the servers plugin: a server's requirement has no routes (JSON 404); login
with a second factor, passkeys and the staff requirement work as before."""

from __future__ import annotations

from tests.plugins.two_factor.helpers import COMPLETE, code_at, enable, password_login
from tests.support import call, new_person

NOT_FOUND = (404, {"message": "Not found.", "path": None})


async def test_without_servers_two_factor_still_guards_login(client_without, clock):
    client = await client_without("servers")
    person = await new_person()
    enabled = await enable(client, person, clock)
    assert await call(client, "GET", "/api/two-factor/servers/1", token=person.token) == NOT_FOUND
    assert await call(client, "PUT", "/api/two-factor/servers/1", {"required": True}, person.token) == NOT_FOUND
    status, body = await password_login(client, person)
    assert status == 200 and set(body) == {"twoFactor"}
    ticket = body["twoFactor"]["ticket"]
    status, done = await call(client, "POST", COMPLETE, {"ticket": ticket, "code": code_at(enabled.secret, clock)})
    assert status == 200 and "token" in done
