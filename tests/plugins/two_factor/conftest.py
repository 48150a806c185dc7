"""Fixtures of the two-factor tests: a clock the server's TOTP checks read, so a test chooses the
time-step a code belongs to instead of racing the real one."""

from __future__ import annotations

import time
from typing import Any

import pytest


class Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def time(self) -> float:
        return self.now

    def later(self, seconds: float = 30) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Any:
    from plugins.two_factor import codes

    fake = Clock()
    monkeypatch.setattr(codes, "time", fake)
    return fake
