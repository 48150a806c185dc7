"""Staff for moderation tests: an ADMIN, a MOD, a FOUNDER, made the way the CLI makes them."""

from __future__ import annotations

from typing import Any

from core.identity.models import User
from tests.plugins.messages.helpers import member
from tests.support import PASSWORD, Person, call

FOUNDER, ADMIN, MOD = 1, 2, 64


async def staff(client: Any, badges: int = ADMIN, **kwargs: Any) -> Person:
    person = await member(**kwargs)
    await User.filter(id=int(person.id)).update(badges=badges)
    return person


async def ok(client: Any, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    status, result = await call(client, method, path, body, token=token)
    assert status == 200, (method, path, status, result)
    return result


def pw(**body: Any) -> dict[str, Any]:
    """A "pw" body: the moderator's own password plus the route's fields."""
    return {"password": PASSWORD, **body}


async def suspend(
    client: Any, mod: Person, *people: Person, days: float = 1, reason: str = "spam", **extra: Any
) -> Any:
    return await ok(
        client,
        "POST",
        "/api/moderation/users/suspend",
        pw(userIds=[p.id for p in people], days=days, reason=reason, **extra),
        mod.token,
    )
