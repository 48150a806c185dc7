"""Whether an e-mail address has an account must not show in the answers of login and of the
password-reset code, nor in the work they do. Login keeps the texts rest.md §1.2 mandates
(`Invalid email address.` / `Invalid password.`) but checks a password either way, with the same
argon2 parameters; the reset code (rest.md §1.15) answers the same for both when it is mailed."""

from __future__ import annotations

from typing import Any

import pytest

from core.identity import passwords
from tests.plugins.accounts.helpers import error
from tests.support import call, register

SENT = (200, {"message": "Password reset link sent to your email."})


class CountingHasher:
    """The real argon2 hasher, counting the password checks it makes."""

    def __init__(self, real: Any):
        self.real = real
        self.verified = 0

    def verify(self, stored: str, password: str) -> bool:
        self.verified += 1
        return self.real.verify(stored, password)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


@pytest.fixture
def hasher(monkeypatch) -> CountingHasher:
    counting = CountingHasher(passwords._hasher)
    monkeypatch.setattr(passwords, "_hasher", counting)
    return counting


async def test_login_checks_a_password_for_unknown_accounts_too(client, hasher):
    person = await register(client)
    attempts = [
        ({"email": person.email, "password": "not it at all"}, error("Invalid password.", "password")),
        ({"email": "nobody.here@example.com", "password": "not it at all"}, error("Invalid email address.", "email")),
        (
            {"usernameAndTag": f"{person.username}:{person.tag}", "password": "not it at all"},
            error("Invalid password.", "password"),
        ),
        ({"usernameAndTag": "nobody:zzzz", "password": "not it at all"}, error("Invalid username/tag", "email")),
    ]
    for body, expected in attempts:
        before = hasher.verified
        assert await call(client, "POST", "/api/users/login", body) == (400, expected)
        assert hasher.verified == before + 1, body


async def test_the_reset_code_answers_alike_for_known_and_unknown_addresses(mail_client, smtp_server):
    person = await register(mail_client)
    assert await call(mail_client, "POST", "/api/users/reset-password/send-code", {"email": person.email}) == SENT
    assert (
        await call(mail_client, "POST", "/api/users/reset-password/send-code", {"email": "nobody.here@example.com"})
        == SENT
    )
    await smtp_server.inbox.wait_for(person.email)  # the real one is still mailed
    assert [str(m["To"]) for m in smtp_server.inbox.messages] == [person.email]
