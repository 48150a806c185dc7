"""Turning two-factor off and new recovery codes (both need the password and a code), and the
account's security log."""

from __future__ import annotations

from plugins.two_factor.models import Authenticator, RecoveryCode
from tests.plugins.two_factor.helpers import (
    COMPLETE,
    code_at,
    enable,
    error,
    password_login,
    ticket_for,
    wrong_code,
)
from tests.support import call, new_person

DISABLE = "/api/two-factor/totp/disable"
REGENERATE = "/api/two-factor/recovery-codes"


async def test_turning_it_off_needs_the_password_and_a_code(client, clock):
    person = await new_person()
    enabled = await enable(client, person, clock)
    code = code_at(enabled.secret, clock)
    assert await call(client, "POST", DISABLE, {"password": "wrong-password", "code": code}, person.token) == (
        400,
        error("Invalid password.", "password"),
    )
    assert await call(client, "POST", DISABLE, {"password": person.password}, person.token) == (
        400,
        error("Code is required.", "code"),
    )
    assert await call(client, "POST", DISABLE, {"password": person.password, "code": "12345"}, person.token) == (
        400,
        error("Invalid code.", "code"),
    )
    assert await call(client, "POST", DISABLE, {"password": person.password, "code": code}, person.token) == (
        200,
        {"status": True},
    )
    assert not await Authenticator.exists(user_id=int(person.id))
    assert not await RecoveryCode.exists(user_id=int(person.id))
    status, body = await password_login(client, person)
    assert status == 200 and set(body) == {"token"}
    assert await call(client, "POST", DISABLE, {"password": person.password, "code": code}, person.token) == (
        400,
        error("Two-factor authentication is not on."),
    )


async def test_a_recovery_code_also_turns_it_off(client, clock):
    person = await new_person()
    enabled = await enable(client, person, clock)
    body = {"password": person.password, "code": enabled.recovery_codes[0]}
    assert (await call(client, "POST", DISABLE, body, person.token))[0] == 200


async def test_a_pending_login_cannot_finish_once_it_is_off(client, clock):
    person = await new_person()
    enabled = await enable(client, person, clock)
    ticket = await ticket_for(client, person)
    body = {"password": person.password, "code": code_at(enabled.secret, clock)}
    assert (await call(client, "POST", DISABLE, body, person.token))[0] == 200
    clock.later()
    assert await call(client, "POST", COMPLETE, {"ticket": ticket, "code": code_at(enabled.secret, clock)}) == (
        400,
        error("This login has expired. Log in again.", "ticket"),
    )


async def test_new_recovery_codes_replace_the_old_ones(client, clock):
    person = await new_person()
    enabled = await enable(client, person, clock)
    body = {"password": person.password, "code": code_at(enabled.secret, clock)}
    status, fresh = await call(client, "POST", REGENERATE, body, person.token)
    assert status == 200 and len(fresh["recoveryCodes"]) == 10
    assert not set(fresh["recoveryCodes"]) & set(enabled.recovery_codes)
    old = {"ticket": await ticket_for(client, person), "code": enabled.recovery_codes[1]}
    assert await call(client, "POST", COMPLETE, old) == (400, error("Invalid code.", "code"))
    new = {"ticket": old["ticket"], "code": fresh["recoveryCodes"][1]}
    assert (await call(client, "POST", COMPLETE, new))[0] == 200
    # the code that asked for them was spent: it cannot ask again
    assert await call(client, "POST", REGENERATE, body, person.token) == (
        400,
        error("This code was already used. Wait for the next one.", "code"),
    )


async def test_another_person_cannot_touch_it(client, clock):
    person, other = await new_person(), await new_person()
    enabled = await enable(client, person, clock)
    body = {"password": other.password, "code": code_at(enabled.secret, clock)}
    assert await call(client, "POST", DISABLE, body, other.token) == (
        400,
        error("Two-factor authentication is not on."),
    )
    assert await Authenticator.filter(user_id=int(person.id), confirmed_at__isnull=False).exists()


async def test_the_security_log_lists_what_happened_newest_first(client, clock):
    person, other = await new_person(), await new_person()
    enabled = await enable(client, person, clock)
    await call(
        client,
        "POST",
        COMPLETE,
        {"ticket": await ticket_for(client, person), "code": wrong_code(enabled.secret, clock)},
    )
    await call(
        client, "POST", COMPLETE, {"ticket": await ticket_for(client, person), "code": enabled.recovery_codes[0]}
    )
    status, events = await call(client, "GET", "/api/two-factor/events", token=person.token)
    assert status == 200
    assert [e["kind"] for e in events] == ["recovery_used", "code_refused", "enabled"]
    assert all(isinstance(e["at"], int) for e in events)
    assert await call(client, "GET", "/api/two-factor/events", token=other.token) == (200, [])
