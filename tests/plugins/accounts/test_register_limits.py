"""``register_limit`` (rest.md §1.1) is kept per client IP, 5 / 30 s, under a much higher ceiling
for the whole server, and only well-formed requests count: upstream's single global bucket,
checked before validation, let anyone keep registration closed for everybody."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

MESSAGE = "Something went wrong! Please try again in 1 minute."
_n = iter(range(10_000))


def signup() -> dict[str, str]:
    n = next(_n)
    return {"email": f"limit{n}@example.com", "username": f"limited{n}", "password": "secret pass"}


async def register_from(client: Any, ip: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    response = await client.post(
        "/api/users/register", json=signup() if body is None else body, headers={"X-Forwarded-For": ip}
    )
    return response.status_code, await response.get_json()


@pytest.fixture
async def limited(make_app) -> AsyncIterator[Any]:
    app = make_app(
        **{"rate_limits.enabled": True, "server.trust_proxy_headers": True, "accounts.register_global_limit": 8}
    )
    async with app.test_app():
        yield app.test_client()


def assert_limited(status: int, body: Any) -> None:
    assert status == 429 and (body["message"], body["path"]) == (MESSAGE, None) and 0 < body["ttl"] <= 30_000


async def test_one_address_using_up_its_bucket_does_not_close_registration_for_others(limited):
    for _ in range(5):
        status, body = await register_from(limited, "203.0.113.7")
        assert status == 200, body
    assert_limited(*await register_from(limited, "203.0.113.7"))
    status, body = await register_from(limited, "198.51.100.1")
    assert status == 200, body


async def test_invalid_requests_do_not_use_up_the_bucket(limited):
    for bad in (
        {},
        {"email": "x"},
        {"email": "ok@example.com", "username": "a@b", "password": "secret pass"},
        {"email": "ok@example.com", "username": "fine", "password": "no"},
    ) * 3:
        status, body = await register_from(limited, "203.0.113.8", bad)
        assert status == 400, body
    for _ in range(5):
        status, body = await register_from(limited, "203.0.113.8")
        assert status == 200, body


async def test_the_whole_server_still_has_a_ceiling(limited):
    for n in range(8):  # the test's ceiling: 8 registrations per 30 s from any addresses
        status, body = await register_from(limited, f"192.0.2.{n}")
        assert status == 200, body
    assert_limited(*await register_from(limited, "192.0.2.200"))
