"""The suite hashes passwords at argon2id's lowest cost (tests/conftest.py); these keep the real
cost honest: the shipped defaults are OWASP's minimum, and an account made and logged into at that
cost stores a hash that names it."""

from __future__ import annotations

from core.identity import passwords
from core.identity.models import Account
from core.settings import load_settings
from tests.support import call, register


def test_the_shipped_defaults_are_owasps_minimum_for_argon2id():
    auth = load_settings(environ={}).auth
    assert (auth.argon2_time_cost, auth.argon2_memory_kib, auth.argon2_parallelism) == (2, 19456, 1)


async def test_register_and_log_in_at_the_real_cost(make_app, settings):
    real = load_settings(environ={}).auth
    app = make_app(
        **{
            "auth.argon2_time_cost": real.argon2_time_cost,
            "auth.argon2_memory_kib": real.argon2_memory_kib,
            "auth.argon2_parallelism": real.argon2_parallelism,
        }
    )
    try:
        async with app.test_app():
            client = app.test_client()
            person = await register(client, "costly")
            account = await Account.get(user_id=int(person.id))
            assert account.password_hash.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
            body = {"email": person.email, "password": person.password}
            status, answer = await call(client, "POST", "/api/users/login", body)
            assert status == 200 and answer["token"]
            wrong = await call(client, "POST", "/api/users/login", {**body, "password": "not the password"})
            assert wrong == (400, {"message": "Invalid password.", "path": "password"})
    finally:
        passwords.configure(settings)  # back to the suite's cost for whatever runs next in this process
