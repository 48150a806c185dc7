"""Why a fetch gave nothing. Callers that only want "a result or none" catch :class:`FetchError`
(plus ``aiohttp.ClientError`` / ``OSError`` for the network itself)."""

from __future__ import annotations


class FetchError(Exception):
    """The URL gave no usable body."""


class Refused(FetchError):
    """The URL may not be fetched (scheme, credentials or address)."""


class RefusedAddress(OSError):
    """A host name resolved only to addresses that may not be reached. Raised inside aiohttp's
    resolver, so it reaches the caller wrapped in ``aiohttp.ClientConnectorError`` (``os_error``)."""


class TooLarge(FetchError):
    """The body is bigger than the cap for its kind."""


class BadResponse(FetchError):
    """An error status, a redirect without a location, or too many redirects."""


class WrongType(FetchError):
    """The body's Content-Type is not one the caller accepts."""


def refused_by_resolver(error: BaseException) -> bool:
    """Whether an aiohttp connection error is the guarded resolver refusing every address."""
    return isinstance(getattr(error, "os_error", None), RefusedAddress) or isinstance(error.__cause__, RefusedAddress)
