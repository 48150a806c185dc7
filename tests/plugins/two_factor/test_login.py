"""The second step of login: POST /api/users/login for an account with two-factor, then
POST /api/two-factor/login with the ticket and a code or a recovery code."""

from __future__ import annotations

from core.identity.models import Session
from plugins.two_factor.models import Challenge, Event
from tests.plugins.applications.helpers import new_bot
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

PROTOCOL_CLIENT = (
    "This account uses two-factor authentication, which this app does not support. "
    "Log in with Hearth's web app instead."
)


async def test_a_protocol_client_gets_an_error_it_shows_and_no_session(client, clock):
    person = await new_person()
    await enable(client, person, clock)
    assert await password_login(client, person, hearth_client=False) == (403, error(PROTOCOL_CLIENT))
    assert await Session.filter(user_id=int(person.id)).count() == 1
    assert await Challenge.filter(user_id=int(person.id)).count() == 0


async def test_the_wrong_password_is_refused_before_any_second_step(client, clock):
    person = await new_person()
    await enable(client, person, clock)
    person.password = "not-the-password"
    assert await password_login(client, person) == (400, error("Invalid password.", "password"))


async def test_hearth_web_client_gets_a_ticket_and_a_code_completes_the_login(client, clock):
    person = await new_person()
    enabled = await enable(client, person, clock)
    status, body = await password_login(client, person)
    assert status == 200 and set(body) == {"twoFactor"}
    assert body["twoFactor"]["methods"] == ["totp", "recovery"]
    assert isinstance(body["twoFactor"]["expiresAt"], int)
    assert await Session.filter(user_id=int(person.id)).count() == 1  # no session yet

    status, done = await call(
        client, "POST", COMPLETE, {"ticket": body["twoFactor"]["ticket"], "code": code_at(enabled.secret, clock)}
    )
    assert status == 200 and set(done) == {"token"}
    status, me = await call(client, "GET", "/api/users", token=done["token"])
    assert (status, me["user"]["id"]) == (200, person.id)
    # the ticket was used up with the login
    assert await call(client, "POST", COMPLETE, {"ticket": body["twoFactor"]["ticket"], "code": "123456"}) == (
        400,
        error("This login has expired. Log in again.", "ticket"),
    )


async def test_a_code_cannot_be_used_twice_within_its_window(client, clock):
    person = await new_person()
    enabled = await enable(client, person, clock)
    code = code_at(enabled.secret, clock)
    first, second = await ticket_for(client, person), await ticket_for(client, person)
    assert (await call(client, "POST", COMPLETE, {"ticket": first, "code": code}))[0] == 200
    assert await call(client, "POST", COMPLETE, {"ticket": second, "code": code}) == (
        400,
        error("This code was already used. Wait for the next one.", "code"),
    )
    earlier = code_at(enabled.secret, clock, -30)  # still inside the drift, but older than the one used
    assert (await call(client, "POST", COMPLETE, {"ticket": second, "code": earlier}))[0] == 400
    clock.later()
    assert (await call(client, "POST", COMPLETE, {"ticket": second, "code": code_at(enabled.secret, clock)}))[0] == 200
    assert await Event.filter(user_id=int(person.id), kind="code_refused", detail="replay").count() == 2


async def test_a_recovery_code_works_once(client, clock):
    person = await new_person()
    enabled = await enable(client, person, clock)
    recovery = enabled.recovery_codes[3]
    status, done = await call(
        client, "POST", COMPLETE, {"ticket": await ticket_for(client, person), "code": recovery.upper()}
    )
    assert status == 200 and "token" in done
    assert await call(client, "POST", COMPLETE, {"ticket": await ticket_for(client, person), "code": recovery}) == (
        400,
        error("Invalid code.", "code"),
    )
    assert (await call(client, "GET", "/api/two-factor", token=person.token))[1]["recoveryCodesLeft"] == 9
    assert await Event.filter(user_id=int(person.id), kind="recovery_used").count() == 1


async def test_wrong_codes_are_rate_limited_and_audited(client, clock):
    person = await new_person()
    enabled = await enable(client, person, clock)
    ticket = await ticket_for(client, person)
    right = code_at(enabled.secret, clock)
    wrong = wrong_code(enabled.secret, clock)
    # enabling used one attempt of the five
    for _ in range(4):
        assert await call(client, "POST", COMPLETE, {"ticket": ticket, "code": wrong}) == (
            400,
            error("Invalid code.", "code"),
        )
    status, body = await call(client, "POST", COMPLETE, {"ticket": ticket, "code": right})
    assert status == 429
    assert body["message"] == "Too many attempts. Try again in a few minutes." and body["ttl"] > 0
    assert await Event.filter(user_id=int(person.id), kind="code_refused").count() == 4
    # another account is not held up by this one's attempts
    other = await new_person()
    other_enabled = await enable(client, other, clock)
    status, _ = await call(
        client,
        "POST",
        COMPLETE,
        {"ticket": await ticket_for(client, other), "code": code_at(other_enabled.secret, clock)},
    )
    assert status == 200


async def test_bad_input_to_the_second_step(client, clock):
    person = await new_person()
    await enable(client, person, clock)
    ticket = await ticket_for(client, person)
    assert await call(client, "POST", COMPLETE, {}) == (400, error("Ticket is required.", "ticket"))
    assert await call(client, "POST", COMPLETE, {"ticket": 5}) == (400, error("Ticket must be a string.", "ticket"))
    assert await call(client, "POST", COMPLETE, {"ticket": ticket}) == (
        400,
        error("Enter a code from your authenticator app, a recovery code, or use a passkey.", "code"),
    )
    assert await call(client, "POST", COMPLETE, {"ticket": "made-up", "code": "123456"}) == (
        400,
        error("This login has expired. Log in again.", "ticket"),
    )
    assert await call(client, "POST", COMPLETE, {"ticket": ticket, "passkey": {}}) == (
        400,
        error("Ask for the passkey options of this login first.", "passkey"),
    )


async def test_an_expired_ticket_is_refused(client, clock):
    from datetime import UTC, datetime, timedelta

    person = await new_person()
    enabled = await enable(client, person, clock)
    ticket = await ticket_for(client, person)
    await Challenge.filter(user_id=int(person.id)).update(expires_at=datetime.now(UTC) - timedelta(seconds=1))
    assert await call(client, "POST", COMPLETE, {"ticket": ticket, "code": code_at(enabled.secret, clock)}) == (
        400,
        error("This login has expired. Log in again.", "ticket"),
    )


async def test_bots_are_unaffected(client, clock):
    bot = await new_bot(client)
    await enable(client, bot.developer, clock)
    status, me = await call(client, "GET", "/api/users", token=bot.token)
    assert (status, me["user"]["id"]) == (200, bot.id)
    # its developer's own requests still need the second step only to log in again
    assert (await call(client, "GET", "/api/users", token=bot.developer.token))[0] == 200
