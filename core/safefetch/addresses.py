"""Which addresses a server-side fetch may connect to.

Only public unicast addresses: private, loopback, link-local, multicast, reserved, shared
(CGNAT), unspecified and documentation ranges are refused, for IPv4, IPv6 and IPv4 inside
IPv6 (mapped, 6to4, Teredo). Host names are checked where they are resolved
(:class:`GuardedResolver`), so the connection goes to the address that was checked — a DNS
answer cannot change between the check and the connect. Literal IP hosts never reach a
resolver in aiohttp, so every request URL is also checked (``client.check_url``).
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Any

from aiohttp.abc import ResolveResult
from aiohttp.resolver import ThreadedResolver

from core.safefetch.errors import Refused, RefusedAddress

__all__ = ["GuardedResolver", "Refused", "RefusedAddress", "address_allowed", "is_ip_literal"]


def address_allowed(raw: str) -> bool:
    try:
        address = ipaddress.ip_address(raw.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address):
        embedded = address.ipv4_mapped or address.sixtofour or (address.teredo[1] if address.teredo else None)
        if embedded is not None and not address_allowed(str(embedded)):
            return False
    return bool(
        address.is_global
        and not (
            address.is_private
            or address.is_loopback
            or address.is_link_local
            or address.is_multicast
            or address.is_reserved
            or address.is_unspecified
        )
    )


def is_ip_literal(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]").split("%", 1)[0])
        return True
    except ValueError:
        return False


class GuardedResolver(ThreadedResolver):
    """Resolves host names and keeps only the addresses a fetch may reach. Names in
    ``trusted`` (and every name when ``allow_private`` is set) keep all their addresses."""

    def __init__(self, allow_private: bool, trusted: frozenset[str]) -> None:
        super().__init__()
        self.allow_private = allow_private
        self.trusted = trusted

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        results: list[Any] = await super().resolve(host, port, family)
        if self.allow_private or host.lower() in self.trusted:
            return results
        allowed = [r for r in results if address_allowed(r["host"])]
        if not allowed:
            raise RefusedAddress(f"{host} resolves only to addresses that may not be fetched")
        return allowed
