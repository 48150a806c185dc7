"""Which browser pages may open a Socket.IO connection (``server.cors_origins``)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

from core.settings import Settings


def socket_origins(settings: Settings) -> set[str] | None:
    """The page origins ``server.cors_origins`` lets open a socket, or None for any."""
    origins = settings.server.cors_origins
    if origins == "*" or (isinstance(origins, list) and "*" in origins):
        return None
    listed = [origins] if isinstance(origins, str) else list(origins or [])
    public = urlsplit(str(settings.server.public_url))
    return {o.rstrip("/") for o in listed} | {f"{public.scheme}://{public.netloc}"}


def origin_check(settings: Settings) -> Callable[[str | None, dict], bool]:
    """Engine.IO's origin test: a listed origin, the public URL's, or the page this server itself
    served (its ``Host``). Requests without ``Origin`` (bots, not browsers) are not checked."""
    allowed = socket_origins(settings) or set()

    def check(origin: str | None, environ: dict) -> bool:
        if origin is None or origin in allowed:
            return True
        return urlsplit(origin).netloc == environ.get("HTTP_HOST")

    return check
