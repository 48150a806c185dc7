"""Fixtures of the accounts tests.

``live_client`` and ``sockets`` (realtime tests) live in tests/conftest.py.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest


@pytest.fixture
async def mail_client(make_app: Callable[..., Any], smtp_server: Any) -> AsyncIterator[Any]:
    """A test client of an app that sends its mail to the real ``smtp_server``."""
    app = make_app(**smtp_server.overrides)
    async with app.test_app():
        yield app.test_client()
