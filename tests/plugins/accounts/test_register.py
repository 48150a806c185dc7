"""POST /api/users/register (rest.md §1.1)."""

from __future__ import annotations

import hashlib
import re

import pytest

from core.identity.models import Account, Session, User
from tests.plugins.accounts.helpers import error
from tests.support import call, register

REGISTER = "/api/users/register"
VALID = {"email": "ada@example.com", "username": "ada", "password": "secret pass"}


async def test_register_returns_a_working_token(client):
    status, body = await call(client, "POST", REGISTER, VALID)
    assert status == 200
    assert set(body) == {"token"}
    status, me = await call(client, "GET", "/api/users", token=body["token"])
    assert status == 200
    assert me["user"]["username"] == "ada"
    assert re.fullmatch(r"[A-Za-z0-9]{4}", me["user"]["tag"])
    assert re.fullmatch(r"#[0-9a-f]{6}", me["user"]["hexColor"])


async def test_register_stores_the_user_online_with_trimmed_name_and_lowercased_email(client):
    status, _ = await call(client, "POST", REGISTER, {**VALID, "email": "Ada@Example.COM", "username": "  ada  "})
    assert status == 200
    account = await Account.get(email="ada@example.com").select_related("user")
    assert account.user.username == "ada"
    assert account.user.status == 1
    assert account.email_confirmed is False


async def test_password_is_stored_as_argon2id_and_the_token_only_as_a_hash(client):
    status, body = await call(client, "POST", REGISTER, VALID)
    assert status == 200
    account = await Account.get(email="ada@example.com")
    assert account.password_hash.startswith("$argon2id$")
    assert VALID["password"] not in account.password_hash
    session = await Session.get(user_id=account.user_id)
    assert session.token_hash != body["token"]
    assert session.token_hash == hashlib.sha256(body["token"].encode()).hexdigest()


async def test_password_is_trimmed_and_works_as_typed(client):
    # rest.md §1.1 hashes the trimmed password; Hearth trims at every check too, so the
    # password keeps working exactly as the user typed it.
    await call(client, "POST", REGISTER, {**VALID, "password": "  secret pass  "})
    for typed in ("  secret pass  ", "secret pass"):
        status, _ = await call(client, "POST", "/api/users/login", {"email": VALID["email"], "password": typed})
        assert status == 200


async def test_same_username_gets_a_different_tag(client):
    first = await register(client, username="twin")
    second = await register(client, username="twin")
    assert first.tag != second.tag


@pytest.mark.parametrize(
    ("body", "message", "path"),
    [
        ({}, "Email is required.", "email"),
        ({"username": "ada", "password": "secret"}, "Email is required.", "email"),
        ({**VALID, "email": 42}, "Invalid email.", "email"),
        ({**VALID, "email": "not-an-email"}, "Invalid email.", "email"),
        ({**VALID, "email": "a" * 310 + "@example.com"}, "Email must be between 1 and 320 characters long.", "email"),
        ({"email": "ada@example.com"}, "Username is required.", "username"),
        ({**VALID, "username": 7}, "Invalid username.", "username"),
        ({**VALID, "username": "ada@home"}, "Username cannot contain the @ symbol", "username"),
        ({**VALID, "username": "ada:1234"}, "Username cannot contain the : symbol", "username"),
        ({**VALID, "username": "ad"}, "Username must be between 3 and 35 characters long.", "username"),
        ({**VALID, "username": "  ad  "}, "Username must be between 3 and 35 characters long.", "username"),
        ({**VALID, "username": "a" * 36}, "Username must be between 3 and 35 characters long.", "username"),
        ({"email": "ada@example.com", "username": "ada"}, "Password is required.", "password"),
        ({**VALID, "password": ["secret"]}, "Password must be a string.", "password"),
        ({**VALID, "password": "abc"}, "Password must be between 4 and 64 characters long.", "password"),
        ({**VALID, "password": "a" * 65}, "Password must be between 4 and 64 characters long.", "password"),
        ({**VALID, "token": ""}, "Invalid captcha! Please try again.", "token"),
    ],
)
async def test_invalid_bodies_report_the_first_failing_rule(client, body, message, path):
    status, answer = await call(client, "POST", REGISTER, body)
    assert (status, answer) == (400, error(message, path))
    assert await User.all().count() == 0


async def test_password_limits_are_inclusive(client):
    for n, password in enumerate(("abcd", "a" * 64)):
        status, _ = await call(client, "POST", REGISTER, {**VALID, "email": f"p{n}@example.com", "password": password})
        assert status == 200


async def test_duplicate_email_is_refused_case_insensitively(client):
    await register(client, email="taken@example.com")
    status, body = await call(client, "POST", REGISTER, {**VALID, "email": "TAKEN@example.com"})
    assert (status, body) == (400, error("Email already exists.", "email"))
    assert await Account.filter(email="taken@example.com").count() == 1


async def test_username_with_a_blocked_word_is_refused(make_app):
    app = make_app(**{"accounts.blocked_words": ["Rude"]})
    async with app.test_app():
        client = app.test_client()
        status, body = await call(client, "POST", REGISTER, {**VALID, "username": "veryrudeguy"})
    assert (status, body) == (400, error("Username cannot contain bad words.", "username"))


async def test_captcha_is_required_when_the_instance_sets_a_secret(make_app):
    app = make_app(**{"accounts.captcha_secret": "turnstile-secret"})
    async with app.test_app():
        client = app.test_client()
        status, body = await call(client, "POST", REGISTER, VALID)
    assert (status, body) == (401, error("Invalid captcha! Please try again.", "token"))
    assert await User.all().count() == 0


async def test_bad_word_is_checked_before_the_captcha(make_app):
    app = make_app(**{"accounts.captcha_secret": "turnstile-secret", "accounts.blocked_words": ["rude"]})
    async with app.test_app():
        client = app.test_client()
        status, body = await call(client, "POST", REGISTER, {**VALID, "username": "rudeguy"})
    assert (status, body) == (400, error("Username cannot contain bad words.", "username"))


async def test_registration_token_authenticates_a_socket(client, sockets):
    person = await register(client)
    probe = await sockets(person.token)
    payload = probe.received("user:authenticated")[0]
    assert payload["user"]["id"] == person.id
    assert payload["user"]["email"] == person.email
    assert payload["user"]["emailConfirmed"] is False
