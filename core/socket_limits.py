"""Per-socket limits on client→server events (the wire reference gives none for sockets).

Every event a client sends — ``user:authenticate`` and every plugin handler — passes
:meth:`SocketLimits.check` before any work: a fixed window per socket and event name, ``count``
events per ``seconds``. An event over the limit is dropped (no handler, no database, no fan-out);
a socket refused ``refusals_before_drop`` times within one window is disconnected. State lives in
this process's memory: a socket only ever talks to the process that holds it.

A handler may carry its own limit: ``@socket_limit(10, 10)`` above it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

OK, REFUSE, DROP = "ok", "refuse", "drop"
Limit = tuple[int, float]
H = TypeVar("H", bound=Callable[..., Any])


def socket_limit(count: int, seconds: float) -> Callable[[H], H]:
    """Give a socket handler its own limit: ``count`` events per ``seconds`` per socket."""

    def mark(handler: H) -> H:
        handler.socket_limit = (int(count), float(seconds))  # type: ignore[attr-defined]
        return handler

    return mark


class SocketLimits:
    def __init__(self, default: Limit = (20, 10.0), refusals_before_drop: int = 20):
        self.default = default
        self.refusals_before_drop = refusals_before_drop
        # sid -> event -> [count, window end]; sid -> [refusals, window end]
        self._windows: dict[str, dict[str, list[float]]] = {}
        self._refusals: dict[str, list[float]] = {}

    def check(self, sid: str, event: str, limit: Limit | None = None, now: float | None = None) -> str:
        """Count one event: ``OK`` to handle it, ``REFUSE`` to drop it, ``DROP`` to drop it and
        disconnect the socket."""
        count, seconds = limit or self.default
        now = time.monotonic() if now is None else now
        windows = self._windows.setdefault(sid, {})
        window = windows.get(event)
        if window is None or window[1] <= now:
            windows[event] = [1, now + seconds]
            return OK
        if window[0] < count:
            window[0] += 1
            return OK
        refusals = self._refusals.get(sid)
        if refusals is None or refusals[1] <= now:
            refusals = self._refusals[sid] = [0, now + seconds]
        refusals[0] += 1
        return DROP if refusals[0] >= self.refusals_before_drop else REFUSE

    def forget(self, sid: str) -> None:
        self._windows.pop(sid, None)
        self._refusals.pop(sid, None)

    @classmethod
    def from_settings(cls, settings: Any) -> SocketLimits:
        return cls(
            default=(
                int(settings.get("gateway.socket_events_per_window", 20)),
                float(settings.get("gateway.socket_event_window_seconds", 10)),
            ),
            refusals_before_drop=int(settings.get("gateway.socket_refusals_before_disconnect", 20)),
        )
