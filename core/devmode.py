"""Dev mode (``[server] dev_mode``, rest.md §0.6–0.7): what lets protocol test suites written for
the reference run against Hearth. Rate limits are off unless a request's JSON body opts in
(``core.ratelimit.check``), e-mail codes and reset links come back in the responses, captchas
always pass and webhook executions are not limited. Channel slow mode stays on."""

from __future__ import annotations

import logging

from core.context import hearth
from core.settings import Settings

log = logging.getLogger("hearth")

WARNING = (
    "DEV MODE IS ON ([server] dev_mode / HEARTH_SERVER_DEV_MODE): rate limits are off unless a "
    "request asks for them, e-mail codes and password reset links are returned in API responses, "
    "and captchas always pass. Never run a public server like this."
)


def dev_mode() -> bool:
    return bool(hearth().settings.get("server.dev_mode", False))


def warn_if_on(settings: Settings) -> None:
    if settings.get("server.dev_mode", False):
        log.warning("%s\n%s\n%s", "!" * 80, WARNING, "!" * 80)
