"""The ``avatarUrl`` of an execution (rest.md §17.1).

Upstream fetches the image through its CDN to learn its size and whether it is animated.
Hearth does not fetch it at all (this machine has no outside network, and a server-side fetch
of a user-given URL is a request-forgery risk): the URL must be an absolute http(s) URL whose
host is a public name or a public IP address. Hosts that point inside a network — loopback,
private, link-local, reserved ranges, ``localhost``, single-label names, ``.local`` /
``.internal`` / ``.localhost`` names and numeric hosts that are not plain public IPv4 — are
refused with upstream's "could not fetch" answer, since an upstream fetch could not reach them
either. An image whose path ends in ``.gif`` counts as animated (the ``a`` prefix of §6.6).
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

from core.errors import ApiError

INVALID = "Invalid avatar URL."
UNREACHABLE = "Failed to fetch avatar dimensions. Please check the URL and try again."
_HOST = re.compile(r"^[a-z0-9.-]+$")
_NUMERIC_LABEL = re.compile(r"^(0x[0-9a-f]*|[0-9]+)$")
_INTERNAL_SUFFIXES = (".local", ".localhost", ".internal", ".lan", ".home.arpa", ".localdomain")


def _public_ip(text: str) -> bool:
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return False
    return address.is_global and not address.is_multicast


def check_avatar_url(url: str) -> str:
    """The avatar URL as stored on the message (``a`` + url when animated), or ApiError(400)."""
    if any(ch.isspace() or ord(ch) < 32 for ch in url):
        raise ApiError(400, INVALID)
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 - raises on a bad port
    except ValueError:
        raise ApiError(400, INVALID) from None
    if parts.scheme not in ("http", "https") or not host:
        raise ApiError(400, INVALID)
    if parts.username is not None or parts.password is not None:
        raise ApiError(400, INVALID)
    host = host.rstrip(".").lower()
    if ":" in host:  # IPv6 literal
        if not _public_ip(host):
            raise ApiError(400, UNREACHABLE, "avatar_url_override")
    else:
        if not _HOST.match(host) or "." not in host or host.endswith(_INTERNAL_SUFFIXES) or host == "localhost":
            raise ApiError(400, UNREACHABLE, "avatar_url_override")
        if _NUMERIC_LABEL.match(host.rsplit(".", 1)[-1]) and not _public_ip(host):
            raise ApiError(400, UNREACHABLE, "avatar_url_override")
    animated = parts.path.lower().endswith(".gif")
    return ("a" if animated else "") + url
