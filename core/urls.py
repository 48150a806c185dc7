"""URLs that users give and the server later sends someone to or posts to (redirect URIs, push
endpoints): read strictly, once, the same way everywhere."""

from __future__ import annotations

from urllib.parse import SplitResult, urlsplit


def split_url(value: str, max_length: int) -> SplitResult | None:
    """``value`` split as an absolute ``scheme://host…`` URL, or None when it is not one: empty or
    longer than ``max_length``, holding spaces or control characters, with a port that is not a
    number, or without a scheme and a host."""
    if not 1 <= len(value) <= max_length or any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in value):
        return None
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError on a port that is not one
    except ValueError:
        return None
    if not parts.scheme or not value[len(parts.scheme) :].startswith("://") or not parts.hostname:
        return None
    return parts


def has_credentials(parts: SplitResult) -> bool:
    return parts.username is not None or parts.password is not None
