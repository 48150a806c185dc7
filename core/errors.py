"""Every failure on /api is JSON ``{message, path}`` (+ extra keys the wire reference gives)."""

from __future__ import annotations

import logging
import uuid
from typing import Any

from quart import Quart, Response, g, jsonify, request
from quart_schema import RequestSchemaValidationError
from tortoise.exceptions import ValidationError as StoredValueError
from werkzeug.exceptions import HTTPException

from core.validation import describe_validation_error

log = logging.getLogger("hearth.errors")


class ApiError(Exception):
    """Raise anywhere in a request to answer ``status`` with ``{message, path, **extra}``."""

    def __init__(self, status: int, message: str, path: str | None = None, **extra: Any):
        super().__init__(message)
        self.status = status
        self.message = message
        self.path = path
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"message": self.message, "path": self.path, **self.extra}


def bad_request(message: str, path: str | None = None, **extra: Any) -> ApiError:
    return ApiError(400, message, path, **extra)


def forbidden(message: str, path: str | None = None) -> ApiError:
    return ApiError(403, message, path)


def _json(body: dict[str, Any], status: int) -> Response:
    response = jsonify(body)
    response.status_code = status
    return response


def register_error_handlers(app: Quart) -> None:
    @app.before_request
    async def assign_request_id() -> None:
        g.request_id = request.headers.get("X-Request-Id") or uuid.uuid4().hex[:16]

    @app.errorhandler(ApiError)
    async def api_error(error: ApiError) -> Response:
        return _json(error.body(), error.status)

    @app.errorhandler(RequestSchemaValidationError)
    async def validation_error(error: RequestSchemaValidationError) -> Response:
        message, path = describe_validation_error(error.validation_error)
        return _json({"message": message, "path": path}, 400)

    @app.errorhandler(HTTPException)
    async def http_error(error: HTTPException) -> Response:
        status = error.code or 500
        messages = {
            404: "Not found.",
            405: "Method not allowed.",
            413: "The request is too large.",
        }
        message = messages.get(status, error.description or error.name)
        if status == 400 and "JSON" in (error.description or ""):
            message = "The request body must be valid JSON."
        return _json({"message": message, "path": None}, status)

    @app.errorhandler(StoredValueError)
    async def unstorable_value(error: StoredValueError) -> Response:
        # A request value a column cannot hold (Tortoise checks even the values a query compares).
        # Routes check their inputs first; this keeps a missed one a 400, and logs it to be fixed.
        log.warning("value refused by a model (request %s): %s", getattr(g, "request_id", "-"), error)
        return _json({"message": "A value in the request is too long or malformed.", "path": None}, 400)

    @app.errorhandler(Exception)
    async def unexpected(error: Exception) -> Response:
        request_id = getattr(g, "request_id", "-")
        log.exception("unhandled error (request %s)", request_id, exc_info=error)
        return _json(
            {"message": "Something went wrong. Try again later.", "path": None, "requestId": request_id},
            500,
        )
