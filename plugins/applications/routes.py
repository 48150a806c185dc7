"""``/api/applications`` (rest.md §10), ``/api/oauth2`` (§14), ``/api/explore/bots`` (§6.7–6.8)
and ``POST /api/servers/:serverId/invites/applications/:appId/bot`` (§4.7)."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, g, jsonify, request

from core.auth import current_user, refuse_shadow_banned, require_user, require_user_or_bot
from core.errors import ApiError
from core.ratelimit import rate_limit
from core.validation import validate_body
from plugins.applications import commands, explore, invite, oauth2, service
from plugins.applications.schemas import (
    ApplicationCreateBody,
    ApplicationUpdateBody,
    BotCreateBody,
    BotUpdateBody,
    ExploreBotBody,
)

applications = Blueprint("applications", __name__, url_prefix="/api/applications")
oauth = Blueprint("oauth2", __name__, url_prefix="/api/oauth2")
explore_bots = Blueprint("explore_bots", __name__, url_prefix="/api/explore/bots")
bot_invites = Blueprint("bot_invites", __name__, url_prefix="/api/servers/<server_id>/invites/applications")
oauth_servers = Blueprint("oauth2_servers", __name__, url_prefix="/api/oauth2/users/current/servers")


def blueprints(plugins: Any) -> list[Blueprint]:
    """Explore's bots section and adding a bot to a server exist only with those optional plugins."""
    return [
        applications,
        oauth,
        *([explore_bots] if plugins.enabled("explore") else []),
        *([bot_invites, oauth_servers] if plugins.enabled("servers") else []),
    ]


async def _json() -> Any:
    return await request.get_json(silent=True)


# --- applications ---------------------------------------------------------------------------


@applications.post("")
@require_user
@rate_limit("create-app", 2, 60)
async def create_application() -> Any:
    body = validate_body(ApplicationCreateBody, await _json())
    return await service.create(current_user(), body.name)


@applications.get("")
@require_user
@rate_limit("get-apps", 15, 60)
async def list_applications() -> Any:
    return jsonify(await service.listing(current_user()))


@applications.post("/bot/commands")
@applications.post("/<app_id>/bot/commands")
@require_user_or_bot
@rate_limit("add-bot-commands", 4, 60)
async def set_bot_commands(app_id: str | None = None) -> Any:
    bot = await commands.bot_of_caller(current_user(), app_id)
    await commands.replace(bot, commands.parse(await _json()))
    return {"status": True}


@applications.get("/<app_id>")
@require_user
@rate_limit("get-app", 15, 60)
async def get_application(app_id: str) -> Any:
    return await service.details(current_user(), app_id)


@applications.patch("/<app_id>")
@require_user
@rate_limit("update-app", 5, 60)
async def update_application(app_id: str) -> Any:
    body = validate_body(ApplicationUpdateBody, await _json())
    return await service.update(current_user(), app_id, body.name, body.redirectUris)


@applications.delete("/<app_id>")
@require_user
@rate_limit("delete-bot", 15, 60)
async def delete_application(app_id: str) -> Any:
    await service.delete(current_user(), app_id)
    return {"status": True}


@applications.get("/<app_id>/exists")
@require_user
@rate_limit("app-exists", 15, 60)
async def application_exists(app_id: str) -> Any:
    return await service.exists(app_id)


@applications.post("/<app_id>/client-secret-refresh")
@require_user
@rate_limit("refresh-app-secret", 3, 60)
async def refresh_client_secret(app_id: str) -> Any:
    return await service.refresh_secret(current_user(), app_id)


@applications.post("/<app_id>/bot")
@require_user
@rate_limit("create-bot", 2, 60, by="ip")
async def create_bot(app_id: str) -> Any:
    body = validate_body(BotCreateBody, await _json())
    return await service.create_bot(current_user(), app_id, body.username)


@applications.patch("/<app_id>/bot")
@require_user
@rate_limit("update-app-bot", 5, 60)
async def update_bot(app_id: str) -> Any:
    body = validate_body(BotUpdateBody, await _json())
    return await service.update_bot(current_user(), app_id, body.model_dump(exclude_unset=True))


@applications.get("/<app_id>/bot")
@require_user
@rate_limit("get-bot", 15, 60)
async def get_bot(app_id: str) -> Any:
    return await service.bot_card(current_user(), app_id, bool(request.args.get("includeServers")))


@applications.get("/<app_id>/token")
@require_user
@rate_limit("get-bot-token", 10, 60)
async def get_bot_token(app_id: str) -> Any:
    return await service.token(current_user(), app_id)


@applications.post("/<app_id>/token")
@require_user
@rate_limit("refresh-bot-token", 5, 60)
async def reset_bot_token(app_id: str) -> Any:
    await service.reset_token(current_user(), app_id)
    return {"status": True}


# --- adding a bot to a server -------------------------------------------------------------------


@bot_invites.post("/<app_id>/bot")
@require_user
async def add_bot_to_server(server_id: str, app_id: str) -> Any:
    return await invite.add_bot(current_user(), server_id, app_id, request.args.get("permissions"))


# --- explore listings of bots -------------------------------------------------------------------


@explore_bots.get("/<app_id>")
@require_user
async def get_bot_listing(app_id: str) -> Any:
    return await explore.get(app_id)


@explore_bots.post("/<app_id>")
@require_user
@rate_limit("explore_update_bot", 15, 10)
async def publish_bot(app_id: str) -> Any:
    refuse_shadow_banned()
    body = validate_body(ExploreBotBody, await _json())
    return await explore.publish(current_user(), app_id, body.description, body.permissions)


# --- OAuth2 provider ----------------------------------------------------------------------------


def _query(name: str, high: int) -> str:
    value = request.args.get(name) or ""
    if not 1 <= len(value) <= high:
        raise ApiError(400, f"{name} must be between 1 and {high} characters long.", name)
    return value


# redirectUri: upstream's validator allows only 1–20 characters, which refuses almost every
# real redirect URI; Hearth allows 2000 (see the README).
@oauth.get("/authorize")
@require_user
@rate_limit("oauth2-auth-get", 30, 60)
async def oauth_authorize_preview() -> Any:
    return await oauth2.authorize_preview(current_user(), _query("clientId", 20), _query("redirectUri", 2000))


@oauth.post("/authorize")
@require_user
@rate_limit("oauth2-auth", 15, 60)
async def oauth_authorize() -> Any:
    return await oauth2.authorize(
        current_user(), _query("clientId", 20), request.args.get("redirectUri"), request.args.get("scopes")
    )


@oauth.post("/token")
@rate_limit("oauth2-token", 15, 60, by="ip")
async def oauth_token() -> Any:
    _query("clientId", 20)
    _query("clientSecret", 90)
    answer = await oauth2.exchange(request.args)
    if isinstance(answer, tuple):  # upstream answers a bad grantType with a bare JSON string
        response = jsonify(answer[0])
        response.status_code = answer[1]
        return response
    return answer


@oauth.get("/applications")
@require_user
@rate_limit("oauth2-authorized", 20, 60)
async def oauth_applications() -> Any:
    return jsonify(await oauth2.authorized(current_user()))


@oauth.delete("/applications/<app_id>")
@require_user
@rate_limit("oauth2-unauthorize", 50, 60)
async def oauth_unauthorize(app_id: str) -> Any:
    await oauth2.unauthorize(current_user(), app_id)
    return {"status": True}


@oauth.get("/users/current")
async def oauth_current_user() -> Any:
    from core.ratelimit import check
    from plugins.accounts.routes import profile

    grant = await oauth2.grant_of_token(request.headers.get("Authorization"), oauth2.USER_INFO)
    g.identity = None  # the details an anonymous viewer gets (rest.md §14)
    await check("oauth2-current-user", 20, 60, by="ip")
    body = await profile.__wrapped__(str(grant.user_id))  # the route without its token guard
    if grant.scopes & oauth2.USER_EMAIL:
        from core.identity.models import Account

        account = await Account.get_or_none(user_id=grant.user_id)
        body["email"] = account.email if account else None
    return body


# Not mounted upstream (rest.md §14 says it is optional); Hearth serves it so the USER_SERVERS
# scope an application may ask for means something. The bucket is Hearth's: upstream names none.
@oauth_servers.get("")
async def oauth_current_user_servers() -> Any:
    from core.ratelimit import check

    grant = await oauth2.grant_of_token(request.headers.get("Authorization"), oauth2.USER_SERVERS)
    await check("oauth2-current-user-servers", 20, 60, by="ip")
    return jsonify(await oauth2.servers_of(grant))
