"""Turning two-factor on: POST /api/two-factor/totp/setup and /totp/confirm, GET /api/two-factor."""

from __future__ import annotations

from core.identity.models import Session
from core.identity.tokens import code_hash
from plugins.two_factor.models import Authenticator, Event, RecoveryCode
from tests.plugins.two_factor.helpers import code_at, enable, error, wrong_code
from tests.support import call, new_person

SETUP = "/api/two-factor/totp/setup"
CONFIRM = "/api/two-factor/totp/confirm"


async def test_setup_shows_a_secret_and_its_qr_code_and_confirming_turns_it_on(client, clock):
    person = await new_person()
    assert await call(client, "GET", "/api/two-factor", token=person.token) == (
        200,
        {"enabled": False, "recoveryCodesLeft": 0, "passkeys": 0},
    )
    status, setup = await call(client, "POST", SETUP, {"password": person.password}, person.token)
    assert status == 200
    assert len(setup["secret"]) == 32
    assert setup["uri"].startswith("otpauth://totp/") and f"secret={setup['secret']}" in setup["uri"]
    assert setup["qrSvg"].startswith("<svg") and "</svg>" in setup["qrSvg"]
    row = await Authenticator.get(user_id=int(person.id))
    assert row.confirmed_at is None and setup["secret"] not in row.sealed_secret  # sealed, not in clear

    status, body = await call(client, "POST", CONFIRM, {"code": code_at(setup["secret"], clock)}, person.token)
    assert status == 200
    codes = body["recoveryCodes"]
    assert len(codes) == 10 and len(set(codes)) == 10
    stored = set(await RecoveryCode.filter(user_id=int(person.id)).values_list("code_hash", flat=True))
    assert not stored & set(codes)  # only hashes are kept
    assert code_hash(codes[0].replace("-", "")) in stored
    assert await call(client, "GET", "/api/two-factor", token=person.token) == (
        200,
        {"enabled": True, "recoveryCodesLeft": 10, "passkeys": 0},
    )
    assert await Event.filter(user_id=int(person.id), kind="enabled").count() == 1


async def test_setup_needs_the_password_and_confirming_the_right_code(client, clock):
    person = await new_person()
    assert await call(client, "POST", SETUP, {"password": "wrong-password"}, person.token) == (
        400,
        error("Invalid password.", "password"),
    )
    assert await call(client, "POST", SETUP, {}, person.token) == (400, error("Password is required.", "password"))
    assert await call(client, "POST", CONFIRM, {"code": "123456"}, person.token) == (
        400,
        error("Start setting up two-factor authentication first."),
    )
    _, setup = await call(client, "POST", SETUP, {"password": person.password}, person.token)
    wrong = wrong_code(setup["secret"], clock)
    assert await call(client, "POST", CONFIRM, {"code": wrong}, person.token) == (400, error("Invalid code.", "code"))
    assert await call(client, "POST", CONFIRM, {"code": 123456}, person.token) == (
        400,
        error("Code must be a string.", "code"),
    )
    assert await call(client, "POST", CONFIRM, {}, person.token) == (400, error("Code is required.", "code"))
    assert (await call(client, "GET", "/api/two-factor", token=person.token))[1]["enabled"] is False


async def test_routes_need_a_session(client):
    assert await call(client, "POST", SETUP, {"password": "whatever"}) == (401, error("No token provided."))
    assert await call(client, "GET", "/api/two-factor") == (401, error("No token provided."))


async def test_turning_it_on_again_is_refused(client, clock):
    person = await new_person()
    await enable(client, person, clock)
    assert await call(client, "POST", SETUP, {"password": person.password}, person.token) == (
        400,
        error("Two-factor authentication is already on."),
    )


async def test_other_sessions_stay_unless_the_user_asks(client, clock):
    stays, leaves = await new_person(), await new_person()
    for person, log_out in ((stays, False), (leaves, True)):
        _, other = await call(client, "POST", "/api/users/login", {"email": person.email, "password": person.password})
        _, setup = await call(client, "POST", SETUP, {"password": person.password}, person.token)
        body = {"code": code_at(setup["secret"], clock), "logOutOtherSessions": log_out}
        assert (await call(client, "POST", CONFIRM, body, person.token))[0] == 200
        assert (await call(client, "GET", "/api/users", token=other["token"]))[0] == (401 if log_out else 200)
        assert (await call(client, "GET", "/api/users", token=person.token))[0] == 200
    assert await Session.filter(user_id=int(leaves.id)).count() == 1
    assert await Session.filter(user_id=int(stays.id)).count() == 2


async def test_one_persons_two_factor_leaves_others_alone(client, clock):
    person, other = await new_person(), await new_person()
    await enable(client, person, clock)
    assert (await call(client, "GET", "/api/two-factor", token=other.token))[1]["enabled"] is False
    status, body = await call(client, "POST", "/api/users/login", {"email": other.email, "password": other.password})
    assert status == 200 and set(body) == {"token"}
