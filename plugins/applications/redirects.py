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
    if not 1 <= len(uri) <= MAX_LENGTH or any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in uri):
        return INVALID
    try:
        parts = urlsplit(uri)
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError on a port that is not one
    except ValueError:
        return INVALID
    scheme = parts.scheme
    if scheme not in ("http", "https"):
        return SCHEME if scheme else INVALID
    if not uri[len(scheme) :].startswith("://") or not host:
        return INVALID
    if scheme == "http" and not _loopback(host):
        return SCHEME
    if "#" in uri:
        return FRAGMENT
    if parts.username is not None or parts.password is not None:
        return CREDENTIALS
    return None
