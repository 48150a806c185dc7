"""The request guard every ``/api`` request passes before its route: a JSON body is decoded and
checked once, so no route ever sees text or numbers that PostgreSQL, the date functions or the
JSON encoder would choke on later (a 500). Failures are 400 ``{message, path}``.

A JSON body must be UTF-8, nest at most ``MAX_DEPTH`` levels, hold no NUL character and no
unpaired UTF-16 surrogate (``"\\ud800"``) in any key or string, and only finite numbers that fit
in 64 bits (``NaN`` and ``Infinity`` are not JSON, ``1e400`` overflows to infinity, and nothing
Hearth stores needs more than ±2^63).
The path and query string must not carry NUL characters either.
"""

from __future__ import annotations

import json
import math
from typing import Any

from quart import Quart, Request, request

from core.errors import ApiError

MAX_DEPTH = 32
_INT_LIMIT = 2**63
_UNSET: Any = Ellipsis
_EMPTY: Any = object()

NOT_UTF8 = "The request body must be valid UTF-8."
NOT_JSON = "The request body must be valid JSON."
TOO_DEEP = f"The request body is nested too deeply (at most {MAX_DEPTH} levels)."
NUL_TEXT = "Text must not contain NUL characters."
LONE_SURROGATE = "Text must not contain unpaired surrogates."
BAD_NUMBER = "Numbers must be finite and fit in 64 bits."
NUL_URL = "The address must not contain NUL characters."


def decode(raw: bytes) -> Any:
    """The checked value of a JSON document, or a 400 ``ApiError``."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(400, NOT_UTF8) from None
    return loads(text)


def loads(text: str) -> Any:
    """``json.loads`` with the guard's checks, for JSON that arrives inside another format
    (a form field); a 400 ``ApiError`` when it fails."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise ApiError(400, TOO_DEEP) from None
    except ValueError:
        raise ApiError(400, NOT_JSON) from None
    check_value(value)
    return value


def check_value(value: Any) -> None:
    """Walk a decoded JSON value (iteratively: depth is what is being bounded)."""
    stack: list[tuple[Any, str, int]] = [(value, "", 1)]
    while stack:
        node, path, depth = stack.pop()
        if isinstance(node, str):
            _check_text(node, path)
        elif isinstance(node, bool) or node is None:
            continue
        elif isinstance(node, (int, float)):
            if not (math.isfinite(node) and -_INT_LIMIT <= node < _INT_LIMIT):
                raise ApiError(400, BAD_NUMBER, path or None)
        elif isinstance(node, (dict, list)):
            if depth > MAX_DEPTH:
                raise ApiError(400, TOO_DEEP, path or None)
            if isinstance(node, dict):
                for key, item in node.items():
                    child = f"{path}.{key}" if path else key
                    _check_text(key, child)
                    stack.append((item, child, depth + 1))
            else:
                stack.extend((item, f"{path}[{index}]", depth + 1) for index, item in enumerate(node))


def _check_text(text: str, path: str) -> None:
    if "\x00" in text:
        raise ApiError(400, NUL_TEXT, _printable(path))
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise ApiError(400, LONE_SURROGATE, _printable(path)) from None


def _printable(path: str) -> str | None:
    """A path is echoed back in the error; keys may themselves be the bad text."""
    if not path:
        return None
    return path.replace("\x00", "\\u0000").encode("utf-8", "backslashreplace").decode("utf-8")


class HearthRequest(Request):
    """``get_json`` answers the checked body; a bad body is a 400 even for ``silent`` callers
    (as upstream, whose JSON parser runs before every route)."""

    _checked_json: Any = _UNSET

    async def get_json(self, force: bool = False, silent: bool = False, cache: bool = True) -> Any:
        if not (force or self.is_json):
            return None
        if self._checked_json is _UNSET:
            raw = await self.get_data(cache=True, as_text=False)
            self._checked_json = decode(raw) if raw.strip() else _EMPTY
        if self._checked_json is _EMPTY:
            if silent:
                return None
            raise ApiError(400, NOT_JSON)
        return self._checked_json


def install_request_guard(app: Quart) -> None:
    app.request_class = HearthRequest

    @app.before_request
    async def check_api_request() -> None:
        if not request.path.startswith("/api/"):
            return
        if "\x00" in request.path or any(
            "\x00" in key or "\x00" in value for key, value in request.args.items(multi=True)
        ):
            raise ApiError(400, NUL_URL)
        if request.is_json:
            await request.get_json(silent=True)
