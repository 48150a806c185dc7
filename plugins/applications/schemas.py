"""Request bodies of the applications routes, with the reference's texts (rest.md §10, §6.8)."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import Field, StrictInt, StrictStr, field_validator

from core.validation import Body, Rules
from plugins.accounts.schemas import _username as valid_username
from plugins.accounts.schemas import valid_tag
from plugins.applications import redirects

MAX_REDIRECT_URIS = 10
COMMAND_NAME = re.compile(r"^[A-Za-z]+$")


class ApplicationCreateBody(Body):
    # Hearth's: the name asked for before creating (the reference names it "Untitled N"); the
    # same rules as a rename.
    name: Annotated[
        StrictStr | None,
        Rules(type="Invalid name.", length="name must be between 3 and 35 characters long."),
        Field(min_length=3, max_length=35),
    ] = None


class BotCreateBody(Body):
    # Hearth's: the bot's username asked for first (the reference's is "Untitled Bot NNNN"); the
    # rules of a bot's rename.
    username: Annotated[StrictStr | None, Rules(type="Invalid username.")] = None

    @field_validator("username")
    @classmethod
    def _valid_username(cls, value: str | None) -> str | None:
        return None if value is None else valid_username(value)


class ApplicationUpdateBody(Body):
    name: Annotated[
        StrictStr | None,
        Rules(type="Invalid name.", length="name must be between 3 and 35 characters long."),
        Field(min_length=3, max_length=35),
    ] = None
    redirectUris: Annotated[list[Any] | None, Rules(type="redirectUris must be an array of strings.")] = None

    @field_validator("redirectUris")
    @classmethod
    def _valid_uris(cls, value: list[Any] | None) -> list[Any] | None:
        if value is None:
            return None
        if not all(isinstance(uri, str) for uri in value):
            raise ValueError("redirectUris must be an array of strings.")
        for uri in value:
            refusal = redirects.problem(uri)
            if refusal:
                raise ValueError(refusal)
        return value


def _nullable_text(low: int, high: int, name: str) -> Any:
    return Annotated[
        StrictStr | None,
        Rules(type=f"Invalid {name}.", length=f"Invalid {name}."),
        Field(min_length=low, max_length=high),
    ]


class BotUpdateBody(Body):
    username: Annotated[StrictStr | None, Rules(type="Invalid username.")] = None
    tag: Annotated[StrictStr | None, Rules(type="Tag must be alphanumerical!")] = None
    # Hearth also takes the bot's pictures and bio here (uploaded by the application's owner with
    # groupId = the bot's id, docs/uploads.md); null clears them.
    avatarId: Annotated[StrictStr | None, Rules(type="Invalid avatarId.")] = None
    bannerId: Annotated[StrictStr | None, Rules(type="Invalid bannerId.")] = None
    bio: _nullable_text(1, 1000, "bio") = None

    @field_validator("username")
    @classmethod
    def _valid_username(cls, value: str | None) -> str | None:
        return None if value is None else valid_username(value)

    @field_validator("tag")
    @classmethod
    def _valid_tag(cls, value: str | None) -> str | None:
        return None if value is None else valid_tag(value)


class BotCommandBody(Body):
    name: Annotated[
        StrictStr,
        Rules(
            required="Command name is required.",
            type="Command name must be a string.",
            length="Command name must be between 1 and 25 characters long.",
        ),
    ]
    description: Annotated[
        StrictStr | None,
        Rules(
            type="Command description must be a string.", length="Command description must be less than 60 characters."
        ),
        Field(max_length=60),
    ] = None
    args: Annotated[
        StrictStr | None,
        Rules(type="Command args must be a string.", length="Command args must be less than 60 characters."),
        Field(max_length=60),
    ] = None
    permissions: Annotated[
        StrictInt | None,
        Rules(type="Command permissions must be a number.", length="Command permissions must be between 0 and 900."),
        Field(ge=0, le=900),
    ] = None

    @field_validator("name")
    @classmethod
    def _valid_name(cls, value: str) -> str:
        if not 1 <= len(value) <= 25:
            raise ValueError("Command name must be between 1 and 25 characters long.")
        if not COMMAND_NAME.match(value):
            raise ValueError("Command name must only contain letters.")
        return value


class BotCommandsBody(Body):
    # Items are checked one by one with BotCommandBody (commands.parse) so errors name
    # ``commands[i].field``.
    commands: Annotated[
        list[Any],
        Rules(
            required="Commands must be an array!",
            type="Commands must be an array!",
            length="Commands length must be less than  100 strings.",
        ),
        Field(max_length=99),
    ]


class ExploreBotBody(Body):
    description: Annotated[
        StrictStr,
        Rules(
            required="Description must be a string!",
            type="Description must be a string!",
            length="Description length must be between 1 and 150 characters.",
        ),
        Field(min_length=1, max_length=150),
    ]
    permissions: Annotated[
        StrictInt | None,
        Rules(type="Permissions must be a number!", length="Permissions must be between 0 and 900."),
        Field(ge=0, le=900),
    ] = None
