"""Fetching URLs that users gave, without letting them reach inside the network: link previews
(the ``link_embeds`` plugin) and the CDN's image proxy (``GET /cdn/proxy/...``) share it.

- ``addresses``: which IP addresses may be reached, and the resolver that enforces it.
- ``client``: the fetch policy, a guarded aiohttp session and ``get`` (checked redirects, size caps).

The address rules come from ``[fetch]`` (``allow_private_networks``, ``trusted_hosts``):
:func:`policy_from_settings`.
"""

from core.safefetch.addresses import address_allowed
from core.safefetch.client import (
    IMAGE_TYPES,
    BadResponse,
    Body,
    FetchError,
    FetchPolicy,
    TooLarge,
    WrongType,
    check_url,
    get,
    new_session,
    policy_from_settings,
)
from core.safefetch.errors import Refused, RefusedAddress, refused_by_resolver

__all__ = [
    "IMAGE_TYPES",
    "BadResponse",
    "Body",
    "FetchError",
    "FetchPolicy",
    "Refused",
    "RefusedAddress",
    "TooLarge",
    "WrongType",
    "address_allowed",
    "check_url",
    "get",
    "new_session",
    "policy_from_settings",
    "refused_by_resolver",
]
