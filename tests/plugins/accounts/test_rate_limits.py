"""Rate limits of the account routes (rest.md §0.6, §1.1–1.2, §1.15, §1.18)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.support import call, register


@pytest.fixture
async def limited(make_app) -> AsyncIterator[Any]:
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        yield app.test_client()


def from_ip(ip: str) -> dict[str, Any]:
    return {"scope_base": {"client": (ip, 40000)}}


def assert_limited(status: int, body: Any, message: str = "Slow down!", window_ms: int = 30_000) -> None:
    assert status == 429
    assert set(body) == {"message", "path", "ttl"}
    assert (body["message"], body["path"]) == (message, None)
    assert isinstance(body["ttl"], int) and 0 < body["ttl"] <= window_ms


async def test_login_allows_ten_attempts_per_ip_per_30_seconds(limited):
    attempt = {"email": "nobody@example.com", "password": "whatever"}
    for _ in range(10):
        status, _ = await call(limited, "POST", "/api/users/login", attempt, **from_ip("10.0.0.1"))
        assert status == 400
    status, body = await call(limited, "POST", "/api/users/login", attempt, **from_ip("10.0.0.1"))
    assert_limited(status, body)
    status, _ = await call(limited, "POST", "/api/users/login", attempt, **from_ip("10.0.0.2"))
    assert status == 400


async def test_verify_send_code_allows_one_per_user_per_minute(limited):
    person = await register(limited)
    other = await register(limited)
    status, _ = await call(limited, "POST", "/api/users/emails/verify/send-code", token=person.token)
    assert status == 200
    status, body = await call(limited, "POST", "/api/users/emails/verify/send-code", token=person.token)
    assert_limited(status, body, window_ms=60_000)
    status, _ = await call(limited, "POST", "/api/users/emails/verify/send-code", token=other.token)
    assert status == 200


async def test_reset_send_code_allows_one_per_ip_per_minute(limited):
    first = await register(limited)
    second = await register(limited)
    status, _ = await call(
        limited, "POST", "/api/users/reset-password/send-code", {"email": first.email}, **from_ip("10.0.2.1")
    )
    assert status == 200
    status, body = await call(
        limited, "POST", "/api/users/reset-password/send-code", {"email": second.email}, **from_ip("10.0.2.1")
    )
    assert_limited(status, body, window_ms=60_000)
    status, _ = await call(
        limited, "POST", "/api/users/reset-password/send-code", {"email": second.email}, **from_ip("10.0.2.2")
    )
    assert status == 200


async def test_a_limited_route_does_not_limit_the_others(limited):
    person = await register(limited)
    attempt = {"email": person.email, "password": "wrong password"}
    for _ in range(11):
        status, _ = await call(limited, "POST", "/api/users/login", attempt)
    assert status == 429
    status, _ = await call(limited, "GET", "/api/users/sessions", token=person.token)
    assert status == 200
