"""503 for requests that cannot reach the database: ``{message, path: null}`` with ``Retry-After``
(docs/faults.md). Kept apart from ``core.errors`` so the outage rules live in one place."""

from __future__ import annotations

import logging
import time

from quart import Quart, Response, jsonify

from core.dbfaults import DatabaseUnavailable
from core.metrics.families import DATABASE_ERRORS

log = logging.getLogger("hearth.errors")
RETRY_AFTER_SECONDS = 5
MESSAGE = "The service is temporarily unavailable. Try again shortly."
LOG_EVERY_SECONDS = 10.0  # an outage fails every request: one line per period, with the count


class _Throttled:
    def __init__(self) -> None:
        self.next_at = 0.0
        self.unlogged = 0

    def warn(self, error: BaseException) -> None:
        now = time.monotonic()
        if now < self.next_at:
            self.unlogged += 1
            return
        more = f" (and {self.unlogged} more since the last report)" if self.unlogged else ""
        log.warning("database unavailable, answered 503: %s%s", error, more)
        self.next_at, self.unlogged = now + LOG_EVERY_SECONDS, 0


def unavailable_response() -> Response:
    response = jsonify({"message": MESSAGE, "path": None})
    response.status_code = 503
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def register_unavailable_handlers(app: Quart) -> None:
    throttled = _Throttled()

    @app.errorhandler(DatabaseUnavailable)
    async def database_unavailable(error: DatabaseUnavailable) -> Response:
        throttled.warn(error)
        DATABASE_ERRORS.labels("unavailable").inc()
        return unavailable_response()
