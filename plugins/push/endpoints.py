"""Which Web Push endpoints Hearth stores and posts to.

A push service's endpoint is an ``https`` URL (``http`` too with ``[push] allow_http_endpoints``,
for a local push service) of at most ``ENDPOINT_MAX`` characters, without credentials, whose host
is a DNS name or an IP address written the one canonical way: a dotted quad of decimal numbers
without leading zeros, or a bracketed IPv6 address in its compressed lower-case form. Other
spellings that browsers and resolvers read as addresses — ``2130706433``, ``0x7f.1``,
``0177.0.0.1``, ``127.1`` — are refused rather than guessed at (aiohttp refuses to connect to
them anyway, so such an endpoint could never be reached). An address, or ``localhost``, must be
one the deployment's ``[fetch]`` rules let the server reach: a private or loopback one only with
``allow_private_networks`` (or a ``trusted_hosts`` entry). Names are checked again where they
are resolved, at each send (``core.safefetch``).
"""

from __future__ import annotations

import ipaddress
import re
from typing import Any

from core.safefetch import address_allowed, policy_from_settings
from core.urls import has_credentials, split_url
from plugins.push.models import ENDPOINT_MAX

_LABEL = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$")
_NUMERIC = re.compile(r"^(?:[0-9]+|0x[0-9a-f]*)$")  # a last label that makes a URL host an IPv4 address


def _canonical_address(host: str, bracketed: bool) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address ``host`` is when written canonically; None when it is a name; ValueError when it
    is an address (or reads as one) written any other way."""
    if bracketed:
        if "%" in host:  # a zone belongs to one machine's interfaces, never to a push service
            raise ValueError(host)
        address = ipaddress.IPv6Address(host)  # ValueError for anything but an IPv6 address
        if str(address) != host:
            raise ValueError(host)
        return address
    if _NUMERIC.match(host.rsplit(".", 1)[-1]):
        address4 = ipaddress.IPv4Address(host)  # decimal dotted quads only, no leading zeros
        if str(address4) != host:
            raise ValueError(host)
        return address4
    return None


def _valid_name(host: str) -> bool:
    return len(host) <= 253 and all(_LABEL.match(label) for label in host.split("."))


def refused_endpoint(value: Any, settings: Any) -> bool:
    """True when ``value`` may not be a push endpoint under these settings."""
    parts = split_url(value, ENDPOINT_MAX) if isinstance(value, str) else None
    if parts is None:
        return True
    schemes = ("https", "http") if settings.get("push.allow_http_endpoints", False) else ("https",)
    if parts.scheme not in schemes or has_credentials(parts) or "#" in value:
        return True
    host = parts.hostname or ""
    try:
        address = _canonical_address(host, bracketed="[" in parts.netloc)
    except ValueError:
        return True
    policy = policy_from_settings(settings)
    if policy.allow_private or host in policy.trusted_hosts:
        return address is None and not _valid_name(host)
    if address is not None:
        return not address_allowed(str(address))
    return not _valid_name(host) or host == "localhost" or host.endswith(".localhost")
