"""Two-factor for tests: turning it on through the routes, codes of the test's clock, and login
as Hearth's web client (which names the ``two_factor`` feature) or as a protocol client."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pyotp

from tests.support import Person, call

LOGIN = "/api/users/login"
COMPLETE = "/api/two-factor/login"
HEARTH_CLIENT = {"X-Hearth-Features": "tickets,two_factor"}


def error(message: str, path: str | None = None) -> dict[str, Any]:
    return {"message": message, "path": path}


def code_at(secret: str, clock: Any, offset: int = 0) -> str:
    return pyotp.TOTP(secret).at(clock.now + offset)


def wrong_code(secret: str, clock: Any) -> str:
    """Six digits that are none of the codes the server accepts now (one step of drift)."""
    accepted = {code_at(secret, clock, offset) for offset in (-30, 0, 30)}
    return next(c for c in ("000000", "111111", "222222", "333333") if c not in accepted)


@dataclass
class Enabled:
    secret: str
    recovery_codes: list[str]


async def ask(client: Any, method: str, path: str, body: Any = None, token: str | None = None, **headers: str) -> Any:
    """A request with extra headers: ``(status, JSON body)``."""
    if token:
        headers["Authorization"] = token
    response = await client.open(path, method=method, json=body, headers=headers)
    return response.status_code, await response.get_json(silent=True)


async def enable(client: Any, person: Person, clock: Any) -> Enabled:
    status, setup = await call(
        client, "POST", "/api/two-factor/totp/setup", {"password": person.password}, person.token
    )
    assert status == 200, setup
    status, body = await call(
        client, "POST", "/api/two-factor/totp/confirm", {"code": code_at(setup["secret"], clock)}, person.token
    )
    assert status == 200, body
    clock.later()  # the confirming code's step is spent: later codes come from the next one
    return Enabled(setup["secret"], body["recoveryCodes"])


async def password_login(client: Any, person: Person, hearth_client: bool = True) -> tuple[int, Any]:
    return await ask(
        client,
        "POST",
        LOGIN,
        {"email": person.email, "password": person.password},
        **(HEARTH_CLIENT if hearth_client else {}),
    )


async def ticket_for(client: Any, person: Person) -> str:
    status, body = await password_login(client, person)
    assert status == 200, body
    return body["twoFactor"]["ticket"]
