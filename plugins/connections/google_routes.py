"""The reference's Google and Google Drive routes (rest.md §12), under ``/api/connections``.
While ``google_client_id`` / ``google_client_secret`` are empty, every route that needs Google
answers 400 ``Google is not set up on this server.``; unlinking still works."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, Response, jsonify, request
from quart_schema import document_querystring, document_request

from core.auth import current_user, maybe_user, optional_user, require_user
from core.ratelimit import rate_limit
from core.validation import documented_query, validate_body
from plugins.connections import google
from plugins.connections.providers import GOOGLE, GOOGLE_DRIVE
from plugins.connections.runtime import runtime
from plugins.connections.schemas import GoogleLinkBody

blueprint = Blueprint("connections_google", __name__, url_prefix="/api/connections")
CreateLinkQuery = documented_query("GoogleCreateLinkQuery", login=str)


def _text(url: str) -> Response:
    return Response(url, mimetype="text/plain")  # the web client reads these as text (rest.md §0)


async def _link(provider: str) -> Any:
    body = validate_body(GoogleLinkBody, await request.get_json(silent=True))
    return {"connection": await google.link(runtime(), provider, body.nerimityToken, body.code)}


# --- Google Drive ------------------------------------------------------------------------------


@blueprint.get("/google-drive/create-link")
@require_user
@rate_limit("google-d-create-link", 3, 60)
async def drive_create_link() -> Any:
    return _text(await google.create_link(runtime(), current_user(), GOOGLE_DRIVE))


@blueprint.post("/google-drive/link-account")
@rate_limit("google-d-link-account", 10, 60, by="ip")
@document_request(GoogleLinkBody)
async def drive_link_account() -> Any:
    return await _link(GOOGLE_DRIVE)


@blueprint.post("/google-drive/unlink-account")
@require_user
@rate_limit("google-d-unlink-account", 3, 60)
async def drive_unlink_account() -> Any:
    await google.unlink(runtime(), current_user(), GOOGLE_DRIVE)
    return {"status": True}


@blueprint.get("/google-drive/access-token")
@require_user
@rate_limit("google-d-get-access-token", 10, 60)
async def drive_access_token() -> Any:
    return {"accessToken": await google.drive_access_token(runtime(), current_user())}


# --- Google (the account, and signing in with it) -----------------------------------------------


@blueprint.get("/google/create-link")
@optional_user
@rate_limit("google-create-link", 3, 60)
@document_querystring(CreateLinkQuery)
async def google_create_link() -> Any:
    login = request.args.get("login") == "true"
    user = maybe_user()
    if not login and user is None:
        response = jsonify({"error": "Unauthorized"})  # upstream's own shape for this one
        response.status_code = 401
        return response
    return _text(await google.create_link(runtime(), user, GOOGLE, login=login))


@blueprint.post("/google/link-account")
@rate_limit("google-link-account", 10, 60, by="ip")
@document_request(GoogleLinkBody)
async def google_link_account() -> Any:
    return await _link(GOOGLE)


@blueprint.post("/google/unlink-account")
@require_user
@rate_limit("google-unlink-account", 3, 60)
async def google_unlink_account() -> Any:
    await google.unlink(runtime(), current_user(), GOOGLE)
    return {"status": True}
