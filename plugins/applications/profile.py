"""What a bot's profile (``GET /users/:id``, rest.md §1.28) says about its application."""

from __future__ import annotations

from typing import Any

from quart import has_request_context, request

from core.identity.models import User
from plugins.applications.models import Application, BotCommand


async def profile_application(bot: User) -> dict[str, Any] | None:
    app = await Application.get_or_none(bot_user_id=bot.id)
    if app is None:
        return None
    creator = await User.get(id=app.creator_id)
    application: dict[str, Any] = {
        "creatorAccount": {
            "user": {
                "username": creator.username,
                "id": str(creator.id),
                "tag": creator.tag,
                "avatar": creator.avatar,
                "badges": creator.badges,
                "hexColor": creator.hex_color,
            }
        }
    }
    if has_request_context() and request.args.get("includeBotCommands") == "true":
        application["botCommands"] = [
            {"name": c.name, "description": c.description, "args": c.args}
            for c in await BotCommand.filter(bot_user_id=bot.id).order_by("name")
        ]
    return {"user": {"application": application}}
