"""``/api/servers/:serverId/clans`` (rest.md §4.12)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StrictStr, field_validator
from quart import Blueprint
from quart_schema import validate_request

from core.auth import current_user, require_user
from core.ratelimit import rate_limit
from core.validation import Body, Rules
from plugins.clans import service
from plugins.servers.permissions import member_context

blueprint = Blueprint("clans", __name__, url_prefix="/api/servers")


class ClanBody(Body):
    tag: Annotated[
        StrictStr,
        Rules(
            required="Tag is required",
            type="Tag must be a string",
            length="Tag must be between 1 and 4 characters long",
        ),
    ]
    icon: Annotated[
        StrictStr,
        Rules(
            required="Icon is required",
            type="Icon must be a string",
            length="Icon must be between 1 and 255 characters long",
        ),
        Field(min_length=1, max_length=255),
    ]

    @field_validator("tag")
    @classmethod
    def _trimmed(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError("Tag is required")
        if len(value) > 4:
            raise ValueError("Tag must be between 1 and 4 characters long")
        return value


@blueprint.post("/<server_id>/clans")
@require_user
@rate_limit("server_clan_update", 10, 10)
@validate_request(ClanBody)
async def set_clan(server_id: str, data: ClanBody) -> Any:
    ctx = await member_context(current_user(), server_id)
    return await service.set_clan(ctx, data.tag, data.icon)


@blueprint.delete("/<server_id>/clans")
@require_user
@rate_limit("server_clan_update", 10, 10)
async def delete_clan(server_id: str) -> Any:
    ctx = await member_context(current_user(), server_id)
    await service.delete_clan(ctx)
    return {"status": True}
