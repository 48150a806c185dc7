"""``/api/channels/:channelId/...`` (rest.md §3) for every kind of channel."""

from __future__ import annotations

from typing import Any, Literal

from quart import Blueprint, Response, jsonify, request
from quart_schema import document_querystring, document_request, validate_request

from core.auth import current_account, current_user, require_user, require_user_or_bot
from core.cdn.routes import CDN_TOKEN_LIMIT, upload_token
from core.context import hearth
from core.errors import ApiError, bad_request
from core.ids import parse_id
from core.ratelimit import rate_limit
from core.validation import documented_query
from core.wire import ms
from plugins.messages import service
from plugins.messages.buttons import check_click
from plugins.messages.kinds import announce, to_user
from plugins.messages.models import Attachment, Message
from plugins.messages.schemas import EditMessageBody, ReactionBody, SendMessageBody
from plugins.messages.wire import attachment_wire

blueprint = Blueprint("messages", __name__, url_prefix="/api/channels")


def channel_wire(channel: Any) -> dict[str, Any]:
    return {
        "id": str(channel.id),
        "type": channel.type,
        "name": channel.name,
        "icon": channel.icon,
        "serverId": str(channel.server_id) if channel.server_id else None,
        "categoryId": str(channel.category_id) if channel.category_id else None,
        "createdById": str(channel.created_by_id) if channel.created_by_id else None,
        "order": channel.order,
        "slowModeSeconds": channel.slow_mode_seconds,
        "lastMessagedAt": ms(channel.last_messaged_at),
        "createdAt": ms(channel.created_at),
    }


@blueprint.get("/<channel_id>")
@require_user_or_bot
@rate_limit("channel_get", 40, 20)
async def get_channel(channel_id: str) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    return channel_wire(access.channel)


@blueprint.get("/<channel_id>/messages")
@require_user_or_bot
@rate_limit("messages", 50, 30)
@document_querystring(documented_query("MessageHistoryQuery", limit=int, before=str, after=str, around=str))
async def list_messages(channel_id: str) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    args = request.args
    return jsonify(
        await service.history(
            access,
            current_user(),
            service.page_limit(args.get("limit")),
            args.get("before"),
            args.get("after"),
            args.get("around"),
        )
    )


@blueprint.post("/<channel_id>/messages")
@require_user_or_bot
@rate_limit("create_message", 20, 20)
@validate_request(SendMessageBody)
async def send_message(channel_id: str, data: SendMessageBody) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    return await service.send(access, current_user(), current_account(), data)


class _Refused(Exception):
    """A kind refuses pins or edits outright (tickets): upstream answers 400 ``{error}``."""

    def __init__(self, text: str | None):
        super().__init__(text)
        self.text = text


@blueprint.errorhandler(_Refused)
async def _refused(error: _Refused) -> Response:
    response = jsonify({"error": error.text})
    response.status_code = 400
    return response


def _refuse_if(text: str | None) -> None:
    if text:
        raise _Refused(text)


@blueprint.get("/<channel_id>/messages/pins")
@require_user
@rate_limit("pin_get", 10, 30)
@document_querystring(documented_query("PinsQuery", afterId=str))
async def list_pins(channel_id: str) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    return {"messages": await service.pins(access, current_user(), request.args.get("afterId"))}


@blueprint.post("/<channel_id>/messages/pins/<message_id>")
@require_user
@rate_limit("pin_add", 10, 30)
async def pin(channel_id: str, message_id: str) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    _refuse_if(access.pin_refusal)
    await service.set_pinned(access, current_user(), message_id, True)
    return {"status": True}


@blueprint.delete("/<channel_id>/messages/pins/<message_id>")
@require_user
@rate_limit("pin_remove", 10, 30)
async def unpin(channel_id: str, message_id: str) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    _refuse_if(access.pin_refusal)
    await service.set_pinned(access, current_user(), message_id, False)
    return {"status": True}


@blueprint.get("/<channel_id>/messages/<message_id>")
@require_user_or_bot
@rate_limit("messageSingle", 30, 30)
async def get_message(channel_id: str, message_id: str) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    if access.channel.type == 2:
        raise bad_request("Cannot get message from a category channel")
    parsed = parse_id(message_id)
    message = await Message.get_or_none(id=parsed, channel_id=access.channel.id) if parsed is not None else None
    if message is None:
        return jsonify(None)
    return await service.serialize_message(message, current_user().id)


@blueprint.patch("/<channel_id>/messages/<message_id>")
@require_user_or_bot
@rate_limit("update_message", 20, 20)
@validate_request(EditMessageBody)
async def edit_message(channel_id: str, message_id: str, data: EditMessageBody) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    _refuse_if(access.edit_refusal)
    return await service.edit(access, current_user(), message_id, data)


@blueprint.delete("/<channel_id>/messages/<message_id>")
@require_user_or_bot
async def delete_message(channel_id: str, message_id: str) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    _refuse_if(access.edit_refusal)
    await service.delete(access, current_user(), message_id)
    return {"message": "Message deleted!"}


@blueprint.post("/<channel_id>/messages/<message_id>/mark-unread")
@require_user_or_bot
@rate_limit("channel_unread", 30, 30)
async def mark_unread(channel_id: str, message_id: str) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    try:
        await service.mark_unread(access, current_user(), message_id)
    except ApiError as error:
        return jsonify([False, error.body()])
    return jsonify([True, None])


async def _reaction_body() -> ReactionBody:
    from core.validation import validate_body

    data = await request.get_json(silent=True)
    body = validate_body(ReactionBody, data if isinstance(data, dict) else {})
    if not body.name:
        raise _NameRequired()
    return body


class _NameRequired(Exception):
    """Upstream answers a missing reaction name with a bare JSON string and 403."""


@blueprint.errorhandler(_NameRequired)
async def _name_required(_: _NameRequired) -> Response:
    response = jsonify("Name is required!")
    response.status_code = 403
    return response


@blueprint.post("/<channel_id>/messages/<message_id>/reactions")
@require_user_or_bot
@rate_limit("reaction_add", 20, 20)
@document_request(ReactionBody)
async def add_reaction(channel_id: str, message_id: str) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    body = await _reaction_body()
    return await service.add_reaction(
        access, current_user(), message_id, body.name, body.emojiId, bool(body.gif), bool(body.webp)
    )


@blueprint.post("/<channel_id>/messages/<message_id>/reactions/remove")
@require_user_or_bot
@rate_limit("reaction_add", 20, 20)
@document_request(ReactionBody)
async def remove_reaction(channel_id: str, message_id: str) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    body = await _reaction_body()
    return await service.remove_reaction(access, current_user(), message_id, body.name, body.emojiId)


@blueprint.get("/<channel_id>/messages/<message_id>/reactions/users")
@require_user_or_bot
@rate_limit("reaction_get", 30, 20)
@document_querystring(documented_query("ReactionUsersQuery", name=str, emojiId=str, limit=int))
async def reaction_users(channel_id: str, message_id: str) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    name = request.args.get("name")
    if not name or len(name) > 20:
        raise _NameRequired()
    emoji_id = request.args.get("emojiId")
    if emoji_id is not None and len(emoji_id) > 20:  # the body's rule (§3.11); longer ones match nothing
        raise bad_request("Invalid emojiId.", "emojiId")
    try:
        limit = min(max(int(request.args.get("limit", 5)), 1), 50)
    except ValueError:
        limit = 5
    return jsonify(await service.reaction_users(access, message_id, name, emoji_id, limit))


@blueprint.post("/<channel_id>/messages/<message_id>/buttons/<button_id>")
@require_user
@rate_limit("button_click", 10, 30)
@document_querystring(documented_query("ButtonClickQuery", type=Literal["button_click", "modal_click"]))
async def click_button(channel_id: str, message_id: str, button_id: str) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    click_type = "modal_click" if request.args.get("type") == "modal_click" else "button_click"
    data = None
    if click_type == "modal_click":
        data = await request.get_json(silent=True) or {}
        if not isinstance(data, dict) or len(data) > 10:
            raise bad_request("Maximum of 10 keys are allowed.")
        for key, value in data.items():
            if not 1 <= len(key) <= 100:
                raise bad_request("Key length must be between 1 and 100 characters.")
            if not isinstance(value, str):
                raise bad_request(f"Invalid value type for key {key}")
            if not 1 <= len(value) <= 500:
                raise bad_request("Value length must be between 1 and 500 characters.")
    parsed = parse_id(message_id)
    message = await Message.get_or_none(id=parsed, channel_id=access.channel.id) if parsed is not None else None
    if message is None or not any(b["id"] == button_id for b in message.buttons) or message.created_by_id is None:
        raise bad_request("Button not found")
    await check_click(access, message, current_user())
    await to_user(
        access.kind,
        message.created_by_id,
        "message:button_clicked",
        {
            "messageId": str(message.id),
            "channelId": str(access.channel.id),
            "buttonId": button_id,
            "userId": str(current_user().id),
            "data": data,
            "type": click_type,
        },
    )
    return {"status": True}


@blueprint.post("/<channel_id>/typing")
@require_user_or_bot
@rate_limit("channel_typing", 25, 10)
async def typing(channel_id: str) -> Any:
    user = current_user()
    access = await service.load_channel(user, channel_id)
    await access.kind.check_send(user, access)
    target = [room for room in await service.rooms(access) if room != str(user.id)]
    delivers = getattr(access.kind, "deliver", None) is not None
    if (target or delivers) and not hearth().standing.shadow_banned(user.id):
        own = [socket.sid for socket in hearth().gateway.local_sockets(str(user.id))]
        await announce(
            access.kind,
            access.channel,
            target,
            "channel:typing",
            {"userId": str(user.id), "channelId": str(access.channel.id)},
            own or None,
        )
    return Response("", status=204)


@blueprint.get("/<channel_id>/notice")
@require_user
@rate_limit("channel_notice_get", 20, 10)
@document_querystring(documented_query("ChannelNoticeQuery", optional=str))
async def notice(channel_id: str) -> Any:
    """With Hearth's ``optional=true`` "no notice" is ``{notice: null}`` (200), not the reference's
    400: a browser logs every 400 in its console, and most channels have no notice."""
    user = current_user()
    access = await service.load_channel(user, channel_id)
    found = await access.kind.notice(user, access)
    if found is None:
        if request.args.get("optional") == "true":
            return {"notice": None}
        raise bad_request("Channel notice does not exist.")
    return {"notice": found}


@blueprint.post("/<channel_id>/cdn/token")
@require_user
@rate_limit(*CDN_TOKEN_LIMIT)
async def cdn_token(channel_id: str) -> Any:
    """An upload token bound to this channel (rest.md §3.21): its attachments go to
    ``/cdn/attachments/<channelId>``."""
    access = await service.load_channel(current_user(), channel_id)
    return upload_token(access.channel.id)


@blueprint.get("/<channel_id>/attachments")
@require_user
@rate_limit("channel_attachments", 50, 30)
@document_querystring(documented_query("AttachmentsQuery", limit=int, after=str, before=str))
async def attachments(channel_id: str) -> Any:
    access = await service.load_channel(current_user(), channel_id)
    limit = service.page_limit(request.args.get("limit"))
    if limit is None:
        return jsonify([])
    query = Attachment.filter(channel_id=access.channel.id, message_id__not_isnull=True)
    after, before = parse_id(request.args.get("after")), parse_id(request.args.get("before"))
    if before is not None:
        rows = await query.filter(id__gt=before).order_by("id").limit(limit)
    else:
        if after is not None:
            query = query.filter(id__lt=after)
        rows = await query.order_by("-id").limit(limit)
    return jsonify([attachment_wire(row, raw=True) for row in rows])
