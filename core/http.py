"""HTTP plumbing around Quart: path normalisation, CORS and security headers, the global
rate limit, the SPA and the top-level ASGI dispatcher (Socket.IO beside Quart)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import socketio
from quart import Quart, Response, request

from core.errors import ApiError
from core.ratelimit import check
from core.settings import ROOT, Settings
from core.staticfiles import inside, send_static

_SLASHES = re.compile(r"/{2,}")
# The API, and the CDN (a client on another origin uploads to /cdn/<type>/<group> with a token).
CORS_PREFIXES = ("/api/", "/cdn/")
_HOST = re.compile(r"(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?")
# Any HTML of this server: never inside another site's frame (clickjacking).
NO_FRAMING = "frame-ancestors 'none'"


def web_ui_policy(host: str | None) -> str:
    """The Content-Security-Policy of the web UI's HTML. Scripts only from this server (the
    Vite build has no inline script); inline styles stay allowed, for the user's custom CSS
    (webui/src/settings/appearance.ts), while images and fonts, and so CSS ``url()``, only come
    from this server, data: and blob:. The websocket origins name the request's host, when it
    looks like one."""
    sockets = f" ws://{host} wss://{host}" if host and _HOST.fullmatch(host) else ""
    return "; ".join(
        [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data: blob:",
            "media-src 'self' data: blob:",
            "font-src 'self' data:",
            f"connect-src 'self'{sockets}",
            "object-src 'none'",
            NO_FRAMING,
            "base-uri 'self'",
            "form-action 'self'",
        ]
    )


def normalise_path(path: str) -> str:
    """Collapse repeated slashes (the web client sends ``/api//servers``) and drop a trailing one."""
    path = _SLASHES.sub("/", path)
    if len(path) > 1 and path.endswith("/"):
        path = path.rstrip("/") or "/"
    return path


class NormalisedPaths:
    """Wraps ``Quart.asgi_app`` so every request (test client included) sees the normal path."""

    def __init__(self, asgi_app: Any):
        self.asgi_app = asgi_app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        # an image-proxy path carries a whole URL (``https://…``) that must reach the route intact
        if scope["type"] in ("http", "websocket") and not scope["path"].startswith("/cdn/proxy/"):
            normal = normalise_path(scope["path"])
            if normal != scope["path"]:
                scope = {**scope, "path": normal, "raw_path": normal.encode()}
        await self.asgi_app(scope, receive, send)


class HearthASGI:
    """Socket.IO under ``/socket.io/``, everything else (and the lifespan) to Quart."""

    def __init__(self, quart_app: Quart, sio: socketio.AsyncServer):
        self.quart = quart_app
        self.socketio = socketio.ASGIApp(sio, socketio_path="socket.io")

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket") and scope["path"].startswith("/socket.io/"):
            await self.socketio(scope, receive, send)
            return
        await self.quart(scope, receive, send)


def install_http_policies(app: Quart, settings: Settings) -> None:
    app.asgi_app = NormalisedPaths(app.asgi_app)  # type: ignore[method-assign]
    origins = settings.server.cors_origins

    def allowed_origin(origin: str | None) -> str | None:
        if origins == "*":
            return "*"
        return origin if origin and isinstance(origins, list) and origin in origins else None

    @app.before_request
    async def api_preflight_and_global_limit() -> Response | None:
        if request.method == "OPTIONS" and request.path.startswith(CORS_PREFIXES):
            return Response("", status=204)
        if not request.path.startswith("/api/"):
            return None
        await check("global_limit", 100, 15, 30, by="ip")
        return None

    @app.after_request
    async def headers(response: Response) -> Response:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
        if response.mimetype == "text/html":
            response.headers.setdefault("X-Frame-Options", "DENY")
            response.headers.setdefault("Content-Security-Policy", NO_FRAMING)
        if request.path.startswith(CORS_PREFIXES):
            origin = allowed_origin(request.headers.get("Origin"))
            if origin:
                response.headers["Access-Control-Allow-Origin"] = origin
                # File-Name: the protocol's web client names an upload sent as the raw body with it
                response.headers["Access-Control-Allow-Headers"] = (
                    "Authorization, Content-Type, File-Name, X-Hearth-Features"
                )
                response.headers["Access-Control-Allow-Methods"] = "GET, POST, PUT, PATCH, DELETE, OPTIONS"
        return response


def install_spa(app: Quart, settings: Settings) -> None:
    """Serve the built web UI with an SPA fallback; unknown ``/api`` paths stay JSON 404s."""
    dist = Path(settings.server.webui_dist)
    dist = (dist if dist.is_absolute() else ROOT / dist).resolve()

    @app.route("/api/<path:path>", methods=["GET", "POST", "PUT", "PATCH", "DELETE"])
    async def api_not_found(path: str) -> Response:
        raise ApiError(404, "Not found.")

    @app.get("/")
    @app.get("/<path:path>")
    async def spa(path: str = "") -> Response:
        candidate = inside(dist, path) if path else None
        if candidate:
            response = await send_static(candidate)
            if path.startswith("assets/"):
                response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
            if candidate.suffix == ".html":
                response.headers["Content-Security-Policy"] = web_ui_policy(request.host)
            return response
        if path.startswith("assets/"):
            # A built file that is not there (an emoji newer than the artwork, a chunk of an older
            # build): a 404 the page can react to, not the app's HTML.
            return Response("Not found.", status=404, mimetype="text/plain")
        index = dist / "index.html"
        if not index.is_file():
            return Response(
                "Hearth's web UI is not built yet: run `make run` (or `npm run build`).",
                status=503,
                mimetype="text/plain",
            )
        response = await send_static(index)
        response.headers["Cache-Control"] = "no-cache"
        response.headers["Content-Security-Policy"] = web_ui_policy(request.host)
        return response
