"""Hearth's own connection routes (not in the reference): the providers and the caller's links,
linking an account of a configured OAuth2 / OpenID Connect provider, and unlinking any link."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, request
from quart_schema import document_request

from core.auth import current_user, require_user
from core.ratelimit import rate_limit
from core.validation import validate_body
from plugins.connections import google, linking, service
from plugins.connections.providers import GOOGLE, GOOGLE_DRIVE
from plugins.connections.runtime import runtime
from plugins.connections.schemas import ProviderCallbackBody

blueprint = Blueprint("connections", __name__, url_prefix="/api/connections")


@blueprint.get("")
@require_user
@rate_limit("connections-list", 20, 60)
async def list_connections() -> Any:
    """What the settings section shows: ``{providers: [{id, name, kind}], connections}``."""
    rt = runtime()
    providers = [provider.wire() for provider in rt.providers.values()]
    if rt.google is not None:
        providers += [
            {"id": GOOGLE, "name": "Google", "kind": "google"},
            {"id": GOOGLE_DRIVE, "name": "Google Drive", "kind": "google"},
        ]
    return {"providers": providers, "connections": await service.list_for(current_user().id)}


@blueprint.post("/<provider_id>/link")
@require_user
@rate_limit("connections-link", 10, 60)
async def start_link(provider_id: str) -> Any:
    """``{url}``: the provider's authorize page, with a new state and PKCE challenge."""
    return {"url": await linking.start(runtime(), current_user(), provider_id)}


@blueprint.post("/<provider_id>/callback")
@require_user
@rate_limit("connections-callback", 10, 60)
@document_request(ProviderCallbackBody)
async def finish_link(provider_id: str) -> Any:
    body = validate_body(ProviderCallbackBody, await request.get_json(silent=True))
    connection = await linking.finish(
        runtime(), current_user(), provider_id, body.state, body.code, body.error, body.errorDescription
    )
    return {"connection": connection}


@blueprint.delete("/<connection_id>")
@require_user
@rate_limit("connections-unlink", 10, 60)
async def unlink(connection_id: str) -> Any:
    connection = await service.own(current_user(), connection_id)
    if connection.provider == GOOGLE_DRIVE:  # its token is revoked and its cached access token dropped
        await google.unlink(runtime(), current_user(), GOOGLE_DRIVE)
    else:
        await service.remove(connection)
    return {"status": True}
