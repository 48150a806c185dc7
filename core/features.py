"""Which of Hearth's additions to the protocol a client asked for (docs/protocol-extensions.md).

A protocol client must never meet what it cannot understand, so an addition that changes what a
client sees reaches only clients that name it: a socket in ``user:authenticate`` (``features``, a
list of names), an HTTP request in the ``X-Hearth-Features`` header (names separated by commas).
Unknown names are kept and ignored; anything malformed counts as asking for nothing."""

from __future__ import annotations

import re
from typing import Any

HEADER = "X-Hearth-Features"
MAX_FEATURES = 32
_NAME = re.compile(r"^[a-z][a-z0-9_.-]{0,39}$")
NONE: frozenset[str] = frozenset()


def parse(value: Any) -> frozenset[str]:
    """The names in ``value``, a socket's list of strings; anything else names nothing."""
    if not isinstance(value, list) or len(value) > MAX_FEATURES:
        return NONE
    return frozenset(name for name in value if isinstance(name, str) and _NAME.match(name))


def of_request() -> frozenset[str]:
    """What the current HTTP request asked for in its header."""
    from quart import request

    header = request.headers.get(HEADER, "")
    return parse([part.strip() for part in header.split(",")]) if header else NONE


def asked_unless_elsewhere(name: str) -> bool:
    """Whether the caller may meet what ``name`` adds: an HTTP request only when its header names
    it; outside a request (a socket event, a job) True, as those are checked where they send."""
    from quart import has_request_context

    return not has_request_context() or name in of_request()


def only_for_askers(blueprint: Any, name: str, refusal: str, except_endpoints: tuple[str, ...] = ()) -> None:
    """Every route of ``blueprint`` (but ``except_endpoints``) answers 404 with ``refusal`` to an
    HTTP request whose header does not name ``name``: to a protocol client the routes do not exist."""
    from quart import request

    from core.errors import ApiError

    @blueprint.before_request
    async def _asked() -> None:
        if request.endpoint not in except_endpoints and name not in of_request():
            raise ApiError(404, refusal)
