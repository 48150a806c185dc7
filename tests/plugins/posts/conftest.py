"""Fixtures of the posts tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.plugins.friends.conftest import limited  # noqa: F401


@pytest.fixture
async def limited_by_user(make_app) -> AsyncIterator[Any]:
    """Rate limits on, client IPs taken from X-Forwarded-For: a test can spread requests over
    many IPs so the global per-IP limit (100 / 15 s) stays out of the way of a route's own
    per-user limit."""
    app = make_app(**{"rate_limits.enabled": True, "server.trust_proxy_headers": True})
    async with app.test_app():
        yield app.test_client()
