"""Bot commands (rest.md §10 last row, entities.md §9.2): a bot registers its slash commands and
the members of its servers see them (``GET /servers/:id/bot-commands`` via the servers hook)."""

from __future__ import annotations

from typing import Any

from core.db import transaction
from core.errors import ApiError, bad_request
from core.identity.models import User
from core.validation import validate_body
from plugins.applications import service
from plugins.applications.models import Application, BotCommand
from plugins.applications.schemas import BotCommandBody, BotCommandsBody


def command_wire(command: BotCommand) -> dict[str, Any]:
    return {
        "botUserId": str(command.bot_user_id),
        "name": command.name,
        "description": command.description,
        "args": command.args,
        "permissions": command.permissions,
    }


def parse(body: Any) -> list[BotCommandBody]:
    """The body's commands; an item's error names it (``commands[2].name``)."""
    commands = validate_body(BotCommandsBody, body).commands
    parsed = []
    for index, item in enumerate(commands):
        try:
            parsed.append(validate_body(BotCommandBody, item))
        except ApiError as error:
            raise ApiError(
                400, error.message, f"commands[{index}]" + (f".{error.path}" if error.path else "")
            ) from None
    return parsed


async def bot_of_caller(caller: User, app_id: str | None) -> User:
    """A bot token may leave the id out (its own application); a user token names an
    application of theirs that has a bot."""
    if caller.bot:
        app = await Application.get_or_none(bot_user_id=caller.id)
        if app is None or (app_id is not None and str(app.id) != app_id):
            raise ApiError(403, service.NOT_FOUND)
        return caller
    if app_id is None:
        raise bad_request("Missing application id!")
    app = await service.find(app_id)
    if app is None:
        raise ApiError(404, service.NOT_FOUND)
    if app.creator_id != caller.id:
        raise ApiError(403, service.NOT_FOUND)
    if not app.bot_user_id:
        raise bad_request("You must create a bot first!")
    bot = await User.get_or_none(id=app.bot_user_id, deleted=False)
    if bot is None:
        raise ApiError(403, service.NO_BOT)
    return bot


async def replace(bot: User, commands: list[BotCommandBody]) -> None:
    seen: set[str] = set()
    rows = []
    for command in commands:
        if command.name in seen:
            continue  # a duplicate name is skipped, as upstream does
        seen.add(command.name)
        rows.append(
            BotCommand(
                bot_user_id=bot.id,
                name=command.name,
                description=command.description,
                args=command.args,
                permissions=command.permissions,
            )
        )
    async with transaction():
        await BotCommand.filter(bot_user_id=bot.id).delete()
        if rows:
            await BotCommand.bulk_create(rows)


async def commands_of(bot_user_ids: list[int]) -> list[dict[str, Any]]:
    if not bot_user_ids:
        return []
    return [command_wire(c) for c in await BotCommand.filter(bot_user_id__in=bot_user_ids).order_by("name")]
