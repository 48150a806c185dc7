"""Fixtures of the friends tests (``live_client`` and ``sockets`` live in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest


@pytest.fixture
async def limited(make_app) -> AsyncIterator[Any]:
    """A client of an app with rate limits on; register people with ``client`` (no limits)."""
    app = make_app(**{"rate_limits.enabled": True})
    async with app.test_app():
        yield app.test_client()
