"""Friend routes (rest.md §2) and blocks (rest.md §1.20–1.21)."""

from __future__ import annotations

from typing import Any

from quart import Blueprint, jsonify, request
from quart_schema import document_querystring, validate_request

from core.auth import current_user, require_user
from core.ratelimit import rate_limit
from core.validation import documented_query
from plugins.friends import service
from plugins.friends.schemas import AddFriendBody

friends = Blueprint("friends", __name__, url_prefix="/api/friends")
blocks = Blueprint("friends_blocks", __name__, url_prefix="/api/users")
# Hearth's, mounted only with the servers plugin (plugin.py)
co_members = Blueprint("friends_co_members", __name__, url_prefix="/api/friends")


@co_members.get("/suggestions")
@require_user
@rate_limit("friend_suggestions", 30, 10)
@document_querystring(documented_query("FriendSuggestionsQuery", q=str))
async def suggestions() -> Any:
    from plugins.friends.suggestions import co_members as find

    return jsonify(await find(current_user(), request.args.get("q")))


@friends.post("/add")
@require_user
@rate_limit("add_friend", 5, 30)
@validate_request(AddFriendBody)
async def add(data: AddFriendBody) -> Any:
    return await service.add_friend(current_user(), data.username, data.tag)


@friends.post("/<friend_id>")
@require_user
async def accept(friend_id: str) -> Any:
    service.check_friend_id(friend_id)
    return await service.accept_friend(current_user(), friend_id)


@friends.delete("/<friend_id>")
@require_user
async def remove(friend_id: str) -> Any:
    service.check_friend_id(friend_id)
    return await service.remove_friend(current_user(), friend_id)


@blocks.post("/<user_id>/block")
@require_user
@rate_limit("user_block", 20, 60)
async def block(user_id: str) -> Any:
    await service.block_user(current_user(), user_id)
    return {"status": True}


@blocks.delete("/<user_id>/block")
@require_user
@rate_limit("user_block", 20, 60)
async def unblock(user_id: str) -> Any:
    await service.unblock_user(current_user(), user_id)
    return {"status": True}
