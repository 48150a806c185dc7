"""Which redirect URIs an application may register and the OAuth2 flow may send users to.

``https`` URLs, or ``http`` on a loopback host (a native app listening on the user's machine,
RFC 8252 §7.3); no fragment (RFC 6749 §3.1.2: the code is appended as a query) and no
credentials. Anything else — ``javascript:``, ``data:``, custom schemes — is refused: the web
client sends the browser to the URI, so a script URI would run in its page. On use the URI must
equal a registered one exactly, and one registered before these rules must also pass them.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from core.urls import has_credentials, split_url

MAX_LENGTH = 2000
INVALID = "Each redirectUri must be a valid URL."
SCHEME = "Each redirectUri must use https (http only on localhost or a loopback address)."
FRAGMENT = "A redirectUri must not contain a fragment (#)."
CREDENTIALS = "A redirectUri must not contain a username or password."


def _loopback(host: str) -> bool:
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def problem(uri: str) -> str | None:
    """The message refusing ``uri`` as a redirect URI, or None when it may be one."""
    parts = split_url(uri, MAX_LENGTH)
    if parts is None:
        scheme = urlsplit(uri).scheme if uri.isprintable() else ""
        return SCHEME if scheme and scheme not in ("http", "https") else INVALID
    if parts.scheme not in ("http", "https"):
        return SCHEME
    if parts.scheme == "http" and not _loopback(parts.hostname or ""):
        return SCHEME
    if "#" in uri:
        return FRAGMENT
    if has_credentials(parts):
        return CREDENTIALS
    return None
