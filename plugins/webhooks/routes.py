"""``/api/servers/:serverId/channels/:channelId/webhooks`` (rest.md §4.10) and
``/api/webhooks/:webhookId/:token`` (§17)."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, Response, request
from quart_schema import document_request

from core.auth import current_user, require_user_or_bot
from core.errors import ApiError
from core.jsonbody import loads
from core.ratelimit import check
from core.validation import validate_body
from plugins.accounts.service import check_username_words
from plugins.servers.permissions import member_context
from plugins.webhooks import github, service
from plugins.webhooks.avatar import check_avatar_url
from plugins.webhooks.schemas import WebhookExecuteBody, WebhookUpdateBody

blueprint = Blueprint("webhooks", __name__, url_prefix="/api/servers/<server_id>/channels/<channel_id>/webhooks")
execute_blueprint = Blueprint("webhooks_execute", __name__, url_prefix="/api/webhooks")


async def _channel(server_id: str, channel_id: str, bucket: str, requests: int) -> Any:
    """Auth is done; then SMV, CHV, PERM(ADMIN) and the route's limit, in upstream's order."""
    ctx = await member_context(current_user(), server_id)
    channel = await service.admin_channel(ctx, channel_id)
    await check(bucket, requests, 10)
    return ctx, channel


@blueprint.post("")
@require_user_or_bot
async def create_webhook(server_id: str, channel_id: str) -> Any:
    ctx, channel = await _channel(server_id, channel_id, "server_channel_wh_create", 2)
    return await service.create(ctx, channel)


@blueprint.get("")
@require_user_or_bot
async def list_webhooks(server_id: str, channel_id: str) -> Any:
    _, channel = await _channel(server_id, channel_id, "server_channel_wh_get", 10)
    return await service.listing(channel)


@blueprint.get("/<webhook_id>")
@require_user_or_bot
async def get_webhook(server_id: str, channel_id: str, webhook_id: str) -> Any:
    _, channel = await _channel(server_id, channel_id, "server_channel_wh_get-s", 10)
    return await service.get(channel, webhook_id)


@blueprint.post("/<webhook_id>")
@require_user_or_bot
@document_request(WebhookUpdateBody)
async def update_webhook(server_id: str, channel_id: str, webhook_id: str) -> Any:
    _, channel = await _channel(server_id, channel_id, "server_channel_wh_update", 20)
    try:
        body = validate_body(WebhookUpdateBody, await request.get_json(silent=True))
    except ApiError as error:  # upstream answers this route's validation errors with 403
        raise ApiError(403, error.message, error.path) from None
    return await service.update(channel, webhook_id, body.name)


@blueprint.delete("/<webhook_id>")
@require_user_or_bot
async def delete_webhook(server_id: str, channel_id: str, webhook_id: str) -> Any:
    _, channel = await _channel(server_id, channel_id, "server_channel_wh_delete", 20)
    await service.delete(channel, webhook_id)
    return {"status": True}


@blueprint.get("/<webhook_id>/token")
@require_user_or_bot
async def webhook_token(server_id: str, channel_id: str, webhook_id: str) -> Any:
    _, channel = await _channel(server_id, channel_id, "server_channel_wh_token", 5)
    return {"token": await service.token(channel, webhook_id)}


# --- execution (no session: the path carries the webhook token) --------------------------------


@execute_blueprint.post("/<webhook_id>/<token>")
@document_request(WebhookExecuteBody)
async def execute_webhook(webhook_id: str, token: str) -> Any:
    body = validate_body(WebhookExecuteBody, await request.get_json(silent=True))
    if not body.content:
        raise ApiError(400, "Content is required.")
    if body.username and body.username.strip():
        check_username_words(body.username)
    webhook, channel = await service.authenticate(webhook_id, token)
    await service.check_rate(channel)
    avatar_url = check_avatar_url(body.avatarUrl) if body.avatarUrl else None
    channel = await service.target(channel, request.args.get("thread_id"))
    return await service.execute(webhook, channel, body.content, body.username, avatar_url)


@execute_blueprint.post("/<webhook_id>/<token>/github")
async def execute_github(webhook_id: str, token: str) -> Any:
    webhook, channel = await service.authenticate(webhook_id, token)
    await service.check_rate(channel)
    payload = await request.get_json(silent=True)
    if payload is None:  # GitHub's "application/x-www-form-urlencoded" content type
        form = await request.form
        payload = loads(form.get("payload") or "null")
    content = github.describe(request.headers.get("X-GitHub-Event", ""), payload)
    channel = await service.target(channel, request.args.get("thread_id"))
    if content:
        await service.execute(webhook, channel, content, avatar_url=github.GITHUB_AVATAR)
    return Response("", status=200)
