"""``/api/servers/:serverId/emojis`` (rest.md §4.8): SMV, then PERM(ADMIN), for users and bots."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import StrictStr, field_validator
from quart import Blueprint, Response, jsonify, request
from quart_schema import document_request

from core.auth import current_user, require_user_or_bot
from core.ratelimit import rate_limit
from core.validation import Body, Rules, validate_body
from plugins.emojis import service
from plugins.emojis.service import BareError
from plugins.servers.permissions import ADMIN, MemberContext, member_context, require_permission

blueprint = Blueprint("emojis", __name__, url_prefix="/api/servers/<server_id>/emojis")

EmojiName = Annotated[StrictStr, Rules(required="Name is required.", type="Name must be a string.")]


def _emoji_name(value: str) -> str:
    if not 2 <= len(value) <= 15:
        raise ValueError("Name must be between 2 and 15 characters long.")
    return value


class AddEmojiBody(Body):
    name: EmojiName
    fileId: Annotated[StrictStr, Rules(required="fileId is required.", type="fileId must be a string.")]
    _name = field_validator("name")(classmethod(lambda cls, v: _emoji_name(v)))

    @field_validator("fileId")
    @classmethod
    def _file_id(cls, value: str) -> str:
        if not 2 <= len(value) <= 255:
            raise ValueError("fileId must be between 2 and 255 characters long.")
        return value


class RenameEmojiBody(Body):
    name: EmojiName
    _name = field_validator("name")(classmethod(lambda cls, v: _emoji_name(v)))


@blueprint.errorhandler(BareError)
async def bare_error(error: BareError) -> Response:
    return error.response()


async def _admin(server_id: str) -> MemberContext:
    ctx = await member_context(current_user(), server_id)
    await require_permission(ctx, ADMIN)
    return ctx


@blueprint.post("")
@require_user_or_bot
@rate_limit("server_add_emojis", 10, 10)
@document_request(AddEmojiBody)
async def add_emoji(server_id: str) -> Any:
    ctx = await _admin(server_id)
    body = validate_body(AddEmojiBody, await request.get_json(silent=True))
    return await service.add(ctx, body.name, body.fileId)


@blueprint.get("")
@require_user_or_bot
@rate_limit("server_get_emojis", 10, 10)
async def list_emojis(server_id: str) -> Any:
    return jsonify(await service.listing(await _admin(server_id)))


@blueprint.post("/<emoji_id>")
@require_user_or_bot
@rate_limit("server_update_emojis", 10, 10)
@document_request(RenameEmojiBody)
async def rename_emoji(server_id: str, emoji_id: str) -> Any:
    ctx = await _admin(server_id)
    body = validate_body(RenameEmojiBody, await request.get_json(silent=True))
    return await service.rename(ctx, emoji_id, body.name)


@blueprint.delete("/<emoji_id>")
@require_user_or_bot
@rate_limit("server_delete_emojis", 10, 10)
async def delete_emoji(server_id: str, emoji_id: str) -> Any:
    await service.remove(await _admin(server_id), emoji_id)
    return Response("", status=200)
