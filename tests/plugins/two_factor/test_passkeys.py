"""Passkeys: register several with names (POST /api/two-factor/passkeys/register-options, then
POST /api/two-factor/passkeys), list, rename and remove them, log in with one and no password,
and use one as the second factor."""

from __future__ import annotations

from core.identity.models import Session
from plugins.two_factor.models import Event, Passkey
from tests.plugins.two_factor.authenticator import SoftKey
from tests.plugins.two_factor.helpers import COMPLETE, enable, error, password_login, ticket_for
from tests.support import call, new_person

ORIGIN, RP_ID = "http://hearth.test", "hearth.test"  # the tests' server.public_url
PASSKEYS = "/api/two-factor/passkeys"
NOT_VERIFIED = "The passkey could not be verified."


async def register(client, person, name="Laptop", key=None):
    key = key or SoftKey(ORIGIN, RP_ID)
    status, begun = await call(
        client, "POST", f"{PASSKEYS}/register-options", {"password": person.password}, person.token
    )
    assert status == 200, begun
    body = {"challengeId": begun["challengeId"], "name": name, "credential": key.create(begun["options"])}
    status, passkey = await call(client, "POST", PASSKEYS, body, person.token)
    assert status == 200, passkey
    return key, passkey


async def passwordless(client, key, verified=True):
    status, begun = await call(client, "POST", f"{PASSKEYS}/login-options")
    assert status == 200, begun
    assert "allowCredentials" not in begun["options"] or begun["options"]["allowCredentials"] == []
    assert begun["options"]["userVerification"] == "required"
    body = {"challengeId": begun["challengeId"], "credential": key.get(begun["options"], verified)}
    return await call(client, "POST", f"{PASSKEYS}/login", body)


async def test_register_several_list_rename_and_remove(client):
    person, other = await new_person(), await new_person()
    _, laptop = await register(client, person, "Laptop")
    _, phone = await register(client, person, "Phone")
    assert laptop["name"] == "Laptop" and laptop["lastUsedAt"] is None
    status, listed = await call(client, "GET", PASSKEYS, token=person.token)
    assert (status, [p["name"] for p in listed]) == (200, ["Laptop", "Phone"])
    assert await call(client, "GET", PASSKEYS, token=other.token) == (200, [])

    path = f"{PASSKEYS}/{phone['id']}"
    status, renamed = await call(client, "PATCH", path, {"name": "Work phone"}, person.token)
    assert (status, renamed["name"]) == (200, "Work phone")
    assert await call(client, "PATCH", path, {"name": ""}, person.token) == (
        400,
        error("Name must be between 1 and 64 characters long.", "name"),
    )
    assert await call(client, "PATCH", path, {"name": "Mine now"}, other.token) == (
        404,
        error("Passkey not found.", "passkeyId"),
    )
    assert await call(client, "DELETE", path, token=other.token) == (404, error("Passkey not found.", "passkeyId"))
    assert await call(client, "DELETE", path, token=person.token) == (200, {"status": True})
    assert [p["name"] for p in (await call(client, "GET", PASSKEYS, token=person.token))[1]] == ["Laptop"]
    assert await call(client, "DELETE", f"{PASSKEYS}/nonsense", token=person.token) == (
        404,
        error("Passkey not found.", "passkeyId"),
    )
    kinds = await Event.filter(user_id=int(person.id)).order_by("id").values_list("kind", flat=True)
    assert kinds == ["passkey_added", "passkey_added", "passkey_removed"]


async def test_registering_needs_the_password_and_a_genuine_credential(client):
    person = await new_person()
    path = f"{PASSKEYS}/register-options"
    assert await call(client, "POST", path, {"password": "wrong-password"}, person.token) == (
        400,
        error("Invalid password.", "password"),
    )
    assert await call(client, "POST", path, {"password": person.password}) == (401, error("No token provided."))
    _, begun = await call(client, "POST", path, {"password": person.password}, person.token)
    assert begun["options"]["rp"]["id"] == RP_ID
    assert begun["options"]["authenticatorSelection"]["residentKey"] == "required"
    forged = SoftKey("http://evil.test", RP_ID).create(begun["options"])
    body = {"challengeId": begun["challengeId"], "name": "Evil", "credential": forged}
    assert await call(client, "POST", PASSKEYS, body, person.token) == (400, error(NOT_VERIFIED, "credential"))
    # the ceremony was used up by that attempt
    body["credential"] = SoftKey(ORIGIN, RP_ID).create(begun["options"])
    assert await call(client, "POST", PASSKEYS, body, person.token) == (
        400,
        error("This request has expired. Try again.", "challengeId"),
    )
    assert await call(client, "POST", PASSKEYS, {"challengeId": "x", "name": "A"}, person.token) == (
        400,
        error("Credential is required.", "credential"),
    )
    assert await call(client, "POST", PASSKEYS, {"challengeId": "x", "name": "A", "credential": []}, person.token) == (
        400,
        error("Credential must be an object.", "credential"),
    )
    assert not await Passkey.exists(user_id=int(person.id))


async def test_a_ceremony_belongs_to_whoever_began_it(client):
    person, other = await new_person(), await new_person()
    _, begun = await call(client, "POST", f"{PASSKEYS}/register-options", {"password": person.password}, person.token)
    body = {
        "challengeId": begun["challengeId"],
        "name": "Theirs",
        "credential": SoftKey(ORIGIN, RP_ID).create(begun["options"]),
    }
    assert await call(client, "POST", PASSKEYS, body, other.token) == (
        400,
        error("This request has expired. Try again.", "challengeId"),
    )


async def test_log_in_with_a_passkey_and_no_password(client, clock):
    person = await new_person()
    await enable(client, person, clock)  # a passkey is enough: no second step after it
    key, _ = await register(client, person)
    status, body = await passwordless(client, key)
    assert status == 200 and set(body) == {"token"}
    status, me = await call(client, "GET", "/api/users", token=body["token"])
    assert (status, me["user"]["id"]) == (200, person.id)
    status, listed = await call(client, "GET", PASSKEYS, token=person.token)
    assert isinstance(listed[0]["lastUsedAt"], int)


async def test_a_passkey_login_needs_user_verification_and_a_known_key(client):
    person = await new_person()
    key, _ = await register(client, person)
    assert await passwordless(client, key, verified=False) == (400, error(NOT_VERIFIED, "credential"))
    stranger = SoftKey(ORIGIN, RP_ID)
    assert await passwordless(client, stranger) == (400, error("This passkey is not registered here.", "credential"))
    assert await Session.filter(user_id=int(person.id)).count() == 1


async def test_a_login_challenge_is_used_once(client):
    person = await new_person()
    key, _ = await register(client, person)
    _, begun = await call(client, "POST", f"{PASSKEYS}/login-options")
    body = {"challengeId": begun["challengeId"], "credential": key.get(begun["options"])}
    assert (await call(client, "POST", f"{PASSKEYS}/login", body))[0] == 200
    assert await call(client, "POST", f"{PASSKEYS}/login", body) == (
        400,
        error("This request has expired. Try again.", "challengeId"),
    )


async def test_a_removed_passkey_logs_nobody_in(client):
    person = await new_person()
    key, passkey = await register(client, person)
    await call(client, "DELETE", f"{PASSKEYS}/{passkey['id']}", token=person.token)
    assert await passwordless(client, key) == (400, error("This passkey is not registered here.", "credential"))


async def test_a_passkey_as_the_second_factor(client, clock):
    person, other = await new_person(), await new_person()
    await enable(client, person, clock)
    key, _ = await register(client, person)
    other_key, _ = await register(client, other)
    ticket = await ticket_for(client, person)
    status, begun = await call(client, "POST", "/api/two-factor/login/passkey-options", {"ticket": ticket})
    assert status == 200
    assert [c["id"] for c in begun["options"]["allowCredentials"]] == [passkey_id(key)]
    # someone else's passkey does not finish this login
    assert await call(client, "POST", COMPLETE, {"ticket": ticket, "passkey": other_key.get(begun["options"])}) == (
        400,
        error("This passkey is not registered here.", "credential"),
    )
    status, done = await call(client, "POST", COMPLETE, {"ticket": ticket, "passkey": key.get(begun["options"])})
    assert status == 200 and set(done) == {"token"}


def passkey_id(key: SoftKey) -> str:
    from webauthn.helpers import bytes_to_base64url

    return bytes_to_base64url(key.credential_id)


async def test_the_login_methods_name_passkeys_when_there_are_some(client, clock):
    person = await new_person()
    await enable(client, person, clock)
    await register(client, person)
    _, body = await password_login(client, person)
    assert body["twoFactor"]["methods"] == ["totp", "recovery", "passkey"]


async def test_bad_input_to_the_passkey_routes(client, clock):
    person = await new_person()
    await enable(client, person, clock)
    ticket = await ticket_for(client, person)
    assert await call(client, "POST", COMPLETE, {"ticket": ticket, "passkey": "yes"}) == (
        400,
        error("Passkey must be an object.", "passkey"),
    )
    huge = {"id": "x", "response": {"clientDataJSON": "a" * 20_000}}
    assert await call(client, "POST", f"{PASSKEYS}/login", {"challengeId": "x", "credential": huge}) == (
        400,
        error("Credential is too large.", "credential"),
    )
    assert await call(client, "POST", f"{PASSKEYS}/login", {"credential": {}}) == (
        400,
        error("challengeId is required.", "challengeId"),
    )
    assert await call(client, "POST", "/api/two-factor/login/passkey-options", {"ticket": ticket}) == (
        400,
        error("This account has no passkey.", "ticket"),
    )
    _, begun = await call(client, "POST", f"{PASSKEYS}/login-options")
    forged = {"challengeId": begun["challengeId"], "credential": {"id": "AAAA", "rawId": "AAAA"}}
    assert await call(client, "POST", f"{PASSKEYS}/login", forged) == (
        400,
        error("This passkey is not registered here.", "credential"),
    )
